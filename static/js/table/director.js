/* The director's copy of a game's sheet: the same form, started from the version the director chose on
 * the page (not from a copy on this device), without the details panel, and saved with a reason as the
 * game's result at once, even over the rules' errors when the director ticks the box. */
import {el, gettext, interpolate} from "./dom.js";
import {showMessages} from "./form.js";
import {request} from "./net.js";
import {buildSheet, label} from "./sheet.js";
import {store, storeKey} from "./storage.js";
import {config, session} from "./state.js";

function say(status, text, kind) {
  status.textContent = text;
  status.className = "status-line" + (kind ? " " + kind : "");
}

function save(reason, force, replace, status) {
  const built = buildSheet();
  if (!built.complete) {
    say(status, interpolate(gettext("Fill in %(base)s and %(count)s for both teams in every hand."),
                            {base: label("base"), count: label("count")}), "bad-box");
    return;
  }
  if (!reason.value.trim()) { say(status, gettext("Give a reason: it is kept with the sheet."), "bad-box"); reason.focus(); return; }
  if (replace && !replace.checked) {
    say(status, gettext("This game has a final result. Tick \"Replace the result\" to replace it, or leave the page."), "bad-box");
    replace.focus();
    return;
  }
  say(status, gettext("Saving…"));
  request("POST", config.urls.correct, {sheet: built.sheet, reason: reason.value.trim(), allow_errors: force.checked,
                                        replace_result: replace ? replace.checked : true})
    .then((r) => {
      if (r.status === 201) { store(storeKey, null); window.location.href = config.urls.done; return; }
      session.lastRefusal = (r.status === 400 || r.status === 422) && (r.data.violations || r.data.problems) ? r.data : null;
      say(status, r.data.detail || gettext("Not saved: the rules find errors (below the hands). Fix them, or tick the box to override."), "bad-box");
      showMessages();
    }, () => { say(status, gettext("No connection: nothing was saved. Try again."), "warn-box"); });
}

export function directorSubmitPanel() {
  const reason = el("textarea", {id: "correction-reason", rows: 3, required: true, maxlength: 2000,
                                 placeholder: gettext("For example: paper sheet from table 4; count in hand 2 was 285.")});
  const force = el("input", {type: "checkbox", id: "allow-errors"});
  const status = el("p", {id: "submit-status", class: "status-line", role: "status"});
  // A final result is replaced only when the director ticks this box; the server checks it too.
  const result = config.result;
  const replace = result ? el("input", {type: "checkbox", id: "replace-result"}) : null;
  return el("section", {class: "submit-panel card"}, [
    el("label", {for: "correction-reason", text: gettext("Reason (kept with the sheet)")}), reason,
    el("label", {class: "check", for: "allow-errors"}, [force, " " + gettext("Make it the result even if the rules find errors")]),
    replace ? el("label", {class: "check", for: "replace-result"}, [replace,
      " " + interpolate(gettext("Replace the result (N-S %(ns)s, E-W %(ew)s): the standings change; the old result stays in the history"),
                        {ns: result.ns, ew: result.ew})]) : null,
    el("button", {type: "button", id: "save-correction", class: "big", text: gettext("Save as the game's result"),
                  onclick: () => { save(reason, force, replace, status); }}),
    status
  ].filter(Boolean));
}
