/* After submitting: the sheet handed to the opponents (East-West check it and accept, with their team code
 * when the event asks for one, or call the director), the screens that wait for the director (flagged,
 * disputed, too many wrong team codes), and the final result. While it waits, the page polls the server,
 * and reloads when the director seats the table's next game.
 *
 * Another phone at the table may send a new version while this one shows the old: the page follows it,
 * and an answer about the replaced version (refused by the server as stale) shows the new one. Either way
 * a note says plainly that the sheet changed and what changed, so the opponents check it again. */
import {documentChanges, sentences} from "./changes.js";
import {app, el, gettext, interpolate, signed, sumWords} from "./dom.js";
import {renderEdit} from "./form.js";
import {named, online, poll, request} from "./net.js";
import {formFromDocument} from "./sheet.js";
import {correctingKey, store, storeKey} from "./storage.js";
import {config, session, SIDES} from "./state.js";
import {forgetBase} from "./drafts.js";
import {clearNote, showNote} from "./notes.js";

const WAITING_EVERY = 5000;  // the opponents may be reading an old version: follow a new one soon

function seatWords(side) { return side === "ns" ? gettext("North-South") : gettext("East-West"); }

// The sheet as the opponents check it: a table on a wide screen; on a phone, each hand stacked, one team's
// line under the other with its seat beside the numbers (table.css), so no number is squeezed into a
// narrow column. The roles are explicit: a table drawn as blocks keeps them for screen readers.
function sheetTable(doc) {
  const seat = (side) => el("span", {class: "sum-seat", "aria-hidden": "true", text: seatWords(side)});
  const cells = (values) => SIDES.map((side) => el("td", {class: "num", role: "cell"}, [seat(side), values(side)]));
  const rows = (doc.hands || []).map((hand, i) =>
    el("tr", {role: "row"}, [el("th", {scope: "row", role: "rowheader", text: interpolate(gettext("Hand %(hand)s"), {hand: i + 1})})].concat(cells((side) => {
      const line = hand[side] || {};
      const words = sumWords(line.base, line.count), at = words.lastIndexOf(" = ");
      return el("span", {class: "sum"}, [words.slice(0, at + 3), el("strong", {text: words.slice(at + 3)})]);
    }))));
  const final = doc.final || {};
  rows.push(el("tr", {class: "final-row", role: "row"}, [el("th", {scope: "row", role: "rowheader", text: gettext("Final")})]
    .concat(cells((side) => el("strong", {class: "sum", text: signed(final[side])})))));
  return el("table", {class: "grid sheet-summary", role: "table"}, [
    el("thead", {role: "rowgroup"}, [el("tr", {role: "row"}, [el("th", {class: "corner", scope: "col", role: "columnheader"}, [
      el("span", {class: "sum-hidden", text: gettext("Hand")})])].concat(SIDES.map((side) =>
      // Team names, not "We"/"They": East-West may be the ones holding the device.
      el("th", {class: "num", scope: "col", role: "columnheader"}, [
        el("span", {class: "sum-team", text: config[side]}), " ",
        el("span", {class: "side-label", text: seatWords(side)})])
    )))]),
    el("tbody", {role: "rowgroup"}, rows)]);
}

// Who won, in words; the seat kept whole ("North-South" never broken at its hyphen). Text and elements:
// the sentence is translated whole, and the seat's element goes where the translation puts %(seat)s.
function winnerText(ns, ew) {
  if (ns === null || ns === undefined) { return []; }
  if (ns === ew) { return [interpolate(gettext("A tie: %(points)s each."), {points: signed(ns)})]; }
  const side = ns > ew ? "ns" : "ew", mark = "\uE000";
  const words = interpolate(gettext("%(team)s %(seat)s win, %(winner)s to %(loser)s."), {
    team: config[side], seat: mark, winner: signed(Math.max(ns, ew)), loser: signed(Math.min(ns, ew))});
  const at = words.indexOf(mark);
  const seat = el("span", {class: "nowrap", text: "(" + seatWords(side) + ")"});
  return at < 0 ? [words] : [words.slice(0, at), seat, words.slice(at + mark.length)];
}

// The scorekeeper takes the submitted sheet back to the form, and the device remembers it is a correction.
function correctButton() {
  return el("button", {type: "button", class: "secondary", id: "correct-sheet", text: gettext("Scorekeeper: correct the sheet"),
                       onclick: () => {
                         const latest = session.latest;
                         store(correctingKey, latest.version);
                         session.state = formFromDocument(latest.document);
                         store(storeKey, session.state);
                         session.validation = latest.validation;
                         session.latest = null;
                         renderEdit();
                       }});
}

function confirmScreen(latest, doc) {
  const code = config.requireCode ? el("input", {id: "team-code", type: "text", inputmode: "numeric",
    pattern: "[0-9]*", maxlength: 4, autocomplete: "off", class: "code-input"}) : null;
  const note = el("p", {id: "decision-status", class: "status-line", role: "status"});
  const disputeReason = el("textarea", {id: "dispute-reason", rows: 2, maxlength: 2000, placeholder: gettext("What is wrong? (optional)")});
  app.appendChild(el("section", {class: "card confirm"}, [
    el("h2", {text: gettext("East-West: please check the sheet")}),
    el("p", {text: interpolate(gettext("Hand the device to %(team)s."), {team: config.ew})}),
    sheetTable(doc),
    el("p", {class: "winner"}, winnerText(latest.ns_total, latest.ew_total)),
    code ? el("label", {for: "team-code", text: gettext("East-West's team code (4 digits, on your team card)")}) : null,
    code,
    el("div", {class: "actions"}, [
      el("button", {type: "button", id: "accept-sheet", class: "big ok", text: gettext("We agree: accept"),
                    onclick: () => { decide("accept", {code: code ? code.value : "", version: session.latest.version}, note); }})
    ]),
    el("details", {class: "dispute"}, [el("summary", {text: gettext("We do not agree")}),
      el("label", {for: "dispute-reason", text: gettext("Tell the director what is wrong")}), disputeReason,
      el("button", {type: "button", id: "dispute-sheet", class: "danger", text: gettext("Call the director"),
                    onclick: () => { decide("dispute", {reason: disputeReason.value, version: session.latest.version}, note); }})]),
    note
  ]));
  app.appendChild(el("div", {class: "actions"}, [correctButton()]));
  pollEvery(WAITING_EVERY);
}

