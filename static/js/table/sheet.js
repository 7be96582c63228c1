/* The sheet as data: the rule set's description of a team's line (config.line, from the server's rules),
 * the form's state, and the score sheet in the shared format built from it. No field, label or limit of
 * the rules is written here: the details the form asks for, their words and their bounds, and the bounds
 * of Base and Count, all come from the description. No DOM either: the screens use these. */
import {parsePoints} from "./dom.js";
import {config, session, SIDES} from "./state.js";

const LINE = config.line || [];

// Whether the server described the line: without it (a rule set the rules app does not know) there is
// no form to build.
export const described = LINE.length > 0;
// The details the table's form asks for, in the order it shows them.
export const DETAILS = LINE.filter((field) => field.part === "details" && field.asked);

function lineField(name) {
  return LINE.find((field) => field.part === "line" && field.name === name);
}

// The words the players read for base or count ("Base").
export function label(name) { return lineField(name).label; }

// "" -> null; what the page's language reads as a whole number (dom.js: "2,200" in English, "2.200" in
// Spanish, " -300", "−300") -> the number within the field's bounds; anything else -> NaN
export function parseNum(text, name) {
  const value = parsePoints(text);
  if (value === null || isNaN(value)) { return value; }
  const field = lineField(name);
  return value >= field.min && value <= field.max ? value : NaN;
}

export function isNumber(n) { return typeof n === "number" && !isNaN(n); }
export function lineNumbers(line) { return {base: parseNum(line.base, "base"), count: parseNum(line.count, "count")}; }

function emptyLine() { return {base: "", count: "", details: null}; }
export function emptyHand() { return {ns: emptyLine(), ew: emptyLine()}; }

export function formFromDocument(doc) {
  const hands = (doc && doc.hands) || [];
  return {savedAt: Date.now(), hands: hands.length ? hands.map((hand) => {
    const out = {};
    SIDES.forEach((side) => {
      const line = hand[side] || {};
      out[side] = {base: line.base === undefined ? "" : String(line.base),
                   count: line.count === undefined ? "" : String(line.count),
                   details: line.details || null};
    });
    return out;
  }) : [emptyHand()]};
}

// The details as the sheet writes them: only what the form asks for and is set; null when nothing is.
export function cleanDetails(details) {
  if (!details) { return null; }
  const out = {};
  let any = false;
  DETAILS.forEach((d) => {
    const v = details[d.name];
    if (d.kind === "whole_number" && parseInt(v, 10) > 0) { out[d.name] = parseInt(v, 10); any = true; }
    if (d.kind === "yes_no" && v === true) { out[d.name] = true; any = true; }
    if (d.kind === "choice" && v) { out[d.name] = v; any = true; }
  });
  return any ? out : null;
}

// Whether a line has anything typed or chosen in it.
export function typedIn(line) {
  return String(line.base).trim() !== "" || String(line.count).trim() !== "" || cleanDetails(line.details) !== null;
}

// A team's name as the sheet's label: at most the format's length, in code points (an emoji is not cut
// in half); the page shows the whole name.
function teamLabel(name) {
  const chars = Array.from(String(name || ""));
  return chars.length > config.teamLabelLimit ? chars.slice(0, config.teamLabelLimit).join("") : chars.join("");
}

// The sheet in the shared format, from the hands whose four numbers are all typed (in order).
export function buildSheet() {
  const hands = [], running = {ns: 0, ew: 0};
  let complete = true;
  for (const hand of session.state.hands) {
    if (!SIDES.every((side) => { const n = lineNumbers(hand[side]); return isNumber(n.base) && isNumber(n.count); })) {
      complete = false;
      break;
    }
    const out = {};
    SIDES.forEach((side) => {
      const n = lineNumbers(hand[side]);
      running[side] += n.base + n.count;
      out[side] = {base: n.base, count: n.count, total: n.base + n.count, cumulative: running[side]};
      const details = cleanDetails(hand[side].details);
      if (details) { out[side].details = details; }
    });
    hands.push(out);
  }
  if (!hands.length) { return {sheet: null, complete: false}; }
  const sheet = {format: "canasta-td/score-sheet@1", ruleset: config.ruleset || "nvso",
                 teams: {ns: teamLabel(config.ns), ew: teamLabel(config.ew)}, hands: hands};
  if (complete) {
    sheet.final = {ns: running.ns, ew: running.ew};
    sheet.winner = running.ns === running.ew ? "tie" : (running.ns > running.ew ? "ns" : "ew");
  }
  return {sheet: sheet, complete: complete};
}
