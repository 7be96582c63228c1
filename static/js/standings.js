/* Public standings: highlight "my team" (kept on this phone) and refresh with conditional GET, so a
 * poll that finds nothing new is a 304 with an empty body. */
(function () {
  "use strict";
  var box = document.getElementById("standings");
  var select = document.getElementById("my-team");
  var storeKey = "canasta-my-team:" + box.getAttribute("data-url");
  var etag = null, delay = 15000, timer = null;

  function mine() {
    var id = select.value;
    Array.prototype.forEach.call(box.querySelectorAll("tr[data-team]"), function (row) {
      row.classList.toggle("mine", row.getAttribute("data-team") === id);
    });
  }

  try { select.value = window.localStorage.getItem(storeKey) || ""; } catch (e) { /* no storage */ }
  select.addEventListener("change", function () {
    try { window.localStorage.setItem(storeKey, select.value); } catch (e) { /* no storage */ }
    mine();
    var row = box.querySelector("tr.mine");
    if (row && row.scrollIntoView) { row.scrollIntoView({block: "center"}); }
  });
  mine();

  function poll() {
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(box.getAttribute("data-url"), {headers: headers, credentials: "same-origin", cache: "no-cache"})
      .then(function (response) {
        if (response.status === 200) {
          etag = response.headers.get("ETag");
          return response.text().then(function (html) { box.innerHTML = html; mine(); });
        }
        if (response.status === 404) { window.location.reload(); }
        return null;
      })
      .then(function () { delay = 15000; }, function () { delay = Math.min(delay * 2, 120000); })
      .then(function () { timer = setTimeout(poll, document.hidden ? delay * 4 : delay); });
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { clearTimeout(timer); poll(); }
  });
  timer = setTimeout(poll, delay);
}());
