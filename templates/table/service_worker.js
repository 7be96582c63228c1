/* The tables' service worker: a table's page opens without a connection once it has been opened at the
 * table. Served by scoring.views.table_worker at /t/sw.js, so its scope is /t/, every table's page.
 *
 * What it keeps is what the page actually loaded: the page itself, the site's static files (their names
 * carry a hash in production, so no list is written here) and the scripts' catalog of the page's language
 * (/jsi18n/<lang>/: without it a page opened offline would speak English). All are asked of the network
 * first, and kept when they come; the kept copy answers only when the network does not (no connection, or
 * a server error on the page itself). The answers of the API are never kept and never touched: what the page sends and
 * reads goes to the server or fails, so the page knows when it is offline and keeps the typing itself.
 *
 * The page asks two things by message: "keep" (the page and the files it loaded before this worker was
 * there to see them, on its first visit) and "from-cache?" (was this page the kept copy? Its embedded
 * state may then be old, and it reloads once the server is reached).
 */
{% load i18n %}{% get_available_languages as languages %}const CACHE = "canasta-table-1";
const STATIC = "{{ static_url|escapejs }}";
// The scripts' catalogs, one address per language of the site.
const CATALOGS = [{% for code, name in languages %}"{% url 'javascript-catalog' code as catalog %}{{ catalog|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
const API = "/api/";
const SCOPE = new URL("./", self.location.href).pathname;
const fromCache = new Set();  // the pages (client ids) answered from the kept copy

function isFile(url) { return url.pathname.indexOf(STATIC) === 0 || CATALOGS.indexOf(url.pathname) >= 0; }

// A table's page, a static file of this site or a scripts' catalog; never an API answer, never this
// worker's own script.
function keepable(url) {
  return url.origin === self.location.origin && url.pathname.indexOf(API) !== 0 &&
    url.href !== self.location.href && url.search === "" &&
    (isFile(url) || url.pathname.indexOf(SCOPE) === 0);
}

function keep(request, response) {
  if (!response.ok || response.type !== "basic" || response.redirected) { return Promise.resolve(); }
  const copy = response.clone();
  return caches.open(CACHE).then((cache) => cache.put(request, copy));
}

function kept(request) {
  return caches.open(CACHE).then((cache) => cache.match(request, {ignoreSearch: true, ignoreVary: true}));
}

function networkFirst(event, page) {
  const request = event.request;
  const copy = (failure) => kept(request).then((found) => {
    if (!found) { return failure(); }
    if (page) { fromCache.add(event.resultingClientId); }
    return found;
  });
  return fetch(request).then((response) => {
    if (page && response.status >= 500) { return copy(() => response); }
    event.waitUntil(keep(request, response));
    return response;
  }, (error) => copy(() => { throw error; }));
}

self.addEventListener("install", () => { self.skipWaiting(); });

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((name) =>
    name.indexOf("canasta-table-") === 0 && name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !keepable(url)) { return; }  // the API and the rest: the network alone
  const page = event.request.mode === "navigate";
  if (page ? url.pathname.indexOf(SCOPE) === 0 : isFile(url)) {
    event.respondWith(networkFirst(event, page));
  }
});

self.addEventListener("message", (event) => {
  const port = event.ports[0], data = event.data || {};
  if (!port) { return; }
  if (data.type === "from-cache?") {
    port.postMessage(fromCache.has(event.source && event.source.id));
  } else if (data.type === "keep") {
    const urls = (data.urls || []).filter((u) => { try { return keepable(new URL(u)); } catch (e) { return false; } });
    event.waitUntil(Promise.all(urls.map((u) => fetch(u, {credentials: "same-origin"})
      .then((response) => keep(u, response), () => null)))
      .then(() => caches.open(CACHE)).then((cache) => cache.keys())
      .then((keys) => { port.postMessage(keys.length); }));
  }
});
