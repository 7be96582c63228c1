/* The game clock on any page: counts down locally to the server's deadline.
 *
 * Every element with [data-clock] shows the clock of its event (data-clock-url, the public clock API)
 * for the whole round, or for one table (data-clock-table). The page asks the server for the deadline
 * and the server's time, estimates how far this device's clock is off (from the exchange with the
 * shortest round trip), and counts down on its own; it asks again every 30 seconds, when the page
 * becomes visible again, when the connection comes back and when its own count reaches zero. Polls
 * send If-None-Match, so an unchanged clock costs a 304 with no body. Sound plays at the warning and
 * at time up once someone has tapped "Enable sound" (browsers block sound until a tap).
 */
(function () {
  "use strict";
  if (window.CanastaClock) { window.CanastaClock.scan(); return; }

  var RESYNC_MS = 30000;
  var TICK_MS = 200;
  var pollers = {};
  var lastChime = {};
  // Django's catalog (templates/base.html, loaded with defer) may arrive after this script: asked at each use,
  // and English without it.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function ngettext(one, many, n) { return window.ngettext ? window.ngettext(one, many, n) : (n === 1 ? one : many); }
  function interpolate(format, values) {
    return window.interpolate ? window.interpolate(format, values, true)
      : format.replace(/%\(\s*([^)]+)\)s/g, function (match, name) { return String(values[name]); });
  }

  function parseTime(iso) { return iso ? Date.parse(iso) : null; }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function format(seconds) {
    var s = Math.max(0, Math.ceil(seconds - 1e-6));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return h ? h + ":" + pad(m) + ":" + pad(r) : pad(m) + ":" + pad(r);
  }

  function span(seconds) {
    if (seconds >= 60) {
      var m = seconds % 60 === 0 ? seconds / 60 : Math.round(seconds / 60);
      return interpolate(ngettext("%(minutes)s minute", "%(minutes)s minutes", m), { minutes: m });
    }
    return interpolate(ngettext("%(seconds)s second", "%(seconds)s seconds", seconds), { seconds: seconds });
  }

  function Poller(url) {
    this.url = url;
    this.data = null;
    this.etag = null;
    this.samples = [];
    this.offset = 0;
    this.widgets = [];
    this.inflight = false;
    this.failed = false;
  }

  Poller.prototype.now = function () { return Date.now() + this.offset; };

  Poller.prototype.learnOffset = function (serverIso, sent, received) {
    var server = parseTime(serverIso);
    if (server === null || isNaN(server)) return;
    this.samples.push({ rtt: received - sent, offset: server - (sent + received) / 2 });
    if (this.samples.length > 6) this.samples.shift();
    var best = this.samples[0];
    for (var i = 1; i < this.samples.length; i++) if (this.samples[i].rtt < best.rtt) best = this.samples[i];
    this.offset = best.offset;
  };

  Poller.prototype.accept = function (data, serverIso, sent, received) {
    this.learnOffset(serverIso || data.server_time, sent, received);
    this.data = data;
    this.render();
  };

  Poller.prototype.sync = function () {
    var self = this;
    if (self.inflight) return;
    self.inflight = true;
    var headers = { "Accept": "application/json" };
    if (document.documentElement.lang) headers["Accept-Language"] = document.documentElement.lang;
    if (self.etag && self.data) headers["If-None-Match"] = self.etag;
    var sent = Date.now();
    fetch(self.url, { headers: headers, cache: "no-store", credentials: "same-origin" }).then(function (resp) {
      var received = Date.now();
      var serverTime = resp.headers.get("X-Server-Time");
      if (resp.status === 304) {
        self.learnOffset(serverTime, sent, received);
        return null;
      }
      if (!resp.ok) throw new Error("HTTP " + resp.status);
      self.etag = resp.headers.get("ETag");
      return resp.json().then(function (data) { self.accept(data, serverTime, sent, received); });
    }).then(function () {
      self.failed = false;
    }, function () {
      self.failed = true;
    }).then(function () {
      self.inflight = false;
      self.render();
    });
  };

  /* The clock of one widget right now: from the deadline while it runs, as the server said otherwise. */
  Poller.prototype.stateFor = function (table) {
    var d = this.data;
    if (!d) return null;
    var src = (table && d.tables && d.tables[table]) || d;
    var now = this.now();
    var phase = src.phase, remaining = src.remaining_seconds;
    var deadline = parseTime(src.deadline), warningAt = parseTime(src.warning_at);
    if ((phase === "running" || phase === "warning") && deadline !== null) {
      remaining = Math.max(0, (deadline - now) / 1000);
      if (remaining <= 0) phase = "time_up";
      else phase = (warningAt !== null && now >= warningAt) ? "warning" : "running";
    }
    return {
      phase: phase, remaining: remaining === null ? null : remaining, game: d.game,
      warningSeconds: d.warning_seconds, extra: src === d ? 0 : (src.extra_seconds || 0),
      tableShown: src !== d
    };
  };

  Poller.prototype.render = function () {
    for (var i = 0; i < this.widgets.length; i++) this.widgets[i].render();
  };

  var PHASES = ["not_started", "running", "warning", "paused", "time_up"];

  function phaseLabel(phase) {
    return {
      not_started: gettext("Waiting for the go-ahead"),
      running: gettext("Playing"),
      warning: gettext("Warning"),
      paused: gettext("Paused"),
      time_up: gettext("Time is up")
    }[phase] || phase;
  }

  function Widget(root, poller) {
    this.root = root;
    this.poller = poller;
    this.table = root.getAttribute("data-clock-table") || "";
    this.chime = root.getAttribute("data-clock-chime") !== "off";
    this.phase = null;
    this.digits = root.querySelector("[data-clock-digits]");
    this.label = root.querySelector("[data-clock-phase]");
    this.banner = root.querySelector("[data-clock-banner]");
    this.game = root.querySelector("[data-clock-game]");
    this.extra = root.querySelector("[data-clock-extra]");
    this.status = root.querySelector("[data-clock-status]");
  }

  Widget.prototype.render = function () {
    var st = this.poller.stateFor(this.table);
    this.root.classList.toggle("clock-offline", this.poller.failed);
    if (this.status) this.status.hidden = !this.poller.failed;
    if (!st) return;
    var text = st.remaining === null ? "--:--" : format(st.remaining);
    if (this.digits.textContent !== text) this.digits.textContent = text;
    this.root.setAttribute("data-remaining", st.remaining === null ? "" : st.remaining.toFixed(3));
    this.root.setAttribute("data-phase", st.phase);
    if (this.game) this.game.textContent = st.game ? interpolate(gettext("Game %(game)s"), { game: st.game })
      : gettext("No game seated yet");
    if (this.extra) {
      this.extra.hidden = !st.extra;
      if (st.extra) this.extra.textContent = interpolate(gettext("+%(time)s for this table"), { time: span(st.extra) });
    }
    if (st.phase !== this.phase) {
      var previous = this.phase;
      this.phase = st.phase;
      for (var p = 0; p < PHASES.length; p++) this.root.classList.toggle("clock-" + PHASES[p], PHASES[p] === st.phase);
      var label = phaseLabel(st.phase);
      if (st.phase === "warning" && st.warningSeconds) {
        label = interpolate(gettext("Warning: the last %(time)s"), { time: span(st.warningSeconds) });
      }
      if (this.label) this.label.textContent = label;
      if (this.banner) {
        this.banner.hidden = !(st.phase === "warning" || st.phase === "time_up");
        this.banner.textContent = st.phase === "time_up" ? gettext("Time is up")
          : (st.warningSeconds ? interpolate(gettext("%(time)s left"), { time: span(st.warningSeconds) }) : gettext("Warning"));
        this.banner.className = "clock-banner clock-banner-" + st.phase;
      }
      var controls = this.root.closest && this.root.closest(".clock-controls");
      if (controls) {
        var forms = controls.querySelectorAll("[data-show-in]");
        for (var k = 0; k < forms.length; k++) {
          forms[k].hidden = forms[k].getAttribute("data-show-in").split(" ").indexOf(st.phase) < 0;
        }
      }
      if (previous && this.chime && (st.phase === "warning" || st.phase === "time_up")) chime(st.phase);
      if (st.phase === "time_up" && previous && previous !== "time_up") {
        var poller = this.poller;
        setTimeout(function () { poller.sync(); }, 700);
      }
    }
  };

  function chime(kind) {
    var key = kind, at = Date.now();
    if (lastChime[key] && at - lastChime[key] < 5000) return;  // one chime per moment on a page
    lastChime[key] = at;
    var notes = kind === "time_up" ? [784, 659, 523] : [880, 880];
    window.canastaChime.play(notes, { wave: "sine", peak: 0.6, length: 0.6, gap: 0.1 });
  }

  function enableSound(button) {
    if (!window.canastaChime.unlock()) { button.textContent = gettext("No sound on this device"); return; }
    window.canastaChime.play([660], { wave: "sine", peak: 0.15, length: 0.15, gap: 0 });
    var all = document.querySelectorAll("[data-clock-sound]");
    for (var i = 0; i < all.length; i++) {
      all[i].textContent = gettext("Sound is on");
      all[i].setAttribute("aria-pressed", "true");
      all[i].classList.add("clock-sound-on");
    }
  }

  function pollerFor(url) {
    if (!pollers[url]) pollers[url] = new Poller(url);
    return pollers[url];
  }

  function scan() {
    var roots = document.querySelectorAll("[data-clock]");
    var fresh = [];
    for (var i = 0; i < roots.length; i++) {
      var root = roots[i];
      if (root.getAttribute("data-clock-ready")) continue;
      root.setAttribute("data-clock-ready", "1");
      var poller = pollerFor(root.getAttribute("data-clock-url"));
      var initialId = root.getAttribute("data-clock-initial");
      var initial = initialId && document.getElementById(initialId);
      if (initial && !poller.data) {
        try {
          var data = JSON.parse(initial.textContent);
          poller.data = data;
          poller.learnOffset(data.server_time, Date.now(), Date.now());
          poller.samples = [];  // a rough first guess only: the page may have taken a while to arrive
        } catch (e) { /* the first sync fills it */ }
      }
      var widget = new Widget(root, poller);
      poller.widgets.push(widget);
      widget.render();
      if (fresh.indexOf(poller) < 0) fresh.push(poller);
      var full = root.querySelectorAll("[data-clock-fullscreen]");
      for (var f = 0; f < full.length; f++) {
        full[f].addEventListener("click", function () {
          var el = document.documentElement;
          if (document.fullscreenElement) document.exitFullscreen();
          else if (el.requestFullscreen) el.requestFullscreen();
        });
      }
      var buttons = root.querySelectorAll("[data-clock-sound]");
      for (var b = 0; b < buttons.length; b++) {
        buttons[b].addEventListener("click", function (ev) { enableSound(ev.currentTarget); });
      }
    }
    for (var j = 0; j < fresh.length; j++) fresh[j].sync();
  }

  function syncAll() { for (var url in pollers) pollers[url].sync(); }
  function renderAll() { for (var url in pollers) pollers[url].render(); }

  setInterval(renderAll, TICK_MS);
  setInterval(syncAll, RESYNC_MS);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) syncAll(); });
  window.addEventListener("online", syncAll);
  window.addEventListener("pageshow", function (ev) { if (ev.persisted) syncAll(); });

  window.CanastaClock = { scan: scan, sync: syncAll, pollers: pollers, format: format };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
})();
