/* Submitting the table's sheet: the Submit button, the review panel for a sheet the rules find wrong (sent
 * to the director with a reason), and the queue of one: the submission waits in localStorage with its
 * client key until the server answers, and is sent again after a lost connection or a busy server (every
 * 2 s, doubling up to 30 s) and when the page opens again. A slow server is not a lost connection: after a
 * few seconds the page says it is still sending and waits up to a minute for the answer, which is then
 * shown (a sheet sent again after that is stored once, by its key). */
import {app, el, gettext, interpolate} from "./dom.js";
import {showMessages} from "./form.js";
import {named, online, request} from "./net.js";
import {refresh, showLatest} from "./opponents.js";
import {buildSheet, label} from "./sheet.js";
import {correctingKey, load, pendingKey, queueSubmission, store, storeKey} from "./storage.js";
import {config, session} from "./state.js";
import {sendWarnings} from "./warnings.js";

let sending = false;       // a submission is on its way: the Submit buttons wait for its answer
let retryTimer = null, retryDelay = 2000;
const ANSWER_WAIT = 60000;  // a submission waits this long for the server's answer before sending again

export function submitPanel() {
  const reason = el("textarea", {id: "review-reason", rows: 3, maxlength: 2000,
                                 placeholder: gettext("For example: we agree the count was 283, please check.")});
  const review = el("div", {id: "review-panel", class: "card warn-box", hidden: true}, [
    el("p", {text: gettext("The sheet has errors. Fix them above, or send the sheet to the director as it is.")}),
    el("label", {for: "review-reason", text: gettext("Why should the director look at it?")}), reason,
    el("button", {type: "button", class: "secondary", id: "send-review", text: gettext("Send to the director"),
                  onclick: () => {
                    if (!reason.value.trim()) { reason.focus(); reason.setAttribute("aria-invalid", "true"); return; }
                    submit(true, reason.value.trim());
                  }})
  ]);
  // Asked before sending a sheet that looks early or short: the scorekeeper sends it anyway or goes back.
  const ask = el("div", {id: "send-question", class: "card warn-box", role: "alertdialog", "aria-labelledby": "send-question-title",
                         "aria-describedby": "send-question-why", tabindex: "-1", hidden: true}, [
    el("h2", {id: "send-question-title", text: gettext("Send the sheet now?")}),
    el("div", {id: "send-question-why"}),
    el("div", {class: "actions"}, [
      el("button", {type: "button", id: "send-anyway", class: "big", text: gettext("Send anyway"),
                    onclick: () => { ask.hidden = true; submit(false, "", true); }}),
      el("button", {type: "button", id: "not-yet", class: "secondary", text: gettext("Not yet: back to the sheet"),
                    onclick: () => { ask.hidden = true; document.getElementById("submit-sheet").focus(); }})])
  ]);
  return el("section", {class: "submit-panel"}, [
    el("button", {type: "button", id: "submit-sheet", class: "big", text: gettext("Submit the sheet"), onclick: () => { submit(false, ""); }}),
    ask,
    el("p", {id: "submit-status", class: "status-line", role: "status"}),
    review
  ]);
}

// The question before sending (warnings.js): the sentences, then the two buttons; false when none is asked.
function asked(sheet) {
  const why = sendWarnings(sheet), ask = document.getElementById("send-question");
  if (!why.length || !ask) { return false; }
  const box = document.getElementById("send-question-why");
  box.innerHTML = "";
  why.forEach((sentence) => { box.appendChild(el("p", {text: sentence})); });
  ask.hidden = false;
  ask.focus();
  return true;
}

function submit(review, reason, sure) {
  if (sending) { return; }  // a second tap while the first is on its way
  const built = buildSheet();
  const status = document.getElementById("submit-status");
  if (!built.complete) {
    status.textContent = interpolate(gettext("Fill in %(base)s and %(count)s for both teams in every hand, or remove the empty hand."),
                                     {base: label("base"), count: label("count")});
    status.className = "status-line bad-box";
    return;
  }
  // A sheet sent to the director for review was already looked at twice: it is not asked about again.
  if (!review && !sure && asked(built.sheet)) {
    status.textContent = "";
    status.className = "status-line";
    return;
  }
  queueSubmission(built.sheet, review, reason);
  sendPending();
}

