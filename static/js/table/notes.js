/* The plain note above the sheet when another phone at the table changed it (sync.js) or a new version
 * replaced the one shown (opponents.js): it stays until the player taps OK, and the fields it names are
 * outlined until then. */
import {sentences} from "./changes.js";
import {el, gettext} from "./dom.js";

const FORM_SIDES = {ns: gettext("We (North-South)"), ew: gettext("They (East-West)")};

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
  box.appendChild(el("button", {type: "button", id: "sync-ok", class: "secondary", text: gettext("OK, I have seen it"),
                                onclick: clearNote}));
  box.hidden = false;
}

export function tell(changes) {
  if (!changes.length) { return; }
  showNote(gettext("Another phone at this table changed the sheet"), sentences(changes, FORM_SIDES));
  changes.forEach((c) => {
    const input = c.removed ? null : document.getElementById("h" + c.hand + "-" + c.side + "-" + c.field);
    if (input) { input.classList.add("changed-elsewhere"); }
  });
}
