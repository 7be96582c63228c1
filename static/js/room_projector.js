/* The projector between games: the room map of the latest game under a smaller clock.
 *
 * Between games is when the clock waits for the go-ahead (the next game is seated: where to sit) or time
 * is up (the game is over: the arrows say where East-West goes). The clock (static/js/clock.js) keeps
 * its phase in [data-clock]'s data-phase; the map is the live part of the public room page, fetched
 * every 20 s with the browser's revalidation (an unchanged map costs a 304). A seating not published is
 * no map: the room page answers 404 and the projector shows the clock alone.
 */
(function () {
  "use strict";
  var box = document.querySelector(".clock-room[data-room-url]");
  var clock = document.querySelector("[data-clock]");
  if (!box || !clock || !window.fetch || !window.DOMParser) return;
  var BETWEEN = { not_started: true, time_up: true };
  var REFRESH_MS = 20000;

  var lastPhase = clock.getAttribute("data-phase");
  var lastMap = null;   // the room page's live part as last fetched (the map itself carries its scale)

  function phaseChanged() {  // a new phase may come with a new game seated: fetch its map now
    var phase = clock.getAttribute("data-phase");
    if (phase !== lastPhase) { lastPhase = phase; refresh(); }
    show();
  }

  function show() {
    var between = BETWEEN[clock.getAttribute("data-phase")] === true;
    var shown = between && box.querySelector(".room-map") !== null;
    if (box.hidden === !shown) return;
    box.hidden = !shown;
    document.body.classList.toggle("room-between", shown);
    fit();
  }

  /* The whole map on the screen, which nobody scrolls: smaller type until it fits the height left. */
  function fit() {
    var map = box.querySelector(".room-map");
    if (!map || box.hidden) return;
    var scale = 1;
    map.style.setProperty("--room-scale", "1");
    for (var i = 0; i < 6; i++) {
      var rect = map.getBoundingClientRect();
      var room = window.innerHeight - (rect.top + window.scrollY) - 12;
      if (rect.height <= room || scale <= 0.4) break;
      scale = Math.max(0.4, scale * Math.max(0.75, room / rect.height));
      map.style.setProperty("--room-scale", scale.toFixed(3));
    }
  }

  function refresh() {
    if (document.hidden) return;
    fetch(box.getAttribute("data-room-url"), { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        var fresh = html ? new DOMParser().parseFromString(html, "text/html").getElementById("room-live") : null;
        var content = fresh ? fresh.innerHTML : "";
        if (content !== lastMap) { lastMap = content; box.innerHTML = content; show(); fit(); } else { show(); }
      })
      .catch(function () { /* weak Wi-Fi: the next tick tries again */ });
  }

  new MutationObserver(phaseChanged).observe(clock, { attributes: true, attributeFilter: ["data-phase"] });
  window.addEventListener("resize", fit);
  setInterval(refresh, REFRESH_MS);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) refresh(); });
  window.canastaRoomProjectorRefresh = refresh;  // and tests
  refresh();
})();
