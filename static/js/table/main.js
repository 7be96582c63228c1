/* The score sheet at the table, the director's copy of it, and the practice form on the sheet check page:
 * the entry module. It picks what goes under the form for this page, then opens the right screen: the
 * form as it was left (this device's copy, the server's draft, or the two merged: sync.js), a submission still
 * waiting to be sent, a correction in progress, or the submitted sheet's state.
 *
 * The modules, one per concern: state.js (config and the shared sheet), dom.js (elements, numbers),
 * net.js (requests, the connection line, polling), storage.js (this device's copies and the submission
 * queue), sheet.js (the rule set's description of a line and the sheet built from the form), form.js (the
 * hands, totals and messages), details.js (the details panel), submit.js (submitting), opponents.js
 * (after submitting), warnings.js (what the page asks before sending), earlier.js (earlier games' sheets still waiting on this device), offline.js (the
 * table's page opened without a connection), sync.js, drafts.js, notes.js and changes.js (two phones at one
 * table: the draft's revisions, the merge and the note that tells it), practice.js and director.js (those
 * two pages). No two modules import each other, directly or round about.
 */
import {directorSubmitPanel} from "./director.js";
import {sendEarlier} from "./earlier.js";
import {renderEdit, saveDraft, setModePanel} from "./form.js";
import {openOffline} from "./offline.js";
import {showLatest} from "./opponents.js";
import {practicePanel, showPracticeVerdict} from "./practice.js";
import {described, formFromDocument} from "./sheet.js";
import {correctingKey, load, pendingKey, store, storeKey} from "./storage.js";
import {sendPending, submitPanel} from "./submit.js";
import {startingForm} from "./drafts.js";
import {followDraft} from "./sync.js";
import {config, director, practice, session} from "./state.js";

function startPractice(local) {  // no game, no submission: the practice sheet as it was left, checked again
  session.state = local && local.hands && local.hands.length ? local : formFromDocument(null);
  renderEdit();
  if (local) { saveDraft(); }
  window.addEventListener("online", () => { saveDraft(); });
}

function startTable(local) {
  const server = config.draft && config.draft.form && config.draft.form.hands ? config.draft.form : null;
  const start = startingForm(local, config.draft);  // this device's copy, the server's, or the two merged
  session.state = start.form || formFromDocument(null);
  if (start.fromServer) { session.validation = config.draft.validation; }
  let correcting = load(correctingKey);
  const latest = session.latest;
  if (correcting !== null && !(latest && latest.version === correcting && !config.final &&
                               (latest.status === "submitted" || latest.status === "flagged") && !latest.locked)) {
    store(correctingKey, null);  // that version was accepted, settled or replaced meanwhile
    correcting = null;
  }
  if (load(pendingKey)) {
    renderEdit();
    sendPending();
  } else if (correcting !== null) {  // a reload in the middle of a correction: back to the form
    if (!(local && local.hands) && !server) { session.state = formFromDocument(latest.document); }
    session.validation = latest.validation;
    session.latest = null;
    renderEdit();
  } else if (config.final && !(latest && latest.status === "accepted")) {
    session.latest = latest || {status: "accepted", document: {}, ns_total: config.result.ns, ew_total: config.result.ew};
    session.latest.status = "accepted";
    showLatest();
  } else if (latest && latest.status !== "superseded") {
    showLatest();
  } else {
    renderEdit();
    if (local) { saveDraft(); }
  }
  sendEarlier();
  followDraft();
  window.addEventListener("online", () => { sendPending(); sendEarlier(); if (!session.latest) { saveDraft(); } });
}

function start() {
  const local = load(storeKey);
  if (practice) {
    setModePanel(practicePanel, showPracticeVerdict);
    startPractice(local);
  } else if (director) {  // the director starts from the version chosen on the page, not an old local copy
    setModePanel(directorSubmitPanel);
    session.state = formFromDocument(config.start);
    renderEdit();
  } else {
    setModePanel(submitPanel);
    openOffline();
    if (!described) { renderEdit(); return; }  // no rules to build the form from: renderEdit says so
    startTable(local);
  }
}

start();