export function showLatest() {
  const latest = session.latest;
  if (!latest) { renderEdit(); return; }
  app.innerHTML = "";
  const doc = latest.document || {};
  if (latest.status === "submitted" && latest.locked) {
    app.appendChild(el("section", {class: "card warn-box", id: "waiting"}, [
      el("h2", {text: gettext("Too many wrong team codes")}),
      el("p", {text: gettext("The director has been called: stay at the table. Only the director can settle this sheet now.")}),
      sheetTable(doc)]));
    pollEvery(15000);
  } else if (latest.status === "submitted") {
    confirmScreen(latest, doc);
  } else if (latest.status === "flagged" || latest.status === "disputed") {
    app.appendChild(el("section", {class: "card warn-box", id: "waiting"}, [
      el("h2", {text: latest.status === "flagged" ? gettext("Sent to the director") : gettext("The director has been called")}),
      el("p", {text: gettext("Stay at the table: the director will come and settle the sheet.")}),
      sheetTable(doc)]));
    // A sheet the scorekeeper sent may still be corrected at the table; a disputed one only by the director.
    if (latest.status === "flagged") { app.appendChild(el("div", {class: "actions"}, [correctButton()])); }
    pollEvery(15000);
  } else {
    app.appendChild(el("section", {class: "card ok-box", id: "final"}, [
      el("h2", {text: gettext("Accepted: the result is final")}),
      el("p", {class: "winner"}, winnerText(latest.ns_total, latest.ew_total)),
      sheetTable(doc),
      el("p", {class: "muted", text: gettext("This page shows the next game when the director seats it.")})]));
    store(storeKey, null);
    forgetBase();
    pollEvery(30000);
  }
}

function decide(kind, body, note) {
  note.textContent = gettext("Sending…");
  note.className = "status-line";
  const slow = () => { note.textContent = gettext("Still sending… the server is slow to answer."); };
  request("POST", named(kind === "accept" ? config.urls.accept : config.urls.dispute), body, undefined,
          {wait: 60000, slow: slow}).then((r) => {
    if (r.status === 200) {
      clearNote();  // a note about an earlier version is answered now
      session.latest.status = r.data.status;
      online(true, "");
      showLatest();
    } else if (r.status === 403 && document.getElementById("team-code")) {
      note.textContent = r.data.detail; note.className = "status-line bad-box";
      document.getElementById("team-code").setAttribute("aria-invalid", "true");
      document.getElementById("team-code").focus();
    } else {
      note.textContent = r.data.detail || gettext("That did not work: ask the director."); note.className = "status-line bad-box";
      refresh(r.data.code === "stale" ? WAITING_EVERY : 0, r.data.code === "stale" ? kind : "");
    }
  }, (error) => {
    if (error && error.slow) {  // it may have been recorded: the sheet's state says, when the server answers
      note.textContent = gettext("The server did not answer in time: your answer may have been recorded. Checking…");
      note.className = "status-line warn-box";
      refresh(WAITING_EVERY);
      return;
    }
    note.textContent = gettext("No connection: nothing was sent. Tap again in a moment.");
    note.className = "status-line warn-box";
  });
}

function pollEvery(every) {
  poll(every, () => {
    if (document.visibilityState === "hidden") { pollEvery(every); return; }  // read when it is seen again
    refresh(every);
  });
}

// A new version replaced the one this page showed: say so, and what changed. `refused` is the answer
// ("accept" or "dispute") the server refused because it was about the old version.
function replaced(before, after, refused) {
  const director = after.source === "director";
  const what = refused
    ? (director ? gettext("Your answer was not recorded: the sheet was changed by the director.")
                : gettext("Your answer was not recorded: the sheet was changed on another phone at this table."))
    : (director ? gettext("The sheet was changed by the director.")
                : gettext("The sheet was changed on another phone at this table."));
  const next = after.status === "submitted"
    ? gettext("Here is the new version (version %(version)s): check it before you accept.")
    : gettext("Here is the new version (version %(version)s).");
  const title = what + " " + interpolate(next, {version: after.version});
  showNote(title, sentences(documentChanges(before.document, after.document), {ns: config.ns, ew: config.ew}));
}

// Ask the server for the sheet's state: a new version or status redraws the screen; a new game reloads.
// (Not named: the table's latest game is what tells the page the director has seated the next one.)
// The promise is the sheet as the page now shows it (none before the first).
export function refresh(every, refused) {
  return request("GET", config.urls.sheet).then((r) => {
    if (r.data.game && r.data.game !== config.game) { window.location.reload(); return session.latest; }
    const latest = session.latest;
    if (r.status === 200 && (!latest || r.data.version !== latest.version || r.data.status !== latest.status ||
                             !!r.data.locked !== !!latest.locked)) {
      session.latest = r.data;
      showLatest();
      if (latest && latest.version && r.data.version !== latest.version) { replaced(latest, r.data, refused); }
      return session.latest;
    }
    if (every) { pollEvery(every); }
    return session.latest;
  }, () => { if (every) { pollEvery(every * 2); } return session.latest; });
}
