/* What the page of any game asks before sending a sheet, as NVSO's page does: fewer hands than the game
 * has, or a game the director has not given the go-ahead for (table/warnings.js, the one place that says
 * so: it reads the same page config). A gentle question, never a refusal: "Send it anyway" sends. */
import {gettext} from "./i18n.js";
import {el} from "./table/dom.js";
import {sendWarnings} from "./table/warnings.js";

// Shows the question under the sheet and answers true when there is one; `sendAnyway` sends without asking.
export function askBeforeSending(doc, sendAnyway) {
  const why = sendWarnings(doc);
  const box = document.getElementById("review");
  if (!why.length || !box) { return false; }
  const ask = el("div", {class: "card warn-box", id: "send-question", role: "alertdialog", tabindex: "-1",
                         "aria-labelledby": "send-question-title"}, [
    el("h2", {id: "send-question-title", text: gettext("Send the sheet now?")}),
    ...why.map((sentence) => el("p", {text: sentence})),
    el("button", {type: "button", id: "send-anyway", class: "big", text: gettext("Send it anyway"),
                  onclick: () => { box.replaceChildren(); sendAnyway(); }}),
    el("button", {type: "button", id: "not-yet", class: "secondary", text: gettext("Not yet: back to the sheet"),
                  onclick: () => { box.replaceChildren(); document.getElementById("send").focus(); }}),
  ]);
  box.replaceChildren(ask);
  ask.focus();
  return true;
}
