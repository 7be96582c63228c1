/* Practice mode (the sheet check page): the tables' form with nothing to submit. No game, no pending
 * submission, no opponents' screen: what is typed is kept in localStorage under a practice key (a reload
 * keeps it; "Start again" clears it) and goes to the public check endpoint, which answers the rules'
 * messages as the table's draft endpoint does and stores nothing. One line under the totals says what
 * the rules make of the complete hands. */
import {el} from "./dom.js";
import {forgetDraft, renderEdit} from "./form.js";
import {online} from "./net.js";
import {formFromDocument, typedIn} from "./sheet.js";
import {store, storeKey} from "./storage.js";
import {session, SIDES} from "./state.js";

export function practicePanel() {
  return el("section", {class: "practice-panel card"}, [
    el("p", {class: "practice-note", text: "Practice: nothing is sent to the director."}),
    el("p", {id: "practice-verdict", class: "status-line", role: "status"}),
    el("div", {class: "actions"}, [
      el("button", {type: "button", class: "secondary", id: "start-again", text: "Start again",
                    onclick: startAgain})])
  ]);
}

function typedAnything() {
  return session.state.hands.some((hand) => SIDES.some((side) => typedIn(hand[side])));
}

function startAgain() {
  if (typedAnything() && !window.confirm("Start again with an empty sheet? What you typed here is cleared.")) {
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
    const hands = handsSent === 1 ? "hand 1" : "hands 1 to " + handsSent;
    if (problems || counts.error) {
      const n = problems + counts.error;
      text = "The rules find " + n + (n === 1 ? " mistake" : " mistakes") + " in " + hands + ": see the messages in red.";
      kind = " bad-box";
    } else if (counts.warning) {
      text = "No mistakes in " + hands + ", but look at the " + (counts.warning === 1 ? "point" : "points") + " to check.";
      kind = " warn-box";
    } else {
      text = "The rules find no mistakes in " + hands + ".";
      kind = " ok-box";
    }
  }
  line.textContent = text;
  line.className = "status-line" + kind;
}
