/* The table's score sheet for any game but NVSO (scoring/side_table.py): a form built from the rule set's
 * line (config.line: its fields, labels, bounds, choices, which are required), one column per side, shown
 * one side at a time so that five players fit a phone: a row of big name buttons picks the side, its hands
 * follow, and "Next" moves on. The solitaire asks one number.
 *
 * What is typed is the table's draft on the server, shared by its phones: every save names the revision it
 * started from, and a phone that is behind gets the newer draft back, keeps what it typed over it and saves
 * again. The draft's answer is the rules' live check, shown beside the hand and side it names. "Send" posts
 * a canasta-td/score-sheet@2 with an Idempotency-Key kept until it is answered (a retry sends the same key),
 * and another player at the table confirms it with their own code (or their name, where the event asks no
 * codes); a player may instead call the director. */
import {directorSave} from "./sides_director.js";
import {askBeforeSending} from "./sides_ask.js";
import {call, keepForOffline, keyFor} from "./sides_net.js";
import {gettext, interpolate} from "./i18n.js";
import {formatNumber as fmt, parseWhole} from "./numbers.js";
import {app, el} from "./table/dom.js";

const config = JSON.parse(document.getElementById("sheet-config").textContent);
const director = config.mode === "director";  // the director's page: no draft, no confirming, saved as the result
const game = "game=" + config.game;
const ids = config.sides.map((s) => s.id);
const labelOf = Object.fromEntries(config.sides.map((s) => [s.id, s.label]));
const asked = config.oneNumber ? config.line.filter((f) => f.required) : config.line;
const main = asked.filter((f) => f.required);
const more = asked.filter((f) => !f.required);
const sendKey = "sides-send-" + config.game;
const formKey = "sides-form-" + config.game;  // this device's copy, kept at every key: a reload loses nothing
let form = null;
let unsaved = false;
let dirty = false;  // typed here and not saved yet
form = startingForm();
let revision = config.draft ? config.draft.revision : 0;
let validation = config.draft ? config.draft.validation : null;
let latest = director ? null : config.latest;
let active = ids[0];
let editing = !latest || ["superseded"].includes(latest.status);
let saveTimer = null;

function url(name, extra) { return config.urls[name] + "?" + game + (extra || ""); }

function emptyHand() { return Object.fromEntries(ids.map((id) => [id, {}])); }

function startingForm() {
  const typed = config.draft && config.draft.form && Array.isArray(config.draft.form.hands) ? config.draft.form : null;
  form = typed && typed.hands.length ? {keeper: typed.keeper || firstSeat(), hands: typed.hands} : blankForm();
  let local = null;
  try { local = JSON.parse(localStorage.getItem(formKey) || "null"); } catch (e) { local = null; }
  if (!local || !Array.isArray(local.hands) || config.latest) { return form; }
  const server = form;
  form = local;
  unsaved = true;  // saved once the page is drawn: a reload may have cut the last save short
  return merged(server);  // what this device typed wins over the server's copy, which fills the rest
}

// A game of a fixed number of hands (Crazy Canasta's four deals) starts with all of them; any other with one.
function blankForm() {
  const hands = config.oneNumber ? 1 : Math.max(1, config.handsAsked || 1);
  return {keeper: firstSeat(), hands: Array.from({length: hands}, emptyHand)};
}

function typedIn(hand) { return ids.some((id) => Object.values(hand[id] || {}).some((v) => v !== "" && v !== null && v !== false)); }

function firstSeat() { return config.players ? config.sides[0].seat : null; }

function fromDocument(doc) {
  const hands = (doc.hands || []).map((hand) => Object.fromEntries(ids.map((id) => {
    const line = hand[id] || {}; const values = {};
    asked.forEach((f) => {
      const v = f.part === "details" ? (line.details || {})[f.name] : line[f.name];
      if (v !== undefined && v !== null) { values[f.name] = f.kind === "whole_number" ? String(v) : v; }
    });
    return [id, values];
  })));
  return {keeper: (latest && latest.keeper) || firstSeat(), hands: hands.length ? hands : blankForm().hands};
}

// A number typed as the page's language writes it (static/js/numbers.js): 8.500 in Spanish, 8,500 in English.
function whole(text) { return parseWhole(text).value; }

// What cannot be read in a hand's numbers of one side ("8,500" on a Spanish page), said beside the hand.
function typingErrors(hand, id) {
  const values = form.hands[hand] ? form.hands[hand][id] || {} : {};
  return asked.filter((f) => f.kind === "whole_number").map((f) => parseWhole(values[f.name]).error)
    .filter(Boolean).filter((error, i, all) => all.indexOf(error) === i);
}

