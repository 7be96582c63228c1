/* What the page asks before sending a sheet: a gentle question, never a refusal (the server accepts the
 * sheet either way). Two things make a scorekeeper look again: fewer hands than the game has (the
 * server's `handsAsked`, from the event's rules; none when a game ends at a score, and none once a team
 * has passed the target score, which ends a game early), and a game the director has not given the
 * go-ahead for. The go-ahead is the page's as it opened (`goAhead`), or the clock's since: the clock
 * widget on the page keeps its phase in `data-phase` (static/js/clock.js). No DOM is built here. */
import {gettext, interpolate, ngettext} from "./dom.js";
import {config} from "./state.js";

const PHASE_BEFORE_GO_AHEAD = "not_started";

// Whether the clock on the page says this game has started. null when it does not say (not read yet, or
// it shows another game: a sheet for game 1 typed after the director seated game 2).
function clockStarted() {
  const clock = document.querySelector("[data-clock][data-phase]");
  if (!clock) { return null; }
  const shown = clock.querySelector("[data-clock-game]");
  const number = shown ? /\d+/.exec(shown.textContent || "") : null;
  if (!number || parseInt(number[0], 10) !== config.round) { return null; }
  return clock.getAttribute("data-phase") !== PHASE_BEFORE_GO_AHEAD;
}

// The sentences to show before sending `sheet` (the shared format, as sheet.js builds it); [] when none.
// `started` is the clock's word (clockStarted() unless a test gives it).
export function sendWarnings(sheet, started) {
  const out = [];
  const hands = (sheet && sheet.hands) || [];
  const final = (sheet && sheet.final) || {};
  const target = config.targetScore, asked = config.handsAsked;
  const passed = typeof target === "number" && (final.ns >= target || final.ew >= target);
  if (typeof asked === "number" && hands.length < asked && !passed) {
    out.push(interpolate(ngettext("You are sending %(sent)s hand; this game has %(asked)s.",
                                  "You are sending %(sent)s hands; this game has %(asked)s.", hands.length),
                         {sent: hands.length, asked: asked}));
  }
  const clock = started === undefined ? clockStarted() : started;
  if (!config.goAhead && clock !== true) {
    out.push(interpolate(gettext("The director has not given the go-ahead for game %(round)s yet."), {round: config.round}));
  }
  return out;
}
