/* Sheets of the table's earlier games still waiting on this device: the page was reloaded, or moved on to
 * the next game, before the server answered. Each is sent naming its own game, with its own client key, so
 * the server stores it once, against that game: the game's sheet while it has no result, else a late sheet
 * for the director. The connection line tells the table what became of it; a sheet that cannot be sent now
 * waits for the next connection. */
import {online, request} from "./net.js";
import {earlierPending, store} from "./storage.js";
import {config} from "./state.js";

function gameName(pending) {
  return pending.round ? "game " + pending.round : "an earlier game";
}

function sendOne(item) {
  const pending = item.pending;
  const url = config.urls.sheet + (config.urls.sheet.indexOf("?") < 0 ? "?" : "&") + "game=" +
    encodeURIComponent(item.game) +
    (pending.review ? "&review=1&reason=" + encodeURIComponent(pending.reason) : "");
  return request("POST", url, pending.sheet, {"Idempotency-Key": pending.key}).then((r) => {
    if (r.status === 429 || r.status >= 500) { return; }  // busy: it waits for the next try
    store(item.storageKey, null);
    if (r.status === 202) {
      online(true, r.data.detail);
    } else if (r.status === 201) {
      online(true, "The sheet of " + gameName(pending) + " that was waiting on this device has reached " +
                   "the server: the director will see it.");
    } else {
      online(false, "The sheet of " + gameName(pending) + " that was waiting on this device was not " +
                    "stored (" + (r.data.detail || "refused") + "): tell the director.");
    }
  }, () => { /* no connection: it waits for the next try */ });
}

export function sendEarlier() {
  earlierPending().forEach(sendOne);
}