function handMessages(hand, id) { return typingErrors(hand, id).concat(messagesFor(hand, id)).join(" "); }

function complete(hand) { return ids.every((id) => main.every((f) => whole((hand[id] || {})[f.name]) !== null)); }

function lineOf(values) {
  const line = {}; const details = {};
  asked.forEach((f) => {
    const v = values[f.name];
    let value = null;
    if (f.kind === "whole_number") { value = whole(v); } else if (f.kind === "yes_no") { value = v ? true : null; }
    else if (v !== undefined && v !== "" && v !== null) { value = v; }
    if (value !== null) { (f.part === "details" ? details : line)[f.name] = value; }
  });
  if (Object.keys(details).length) { line.details = details; }
  return line;
}

// The sheet from the hands whose required numbers are all typed, in order (a hand half typed waits).
function sheet() {
  const hands = [];
  for (const hand of form.hands) { if (!complete(hand)) { break; } hands.push(Object.fromEntries(ids.map((id) => [id, lineOf(hand[id])]))); }
  if (!hands.length) { return null; }
  return {format: config.format, ruleset: config.ruleset, options: config.options,
          sides: config.sides.map((s) => ({id: s.id, label: s.label})), hands: hands};
}

function handTotal(values) {
  if (main.some((f) => f.name === "base")) {
    const b = whole(values.base); const c = whole(values.count);
    return b === null || c === null ? null : b + c;
  }
  return whole(values[main[0] && main[0].name]);
}

function runningTotal(id) {
  const c = (validation && validation.computed) || {};
  const computed = c.own_final || c.final;
  if (computed && computed[id] !== undefined && sheet() && sheet().hands.length === form.hands.length) { return computed[id]; }
  return form.hands.reduce((sum, hand) => { const t = handTotal(hand[id] || {}); return t === null ? sum : sum + t; }, 0);
}

function violations() { return (validation && (validation.violations || validation.problems)) || []; }

function messagesFor(hand, id) {
  return violations().filter((v) => v.hand === hand + 1 && v.side === id).map((v) => v.message);
}

// --- Editing -------------------------------------------------------------------------------------
function fieldInput(f, hand, id) {
  const values = form.hands[hand][id];
  const name = "h" + hand + "-" + id + "-" + f.name;
  const changed = (value) => { values[f.name] = value; typed(); };
  if (f.kind === "yes_no") {
    return el("label", {class: "check-row"}, [el("input", {type: "checkbox", id: name, checked: !!values[f.name],
      onchange: (e) => changed(e.target.checked)}), " " + f.label]);
  }
  if (f.kind === "choice") {
    const select = el("select", {id: name, onchange: (e) => changed(e.target.value)},
      (f.choices || []).map((c) => el("option", {value: c.value === null ? "" : c.value, text: c.label})));
    select.value = values[f.name] || "";
    return el("div", {class: "field"}, [el("label", {for: name, text: f.label}), select]);
  }
  const input = el("input", {id: name, type: "text", inputmode: "numeric", autocomplete: "off", class: "big-number",
                             value: values[f.name] || "", "aria-describedby": "msg-" + hand + "-" + id,
                             oninput: (e) => changed(e.target.value)});
  const parts = [input];
  if (f.min < 0) {
    parts.push(el("button", {type: "button", class: "sign", "aria-label": interpolate(gettext("Minus: %(field)s"), {field: f.label}), text: "\u2212",
      onclick: () => { const n = whole(input.value); input.value = n === null ? "-" : String(-n); changed(input.value); input.focus(); }}));
  }
  return el("div", {class: "field" + (f.required ? " required" : "")}, [el("label", {for: name, text: f.label}),
    el("div", {class: "number-row"}, parts)]);
}

function sideTabs() {
  if (ids.length < 2) { return null; }
  return el("div", {class: "side-tabs", role: "group", "aria-label": gettext("Whose numbers")}, config.sides.map((s) =>
    el("button", {type: "button", id: "side-" + s.id, class: "side-tab", "aria-pressed": String(s.id === active),
      onclick: () => { active = s.id; render(); }},
      [el("span", {class: "tab-name", text: s.label}), el("span", {class: "tab-total", id: "tab-total-" + s.id,
        text: fmt(runningTotal(s.id))})])));
}

function keeperChoice() {
  if (director || !config.players || ids.length < 2) { return null; }
  const select = el("select", {id: "keeper", onchange: (e) => { form.keeper = parseInt(e.target.value, 10); typed(); }},
    config.sides.map((s) => el("option", {value: s.seat, text: s.label})));
  select.value = String(form.keeper);
  return el("div", {class: "field keeper"}, [el("label", {for: "keeper", text: gettext("Who keeps the score?")}), select]);
}

