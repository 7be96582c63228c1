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
  // Django's catalog (templates/base.html, loaded with defer) may arrive after this script: asked at each use,
  // and English without it.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function interpolate(format, values) {
    return window.interpolate ? window.interpolate(format, values, true)
      : format.replace(/%\(\s*([^)]+)\)s/g, function (match, name) { return String(values[name]); });
  }
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

  /* The whole map on the screen, which nobody scrolls, as large as the height left allows: the largest
     scale that fits, found by halving (a few layouts, once per new map or size of the screen). A room too
     big to read whole is shown a few rows at a time, in turn, with a note of which rows. */
  var SMALLEST = 0.4, READABLE = 0.75, LARGEST = 1.8, PAGE_MS = 10000;
  var pager = null;

  function fits(map, scale) {
    map.style.setProperty("--room-scale", scale.toFixed(3));
    return document.documentElement.scrollHeight <= window.innerHeight && map.scrollWidth <= map.clientWidth;
  }

  function fit() {
    var map = box.querySelector(".room-map");
    if (pager) { clearInterval(pager); pager = null; }
    if (!map || box.hidden) return;
    var rows = Array.prototype.slice.call(map.querySelectorAll(".room-row"));
    var note = box.querySelector(".room-rows-shown");
    rows.forEach(function (row) { row.hidden = false; });
    if (note) note.remove();
    var low = SMALLEST, high = LARGEST;
    if (fits(map, high)) return;
    for (var i = 0; i < 7; i++) {
      var middle = (low + high) / 2;
      if (fits(map, middle)) low = middle; else high = middle;
    }
    if (low >= READABLE || rows.length < 2) { fits(map, low); return; }
    page(map, rows);
  }

  function page(map, rows) {
    var note = document.createElement("p");
    note.className = "room-legend room-rows-shown";
    note.textContent = interpolate(gettext("Rows %(first)s to %(last)s of %(rows)s"), { first: 1, last: rows.length, rows: rows.length });
    map.parentNode.insertBefore(note, map);
    rows.forEach(function (row) { row.hidden = true; });
    var per = 0;
    while (per < rows.length) {
      rows[per].hidden = false;
      if (!fits(map, READABLE)) { rows[per].hidden = true; break; }
      per++;
    }
    per = Math.max(1, per);
    var pages = Math.ceil(rows.length / per), shown = 0;
    function show(index) {
      shown = index;
      rows.forEach(function (row, i) { row.hidden = Math.floor(i / per) !== index; });
      var last = Math.min(rows.length, (index + 1) * per);
      var words = { first: index * per + 1, last: last, rows: rows.length };
      note.textContent = last > words.first
        ? interpolate(gettext("Rows %(first)s to %(last)s of %(rows)s: the next rows in a moment."), words)
        : interpolate(gettext("Row %(first)s of %(rows)s: the next rows in a moment."), words);
    }
    show(0);
    pager = setInterval(function () { show((shown + 1) % pages); }, PAGE_MS);
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
