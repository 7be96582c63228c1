/* Practice mode (the sheet check page): the tables' form with nothing to submit. No game, no pending
 * submission, no opponents' screen: what is typed is kept in localStorage under a practice key (a reload
 * keeps it; "Start again" clears it) and goes to the public check endpoint, which answers the rules'
 * messages as the table's draft endpoint does and stores nothing. One line under the totals says what
 * the rules make of the complete hands. */
import {el, gettext, interpolate, ngettext} from "./dom.js";
import {forgetDraft, renderEdit} from "./form.js";
import {online} from "./net.js";
import {formFromDocument, typedIn} from "./sheet.js";
import {store, storeKey} from "./storage.js";
import {session, SIDES} from "./state.js";

export function practicePanel() {
  return el("section", {class: "practice-panel card"}, [
    el("p", {class: "practice-note", text: gettext("Practice: nothing is sent to the director.")}),
    el("p", {id: "practice-verdict", class: "status-line", role: "status"}),
    el("div", {class: "actions"}, [
      el("button", {type: "button", class: "secondary", id: "start-again", text: gettext("Start again"),
                    onclick: startAgain})])
  ]);
}

function typedAnything() {
  return session.state.hands.some((hand) => SIDES.some((side) => typedIn(hand[side])));
}

function startAgain() {
  if (typedAnything() && !window.confirm(gettext("Start again with an empty sheet? What you typed here is cleared."))) {
    return;
  }
  forgetDraft();            // an answer still on its way is about the old sheet
  session.validation = null;
  store(storeKey, null);
  session.state = formFromDocument(null);
  online(true, "");
  renderEdit();
  document.getElementById("h0-ns-base").focus();
}

// One line for the whole practice sheet, under the totals: what the rules make of the complete hands.
export function showPracticeVerdict(answer, handsSent) {
  const line = document.getElementById("practice-verdict");
  if (!line) { return; }
  let text = "", kind = "";
  if (answer && handsSent) {
    const counts = {error: 0, warning: 0};
    (answer.violations || []).forEach((v) => {
      if (v.severity in counts && !(v.hand && v.hand > handsSent)) { counts[v.severity]++; }
    });
    const problems = (answer.problems || []).length;
    // "hand 1" or "hands 1 to 3": whole sentences for each, so a translation never glues the hands in.
    const one = handsSent === 1;
    if (problems || counts.error) {
      const n = problems + counts.error;
      text = interpolate(one
        ? ngettext("The rules find %(count)s mistake in hand 1: see the messages in red.",
                   "The rules find %(count)s mistakes in hand 1: see the messages in red.", n)
        : ngettext("The rules find %(count)s mistake in hands 1 to %(hands)s: see the messages in red.",
                   "The rules find %(count)s mistakes in hands 1 to %(hands)s: see the messages in red.", n),
        {count: n, hands: handsSent});
      kind = " bad-box";
    } else if (counts.warning) {
      text = interpolate(one
        ? ngettext("No mistakes in hand 1, but look at the point to check.",
                   "No mistakes in hand 1, but look at the points to check.", counts.warning)
        : ngettext("No mistakes in hands 1 to %(hands)s, but look at the point to check.",
                   "No mistakes in hands 1 to %(hands)s, but look at the points to check.", counts.warning),
        {hands: handsSent});
      kind = " warn-box";
    } else {
      text = one ? gettext("The rules find no mistakes in hand 1.")
        : interpolate(gettext("The rules find no mistakes in hands 1 to %(hands)s."), {hands: handsSent});
      kind = " ok-box";
    }
  }
  line.textContent = text;
  line.className = "status-line" + kind;
}