function handCard(hand) {
  const values = form.hands[hand][active];
  const card = el("section", {class: "hand card", "aria-label": interpolate(gettext("Hand %(hand)s"), {hand: hand + 1})}, [
    config.oneNumber ? null : el("h2", {text: interpolate(gettext("Hand %(hand)s"), {hand: hand + 1})}),
    ...main.map((f) => fieldInput(f, hand, active)),
    more.length ? el("details", {class: "more", open: more.some((f) => values[f.name] !== undefined && values[f.name] !== "" && values[f.name] !== false) || null},
      [el("summary", {text: gettext("More for this hand (if your sheet has it)")}), ...more.map((f) => fieldInput(f, hand, active))]) : null,
    el("p", {class: "msg bad", id: "msg-" + hand + "-" + active, text: handMessages(hand, active)}),
  ]);
  return card;
}

function render() {
  clearInterval(poller); if (!director) { poller = setInterval(poll, 8000); }
  if (!editing && latest) { return renderLatest(); }
  const index = ids.indexOf(active);
  const next = ids[index + 1];
  const items = [keeperChoice(), sideTabs(),
    el("h2", {class: "active-side", id: "active-side", text: labelOf[active]}),
    ...form.hands.map((_, hand) => handCard(hand)),
    el("p", {class: "running", id: "running", text: config.oneNumber ? "" : interpolate(gettext("Total: %(total)s"), {total: fmt(runningTotal(active))})}),
    el("div", {class: "messages", id: "messages", role: "status"}),
    el("div", {class: "actions"}, [
      next ? el("button", {type: "button", id: "next-side", class: "big", text: interpolate(gettext("Next: %(side)s \u203a"), {side: labelOf[next]}),
        onclick: () => { active = next; render(); window.scrollTo(0, 0); }}) : null,
      config.oneNumber || (config.handsAsked && form.hands.length >= config.handsAsked) ? null : el("button", {type: "button", id: "add-hand", class: "secondary", text: interpolate(gettext("Add hand %(hand)s"), {hand: form.hands.length + 1}),
        onclick: () => { form.hands.push(emptyHand()); active = ids[0]; typed(); render(); }}),
      el("button", {type: "button", id: "send", class: "big primary", text: director ? gettext("Save as the game's result") : gettext("Check and send the sheet"), onclick: send}),
    ]),
    el("div", {id: "review"}),
  ];
  app.replaceChildren(...items.filter(Boolean));
  showSheetMessages();
}

function showSheetMessages() {
  const box = document.getElementById("messages");
  if (!box) { return; }
  const general = violations().filter((v) => v.hand === null || v.hand === undefined || !v.side || !ids.includes(v.side));
  box.replaceChildren(...general.map((v) => el("p", {class: v.severity && v.severity !== "error" ? "muted" : "bad",
                                                     text: v.message})));
  form.hands.forEach((_, hand) => { const m = document.getElementById("msg-" + hand + "-" + active); if (m) { m.textContent = handMessages(hand, active); } });
  ids.forEach((id) => { const t = document.getElementById("tab-total-" + id); if (t) { t.textContent = fmt(runningTotal(id)); } });
  const running = document.getElementById("running");
  if (running && !config.oneNumber) { running.textContent = interpolate(gettext("Total: %(total)s"), {total: fmt(runningTotal(active))}); }
}

function typed() {
  dirty = true;
  try { localStorage.setItem(formKey, JSON.stringify(form)); } catch (e) { /* a full or private storage: the server's draft remains */ }
  clearTimeout(saveTimer); if (!director) { saveTimer = setTimeout(saveDraft, 600); } showSheetMessages(); }

function merged(theirs) {
  const hands = (theirs.hands || []).slice();
  form.hands.forEach((hand, i) => {
    hands[i] = hands[i] || emptyHand();
    ids.forEach((id) => { Object.keys(hand[id] || {}).forEach((name) => {
      const v = hand[id][name]; if (v !== "" && v !== undefined && v !== null) { hands[i][id] = hands[i][id] || {}; hands[i][id][name] = v; }
    }); });
  });
  return {keeper: form.keeper || theirs.keeper, hands: hands};
}

