/* The table's page of any game without a connection: the tables' service worker (/t/sw.js,
 * templates/table/service_worker.js) keeps the page and the files it loaded, so the page opens again at
 * the table when the venue's Wi-Fi drops. Over plain http there is no worker, and the page works as before. */
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
