/* What every module of the score sheet shares: the page's config (the server writes it into the page as
 * JSON: the game, the teams, the API's addresses, the rule set's description of a line), which of the
 * three forms this is, and the one sheet being worked on. The mutable state lives in `session` alone, so
 * a module that changes the sheet changes it for all of them.
 *
 * The same form serves three pages: the table's (config.mode "table"), the director's copy of a game's
 * sheet ("director": enter or correct the paper sheet) and the practice form on the sheet check page
 * ("practice": nothing to submit, nothing stored on the server).
 */
export const config = JSON.parse(document.getElementById("sheet-config").textContent);
export const director = config.mode === "director";
export const practice = config.mode === "practice";
export const SIDES = ["ns", "ew"];

export const session = {
  state: null,                    // the form: {hands: [{ns: {base, count, details}, ew: {...}}], savedAt}
  latest: config.latest || null,  // the game's latest submitted version, as the server last told it
  validation: null,               // the last answer from the server for the complete hands
  lastRefusal: null,              // the answer that refused the last submission, until the form changes
};
