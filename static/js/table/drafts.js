/* The draft this device last shared with the server (two phones at one table, with sync.js): its revision
 * and its form (the base, in localStorage beside this device's own copy), which every save names and every
 * merge starts from; and the form the table page opens with, from this device's copy and the server's.
 */
import {merge, sameForm} from "./changes.js";
import {load, store} from "./storage.js";
import {config} from "./state.js";
import {tell} from "./notes.js";

const baseKey = "canasta-draft-base:" + config.game;
let base = {revision: 0, form: null};

function copy(form) { return form ? JSON.parse(JSON.stringify(form)) : null; }

export function setBase(revision, form) {
  base = {revision: revision || 0, form: copy(form)};
  store(baseKey, base);
}

// The revision and form this device last shared with the server.
export function draftBase() { return base; }

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
