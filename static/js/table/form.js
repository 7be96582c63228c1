/* The hands form: each hand's Base and Count for both teams, their totals and running totals as they are
 * typed, the rules' messages beside the fields, and the draft that keeps it all.
 *
 * Number fields are type="text" with inputmode="numeric": phones open the big digit keypad, but iOS's
 * numeric keypad has no minus key, so every number field has a ± button beside it. We avoid
 * type="number": it swallows what it cannot parse (value "" for "-"), changes with a scroll wheel,
 * accepts "1e5" and refuses "8.500", which is how a Spanish, Brazilian or Italian player writes 8500 (the
 * fields read what is typed in the page's language: dom.js). What is typed goes to localStorage at once
 * and, debounced, to the server's draft (the public check endpoint in practice), whose answer puts the
 * rules' messages beside the fields.
 *
 * What goes under the form depends on the page (Submit, the director's reason, practice's verdict): the
 * entry module sets it with `setModePanel`, so this module needs none of theirs.
 */
import {app, el, fmt, gettext, GROUP, interpolate, readPoints} from "./dom.js";
import {detailsPanel} from "./details.js";
import {clearPoll, named, online, request} from "./net.js";
import {buildSheet, described, emptyHand, isNumber, label, lineNumbers, parseNum, typedIn} from "./sheet.js";
import {store, storeKey} from "./storage.js";
import {config, director, practice, session, SIDES} from "./state.js";
import {draftRevision, saved} from "./drafts.js";

// "We" and the seat on lines of their own, each kept whole: "North-South" never breaks at its hyphen.
const SIDE_NAMES = {ns: [gettext("We"), gettext("North-South")], ew: [gettext("They"), gettext("East-West")]};
const sideHeading = (side) => [el("span", {class: "side-we", text: SIDE_NAMES[side][0]}), " · ",
                               el("span", {class: "side-seat", text: SIDE_NAMES[side][1]})];
let draftTimer = null, draftSeq = 0, inFlight = false, again = false;
let modePanel = () => null, messagesShown = () => {};
let draftChanged = null;  // what to do with a newer draft from another phone (sync.js registers it)

// sync.js merges a newer draft that a save was refused for: it registers here, so form.js need not import it.
export function onDraftChanged(handler) { draftChanged = handler; }

// What the page shows under the form, and what it adds after the messages (the practice verdict).
export function setModePanel(panel, afterMessages) {
  modePanel = panel;
  messagesShown = afterMessages || (() => {});
}

export function changed() {
  session.state.savedAt = Date.now();
  store(storeKey, session.state);
  session.lastRefusal = null;
  updateTotals();
  showMessages();
  if (!director) {
    clearTimeout(draftTimer);
    draftTimer = setTimeout(saveDraft, 700);
  }
}

// A draft save is on its way or waiting to go: the table's sync waits for its answer before it reads the draft.
export function draftBusy() { return inFlight || draftTimer !== null; }

export function saveDraft() {
  clearTimeout(draftTimer);
  draftTimer = null;
  if (inFlight && !practice) { again = true; return; }  // one at a time: each save names the revision before it
  const seq = ++draftSeq, built = buildSheet();
  if (practice && !built.sheet) {  // no complete hand: nothing for the rules to check, nothing to keep
    session.validation = null;
    showMessages();
    return;
  }
  // Practice keeps nothing on the server, so it sends only the sheet to check.
  const form = practice ? null : JSON.parse(JSON.stringify(session.state));
  inFlight = !practice;
  request("PUT", named(config.urls.draft), practice ? {sheet: built.sheet}
    : {form: form, sheet: built.sheet, revision: draftRevision()}).then((r) => {
    inFlight = false;
    if (r.status === 200 && !practice) { saved(r.data.revision, form); }
    if (seq !== draftSeq) { return; }
    if (again && r.status === 200) { again = false; saveDraft(); return; }
    again = false;
    if (r.status === 200) {
      online(true, "");
      session.validation = r.data.validation;
      showMessages();
    } else if (practice) {
      online(false, r.status === 429
        ? gettext("Many checks at once: they come back in a moment. What you typed is kept on this device.")
        : interpolate(gettext("The rules' messages did not come (%(status)s): they come back in a moment. What you typed is kept on this device."),
                      {status: r.status}));
      draftTimer = setTimeout(saveDraft, 10000);
    } else if (r.status === 409 && r.data.code === "draft_changed" && r.data.draft) {
      online(true, "");
      if (!session.latest && draftChanged) { draftChanged(r.data.draft); }  // sync.js merges, tells, saves
    } else if (r.status === 409) {
      online(false, r.data.detail || gettext("This game is over."));
    } else {
      online(false, interpolate(gettext("Saved on this device. The server did not take the draft (%(status)s); it will try again."),
                                {status: r.status}));
      draftTimer = setTimeout(saveDraft, 10000);
    }
  }, (error) => {
    inFlight = false;
    if (seq !== draftSeq) { return; }
    again = false;
    const slow = error && error.slow;  // the server is there but slow: not a lost connection
    online(false, slow ? gettext("The server is slow to answer: what you type is kept on this device and sent again in a moment.")
      : practice ? gettext("No connection: the rules' messages come back with the connection. What you type is kept on this device.")
      : gettext("No connection: what you type is kept on this device and sent when the connection is back."));
    draftTimer = setTimeout(saveDraft, 8000);
  });
}