// Another phone's typing, shown here while this one types nothing (a field being typed in keeps its focus).
function followDraft() {
  const typing = dirty || (document.activeElement && app.contains(document.activeElement) && document.activeElement.tagName === "INPUT");
  if (typing) { return; }
  call("GET", url("draft")).then((r) => {
    if (r.status !== 200 || r.data.revision <= revision || dirty || !r.data.form || !Array.isArray(r.data.form.hands)) { return; }
    form = {keeper: r.data.form.keeper || form.keeper, hands: r.data.form.hands};
    revision = r.data.revision; validation = r.data.validation;
    try { localStorage.setItem(formKey, JSON.stringify(form)); } catch (e) { /* the server's draft remains */ }
    render();
  }, () => null);
}

function saveDraft() {
  dirty = false;
  return call("PUT", url("draft"), {form: form, sheet: sheet(), revision: revision}).then((r) => {
    if (r.status === 200) { revision = r.data.revision; validation = r.data.validation; showSheetMessages(); }
    else if (r.status === 409 && r.data.code === "draft_changed" && r.data.draft) {
      form = merged(r.data.draft.form || {}); revision = r.data.draft.revision; render(); return saveDraft();
    }
    return null;
  }, () => { dirty = true; return null; });
}

// --- Sending ---------------------------------------------------------------------------------------
function send(review, reason, sure) {
  clearTimeout(saveTimer);
  const doc = sheet();
  const box = document.getElementById("messages");
  if (!doc) { box.replaceChildren(el("p", {text: gettext("Type every player's numbers for hand 1 first.")})); return null; }
  if (form.hands.slice(doc.hands.length).some(typedIn)) {  // a hand half typed; hands not begun are left out
    box.replaceChildren(el("p", {text: interpolate(gettext("Hand %(hand)s is not complete: type every player's numbers, or ask the director."), {hand: doc.hands.length + 1})}));
    return null;
  }
  if (review !== true && !director && !sure && askBeforeSending(doc, () => send(review, reason, true))) { return null; }
  if (director) { return directorSave(doc, config, (answer) => { validation = answer; showSheetMessages(); }); }
  const extra = (config.players ? "&keeper=" + form.keeper : "") + (review === true ? "&review=1&reason=" + encodeURIComponent(reason) : "");
  document.getElementById("send").disabled = true;
  return call("POST", url("sheet", extra), doc, {"Idempotency-Key": keyFor(sendKey, doc)}).then((r) => {
    if (r.status === 201 || r.status === 202) {
      localStorage.removeItem(sendKey);
      localStorage.removeItem(formKey);
      if (r.status === 202) { app.replaceChildren(el("p", {class: "ok-box", text: r.data.detail})); return null; }
      return readLatest().then(() => { editing = false; render(); });
    }
    document.getElementById("send").disabled = false;
    if (r.status === 422) { validation = r.data; showSheetMessages(); offerReview(); return null; }
    const words = r.data.problems ? r.data.problems.map((p) => p.message) : [r.data.detail || gettext("The sheet was not sent.")];
    box.replaceChildren(...words.map((m) => el("p", {text: m})));
    return null;
  }, () => {  // no connection: sent again, with the same key, as soon as it is back
    document.getElementById("send").disabled = false;
    box.replaceChildren(el("p", {text: gettext("No connection: the sheet will be sent as soon as the connection is back.")}));
    window.addEventListener("online", () => { if (editing) { send(review, reason, true); } }, {once: true});
  });
}

function offerReview() {
  const reason = el("textarea", {id: "review-reason", rows: "2", "aria-label": gettext("Why the director should look at it")});
  document.getElementById("review").replaceChildren(el("div", {class: "card"}, [
    el("p", {text: gettext("The sheet has mistakes (above). Correct them, or send it to the director with a few words.")}),
    reason, el("button", {type: "button", id: "send-review", class: "secondary", text: gettext("Send to the director"),
      onclick: () => send(true, reason.value)})]));
}

// --- After sending ---------------------------------------------------------------------------------
function readLatest() {
  return call("GET", url("sheet")).then((r) => {
    if (r.status === 200) { latest = Object.assign({}, r.data, {totals: totalsOf(r.data.validation, r.data)}); }
    return latest;
  });
}

function totalsOf(answer, data) {
  const c = (answer && answer.computed) || {};
  const final = c.own_final || c.final;
  if (final) { return final; }
  return {ns: data.ns_total, ew: data.ew_total};
}

// Each side's total; where the game credits a partner's points too (the five-player game), those under it.
function totalsList(totals) {
  const c = (latest.validation && latest.validation.computed) || {};
  const credited = c.credited_final || {};
  return el("ol", {class: "final-totals"}, config.sides.map((s) => el("li", {}, [
    el("span", {class: "tab-name"}, [s.label, credited[s.id] === undefined ? null
      : el("span", {class: "credited", id: "credited-" + s.id, text: interpolate(gettext("with partner: %(points)s"), {points: fmt(credited[s.id])})})]),
    el("strong", {class: "big-number", id: "final-" + s.id, text: fmt(totals[s.id])})])));
}

