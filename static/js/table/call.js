/* "Call the director" on the table's page (templates/table/call_panel.html, scoring.calls). One press calls;
 * the page then says that the director is called, since when, offers the reason as three big buttons
 * (optional), and a way to take the call back. It asks the server every 15 s, so a call the director has
 * cleared leaves the page by itself. A second press, or a second phone at the table, is the same call. */
import {gettext, interpolate, lang, ngettext} from "./dom.js";

const panel = document.getElementById("director-call");
const POLL_MS = 15000;

if (panel) {
  const url = panel.getAttribute("data-call-url");
  const idle = panel.querySelector("[data-call-idle]");
  const active = panel.querySelector("[data-call-active]");
  const since = panel.querySelector("[data-call-since]");
  const status = panel.querySelector("[data-call-status]");
  const reasons = panel.querySelectorAll("[data-call-reason]");
  let call = null;
  let offset = 0;   // the server's clock minus this device's, in ms: "since" counts from the server's call

  const say = (text, kind) => {
    status.textContent = text;
    status.className = "status-line" + (kind ? " " + kind : "");
  };

  const sinceText = () => {
    if (!call) return "";
    const seconds = Math.max(0, Math.round((Date.now() + offset - Date.parse(call.called_at)) / 1000));
    if (seconds < 60) return gettext("just now");
    const minutes = Math.floor(seconds / 60);
    return interpolate(ngettext("%(minutes)s minute ago", "%(minutes)s minutes ago", minutes), {minutes});
  };

  const show = (answer) => {
    call = answer.call;
    if (call) offset = Date.parse(call.called_at) + call.seconds * 1000 - Date.now();
    idle.hidden = Boolean(call);
    active.hidden = !call;
    since.textContent = sinceText();
    reasons.forEach((button) => {
      button.setAttribute("aria-pressed", String(Boolean(call) && call.reason === button.getAttribute("data-call-reason")));
    });
  };

  const send = (method, body) => fetch(url, {
    method, credentials: "omit", cache: "no-store",
    // The refusals come back in the page's language (docs/languages.md).
    headers: body ? {"Content-Type": "application/json", "Accept-Language": lang} : {"Accept-Language": lang},
    body: body ? JSON.stringify(body) : undefined,
  }).then((response) => response.json().then((data) => ({ok: response.ok, data})));

  const act = (method, body, done) => {
    say(gettext("Sending…"));
    send(method, body).then(({ok, data}) => {
      if (!ok) { say(data.detail || gettext("Not sent: try again."), "bad-box"); return; }
      say(done);
      show(data);
    }, () => { say(gettext("No connection: the director was not told. Try again, or raise your hand."), "warn-box"); });
  };

  panel.querySelector("[data-call-press]").addEventListener("click", () => {
    act("POST", {}, gettext("The director has been told."));
  });
  reasons.forEach((button) => button.addEventListener("click", () => {
    act("POST", {reason: button.getAttribute("data-call-reason")}, interpolate(gettext("The director sees: %(reason)s."), {reason: button.textContent}));
  }));
  panel.querySelector("[data-call-take-back]").addEventListener("click", () => {
    act("DELETE", null, gettext("The call is taken back."));
  });

  const refresh = () => {
    if (document.hidden) return;
    send("GET").then(({ok, data}) => { if (ok) show(data); }, () => {});
  };
  idle.hidden = false;
  refresh();
  setInterval(refresh, POLL_MS);
  setInterval(() => { since.textContent = sinceText(); }, 10000);
  document.addEventListener("visibilitychange", refresh);
}