// Drop the draft on its way: a save waiting to go, and any answer still coming, are about the old sheet.
export function forgetDraft() {
  clearTimeout(draftTimer);
  draftTimer = null;
  again = false;
  draftSeq++;
}

function numberField(h, side, name) {
  const id = "h" + h + "-" + side + "-" + name, words = label(name);
  const line = session.state.hands[h][side];
  const input = el("input", {id: id, type: "text", inputmode: "numeric", pattern: "-?[0-9" + GROUP + "]*",
                             autocomplete: "off", enterkeyhint: "next", class: "num-input",
                             "data-hand": h, "data-side": side, "data-field": name,
                             "aria-describedby": "msg-" + h + "-" + side});
  input.value = line[name];
  input.addEventListener("input", () => { session.state.hands[h][side][name] = input.value; changed(); });
  const sign = el("button", {type: "button", class: "sign", "aria-label": interpolate(gettext("Change the sign of %(field)s"), {field: words}),
                             text: "±", onclick: () => {
    const v = input.value.trim();
    input.value = v.charAt(0) === "-" ? v.slice(1) : "-" + v;
    session.state.hands[h][side][name] = input.value;
    input.focus();
    changed();
  }});
  return el("div", {class: "field"}, [el("label", {for: id, text: words}), el("div", {class: "num-row"}, [sign, input])]);
}

// One grid per hand: each team's cells in their own column and in rows shared with the other team
// (headings, Base, Count, totals, details, messages), each row as tall as its taller cell, so a heading or
// a message that wraps in one column never shifts the other column's fields. The cells stay in the page
// in the team's order (We's Base, We's Count, then They's), which the keypad's Next and a screen reader
// follow; the rows are set by class (table.css). Each cell keeps its team's class (team-ns, team-ew).
function handCard(h) {
  const cells = [].concat(...SIDES.map((side) => [
    el("h3", {}, sideHeading(side)),
    numberField(h, side, "base"),
    numberField(h, side, "count"),
    el("p", {class: "line-total"}, [gettext("Total") + " ", el("output", {id: "total-" + h + "-" + side, text: "–"})]),
    el("p", {class: "running"}, [gettext("Running total") + " ", el("output", {id: "cum-" + h + "-" + side, text: "–"})]),
    director ? null : el("div", {}, [detailsPanel(h, side, changed)]),
    el("div", {class: "msg", id: "msg-" + h + "-" + side, role: "alert"})
  ].map((cell, row) => {
    if (cell) { cell.classList.add("cell", "row-" + (row + 1), "team-" + side); }
    return cell;
  })));
  return el("section", {class: "hand card", "data-hand": h}, [
    el("h2", {text: interpolate(gettext("Hand %(hand)s"), {hand: h + 1})}),
    el("div", {class: "team-cols"}, cells),
    el("div", {class: "msg", id: "msg-" + h + "-hand", role: "alert"})
  ]);
}

function addHand() {
  session.state.hands.push(emptyHand());
  changed();
  renderEdit();
  document.getElementById("h" + (session.state.hands.length - 1) + "-ns-base").focus();
}

function removeHand() {
  const hands = session.state.hands;
  const typed = SIDES.some((side) => typedIn(hands[hands.length - 1][side]));
  if (typed && !window.confirm(interpolate(gettext("Remove hand %(hand)s? The numbers typed in it will be lost."), {hand: hands.length}))) {
    return;
  }
  hands.pop();
  changed();
  renderEdit();
}

// The rule set is not known here: there is no form to build from it.
function renderUnknownRules() {
  app.appendChild(el("p", {class: "bad-box", id: "unknown-rules",
    text: interpolate(director
      ? gettext("This event's rule set (\"%(ruleset)s\") is not known to the rules app, so the score sheet cannot be shown. Set the event's rules first.")
      : gettext("This event's rule set (\"%(ruleset)s\") is not known to the rules app, so the score sheet cannot be shown. Ask the director for a paper sheet."),
      {ruleset: config.ruleset})}));
}