function keeperName() {
  if (!config.players) { return labelOf.ns; }
  const side = config.sides.find((s) => s.seat === latest.keeper);
  return side ? side.label : "";
}

function renderLatest() {
  const status = latest.status;
  const parts = [el("h2", {id: "sheet-state", text: {
    submitted: ids.length > 1 ? gettext("Sent. Another player confirms the scores.") : gettext("Sent. Confirm your number with your code."),
    accepted: gettext("Confirmed: the result is final."), flagged: gettext("Sent to the director, who will settle it."),
    disputed: gettext("Disputed: the director has been called.")}[status] || status}),
    totalsList(latest.totals || {}),
    el("p", {class: "muted", text: keeperName()
      ? interpolate(gettext("Version %(version)s, kept by %(keeper)s."), {version: latest.version, keeper: keeperName()})
      : interpolate(gettext("Version %(version)s."), {version: latest.version})})];
  if (status === "submitted" && !latest.locked) { parts.push(confirmPanel()); }
  if (latest.locked) { parts.push(el("p", {class: "bad-box", text: gettext("Too many wrong codes: call the director.")})); }
  if (status === "submitted" || status === "flagged") {
    parts.push(el("button", {type: "button", id: "change-sheet", class: "secondary", text: gettext("Change the sheet"),
      onclick: () => { form = fromDocument(latest.document); editing = true; render(); saveDraft(); }}));
  }
  app.replaceChildren(...parts);
}

function confirmPanel() {
  const others = config.players && ids.length > 1 ? config.sides.filter((s) => s.seat !== latest.keeper) : [];
  const items = [];
  let seat = null;
  if (config.requireCode) {
    items.push(el("label", {for: "confirm-code", text: config.players ? gettext("Your player code (on your card)") : gettext("East-West's team code")}),
               el("input", {id: "confirm-code", type: "text", inputmode: "numeric", autocomplete: "off", class: "big-number", maxlength: "10"}));
  } else if (others.length) {
    items.push(el("p", {text: gettext("Who confirms? Tap your name.")}), el("div", {class: "side-tabs", role: "group"}, others.map((s) =>
      el("button", {type: "button", class: "side-tab", id: "confirm-seat-" + s.seat, "aria-pressed": "false",
        onclick: (e) => { seat = s.seat; e.currentTarget.parentNode.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b === e.currentTarget))); }},
        [el("span", {class: "tab-name", text: s.label})]))));
  }
  const said = el("p", {class: "msg bad", id: "confirm-msg", role: "alert"});
  const code = () => { const input = document.getElementById("confirm-code"); return input ? input.value.trim() : ""; };
  const decide = (kind, reason) => call("POST", url(kind), {code: code(), seat: seat, version: latest.version, reason: reason || ""})
    .then((r) => { if (r.status === 200) { return readLatest().then(render); } said.textContent = r.data.detail || gettext("Not accepted."); return null; });
  const why = el("textarea", {id: "dispute-reason", rows: "2", "aria-label": gettext("What is wrong")});
  return el("div", {class: "card confirm"}, [...items,
    el("button", {type: "button", id: "confirm", class: "big primary", text: gettext("The scores are right: confirm"), onclick: () => decide("accept")}),
    said,
    el("details", {class: "dispute"}, [el("summary", {text: gettext("Something is wrong")}), why,
      el("button", {type: "button", id: "dispute", class: "secondary", text: gettext("Call the director"), onclick: () => decide("dispute", why.value)})])]);
}

let poller = null;
function poll() {
  if (document.hidden) { return; }
  if (editing) { followDraft(); }
  call("GET", url("sheet")).then((r) => {
    if (r.status !== 200) { return; }
    const changed = !latest || r.data.version !== latest.version || r.data.status !== latest.status;
    if (!changed) { return; }
    latest = Object.assign({}, r.data, {totals: totalsOf(r.data.validation, r.data)});
    if (!editing || latest.status !== "superseded") { editing = false; render(); }
  }, () => null);
}

if (config.final && config.result && !latest) {
  latest = {status: "accepted", version: 0, totals: config.result, keeper: null, locked: false};
}
if (director) { form = config.start ? fromDocument(config.start) : blankForm(); }
render();
if (unsaved && editing && !director) { saveDraft(); }
keepForOffline(config.urls.worker);
