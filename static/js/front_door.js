/* The front page: a team remembered on this phone (static/js/team.js) is offered first, when its event is
 * one of today's. */
(function () {
  "use strict";
  var box = document.getElementById("my-team");
  var mine = null;
  try { mine = JSON.parse(window.localStorage.getItem("canasta-my-team-page") || "null"); } catch (e) { return; }
  if (!box || !mine || !mine.url || mine.url.indexOf("/e/") !== 0) return;
  if ((" " + box.getAttribute("data-events") + " ").indexOf(" " + mine.event + " ") === -1) return;
  var link = box.querySelector("a");
  link.href = mine.url;
  link.textContent = "My team: " + (mine.name || "open its page");
  box.hidden = false;
}());
