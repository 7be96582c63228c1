/* One table, many devices: two phones at one table type into the one draft the server keeps for the game.
 *
 * The server counts the draft's saves (its revision). This device remembers the revision and the form it
 * last shared with the server (the base, in localStorage beside its own copy) and saves with that
 * revision. When the other phone has saved meanwhile, the server refuses the save and answers its draft
 * (409 draft_changed); while the form is shown, the page also reads the draft every few seconds and finds
 * a newer one itself. Either way the two are merged field by field against the base (changes.js), the
 * form is redrawn, and the page says plainly what the other phone changed; a field both changed keeps
 * what this phone typed, and the note names both values. What this phone typed stays in localStorage
 * throughout. A page still on the form also learns that the other phone has submitted the sheet.
 *
 * The base and the form the page opens with are drafts.js's, the note is notes.js's: form.js and
 * opponents.js use those, and this module uses them both, so no two modules import each other (the
 * hashed names production gives the modules need that).
 */
import {merge, sameForm} from "./changes.js";
import {gettext} from "./dom.js";
import {draftBase, setBase} from "./drafts.js";
import {draftBusy, onDraftChanged, renderEdit, saveDraft} from "./form.js";
import {named, request} from "./net.js";
import {showNote, tell} from "./notes.js";
import {refresh} from "./opponents.js";
import {correctingKey, load, pendingKey, store, storeKey} from "./storage.js";
import {config, session} from "./state.js";

const EVERY = 5000;
let untyped = 0;  // ticks that found no draft: one in three asks the sheet
let seenVersion = config.latest ? config.latest.version : 0;

// The server's draft is newer than the base: merge it with what this device has, redraw, say what changed,
// and save the merge when it holds something the server's does not. A save refused for a newer draft
// (form.js) lands here too.
function arrived(draft) {
  const result = merge(draftBase().form, session.state, draft.form);
  setBase(draft.revision, draft.form);
  const ours = !sameForm(result.form, draft.form);
  session.state = result.form;
  store(storeKey, session.state);
  if (!ours) { session.validation = draft.validation; }
  redrawKeepingFocus();
  tell(result.changes);
  if (ours) { saveDraft(); }
}

// The form again with the merged sheet, as the player left it: the field being typed in, the details
// panels that were open, and the place on the page.
function redrawKeepingFocus() {
  const active = document.activeElement, y = window.scrollY;
  const id = active && active.id, at = active && typeof active.selectionStart === "number" ? active.selectionStart : null;
  const open = Array.prototype.map.call(document.querySelectorAll("details.details-panel"), (d) => d.open);
  renderEdit();
  document.querySelectorAll("details.details-panel").forEach((d, i) => { if (open[i]) { d.open = true; } });
  const again = id ? document.getElementById(id) : null;
  if (again) {
    again.focus({preventScroll: true});
    if (at !== null) { try { again.setSelectionRange(at, at); } catch (e) { /* not a text field */ } }
  }
  window.scrollTo(0, y);
}

// The form is on screen and this device is not sending it: a submission on its way is this phone's own, and
// its answer brings the sheet's state (a version seen meanwhile is not another phone's).
function formShown() { return !session.latest && !!document.getElementById("hands") && !load(pendingKey); }

function knownVersion() {
  if (session.latest) { seenVersion = Math.max(seenVersion, session.latest.version || 0); }
  return Math.max(seenVersion, load(correctingKey) || 0);
}

// While the form is shown (and the page is seen): the other phone's typing, or its submission.
function tick() {
  if (document.visibilityState === "hidden" || !formShown() || draftBusy()) { return; }
  knownVersion();
  request("GET", named(config.urls.draft)).then((r) => {
    if ((r.status !== 200 && r.status !== 404) || !formShown() || draftBusy()) { return; }
    if (r.status === 200 && !(r.data.latest_version > knownVersion())) {
      if (r.data.revision > draftBase().revision) { arrived(r.data); }
      return;
    }
    // A sheet was sent since (or nothing was typed at the table yet, so no draft can say: then asked one
    // tick in three, which keeps a table of idle phones well within its rate): the sheet's state tells
    // whether there is one, and who sent it, a phone here or the director.
    if (r.status === 404 && (untyped++ % 3) !== 0) { return; }
    refresh().then((latest) => {
      if (!latest || !latest.version || latest.version <= seenVersion) { return; }
      seenVersion = latest.version;
      store(correctingKey, null);
      showNote(latest.source === "director" ? gettext("The director entered a sheet for this table")
                                            : gettext("The sheet was submitted from another phone at this table"), []);
    });
  }, () => { /* no connection: the connection line says so when the draft is saved */ });
}

export function followDraft() {
  setInterval(() => { knownVersion(); tick(); }, EVERY);
  document.addEventListener("visibilitychange", tick);
}

onDraftChanged(arrived);
