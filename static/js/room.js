// The room map's page: picks up the next game's map by itself every 30 s (static/js/live_region.js), and,
// opened from the director's "Print the room map" (the address ends in #print), asks to print it once.
(function () {
  window.canastaRoomRefresh = window.canastaLiveRegion("room-live", 30000);  // and tests
  if (window.location.hash === "#print") {
    window.addEventListener("load", function () { window.print(); });
  }
})();
