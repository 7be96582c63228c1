/* The score sheet at the table (and the director's copy of it).
 *
 * Number fields are type="text" with inputmode="numeric": phones open the big digit keypad, but
 * iOS's numeric keypad has no minus key, so every number field has a ± button beside it. We avoid
 * type="number": it swallows what it cannot parse (value "" for "-"), changes with a scroll wheel and
 * accepts "1e5". What is typed goes to localStorage at once and, debounced, to the server's draft, whose
 * answer puts the rules' messages beside the fields while the scorekeeper types. A submission gets one
 * client key, kept with the sheet until the server answers, so a retry after a lost connection (or a
 * second tap on Submit) is stored once. A scorekeeper's correction of a submitted or flagged version
 * is remembered ("correcting version N"), so a reload returns to the form rather than to the old sheet.
 *
 * Practice mode (the sheet check page, config.mode "practice") is the same form with nothing to submit:
 * no game, no pending submission, no opponents' screen. What is typed is kept in localStorage under a
 * practice key (a reload keeps it; "Start again" clears it) and goes to the public check endpoint, which
 * answers the rules' messages as the table's draft endpoint does and stores nothing.
 */
(function () {
  "use strict";

  var config = JSON.parse(document.getElementById("sheet-config").textContent);
  var app = document.getElementById("sheet-app");
  var connection = document.getElementById("connection");
  var director = config.mode === "director";
  var practice = config.mode === "practice";
  var storeKey = practice ? "canasta-sheet:practice" : "canasta-sheet:" + (director ? "director:" : "") + config.game;
  var pendingKey = "canasta-pending:" + config.game;
  var correctingKey = "canasta-correcting:" + config.game;
  var SIDES = ["ns", "ew"];
  var SIDE_NAMES = {ns: "We · North-South", ew: "They · East-West"};
  var TEAM_LABEL_LIMIT = 200;  // the score-sheet format's limit; a team's name may be longer
  var DETAILS = [
    {name: "red_threes", label: "Red threes", type: "int", max: 4},
    {name: "black_threes", label: "Black threes", type: "int", max: 4},
    {name: "pure_canastas", label: "Pure canastas (500)", type: "int", max: 11},
    {name: "mixed_canastas", label: "Mixed canastas (300)", type: "int", max: 11},
    {name: "sevens_canasta", label: "Canasta of sevens", type: "bool"},
    {name: "aces_canasta", label: "Pure canasta of aces", type: "bool"},
    {name: "wild_canasta", label: "Wild-card canasta", type: "choice",
     choices: [["", "None"], ["all_deuces", "All deuces"], ["four_jokers", "Four jokers, three deuces"],
               ["mixed", "Jokers with deuces"]]},
    {name: "went_out", label: "Went out", type: "bool"},
    {name: "special_hand", label: "Special hand", type: "choice",
     choices: [["", "None"], ["pairs", "Pairs"], ["pairs_natural", "Natural pairs"], ["garbage", "Garbage"],
               ["straight", "Straight"]]},
    {name: "incomplete_sevens", label: "Unfinished sevens", type: "bool"},
    {name: "incomplete_aces", label: "Unfinished aces", type: "bool"},
    {name: "incomplete_wilds", label: "Unfinished wild cards", type: "choice",
     choices: [["", "None"], ["four_jokers", "With all four jokers"], ["other", "Other"]]},
    {name: "stuck_aces", label: "Players stuck with aces", type: "int", max: 2},
    {name: "stuck_sevens", label: "Players stuck with sevens", type: "int", max: 2}
  ];

  var state = null;          // {hands: [{ns: {base, count, details}, ew: {...}}], savedAt}
  var latest = config.latest || null;
  var validation = null;     // the last answer from the server for the complete hands
  var draftTimer = null, draftSeq = 0, pollTimer = null, retryTimer = null, retryDelay = 2000;
  var lastRefusal = null;
  var sending = false;       // a submission is on its way: the Submit buttons wait for its answer

  // --- helpers -------------------------------------------------------------------------------------

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === "text") { node.textContent = attrs[key]; }
      else if (key === "class") { node.className = attrs[key]; }
      else if (key.slice(0, 2) === "on") { node.addEventListener(key.slice(2), attrs[key]); }
      else if (attrs[key] !== null && attrs[key] !== undefined && attrs[key] !== false) {
        node.setAttribute(key, attrs[key] === true ? "" : attrs[key]);
      }
    });
    (children || []).forEach(function (child) {
      if (child) { node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); }
    });
    return node;
  }

  function fmt(n) { return (n === null || n === undefined || isNaN(n)) ? "–" : Number(n).toLocaleString("en-US"); }

  // "" -> null; "2,200", " -300", "−300" -> numbers; anything else -> NaN
  function parseNum(text) {
    var clean = String(text === undefined || text === null ? "" : text).replace(/[\s,]/g, "").replace(/\u2212/g, "-");
    if (clean === "") { return null; }
    return /^-?\d{1,6}$/.test(clean) ? parseInt(clean, 10) : NaN;
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);   // randomUUID needs HTTPS; venue links may be plain http
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function load(key) {
    try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function store(key, value) {
    try {
      if (value === null) { window.localStorage.removeItem(key); }
      else { window.localStorage.setItem(key, JSON.stringify(value)); }
    } catch (e) { /* private mode or full: the server draft still has it */ }
  }

  // At most 200 characters (code points: an emoji is not cut in half), as the sheet format allows.
  function teamLabel(name) {
    var chars = Array.from(String(name || ""));
    return chars.length > TEAM_LABEL_LIMIT ? chars.slice(0, TEAM_LABEL_LIMIT).join("") : chars.join("");
  }

  function csrf() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function request(method, url, body, headers) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) { controller.abort(); } }, 15000);
    var allHeaders = {"Content-Type": "application/json", "Accept": "application/json"};
    Object.keys(headers || {}).forEach(function (k) { allHeaders[k] = headers[k]; });
    if (director) { allHeaders["X-CSRFToken"] = csrf(); }
    return fetch(url, {method: method, headers: allHeaders, credentials: "same-origin",
                       body: body === undefined ? undefined : JSON.stringify(body),
                       signal: controller ? controller.signal : undefined})
      .then(function (response) {
        clearTimeout(timer);
        return response.text().then(function (text) {
          var data = null;
          try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
          return {status: response.status, data: data || {}};
        });
      }, function (error) { clearTimeout(timer); throw error; });
  }

  function online(ok, text) {
    connection.hidden = ok && !text;
    connection.className = "connection " + (ok ? "ok" : "offline");
    connection.textContent = text || "";
  }

  // --- the form's state ----------------------------------------------------------------------------

  function emptyLine() { return {base: "", count: "", details: null}; }
  function emptyHand() { return {ns: emptyLine(), ew: emptyLine()}; }

  function formFromDocument(doc) {
    var hands = (doc && doc.hands) || [];
    return {savedAt: Date.now(), hands: hands.length ? hands.map(function (hand) {
      var out = {};
      SIDES.forEach(function (side) {
        var line = hand[side] || {};
        out[side] = {base: line.base === undefined ? "" : String(line.base),
                     count: line.count === undefined ? "" : String(line.count),
                     details: line.details || null};
      });
      return out;
    }) : [emptyHand()]};
  }

  function lineNumbers(line) { return {base: parseNum(line.base), count: parseNum(line.count)}; }
  function isNumber(n) { return typeof n === "number" && !isNaN(n); }

  function cleanDetails(details) {
    if (!details) { return null; }
    var out = {}, any = false;
    DETAILS.forEach(function (d) {
      var v = details[d.name];
      if (d.type === "int" && parseInt(v, 10) > 0) { out[d.name] = parseInt(v, 10); any = true; }
      if (d.type === "bool" && v === true) { out[d.name] = true; any = true; }
      if (d.type === "choice" && v) { out[d.name] = v; any = true; }
    });
    return any ? out : null;
  }

  // The sheet in the shared format, from the hands whose four numbers are all typed (in order).
  function buildSheet() {
    var hands = [], running = {ns: 0, ew: 0}, complete = true;
    for (var i = 0; i < state.hands.length; i++) {
      var hand = state.hands[i], out = {}, ok = true;
      SIDES.forEach(function (side) {
        var n = lineNumbers(hand[side]);
        if (!isNumber(n.base) || !isNumber(n.count)) { ok = false; }
      });
      if (!ok) { complete = false; break; }
      SIDES.forEach(function (side) {
        var n = lineNumbers(hand[side]);
        running[side] += n.base + n.count;
        out[side] = {base: n.base, count: n.count, total: n.base + n.count, cumulative: running[side]};
        var details = cleanDetails(hand[side].details);
        if (details) { out[side].details = details; }
      });
      hands.push(out);
    }
    if (!hands.length) { return {sheet: null, complete: false}; }
    var sheet = {format: "canasta-td/score-sheet@1", ruleset: config.ruleset || "nvso",
                 teams: {ns: teamLabel(config.ns), ew: teamLabel(config.ew)}, hands: hands};
    if (complete) {
      sheet.final = {ns: running.ns, ew: running.ew};
      sheet.winner = running.ns === running.ew ? "tie" : (running.ns > running.ew ? "ns" : "ew");
    }
    return {sheet: sheet, complete: complete};
  }

  function changed() {
    state.savedAt = Date.now();
    store(storeKey, state);
    lastRefusal = null;
    updateTotals();
    showMessages();
    if (!director) {
      clearTimeout(draftTimer);
      draftTimer = setTimeout(saveDraft, 700);
    }
  }

  function saveDraft() {
    var seq = ++draftSeq, built = buildSheet();
    if (practice && !built.sheet) {  // no complete hand: nothing for the rules to check, nothing to keep
      validation = null;
      showMessages();
      return;
    }
    // Practice keeps nothing on the server, so it sends only the sheet to check.
    request("PUT", config.urls.draft, practice ? {sheet: built.sheet} : {form: state, sheet: built.sheet}).then(function (r) {
      if (seq !== draftSeq) { return; }
      if (r.status === 200) {
        online(true, "");
        validation = r.data.validation;
        showMessages();
      } else if (practice) {
        online(false, (r.status === 429 ? "Many checks at once: " : "The rules' messages did not come (" + r.status + "): ") +
               "they come back in a moment. What you typed is kept on this device.");
        draftTimer = setTimeout(saveDraft, 10000);
      } else if (r.status === 409) {
        online(false, r.data.detail || "This game is over.");
      } else {
        online(false, "Saved on this device. The server did not take the draft (" + r.status + "); it will try again.");
        draftTimer = setTimeout(saveDraft, 10000);
      }
    }, function () {
      if (seq !== draftSeq) { return; }
      online(false, practice ? "No connection: the rules' messages come back with the connection. What you type is kept on this device."
                             : "No connection: what you type is kept on this device and sent when the connection is back.");
      draftTimer = setTimeout(saveDraft, 8000);
    });
  }

  // --- the sheet form ------------------------------------------------------------------------------

  function numberField(h, side, name, label) {
    var id = "h" + h + "-" + side + "-" + name;
    var input = el("input", {id: id, type: "text", inputmode: "numeric", pattern: "-?[0-9,]*",
                             autocomplete: "off", enterkeyhint: "next", class: "num-input",
                             "data-hand": h, "data-side": side, "data-field": name,
                             "aria-describedby": "msg-" + h + "-" + side});
    input.value = state.hands[h][side][name];
    input.addEventListener("input", function () { state.hands[h][side][name] = input.value; changed(); });
    var sign = el("button", {type: "button", class: "sign", "aria-label": "Change the sign of " + label,
                             text: "±", onclick: function () {
      var v = input.value.trim();
      input.value = v.charAt(0) === "-" ? v.slice(1) : "-" + v;
      state.hands[h][side][name] = input.value;
      input.focus();
      changed();
    }});
    return el("div", {class: "field"}, [el("label", {for: id, text: label}), el("div", {class: "num-row"}, [sign, input])]);
  }

  function detailsPanel(h, side) {
    var details = state.hands[h][side].details || {};
    var note = el("p", {class: "details-note muted", "aria-live": "polite"});
    var asked = 0;  // answers can overtake each other on a slow connection: only the last question counts
    var fields = DETAILS.map(function (d) {
      var id = "h" + h + "-" + side + "-d-" + d.name, input;
      if (d.type === "bool") {
        input = el("input", {id: id, type: "checkbox"});
        input.checked = details[d.name] === true;
        return el("label", {class: "check", for: id}, [input, " " + d.label]);
      }
      if (d.type === "choice") {
        input = el("select", {id: id}, d.choices.map(function (c) {
          var o = el("option", {value: c[0], text: c[1]}); o.selected = (details[d.name] || "") === c[0]; return o;
        }));
      } else {
        input = el("select", {id: id}, Array.apply(null, {length: d.max + 1}).map(function (_, n) {
          var o = el("option", {value: String(n), text: String(n)}); o.selected = (details[d.name] || 0) === n; return o;
        }));
      }
      return el("div", {class: "field"}, [el("label", {for: id, text: d.label}), input]);
    });
    var panel = el("details", {class: "details-panel"}, [
      el("summary", {text: "Details: fill in Base"}), el("div", {class: "details-grid"}, fields), note]);
    panel.addEventListener("change", function () {
      var next = {};
      DETAILS.forEach(function (d) {
        var input = document.getElementById("h" + h + "-" + side + "-d-" + d.name);
        next[d.name] = d.type === "bool" ? input.checked : (d.type === "int" ? parseInt(input.value, 10) : input.value);
      });
      state.hands[h][side].details = next;
      var clean = cleanDetails(next);
      if (!clean) { asked++; changed(); return; }
      note.textContent = "Adding up…";
      var question = ++asked;
      request("POST", config.urls.base, {details: clean}).then(function (r) {
        if (question !== asked) { return; }
        if (r.status === 200) {
          state.hands[h][side].base = String(r.data.base);
          document.getElementById("h" + h + "-" + side + "-base").value = r.data.base;
          note.textContent = "Base from these details: " + fmt(r.data.base) + ".";
        } else {
          note.textContent = r.data.detail || "These details cannot be added up.";
        }
        changed();
      }, function () {
        if (question !== asked) { return; }
        note.textContent = "No connection to add these up: type the Base from the paper sheet.";
        changed();
      });
    });
    return director ? null : panel;
  }

  function handCard(h) {
    var columns = SIDES.map(function (side) {
      return el("div", {class: "team-col team-" + side}, [
        el("h3", {text: SIDE_NAMES[side]}),
        numberField(h, side, "base", "Base"),
        numberField(h, side, "count", "Count"),
        el("p", {class: "line-total"}, ["Total ", el("output", {id: "total-" + h + "-" + side, text: "–"})]),
        el("p", {class: "running"}, ["Running total ", el("output", {id: "cum-" + h + "-" + side, text: "–"})]),
        detailsPanel(h, side),
        el("div", {class: "msg", id: "msg-" + h + "-" + side, role: "alert"})
      ]);
    });
    return el("section", {class: "hand card", "data-hand": h}, [
      el("h2", {text: "Hand " + (h + 1)}),
      el("div", {class: "team-cols"}, columns),
      el("div", {class: "msg", id: "msg-" + h + "-hand", role: "alert"})
    ]);
  }

  function renderEdit() {
    clearPoll();
    app.innerHTML = "";
    var hands = el("div", {id: "hands"}, state.hands.map(function (_, h) { return handCard(h); }));
    var buttons = el("div", {class: "actions"}, [
      el("button", {type: "button", class: "secondary", id: "add-hand", text: "Add a hand",
                    onclick: function () { state.hands.push(emptyHand()); changed(); renderEdit();
                      document.getElementById("h" + (state.hands.length - 1) + "-ns-base").focus(); }}),
      state.hands.length > 1 ? el("button", {type: "button", class: "secondary", id: "remove-hand",
        text: "Remove hand " + state.hands.length, onclick: function () {
          var last = state.hands[state.hands.length - 1];
          var typed = SIDES.some(function (side) {
            return String(last[side].base).trim() !== "" || String(last[side].count).trim() !== "" ||
              cleanDetails(last[side].details) !== null;
          });
          if (typed && !window.confirm("Remove hand " + state.hands.length + "? The numbers typed in it will be lost.")) {
            return;
          }
          state.hands.pop(); changed(); renderEdit(); }}) : null
    ]);
    var summary = el("section", {class: "summary card", id: "summary"}, [
      el("h2", {text: "Game totals"}),
      el("p", {class: "final"}, [
        el("span", {}, ["We ", el("output", {id: "final-ns", text: "–"})]),
        el("span", {}, ["They ", el("output", {id: "final-ew", text: "–"})])
      ]),
      el("div", {class: "msg", id: "msg-sheet", role: "alert"})
    ]);
    app.appendChild(hands);
    app.appendChild(buttons);
    app.appendChild(summary);
    app.appendChild(director ? directorSubmitPanel() : (practice ? practicePanel() : submitPanel()));
    updateTotals();
    showMessages();
  }

  function updateTotals() {
    var running = {ns: 0, ew: 0}, broken = {ns: false, ew: false};
    state.hands.forEach(function (hand, h) {
      SIDES.forEach(function (side) {
        var n = lineNumbers(hand[side]);
        var total = isNumber(n.base) && isNumber(n.count) ? n.base + n.count : null;
        if (total === null) { broken[side] = true; } else if (!broken[side]) { running[side] += total; }
        var t = document.getElementById("total-" + h + "-" + side);
        var c = document.getElementById("cum-" + h + "-" + side);
        if (t) { t.textContent = fmt(total); }
        if (c) { c.textContent = broken[side] ? "–" : fmt(running[side]); }
      });
    });
    var fns = document.getElementById("final-ns"), few = document.getElementById("final-ew");
    if (fns) { fns.textContent = broken.ns ? "–" : fmt(running.ns); }
    if (few) { few.textContent = broken.ew ? "–" : fmt(running.ew); }
  }

  // Messages beside the fields: our own (not a number) first, then the rules app's answer.
  function showMessages() {
    var boxes = {};
    Array.prototype.forEach.call(app.querySelectorAll(".msg"), function (box) { boxes[box.id] = []; });
    Array.prototype.forEach.call(app.querySelectorAll("input.num-input"), function (input) {
      input.removeAttribute("aria-invalid");
      if (isNaN(parseNum(input.value))) {
        input.setAttribute("aria-invalid", "true");
        var h = input.getAttribute("data-hand"), side = input.getAttribute("data-side");
        push(boxes, "msg-" + h + "-" + side, "error",
             (input.getAttribute("data-field") === "base" ? "Base" : "Count") + ": type a whole number, like 2200 or -300.");
      }
    });
    var answer = lastRefusal || validation;
    var complete = buildSheet().sheet;
    var handsSent = complete ? complete.hands.length : 0;
    if (answer) {
      (answer.violations || []).forEach(function (v) {
        if (v.severity !== "error" && v.severity !== "warning") { return; }
        if (v.hand && v.hand > handsSent) { return; }  // about a hand that has changed since
        var box = v.hand ? "msg-" + (v.hand - 1) + "-" + (v.team || "hand") : "msg-sheet";
        push(boxes, boxes[box] ? box : "msg-sheet", v.severity, v.message);
        if (v.hand && v.team) { mark(v.hand - 1, v.team, v.field); }
      });
      (answer.problems || []).forEach(function (p) {
        var m = /^\$\.hands\[(\d+)\]\.(ns|ew)\.?([a-z_]*)/.exec(p.path || "");
        var box = m ? "msg-" + m[1] + "-" + m[2] : "msg-sheet";
        push(boxes, boxes[box] ? box : "msg-sheet", "error", p.message);
        if (m) { mark(parseInt(m[1], 10), m[2], m[3]); }
      });
    }
    if (practice) { showPracticeVerdict(answer, handsSent); }
    Object.keys(boxes).forEach(function (id) {
      var box = document.getElementById(id);
      box.innerHTML = "";
      boxes[id].forEach(function (item) {
        box.appendChild(el("p", {class: item[0] === "error" ? "bad-box" : "warn-box", text: item[1]}));
      });
    });
  }

  function push(boxes, id, severity, text) { (boxes[id] = boxes[id] || []).push([severity, text]); }
  function mark(h, side, field) {
    var input = document.getElementById("h" + h + "-" + side + "-" + field);
    if (input) { input.setAttribute("aria-invalid", "true"); }
  }

  // --- practice: no submission, a verdict line and a way to start again ---------------------------

  function practicePanel() {
    return el("section", {class: "practice-panel card"}, [
      el("p", {class: "practice-note", text: "Practice: nothing is sent to the director."}),
      el("p", {id: "practice-verdict", class: "status-line", role: "status"}),
      el("div", {class: "actions"}, [
        el("button", {type: "button", class: "secondary", id: "start-again", text: "Start again",
                      onclick: startAgain})])
    ]);
  }

  function typedAnything() {
    return state.hands.some(function (hand) {
      return SIDES.some(function (side) {
        return String(hand[side].base).trim() !== "" || String(hand[side].count).trim() !== "" ||
          cleanDetails(hand[side].details) !== null;
      });
    });
  }

  function startAgain() {
    if (typedAnything() && !window.confirm("Start again with an empty sheet? What you typed here is cleared.")) {
      return;
    }
    clearTimeout(draftTimer);
    draftSeq++;            // an answer still on its way is about the old sheet
    validation = null;
    store(storeKey, null);
    state = formFromDocument(null);
    online(true, "");
    renderEdit();
    document.getElementById("h0-ns-base").focus();
  }

  // One line for the whole practice sheet, under the totals: what the rules make of the complete hands.
  function showPracticeVerdict(answer, handsSent) {
    var line = document.getElementById("practice-verdict");
    if (!line) { return; }
    var text = "", kind = "";
    if (answer && handsSent) {
      var counts = {error: 0, warning: 0};
      (answer.violations || []).forEach(function (v) {
        if (v.severity in counts && !(v.hand && v.hand > handsSent)) { counts[v.severity]++; }
      });
      var problems = (answer.problems || []).length;
      var hands = handsSent === 1 ? "hand 1" : "hands 1 to " + handsSent;
      if (problems || counts.error) {
        var n = problems + counts.error;
        text = "The rules find " + n + (n === 1 ? " mistake" : " mistakes") + " in " + hands + ": see the messages in red.";
        kind = " bad-box";
      } else if (counts.warning) {
        text = "No mistakes in " + hands + ", but look at the " + (counts.warning === 1 ? "point" : "points") + " to check.";
        kind = " warn-box";
      } else {
        text = "The rules find no mistakes in " + hands + ".";
        kind = " ok-box";
      }
    }
    line.textContent = text;
    line.className = "status-line" + kind;
  }

  function submitPanel() {
    var reason = el("textarea", {id: "review-reason", rows: 3, maxlength: 2000,
                                 placeholder: "For example: we agree the count was 283, please check."});
    var review = el("div", {id: "review-panel", class: "card warn-box", hidden: true}, [
      el("p", {text: "The sheet has errors. Fix them above, or send the sheet to the director as it is."}),
      el("label", {for: "review-reason", text: "Why should the director look at it?"}), reason,
      el("button", {type: "button", class: "secondary", id: "send-review", text: "Send to the director",
                    onclick: function () {
                      if (!reason.value.trim()) { reason.focus(); reason.setAttribute("aria-invalid", "true"); return; }
                      submit(true, reason.value.trim());
                    }})
    ]);
    return el("section", {class: "submit-panel"}, [
      el("button", {type: "button", id: "submit-sheet", class: "big", text: "Submit the sheet", onclick: function () { submit(false, ""); }}),
      el("p", {id: "submit-status", class: "status-line", role: "status"}),
      review
    ]);
  }

  function submit(review, reason) {
    if (sending) { return; }  // a second tap while the first is on its way
    var built = buildSheet();
    var status = document.getElementById("submit-status");
    if (!built.complete) {
      status.textContent = "Fill in Base and Count for both teams in every hand, or remove the empty hand.";
      status.className = "status-line bad-box";
      return;
    }
    // The same sheet again (a second tap, a tap after a lost answer) keeps its key: the server stores it once.
    var pending = load(pendingKey);
    var same = pending && pending.review === review && pending.reason === reason &&
      JSON.stringify(pending.sheet) === JSON.stringify(built.sheet);
    store(pendingKey, {key: same ? pending.key : newKey(), sheet: built.sheet, review: review, reason: reason});
    sendPending();
  }

  function setSending(on) {
    sending = on;
    ["submit-sheet", "send-review"].forEach(function (id) {
      var button = document.getElementById(id);
      if (button) { button.disabled = on; }
    });
  }

  function sendPending() {
    clearTimeout(retryTimer);
    if (sending) { return; }
    var pending = load(pendingKey);
    if (!pending) { return; }
    var status = document.getElementById("submit-status");
    if (status) { status.textContent = "Sending…"; status.className = "status-line"; }
    setSending(true);
    var url = config.urls.sheet + (pending.review ? "?review=1&reason=" + encodeURIComponent(pending.reason) : "");
    request("POST", url, pending.sheet, {"Idempotency-Key": pending.key}).then(function (r) {
      setSending(false);
      if (r.status === 201) {
        store(pendingKey, null);
        store(correctingKey, null);
        retryDelay = 2000;
        online(true, "");
        latest = {id: r.data.id, version: r.data.version, status: r.data.status, document: pending.sheet,
                  validation: r.data.validation, reason: pending.reason};
        var c = r.data.validation && r.data.validation.computed;
        if (c && c.final) { latest.ns_total = c.final.ns; latest.ew_total = c.final.ew; }
        showLatest();
      } else if (r.status === 400 || r.status === 422) {
        store(pendingKey, null);
        lastRefusal = r.data;
        if (status) {
          status.textContent = r.status === 422 ? "The sheet was not stored: please check the messages in red."
                                                : "The sheet was not stored: some fields are not filled in right.";
          status.className = "status-line bad-box";
        }
        var panel = document.getElementById("review-panel");
        if (panel && r.status === 422) { panel.hidden = false; }
        showMessages();
        var first = app.querySelector("[aria-invalid]");
        if (first) { first.focus(); }
      } else if (r.status === 429 || r.status >= 500) {
        retryLater("The server is busy: your sheet is kept and sent again in a moment.");
      } else {
        store(pendingKey, null);
        if (status) { status.textContent = r.data.detail || "The sheet could not be stored."; status.className = "status-line bad-box"; }
        if (r.data.code === "disputed" || r.data.code === "locked") {  // only the director settles it now
          store(correctingKey, null);
          refresh();
        }
      }
    }, function () {
      setSending(false);
      retryLater("No connection: your sheet is kept on this device and sent as soon as the connection is back.");
    });
  }

  function retryLater(text) {
    online(false, text);
    var status = document.getElementById("submit-status");
    if (status) { status.textContent = text; status.className = "status-line warn-box"; }
    retryTimer = setTimeout(sendPending, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30000);
  }

  // --- after submitting: the opponents, the director, the result ----------------------------------

  function sheetTable(doc) {
    var rows = (doc.hands || []).map(function (hand, i) {
      return el("tr", {}, [el("th", {scope: "row", text: "Hand " + (i + 1)})].concat(SIDES.map(function (side) {
        var line = hand[side] || {};
        return el("td", {class: "num"}, [fmt(line.base) + " + " + fmt(line.count) + " = ",
                                         el("strong", {text: fmt((line.base || 0) + (line.count || 0))})]);
      })));
    });
    var final = doc.final || {};
    rows.push(el("tr", {class: "final-row"}, [el("th", {scope: "row", text: "Final"}),
      el("td", {class: "num"}, [el("strong", {text: fmt(final.ns)})]),
      el("td", {class: "num"}, [el("strong", {text: fmt(final.ew)})])]));
    return el("table", {class: "grid sheet-summary"}, [
      el("thead", {}, [el("tr", {}, [el("th", {text: ""})].concat(SIDES.map(function (side) {
        // Team names, not "We"/"They": East-West may be the ones holding the device.
        return el("th", {class: "num", scope: "col"}, [config[side], el("br"),
          el("span", {class: "side-label", text: side === "ns" ? "North-South" : "East-West"})]);
      })))]),
      el("tbody", {}, rows)]);
  }

  function winnerText(ns, ew) {
    if (ns === null || ns === undefined) { return ""; }
    if (ns === ew) { return "A tie: " + fmt(ns) + " each."; }
    return (ns > ew ? config.ns + " (North-South)" : config.ew + " (East-West)") + " win, " +
      fmt(Math.max(ns, ew)) + " to " + fmt(Math.min(ns, ew)) + ".";
  }

  function correctButton() {
    return el("button", {type: "button", class: "secondary", id: "correct-sheet", text: "Scorekeeper: correct the sheet",
                         onclick: function () {
                           store(correctingKey, latest.version);
                           state = formFromDocument(latest.document); store(storeKey, state);
                           validation = latest.validation; latest = null; renderEdit(); }});
  }

  function showLatest() {
    if (!latest) { renderEdit(); return; }
    app.innerHTML = "";
    var doc = latest.document || {};
    if (latest.status === "submitted" && latest.locked) {
      app.appendChild(el("section", {class: "card warn-box", id: "waiting"}, [
        el("h2", {text: "Too many wrong team codes"}),
        el("p", {text: "The director has been called: stay at the table. Only the director can settle this sheet now."}),
        sheetTable(doc)]));
      poll(15000);
    } else if (latest.status === "submitted") {
      var code = config.requireCode ? el("input", {id: "team-code", type: "text", inputmode: "numeric",
        pattern: "[0-9]*", maxlength: 4, autocomplete: "off", class: "code-input"}) : null;
      var note = el("p", {id: "decision-status", class: "status-line", role: "status"});
      var disputeReason = el("textarea", {id: "dispute-reason", rows: 2, maxlength: 2000, placeholder: "What is wrong? (optional)"});
      app.appendChild(el("section", {class: "card confirm"}, [
        el("h2", {text: "East-West: please check the sheet"}),
        el("p", {text: "Hand the device to " + config.ew + "."}),
        sheetTable(doc),
        el("p", {class: "winner", text: winnerText(latest.ns_total, latest.ew_total)}),
        code ? el("label", {for: "team-code", text: "East-West's team code (4 digits, on your team card)"}) : null,
        code,
        el("div", {class: "actions"}, [
          el("button", {type: "button", id: "accept-sheet", class: "big ok", text: "We agree: accept",
                        onclick: function () { decide("accept", {code: code ? code.value : "", version: latest.version}, note); }})
        ]),
        el("details", {class: "dispute"}, [el("summary", {text: "We do not agree"}),
          el("label", {for: "dispute-reason", text: "Tell the director what is wrong"}), disputeReason,
          el("button", {type: "button", id: "dispute-sheet", class: "danger", text: "Call the director",
                        onclick: function () { decide("dispute", {reason: disputeReason.value, version: latest.version}, note); }})]),
        note
      ]));
      app.appendChild(el("div", {class: "actions"}, [correctButton()]));
    } else if (latest.status === "flagged" || latest.status === "disputed") {
      app.appendChild(el("section", {class: "card warn-box", id: "waiting"}, [
        el("h2", {text: latest.status === "flagged" ? "Sent to the director" : "The director has been called"}),
        el("p", {text: "Stay at the table: the director will come and settle the sheet."}),
        sheetTable(doc)]));
      // A sheet the scorekeeper sent may still be corrected at the table; a disputed one only by the director.
      if (latest.status === "flagged") { app.appendChild(el("div", {class: "actions"}, [correctButton()])); }
      poll(15000);
    } else {
      app.appendChild(el("section", {class: "card ok-box", id: "final"}, [
        el("h2", {text: "Accepted: the result is final"}),
        el("p", {class: "winner", text: winnerText(latest.ns_total, latest.ew_total)}),
        sheetTable(doc),
        el("p", {class: "muted", text: "This page shows the next game when the director seats it."})]));
      store(storeKey, null);
      poll(30000);
    }
  }

  function decide(kind, body, note) {
    note.textContent = "Sending…";
    note.className = "status-line";
    request("POST", kind === "accept" ? config.urls.accept : config.urls.dispute, body).then(function (r) {
      if (r.status === 200) {
        latest.status = r.data.status;
        online(true, "");
        showLatest();
      } else if (r.status === 403 && document.getElementById("team-code")) {
        note.textContent = r.data.detail; note.className = "status-line bad-box";
        document.getElementById("team-code").setAttribute("aria-invalid", "true");
        document.getElementById("team-code").focus();
      } else {
        note.textContent = r.data.detail || "That did not work: ask the director."; note.className = "status-line bad-box";
        refresh();
      }
    }, function () {
      note.textContent = "No connection: nothing was sent. Tap again in a moment.";
      note.className = "status-line warn-box";
    });
  }

  function clearPoll() { clearTimeout(pollTimer); pollTimer = null; }
  function poll(every) { clearPoll(); pollTimer = setTimeout(function () { refresh(every); }, every); }

  function refresh(every) {
    request("GET", config.urls.sheet).then(function (r) {
      if (r.data.game && r.data.game !== config.game) { window.location.reload(); return; }
      if (r.status === 200 && (!latest || r.data.version !== latest.version || r.data.status !== latest.status ||
                               !!r.data.locked !== !!latest.locked)) {
        latest = r.data;
        showLatest();
        return;
      }
      if (every) { poll(every); }
    }, function () { if (every) { poll(every * 2); } });
  }

  // --- the director's copy -------------------------------------------------------------------------

  function directorSubmitPanel() {
    var reason = el("textarea", {id: "correction-reason", rows: 3, required: true, maxlength: 2000,
                                 placeholder: "For example: paper sheet from table 4; count in hand 2 was 285."});
    var force = el("input", {type: "checkbox", id: "allow-errors"});
    var status = el("p", {id: "submit-status", class: "status-line", role: "status"});
    return el("section", {class: "submit-panel card"}, [
      el("label", {for: "correction-reason", text: "Reason (kept with the sheet)"}), reason,
      el("label", {class: "check", for: "allow-errors"}, [force, " Make it the result even if the rules find errors"]),
      el("button", {type: "button", id: "save-correction", class: "big", text: "Save as the game's result",
        onclick: function () {
          var built = buildSheet();
          if (!built.complete) { status.textContent = "Fill in Base and Count for both teams in every hand."; status.className = "status-line bad-box"; return; }
          if (!reason.value.trim()) { status.textContent = "Give a reason: it is kept with the sheet."; status.className = "status-line bad-box"; reason.focus(); return; }
          status.textContent = "Saving…"; status.className = "status-line";
          request("POST", config.urls.correct, {sheet: built.sheet, reason: reason.value.trim(), allow_errors: force.checked})
            .then(function (r) {
              if (r.status === 201) { store(storeKey, null); window.location.href = config.urls.done; return; }
              lastRefusal = (r.status === 400 || r.status === 422) && (r.data.violations || r.data.problems) ? r.data : null;
              status.textContent = r.data.detail || "Not saved: the rules find errors (below the hands). Fix them, or tick the box to override.";
              status.className = "status-line bad-box";
              showMessages();
            }, function () { status.textContent = "No connection: nothing was saved. Try again."; status.className = "status-line warn-box"; });
        }}),
      status
    ]);
  }

  // --- start ---------------------------------------------------------------------------------------

  function start() {
    var local = load(storeKey);
    if (practice) {  // no game, no submission: the practice sheet as it was left, checked again
      state = local && local.hands && local.hands.length ? local : formFromDocument(null);
      renderEdit();
      if (local) { saveDraft(); }
      window.addEventListener("online", function () { saveDraft(); });
      return;
    }
    if (director) {  // the director starts from the version chosen on the page, not an old local copy
      state = formFromDocument(config.start);
      renderEdit();
      return;
    }
    var server = config.draft && config.draft.form && config.draft.form.hands ? config.draft.form : null;
    state = (local && local.hands && (!server || (local.savedAt || 0) >= (server.savedAt || 0))) ? local
      : (server || formFromDocument(null));
    if (config.draft && state === server) { validation = config.draft.validation; }
    var correcting = load(correctingKey);
    if (correcting !== null && !(latest && latest.version === correcting && !config.final &&
                                 (latest.status === "submitted" || latest.status === "flagged") && !latest.locked)) {
      store(correctingKey, null);  // that version was accepted, settled or replaced meanwhile
      correcting = null;
    }
    if (load(pendingKey)) {
      renderEdit();
      sendPending();
    } else if (correcting !== null) {  // a reload in the middle of a correction: back to the form
      if (!(local && local.hands) && !server) { state = formFromDocument(latest.document); }
      validation = latest.validation;
      latest = null;
      renderEdit();
    } else if (config.final && !(latest && latest.status === "accepted")) {
      latest = latest || {status: "accepted", document: {}, ns_total: config.result.ns, ew_total: config.result.ew};
      latest.status = "accepted";
      showLatest();
    } else if (latest && latest.status !== "superseded") {
      showLatest();
    } else {
      renderEdit();
      if (local && !director) { saveDraft(); }
    }
    window.addEventListener("online", function () { sendPending(); if (!latest) { saveDraft(); } });
  }

  start();
}());
