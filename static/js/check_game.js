// The check page's game picker. Without JavaScript it is a plain form: pick a game, press "Show this game's
// example", and the page comes back with that game's example in the box. With it, picking a game swaps the
// example at once, unless the box holds a sheet of the reader's own, which is kept (the button still
// replaces it), and the status line says which happened. The practice form is NVSO's only: for another
// game a note above it says so and points to the box, as the page says when it comes back with a game.
import {gettext, interpolate} from "./i18n.js";

const form = document.querySelector("[data-game-picker]");
const examplesData = document.getElementById("game-examples");
if (form && examplesData) {
  const examples = JSON.parse(examplesData.textContent);
  const select = form.querySelector("select");
  const status = document.getElementById("game-status");
  const box = document.getElementById("sheet");
  const field = document.querySelector("[data-game-field]");
  let shown = select.value;
  const practiceNote = document.querySelector("[data-practice-game]");

  function notePractice(game, title) {
    if (!practiceNote) return;
    practiceNote.hidden = game === practiceNote.dataset.practiceRuleset;
    if (practiceNote.hidden) {
      practiceNote.replaceChildren();
      return;
    }
    const link = document.createElement("a");
    link.href = "#paste";
    link.textContent = gettext("edit the example sheet below");
    // The sentence is translated whole; its link goes where the translation puts %(link)s.
    const sentence = interpolate(gettext("The practice form is the NVSO score sheet. For %(game)s, %(link)s."),
                                 {game: title, link: "\u0000"});
    const [before, after] = sentence.split("\u0000");
    practiceNote.replaceChildren(before, link, after === undefined ? "" : after);
  }

  select.addEventListener("change", () => {
    const game = select.value;
    const title = select.options[select.selectedIndex].text;
    if (field) field.value = game;
    notePractice(game, title);
    const untouched = box.value.trim() === "" || box.value === examples[shown];
    if (untouched && game in examples) {
      box.value = examples[game];
      shown = game;
      status.textContent = interpolate(gettext("The box now holds the example sheet of %(game)s."), {game: title});
    } else {
      const keep = gettext("Your own sheet is kept. Press \"Show this game's example\" to replace it with the example of %(game)s.");
      status.textContent = interpolate(keep, {game: title});
    }
  });
}
