// The public bracket keeps itself current: it asks the API every few seconds with If-None-Match, so an
// unchanged bracket costs a bodiless 304, and redraws only when the answer changed. A dropped
// connection keeps the last bracket on screen and says so; the next answer clears the warning.
(function () {
  "use strict";
  var root = document.getElementById("bracket-live");
  if (!root) return;
  var note = document.getElementById("bracket-updated");
  var url = root.getAttribute("data-api");
  var every = (parseInt(root.getAttribute("data-poll"), 10) || 15) * 1000;
  var etag = null;
  // Django's catalog (templates/base.html, loaded with defer) may arrive after this script: asked at each use,
  // and English without it.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function interpolate(format, values) {
    return window.interpolate ? window.interpolate(format, values, true)
      : format.replace(/%\(\s*([^)]+)\)s/g, function (match, name) { return String(values[name]); });
  }

  function esc(text) {
    return String(text == null ? "" : text).replace(/[&<>"']/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c];
    });
  }

  function slot(mt, side) {
    var team = mt["team_" + side], other = side === "a" ? "b" : "a";
    var cls = "bm-team" + (mt.winner === side ? " won" : mt.winner === other ? " lost" : "") + (team ? "" : " empty");
    var score = mt["score_" + side];
    return '<div class="' + cls + '"><span class="bm-seed">' + esc(team ? team.seed : "") + "</span>" +
      '<span class="bm-name">' + esc(team ? team.name : mt["label_" + side]) + "</span>" +
      '<span class="bm-score">' + esc(score == null ? "" : score) + "</span></div>";
  }

  function match(mt) {
    return '<li class="bm status-' + esc(mt.status) + (mt.needs_director ? " attention" : "") + '" id="m' + mt.match + '">' +
      '<div class="bm-head"><span class="bm-no">M' + mt.match + "</span>" +
      (mt.table ? ' <span class="bm-table">' + esc(interpolate(gettext("Table %(table)s"), {table: mt.table})) + "</span>" : "") +
      ' <span class="bm-status">' + esc(mt.status_text) + "</span></div>" + slot(mt, "a") + slot(mt, "b") + "</li>";
  }

  function render(data) {
    if (!data.drawn) {
      root.innerHTML = '<p class="bracket-empty">' + esc(gettext("The bracket will appear here once the director draws it.")) + "</p>";
      return;
    }
    // The champion's name is put in after the sentence is escaped: a translation places it where it reads well.
    var html = data.champion ? '<p class="bracket-champion">' +
      interpolate(esc(gettext("Champion: %(team)s")), {team: "<strong>" + esc(data.champion.name) + "</strong>"}) + "</p>" : "";
    html += '<div class="bracket">';
    data.rounds.forEach(function (matches, i) {
      html += '<section class="bracket-round"><h2>' + esc(data.round_names[i]) + '</h2><ol class="bracket-matches">';
      matches.forEach(function (mt) { html += match(mt); });
      if (i === data.rounds.length - 1 && data.third_place) {
        html += '<li class="bracket-third-title"><h2>' + esc(gettext("Third place")) + "</h2></li>" + match(data.third_place);
      }
      html += "</ol></section>";
    });
    root.innerHTML = html + "</div>";
  }

  function say(text, stale) {
    if (!note) return;
    note.textContent = text;
    note.classList.toggle("stale", !!stale);
  }

  function upToDate() {
    return interpolate(gettext("Up to date at %(time)s."), {time: new Date().toLocaleTimeString(document.documentElement.lang || undefined)});
  }

  function refresh() {
    var headers = {"Accept": "application/json"};
    if (document.documentElement.lang) headers["Accept-Language"] = document.documentElement.lang;
    if (etag) headers["If-None-Match"] = etag;
    return fetch(url, {headers: headers, cache: "no-store", credentials: "same-origin"})
      .then(function (response) {
        if (response.status === 304) { say(upToDate()); return false; }
        if (!response.ok) { say(gettext("The bracket is not available right now; trying again."), true); return false; }
        etag = response.headers.get("ETag");
        return response.json().then(function (data) {
          render(data);
          say(upToDate());
          return true;
        });
      })
      .catch(function () { say(gettext("No connection: showing the last bracket received. Trying again."), true); return false; });
  }

  function loop() {
    (document.hidden ? Promise.resolve() : refresh()).then(function () { setTimeout(loop, every); });
  }

  window.canastaBracket = {refresh: refresh};
  setTimeout(loop, every);
})();