export function renderEdit() {
  clearPoll();
  app.innerHTML = "";
  if (!described) { renderUnknownRules(); return; }
  const hands = el("div", {id: "hands"}, session.state.hands.map((_, h) => handCard(h)));
  const buttons = el("div", {class: "actions"}, [
    el("button", {type: "button", class: "secondary", id: "add-hand", text: gettext("Add a hand"), onclick: addHand}),
    session.state.hands.length > 1 ? el("button", {type: "button", class: "secondary", id: "remove-hand",
      text: interpolate(gettext("Remove hand %(hand)s"), {hand: session.state.hands.length}), onclick: removeHand}) : null
  ]);
  const summary = el("section", {class: "summary card", id: "summary"}, [
    el("h2", {text: gettext("Game totals")}),
    el("p", {class: "final"}, [
      el("span", {}, [gettext("We") + " ", el("output", {id: "final-ns", text: "–"})]),
      el("span", {}, [gettext("They") + " ", el("output", {id: "final-ew", text: "–"})])
    ]),
    el("div", {class: "msg", id: "msg-sheet", role: "alert"})
  ]);
  app.appendChild(hands);
  app.appendChild(buttons);
  app.appendChild(summary);
  app.appendChild(modePanel());
  updateTotals();
  showMessages();
}

function updateTotals() {
  const running = {ns: 0, ew: 0}, broken = {ns: false, ew: false};
  session.state.hands.forEach((hand, h) => {
    SIDES.forEach((side) => {
      const n = lineNumbers(hand[side]);
      const total = isNumber(n.base) && isNumber(n.count) ? n.base + n.count : null;
      if (total === null) { broken[side] = true; } else if (!broken[side]) { running[side] += total; }
      const t = document.getElementById("total-" + h + "-" + side);
      const c = document.getElementById("cum-" + h + "-" + side);
      if (t) { t.textContent = fmt(total); }
      if (c) { c.textContent = broken[side] ? "–" : fmt(running[side]); }
    });
  });
  const fns = document.getElementById("final-ns"), few = document.getElementById("final-ew");
  if (fns) { fns.textContent = broken.ns ? "–" : fmt(running.ns); }
  if (few) { few.textContent = broken.ew ? "–" : fmt(running.ew); }
}

function push(boxes, id, severity, text) { (boxes[id] = boxes[id] || []).push([severity, text]); }

function mark(h, side, field) {
  const input = document.getElementById("h" + h + "-" + side + "-" + field);
  if (input) { input.setAttribute("aria-invalid", "true"); }
}

// Why a field's text is not a score, in words: a separator this language does not write thousands with
// ("8,5" in Spanish, "85.00" in English), or anything else that is no whole number (or out of bounds).
function numberTrouble(text, words) {
  if (readPoints(text).problem === "separator") {
    return interpolate(gettext("%(field)s: %(typed)s is not a whole number. Write thousands as %(example)s, or with no separator: %(plain)s."),
                       {field: words, typed: String(text).trim(), example: fmt(8500), plain: "8500"});
  }
  return interpolate(gettext("%(field)s: type a whole number, like 2200 or -300."), {field: words});
}

// Messages beside the fields: our own (not a number) first, then the rules app's answer.
export function showMessages() {
  if (!described) { return; }
  const boxes = {};
  app.querySelectorAll(".msg").forEach((box) => { boxes[box.id] = []; });
  app.querySelectorAll("input.num-input").forEach((input) => {
    input.removeAttribute("aria-invalid");
    const name = input.getAttribute("data-field");
    if (isNaN(parseNum(input.value, name))) {
      input.setAttribute("aria-invalid", "true");
      const h = input.getAttribute("data-hand"), side = input.getAttribute("data-side");
      push(boxes, "msg-" + h + "-" + side, "error", numberTrouble(input.value, label(name)));
    }
  });
  const answer = session.lastRefusal || session.validation;
  const complete = buildSheet().sheet;
  const handsSent = complete ? complete.hands.length : 0;
  if (answer) {
    (answer.violations || []).forEach((v) => {
      if (v.severity !== "error" && v.severity !== "warning") { return; }
      if (v.hand && v.hand > handsSent) { return; }  // about a hand that has changed since
      const box = v.hand ? "msg-" + (v.hand - 1) + "-" + (v.team || "hand") : "msg-sheet";
      push(boxes, boxes[box] ? box : "msg-sheet", v.severity, v.message);
      if (v.hand && v.team) { mark(v.hand - 1, v.team, v.field); }
    });
    (answer.problems || []).forEach((p) => {
      const m = /^\$\.hands\[(\d+)\]\.(ns|ew)\.?([a-z_]*)/.exec(p.path || "");
      const box = m ? "msg-" + m[1] + "-" + m[2] : "msg-sheet";
      push(boxes, boxes[box] ? box : "msg-sheet", "error", p.message);
      if (m) { mark(parseInt(m[1], 10), m[2], m[3]); }
    });
  }
  messagesShown(answer, handsSent);
  Object.keys(boxes).forEach((id) => {
    const box = document.getElementById(id);
    box.innerHTML = "";
    boxes[id].forEach((item) => {
      box.appendChild(el("p", {class: item[0] === "error" ? "bad-box" : "warn-box", text: item[1]}));
    });
  });
}
