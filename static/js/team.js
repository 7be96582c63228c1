/* A team's page: its live part is polled with conditional GET (an unchanged page is a 304 with no body),
 * as the standings are; and "my team" is remembered on this phone, under the standings' own key (so they
 * highlight it) and under one the front page reads to lead back here. */
(function () {
  "use strict";
  var box = document.getElementById("team-live");
  var remember = document.querySelector(".team-remember");
  var etag = null, delay = 15000, timer = null;
  var PAGE_KEY = "canasta-my-team-page";

  function poll() {
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    return fetch(box.getAttribute("data-url"), {headers: headers, credentials: "same-origin", cache: "no-cache"})
      .then(function (response) {
        if (response.status === 200) {
          etag = response.headers.get("ETag");
          return response.text().then(function (html) {
            if (box.innerHTML === html) { return; }
            box.innerHTML = html;
            // A new seating or result often comes with the clock's next game: ask it now, not in 30 s.
            if (window.CanastaClock) { window.CanastaClock.sync(); }
          });
        }
        if (response.status === 404) { window.location.reload(); }
        return null;
      })
      .then(function () { delay = 15000; }, function () { delay = Math.min(delay * 2, 120000); });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(function () { poll().then(schedule); }, document.hidden ? delay * 4 : delay);
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { poll().then(schedule); }
  });
  schedule();
  window.canastaTeamRefresh = poll;  // and tests

  // --- My team, on this phone ---
  function stored() {
    try { return JSON.parse(window.localStorage.getItem(PAGE_KEY) || "null"); } catch (e) { return null; }
  }

  function show() {
    var mine = stored();
    var isMine = !!mine && mine.url === window.location.pathname;
    remember.querySelector("[data-remember]").hidden = isMine;
    remember.querySelector("[data-forget]").hidden = !isMine;
    remember.querySelector(".team-remembered").hidden = !isMine;
  }

  function save(mine) {
    var standingsKey = "canasta-my-team:" + remember.getAttribute("data-standings");
    try {
      if (mine) {
        window.localStorage.setItem(PAGE_KEY, JSON.stringify(mine));
        window.localStorage.setItem(standingsKey, remember.getAttribute("data-team"));
      } else {
        window.localStorage.removeItem(PAGE_KEY);
        window.localStorage.removeItem(standingsKey);
      }
    } catch (e) { /* no storage: nothing to remember with */ }
    show();
  }

  if (remember) {
    remember.querySelector("[data-remember]").addEventListener("click", function () {
      var name = box.querySelector(".team-name");
      var event = box.querySelector(".team-event");
      save({url: window.location.pathname, event: remember.getAttribute("data-event"),
            name: name ? name.textContent.trim() : "", eventName: event ? event.textContent.trim() : ""});
      remember.querySelector("[data-forget]").focus();
    });
    remember.querySelector("[data-forget]").addEventListener("click", function () {
      save(null);
      remember.querySelector("[data-remember]").focus();
    });
    show();
  }
}());
