/* The details panel under each team's line: what the team has on the table, asked field by field as the
 * rule set describes them (a select from the least to the most one team can show for a number, a
 * checkbox for yes or no, a select of the described choices), and the server's calculator turning them
 * into the Base. The director's copy has no panel: the director types the paper sheet's numbers. */
import {el, fmt, gettext, interpolate} from "./dom.js";
import {named, request} from "./net.js";
import {cleanDetails, DETAILS, label} from "./sheet.js";
import {config, director, session} from "./state.js";

function inputId(h, side, name) { return "h" + h + "-" + side + "-d-" + name; }

function numberOptions(d, value) {
  const options = [];
  for (let n = d.min; n <= d.max; n++) {
    const o = el("option", {value: String(n), text: String(n)});
    o.selected = (value || 0) === n;
    options.push(o);
  }
  return options;
}

function choiceOptions(d, value) {
  return d.choices.map((c) => {
    const o = el("option", {value: c.value === null ? "" : c.value, text: c.label});
    o.selected = (value || "") === (c.value === null ? "" : c.value);
    return o;
  });
}

function field(h, side, d, details) {
  const id = inputId(h, side, d.name);
  if (d.kind === "yes_no") {
    const box = el("input", {id: id, type: "checkbox"});
    box.checked = details[d.name] === true;
    return el("label", {class: "check", for: id}, [box, " " + d.label]);
  }
  const options = d.kind === "choice" ? choiceOptions(d, details[d.name]) : numberOptions(d, details[d.name]);
  return el("div", {class: "field"}, [el("label", {for: id, text: d.label}), el("select", {id: id}, options)]);
}

function readPanel(h, side) {
  const next = {};
  DETAILS.forEach((d) => {
    const input = document.getElementById(inputId(h, side, d.name));
    next[d.name] = d.kind === "yes_no" ? input.checked : (d.kind === "whole_number" ? parseInt(input.value, 10) : input.value);
  });
  return next;
}

// The panel for team `side` in hand `h`; `changed` is the form's: it keeps the sheet and checks it again.
export function detailsPanel(h, side, changed) {
  if (director) { return null; }
  const details = session.state.hands[h][side].details || {};
  const note = el("p", {class: "details-note muted", "aria-live": "polite"});
  let asked = 0;  // answers can overtake each other on a slow connection: only the last question counts
  const panel = el("details", {class: "details-panel"}, [
    el("summary", {text: interpolate(gettext("Details: fill in %(base)s"), {base: label("base")})}),
    el("div", {class: "details-grid"}, DETAILS.map((d) => field(h, side, d, details))),
    note]);
  panel.addEventListener("change", () => {
    const next = readPanel(h, side);
    session.state.hands[h][side].details = next;
    const clean = cleanDetails(next);
    if (!clean) { asked++; changed(); return; }
    note.textContent = gettext("Adding up…");
    const question = ++asked;
    request("POST", named(config.urls.base), {details: clean}).then((r) => {
      if (question !== asked) { return; }
      if (r.status === 200) {
        session.state.hands[h][side].base = String(r.data.base);
        document.getElementById("h" + h + "-" + side + "-base").value = r.data.base;
        note.textContent = interpolate(gettext("%(base)s from these details: %(points)s."),
                                       {base: label("base"), points: fmt(r.data.base)});
      } else {
        note.textContent = r.data.detail || gettext("These details cannot be added up.");
      }
      changed();
    }, () => {
      if (question !== asked) { return; }
      note.textContent = interpolate(gettext("No connection to add these up: type the %(base)s from the paper sheet."),
                                   {base: label("base")});
      changed();
    });
  });
  return panel;
}
