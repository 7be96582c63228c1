/* The front page: a team remembered on this phone (static/js/team.js) is offered first, when its event is
 * one of today's. */
(function () {
  "use strict";
  // Django's catalog (templates/base.html, loaded with defer) may arrive after this script: asked at each use,
  // and English without it.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function interpolate(format, values) {
    return window.interpolate ? window.interpolate(format, values, true)
      : format.replace(/%\(\s*([^)]+)\)s/g, function (match, name) { return String(values[name]); });
  }
  var box = document.getElementById("my-team");
  var mine = null;
  try { mine = JSON.parse(window.localStorage.getItem("canasta-my-team-page") || "null"); } catch (e) { return; }
  if (!box || !mine || !mine.url || mine.url.indexOf("/e/") !== 0) return;
  if ((" " + box.getAttribute("data-events") + " ").indexOf(" " + mine.event + " ") === -1) return;
  var link = box.querySelector("a");
  link.href = mine.url;
  link.textContent = interpolate(gettext("My team: %(team)s"), {team: mine.name || gettext("open its page")});
  box.hidden = false;
}());
