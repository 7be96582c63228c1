/* Opening the table's page without a connection. The page registers the tables' service worker (/t/sw.js,
 * templates/table/service_worker.js), which keeps the page and its files and gives them back when the
 * network does not answer; on the first visit, before the worker was there to see them, the page hands it
 * the addresses of what it loaded. Service workers need a secure context: over plain http on a venue's
 * network the page works as before, and only a reload without a connection fails.
 *
 * A page given back by the worker carries the state the server had when it was kept (the game, its latest
 * sheet, the draft). It says it is offline, and the typing goes on into this device's copy as always; once
 * the server is reached it reloads for the fresh state, which keeps the typing (this device's copy is the
 * newer one). A submission still waiting is left to be sent first: its answer is the fresh state.
 */
import {gettext} from "./dom.js";
import {named, online, request, whenReached} from "./net.js";
import {load, pendingKey} from "./storage.js";
import {config} from "./state.js";

const PROBE_EVERY = 15000;
const RELOADED = "canasta-reloaded-at";  // a page given back again right after such a reload does not loop

// Ask the worker something; resolves to its answer, or null when it does not answer in time.
function ask(worker, message, wait) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => { resolve(null); }, wait);
    channel.port1.onmessage = (event) => { clearTimeout(timer); resolve(event.data); };
    worker.postMessage(message, [channel.port2]);
  });
}

// The page and the same-site files it loaded (the worker keeps only the page and static files of them).
function loaded() {
  const urls = performance.getEntriesByType("resource").map((entry) => entry.name)
    .filter((url) => url.indexOf(window.location.origin + "/") === 0);
  return [window.location.href.split("#")[0]].concat(urls);
}

function reloadForFreshState() {
  if (load(pendingKey)) { return; }  // the submission's answer brings the fresh state
  let last = 0;
  try { last = Number(window.sessionStorage.getItem(RELOADED) || 0); } catch (e) { last = 0; }
  if (Date.now() - last < 60000) { return; }
  try { window.sessionStorage.setItem(RELOADED, String(Date.now())); } catch (e) { /* no storage: reload anyway */ }
  window.location.reload();
}

function keptCopy() {
  online(false, gettext("Offline: your typing is kept on this device and will be sent when the connection is back."));
  const probeServer = () => { request("GET", named(config.urls.sheet)).then(() => {}, () => {}); };
  const probe = setInterval(probeServer, PROBE_EVERY);
  whenReached(() => { clearInterval(probe); reloadForFreshState(); });
  window.addEventListener("online", probeServer);
}

export function openOffline() {
  if (!window.isSecureContext || !("serviceWorker" in navigator) || !config.urls || !config.urls.worker) { return; }
  const workers = navigator.serviceWorker, controller = workers.controller;
  if (controller) {
    ask(controller, {type: "from-cache?"}, 5000).then((fromCache) => { if (fromCache) { keptCopy(); } });
  }
  // A page that came through the worker is kept already; a first visit hands over what it loaded. Once
  // kept, the page says so on its body (data-offline="ready"), for whoever looks.
  workers.register(config.urls.worker).then(() => workers.ready).then((registration) =>
    controller ? true : ask(registration.active, {type: "keep", urls: loaded()}, 60000)
  ).then((kept) => { if (kept !== null) { document.body.dataset.offline = "ready"; } },
         () => { /* no worker: the page works as before */ });
}
