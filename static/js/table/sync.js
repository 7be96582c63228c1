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
 */
import {merge, sameForm, sentences} from "./changes.js";
import {el} from "./dom.js";
import {draftBusy, renderEdit, saveDraft} from "./form.js";
import {named, request} from "./net.js";
import {refresh} from "./opponents.js";
import {correctingKey, load, pendingKey, store, storeKey} from "./storage.js";
import {config, session} from "./state.js";

const baseKey = "canasta-draft-base:" + config.game;
const EVERY = 5000;
const FORM_SIDES = {ns: "We (North-South)", ew: "They (East-West)"};
let base = {revision: 0, form: null};
let seenVersion = config.latest ? config.latest.version : 0;

function copy(form) { return form ? JSON.parse(JSON.stringify(form)) : null; }

function setBase(revision, form) {
  base = {revision: revision || 0, form: copy(form)};
  store(baseKey, base);
}

export function draftRevision() { return base.revision; }

// The game's result is final: no draft to share any more.
export function forgetBase() { store(baseKey, null); }

// The server kept `form` (as it was sent) at `revision`.
export function saved(revision, form) { setBase(revision, form); }

// The form the table page opens with: this device's copy, the server's draft, or the two merged.
// Returns {form, fromServer}; the note of what the other phone changed is shown at once.
export function startingForm(local, draft) {
  const server = draft && draft.form && draft.form.hands ? draft : null;
  const mine = local && local.hands ? local : null;
  const known = load(baseKey);
  if (!server) {
    base = {revision: 0, form: null};
    return {form: mine, fromServer: false};
  }
  if (!mine) { setBase(server.revision, server.form); return {form: server.form, fromServer: true}; }
  if (known && known.revision === server.revision) { base = known; return {form: mine, fromServer: false}; }
  if (!known) {  // a copy from before the revisions: the later one, as the page always did
    setBase(server.revision, server.form);
    return (mine.savedAt || 0) >= (server.form.savedAt || 0) ? {form: mine, fromServer: false}
      : {form: server.form, fromServer: true};
  }
  const result = merge(known.form, mine, server.form);
  setBase(server.revision, server.form);
  tell(result.changes);
  return sameForm(result.form, server.form) ? {form: server.form, fromServer: true} : {form: result.form, fromServer: false};
}

// The server's draft is newer than the base: merge it with what this device has, redraw, say what changed,
// and save the merge when it holds something the server's does not.
export function arrived(draft) {
  const result = merge(base.form, session.state, draft.form);
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

// The plain note above the sheet: it stays until the player taps OK (or a newer note replaces it).
function noteBox() {
  let box = document.getElementById("sync-note");
  if (!box) {
    box = el("section", {id: "sync-note", class: "card warn-box", role: "alert", hidden: true});
    const app = document.getElementById("sheet-app");
    app.parentNode.insertBefore(box, app);
  }
  return box;
}

export function clearNote() {
  const box = document.getElementById("sync-note");
  if (box) { box.hidden = true; box.innerHTML = ""; }
  document.querySelectorAll(".changed-elsewhere").forEach((node) => { node.classList.remove("changed-elsewhere"); });
}

export function showNote(title, lines) {
  const box = noteBox();
  box.innerHTML = "";
  box.appendChild(el("h2", {text: title}));
  if (lines.length) { box.appendChild(el("ul", {}, lines.map((line) => el("li", {text: line})))); }
  box.appendChild(el("button", {type: "button", id: "sync-ok", class: "secondary", text: "OK, I have seen it",
                                onclick: clearNote}));
  box.hidden = false;
}

function tell(changes) {
  if (!changes.length) { return; }
  showNote("Another phone at this table changed the sheet", sentences(changes, FORM_SIDES));
  changes.forEach((c) => {
    const input = c.removed ? null : document.getElementById("h" + c.hand + "-" + c.side + "-" + c.field);
    if (input) { input.classList.add("changed-elsewhere"); }
  });
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
    if (r.status !== 200 || !formShown() || draftBusy()) { return; }
    if (r.data.latest_version && r.data.latest_version > knownVersion()) {
      seenVersion = r.data.latest_version;
      store(correctingKey, null);
      showNote("The sheet was submitted from another phone at this table", []);
      refresh();
    } else if (r.data.revision > base.revision) {
      arrived(r.data);
    }
  }, () => { /* no connection: the connection line says so when the draft is saved */ });
}

export function followDraft() {
  setInterval(() => { knownVersion(); tick(); }, EVERY);
  document.addEventListener("visibilitychange", tick);
}
