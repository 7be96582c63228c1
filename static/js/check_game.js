// The check page's game picker. Without JavaScript it is a plain form: pick a game, press "Show this game's
// example", and the page comes back with that game's example in the box. With it, picking a game swaps the
// example at once, unless the box holds a sheet of the reader's own, which is kept (the button still
// replaces it), and the status line says which happened. The practice form is NVSO's only: for another
// game a note above it says so and points to the box, as the page says when it comes back with a game.

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
    link.textContent = "edit the example sheet below";
    practiceNote.replaceChildren(`The practice form is the NVSO score sheet. For ${title}, `, link, ".");
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
      status.textContent = `The box now holds the example sheet of ${title}.`;
    } else {
      status.textContent = `Your own sheet is kept. Press "Show this game's example" to replace it with the ` +
        `example of ${title}.`;
    }
  });
}
