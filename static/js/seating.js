// Filter the public seating list as a player types a name: no server round-trip, works offline.
(function () {
  var input = document.getElementById("find");
  var list = document.getElementById("seating");
  if (!input || !list) return;
  input.addEventListener("input", function () {
    var q = input.value.trim().toLowerCase();
    Array.prototype.forEach.call(list.children, function (li) {
      li.hidden = q !== "" && li.getAttribute("data-names").indexOf(q) === -1;
    });
  });
})();
