// The director's board keeps its tables current in place every 10 s: a reload would stop the clock's
// chime (browsers allow sound only after a tap on the page that plays it). A table's call to the director
// (scoring.calls) shows as a banner at the top of the board, and a new one beeps (static/js/chime.js),
// once the director has tapped or pressed a key anywhere on the page, as browsers require.
(function () {
  var seen = {};
  window.canastaCallBeeps = 0;  // how many times a new call beeped (or would have): read by the browser test
  // Django's catalog (templates/base.html, loaded with defer) may arrive after this script: asked at each use,
  // and English without it.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function ngettext(one, many, n) { return window.ngettext ? window.ngettext(one, many, n) : (n === 1 ? one : many); }
  function interpolate(format, values) {
    return window.interpolate ? window.interpolate(format, values, true)
      : format.replace(/%\(\s*([^)]+)\)s/g, function (match, name) { return String(values[name]); });
  }

  function calls() {
    return Array.prototype.slice.call(document.querySelectorAll("[data-call-id]"));
  }

  function unlock() {
    window.canastaChime.unlock();
  }

  function beep() {
    window.canastaCallBeeps += 1;
    window.canastaChime.play([988, 1319, 988, 1319], { wave: "square", peak: 0.3, length: 0.22, gap: 0.05 });
  }

  // "12:03 · 4 minutes ago": the board is published once per change, so the minutes are counted here.
  function ages() {
    document.querySelectorAll("[data-since]").forEach(function (time) {
      var minutes = Math.floor((Date.now() - Date.parse(time.getAttribute("datetime"))) / 60000);
      var clock = time.getAttribute("data-clock") || time.textContent;
      time.setAttribute("data-clock", clock);
      time.textContent = minutes >= 1
        ? interpolate(ngettext("%(clock)s · %(minutes)s minute ago", "%(clock)s · %(minutes)s minutes ago", minutes),
                      { clock: clock, minutes: minutes })
        : clock;
    });
  }

  function check(first) {
    var fresh = false;
    calls().forEach(function (call) {
      var id = call.getAttribute("data-call-id");
      if (!seen[id]) { seen[id] = true; fresh = true; }
    });
    if (fresh && !first) beep();
    ages();
  }

  document.addEventListener("pointerdown", unlock);
  document.addEventListener("keydown", unlock);
  check(true);
  setInterval(ages, 30000);
  window.canastaBoardRefresh = window.canastaLiveRegion("board-live", 10000, function () { check(false); });
})();
