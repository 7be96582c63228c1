/* Sheets of the table's earlier games still waiting on this device: the page was reloaded, or moved on to
 * the next game, before the server answered. Each is sent naming its own game, with its own client key, so
 * the server stores it once, against that game: the game's sheet while it has no result, else a late sheet
 * for the director. The connection line tells the table what became of it; a sheet that cannot be sent now
 * waits for the next connection. */
import {gettext, interpolate} from "./dom.js";
import {online, request} from "./net.js";
import {earlierPending, store} from "./storage.js";
import {config} from "./state.js";

// What became of a waiting sheet, its game named when the device knows it (a sheet queued before the
// page kept the game's number does not). Whole sentences, so a translation need not glue "game 3" in.
function told(pending, ofGame, ofEarlier, values) {
  return pending.round ? interpolate(ofGame, Object.assign({round: pending.round}, values || {}))
                       : interpolate(ofEarlier, values || {});
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
      online(true, told(pending,
        gettext("The sheet of game %(round)s that was waiting on this device has reached the server: the director will see it."),
        gettext("The sheet of an earlier game that was waiting on this device has reached the server: the director will see it.")));
    } else {
      const why = r.data.detail || gettext("refused");
      online(false, told(pending,
        gettext("The sheet of game %(round)s that was waiting on this device was not stored (%(why)s): tell the director."),
        gettext("The sheet of an earlier game that was waiting on this device was not stored (%(why)s): tell the director."),
        {why: why}));
    }
  }, () => { /* no connection: it waits for the next try */ });
}

export function sendEarlier() {
  earlierPending().forEach(sendOne);
}
