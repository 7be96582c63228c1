// The public seating page: filter by name as a player types, and pick up the next game's seating by
// itself every 30 s, keeping what the player typed.
(function () {
  var input = document.getElementById("find");

  function applyFilter() {
    var list = document.getElementById("seating");
    if (!input || !list) return;
    var q = input.value.trim().toLowerCase();
    Array.prototype.forEach.call(list.children, function (li) {
      li.hidden = q !== "" && li.getAttribute("data-names").indexOf(q) === -1;
    });
  }

  if (input) input.addEventListener("input", applyFilter);
  window.canastaSeatingRefresh = window.canastaLiveRegion("seating-live", 30000, applyFilter);  // and tests
})();