function setSending(on) {
  sending = on;
  ["submit-sheet", "send-review"].forEach((id) => {
    const button = document.getElementById(id);
    if (button) { button.disabled = on; }
  });
}

function stored(r, pending) {
  store(pendingKey, null);
  store(correctingKey, null);
  retryDelay = 2000;
  online(true, "");
  session.latest = {id: r.data.id, version: r.data.version, status: r.data.status, document: pending.sheet,
                    validation: r.data.validation, reason: pending.reason};
  const c = r.data.validation && r.data.validation.computed;
  if (c && c.final) { session.latest.ns_total = c.final.ns; session.latest.ew_total = c.final.ew; }
  showLatest();
}

// The game's result was already final (the director has seated the next game): the sheet was kept for the
// director and changed nothing. The table is told so, and goes on to its next game.
function late(r) {
  [pendingKey, correctingKey, storeKey].forEach((key) => { store(key, null); });
  online(true, "");
  app.innerHTML = "";
  app.appendChild(el("section", {class: "card warn-box", id: "late-sheet"}, [
    el("h2", {text: gettext("Kept for the director")}),
    el("p", {text: r.data.detail}),
    el("button", {type: "button", class: "big", id: "next-game", text: gettext("Show the table's game now"),
                  onclick: () => { window.location.reload(); }})]));
}

function refused(r, status) {
  store(pendingKey, null);
  session.lastRefusal = r.data;
  if (status) {
    status.textContent = r.status === 422 ? gettext("The sheet was not stored: please check the messages in red.")
                                          : gettext("The sheet was not stored: some fields are not filled in right.");
    status.className = "status-line bad-box";
  }
  const panel = document.getElementById("review-panel");
  if (panel && r.status === 422) { panel.hidden = false; }
  showMessages();
  const first = app.querySelector("[aria-invalid]");
  if (first) { first.focus(); }
}

export function sendPending() {
  clearTimeout(retryTimer);
  if (sending) { return; }
  const pending = load(pendingKey);
  if (!pending) { return; }
  const status = document.getElementById("submit-status");
  if (status) { status.textContent = gettext("Sending…"); status.className = "status-line"; }
  setSending(true);
  const url = named(config.urls.sheet) + (pending.review ? "&review=1&reason=" + encodeURIComponent(pending.reason) : "");
  const stillSending = () => {
    if (status) { status.textContent = gettext("Still sending… the server is slow to answer. Your sheet is kept on this device."); }
  };
  request("POST", url, pending.sheet, {"Idempotency-Key": pending.key}, {wait: ANSWER_WAIT, slow: stillSending}).then((r) => {
    setSending(false);
    if (r.status === 201) {
      stored(r, pending);
    } else if (r.status === 202) {
      late(r);
    } else if (r.status === 400 || r.status === 422) {
      refused(r, status);
    } else if (r.status === 429 || r.status >= 500) {
      retryLater(gettext("The server is busy: your sheet is kept and sent again in a moment."));
    } else {
      store(pendingKey, null);
      if (status) { status.textContent = r.data.detail || gettext("The sheet could not be stored."); status.className = "status-line bad-box"; }
      if (r.data.code === "disputed" || r.data.code === "locked") {  // only the director settles it now
        store(correctingKey, null);
        refresh();
      }
    }
  }, (error) => {
    setSending(false);
    retryLater(error.slow ? gettext("The server did not answer: your sheet is kept on this device and sent again in a moment.")
                          : gettext("No connection: your sheet is kept on this device and sent as soon as the connection is back."));
  });
}

function retryLater(text) {
  online(false, text);
  const status = document.getElementById("submit-status");
  if (status) { status.textContent = text; status.className = "status-line warn-box"; }
  retryTimer = setTimeout(sendPending, retryDelay);
  retryDelay = Math.min(retryDelay * 2, 30000);
}
