// The public seating page: filter by name as a player types, and pick up the next game's seating by
// itself. The page is re-fetched every 30 s with the browser's cache revalidation (If-None-Match), so an
// unchanged seating costs a 304; a change replaces the list and keeps what the player typed.
(function () {
  var input = document.getElementById("find");
  var POLL_MS = 30000;

  function applyFilter() {
    var list = document.getElementById("seating");
    if (!input || !list) return;
    var q = input.value.trim().toLowerCase();
    Array.prototype.forEach.call(list.children, function (li) {
      li.hidden = q !== "" && li.getAttribute("data-names").indexOf(q) === -1;
    });
  }

  function refresh() {
    if (document.hidden || !window.fetch) return;
    fetch(window.location.href, { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("seating-live");
        var current = document.getElementById("seating-live");
        if (!fresh || !current || fresh.innerHTML === current.innerHTML) return;
        current.innerHTML = fresh.innerHTML;
        applyFilter();
      })
      .catch(function () { /* weak Wi-Fi: try again at the next tick */ });
  }

  if (input) input.addEventListener("input", applyFilter);
  setInterval(refresh, POLL_MS);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) refresh(); });
})();
