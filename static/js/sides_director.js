/* The director's copy of a sheet of any game but NVSO (sides_sheet.js in the "director" mode, on the
 * director's sheet page): the same form, started from the version the director chose, saved with a reason as
 * the game's result at once through the correction endpoint (the seats' results for single players, the two
 * sides' for partnerships), even over the rules' errors when the director ticks the box. The reason and the
 * ticks are the page's own fields (templates/director/sheet.html), so drawing the form again keeps them. */
import {gettext} from "./i18n.js";
import {call} from "./sides_net.js";

function csrf() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

function say(text, kind) {
  const status = document.getElementById("submit-status");
  status.textContent = text;
  status.className = "status-line" + (kind ? " " + kind : "");
}

// `refused(answer)` shows the rules' answer beside the hands it names.
export function directorSave(doc, config, refused) {
  const reason = document.getElementById("correction-reason");
  const force = document.getElementById("allow-errors");
  const replace = document.getElementById("replace-result");
  if (!reason.value.trim()) { say(gettext("Give a reason: it is kept with the sheet."), "bad-box"); reason.focus(); return null; }
  if (replace && !replace.checked) {
    say(gettext("This game has a final result. Tick \"Replace the result\" to replace it, or leave the page."), "bad-box");
    replace.focus();
    return null;
  }
  say(gettext("Saving\u2026"));
  return call("POST", config.urls.correct, {sheet: doc, reason: reason.value.trim(), allow_errors: force.checked,
                                            replace_result: replace ? replace.checked : true},
              {"X-CSRFToken": csrf()}).then((r) => {
    if (r.status === 201) { window.location.href = config.urls.done; return null; }
    if (r.data.violations || r.data.problems) { refused(r.data); }
    const words = r.data.problems ? r.data.problems.map((p) => p.message).join(" ") : r.data.detail;
    say(words || gettext("Not saved: the rules find errors (beside the hands). Fix them, or tick the box to override."),
        "bad-box");
    return null;
  }, () => { say(gettext("No connection: nothing was saved. Try again."), "warn-box"); return null; });
}
