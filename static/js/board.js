// The director's board keeps itself current without reloading the page: a reload would stop the clock's
// chime (browsers allow sound only after a tap on the page that plays it). Every 20 s, and when the tab
// comes back into view, the page is fetched again and only the tables' part is replaced when it changed.
(function () {
  var POLL_MS = 20000;
  var live = document.getElementById("board-live");
  if (!live || !window.fetch || !window.DOMParser) return;

  function refresh() {
    if (document.hidden) return;
    fetch(window.location.href, { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("board-live");
        if (fresh && fresh.innerHTML !== live.innerHTML) live.innerHTML = fresh.innerHTML;
      })
      .catch(function () { /* weak Wi-Fi: the next tick tries again */ });
  }

  window.canastaBoardRefresh = refresh;  // for the browser test, and a console
  setInterval(refresh, POLL_MS);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) refresh(); });
})();
