/* What this device keeps in localStorage: the sheet as typed (a reload or a flat battery loses nothing;
 * the server's draft is the second copy), the submission waiting for the server's answer with its one
 * client key (a retry after a lost connection, or a second tap on Submit, is stored once), and the version
 * the scorekeeper is correcting (a reload returns to the form rather than to the old sheet). */
import {config, director, practice} from "./state.js";

export const storeKey = practice ? "canasta-sheet:practice"
  : "canasta-sheet:" + (director ? "director:" : "") + config.game;
const PENDING = "canasta-pending:";
export const pendingKey = PENDING + config.game;
export const correctingKey = "canasta-correcting:" + config.game;

export function load(key) {
  try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (e) { return null; }
}

export function store(key, value) {
  try {
    if (value === null) { window.localStorage.removeItem(key); }
    else { window.localStorage.setItem(key, JSON.stringify(value)); }
  } catch (e) { /* private mode or full: the server draft still has it */ }
}

function newKey() {
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);   // randomUUID needs HTTPS; venue links may be plain http
  return Array.prototype.map.call(bytes, (b) => ("0" + b.toString(16)).slice(-2)).join("");
}

// Queue a submission. The same sheet again (a second tap, a tap after a lost answer) keeps its key: the
// server stores it once.
export function queueSubmission(sheet, review, reason) {
  const pending = load(pendingKey);
  const same = pending && pending.review === review && pending.reason === reason &&
    JSON.stringify(pending.sheet) === JSON.stringify(sheet);
  store(pendingKey, {key: same ? pending.key : newKey(), sheet: sheet, review: review, reason: reason,
                     round: config.round});
}

// Submissions of this table's earlier games still waiting on this device (the page was reloaded, or
// moved on to the next game, before the server answered): [{storageKey, game, pending}].
export function earlierPending() {
  const found = [];
  try {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const name = window.localStorage.key(i);
      const game = name && name.indexOf(PENDING) === 0 ? Number(name.slice(PENDING.length)) : 0;
      const pending = game && name !== pendingKey ? load(name) : null;
      if (pending && pending.key && pending.sheet) { found.push({storageKey: name, game: game, pending: pending}); }
    }
  } catch (e) { /* no storage: nothing waits */ }
  return found;
}
