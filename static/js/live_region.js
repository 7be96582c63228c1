// A part of a page that keeps itself current without reloading the page (a reload would lose what a
// player typed, and the clock's chime permission). Every `ms` milliseconds, and when the tab comes back
// into view, the page is fetched again with the browser's revalidation (If-None-Match: an unchanged page
// costs a 304) and the element with this id is replaced when it changed; `after` runs after a change.
window.canastaLiveRegion = function (id, ms, after) {
  if (!document.getElementById(id) || !window.fetch || !window.DOMParser) return function () {};

  function refresh() {
    if (document.hidden) return;
    fetch(window.location.href, { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(id);
        var current = document.getElementById(id);
        if (!fresh || !current || fresh.innerHTML === current.innerHTML) return;
        current.innerHTML = fresh.innerHTML;
        if (after) after();
      })
      .catch(function () { /* weak Wi-Fi: the next tick tries again */ });
  }

  setInterval(refresh, ms);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) refresh(); });
  return refresh;
};
