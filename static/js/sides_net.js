/* The network of the table's page of any game (sides_sheet.js): JSON requests to the table's endpoints with
 * the connection line that tells the players when the server cannot be reached, and the tables' service
 * worker (/t/sw.js, templates/table/service_worker.js), which keeps the page and the files it loaded so the
 * page opens again at the table when the venue's Wi-Fi drops (over plain http there is no worker). */

import {gettext, languageHeader} from "./i18n.js";

// Resolves to {status, data}; rejects when nothing came back (the connection line then says so). The answer's
// sentences (a refusal's detail, the rules' messages) come in the page's language.
export function call(method, address, body, headers) {
  const all = {"Content-Type": "application/json", "Accept": "application/json"};
  Object.assign(all, languageHeader(), headers || {});
  return fetch(address, {method: method, headers: all, credentials: "same-origin",
                         body: body === undefined ? undefined : JSON.stringify(body)})
    .then((r) => r.text().then((t) => { let d = {}; try { d = t ? JSON.parse(t) : {}; } catch (e) { d = {}; }
                                          showConnection(true); return {status: r.status, data: d}; }),
          (error) => { showConnection(false); throw error; });
}

function showConnection(ok) {
  const line = document.getElementById("connection");
  line.hidden = ok;
  line.className = ok ? "connection" : "connection offline";
  line.textContent = ok ? "" : gettext("No connection: what you typed is kept on this page. Try again in a moment.");
}

export function keepForOffline(worker) {
  if (!worker || !window.isSecureContext || !("serviceWorker" in navigator)) { return; }
  const workers = navigator.serviceWorker;
  const controlled = !!workers.controller;  // a page that came through the worker is kept already
  workers.register(worker).then(() => workers.ready).then((registration) => {
    if (controlled || !registration.active) { return; }
    const urls = [window.location.href.split("#")[0]].concat(performance.getEntriesByType("resource")
      .map((entry) => entry.name).filter((url) => url.indexOf(window.location.origin + "/") === 0));
    const channel = new MessageChannel();
    registration.active.postMessage({type: "keep", urls: urls}, [channel.port2]);
  }, () => { /* no worker: the page works as before */ });
}

// The Idempotency-Key of this sheet, kept (under `storeKey`) until it is answered: a retry sends the same key.
export function keyFor(storeKey, doc) {
  const text = JSON.stringify(doc);
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(storeKey) || "null"); } catch (e) { kept = null; }
  if (kept && kept.doc === text) { return kept.key; }
  const key = (window.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Date.now()) + Math.random();
  localStorage.setItem(storeKey, JSON.stringify({key: key, doc: text}));
  return key;
}
