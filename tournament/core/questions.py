"""Questions the core's pages and the apps above it ask, answered by the apps that know.

An announcement (`signals`) tells others what changed; these ask them what they know. Each question is
answered by the functions registered for it in an `AppConfig.ready`, so the one who asks never imports
the one who answers:

* `round_name(round_)`: what players call a round ("Semi-finals"); the knockout answers. The core's
  event page shows it.
* `games_with_sheets(game_ids)`: which of these games have a score sheet entered, even one waiting for the
  opponents; scoring answers. The knockout asks before it re-seats a game, and the core's
  `Game.seats_may_change` before a withdrawal or a new draw changes a game not started yet, because a
  sheet entered for the old pair could otherwise be accepted against the new one, or left unacceptable.
* `sheet_counts(round_)`: how many of the round's tables are at each state of their score sheet
  ("missing", "submitted", "flagged", "disputed", "accepted", ...); scoring answers from its board. The
  director's dashboard shows them.
* `clock_phase(round_)`: the round's clock now ("not_started", "running", "warning", "paused",
  "time_up"); the clock answers. The dashboard shows it and picks the next action by it.
* `standings_entrants(event)`: the event's teams as its standings rank them, best first, each a
  `tiebreaks.Entrant` numbered by team id, with the meetings it has played and whether it has sat out a
  game; scoring answers from `compute_standings`. The core pairs a Danish or Swiss game by it.

With no app answering (a project without scoring, say), a round has no name and no game has a sheet.
"""

from collections.abc import Callable, Iterable


class Question:
    """One question and the functions registered to answer it."""

    def __init__(self, text: str):
        self.text = text
        self._answerers: list[Callable] = []

    def answered_by(self, answerer: Callable) -> Callable:
        """Register `answerer` (once, however often `ready` runs); usable as a decorator."""
        if answerer not in self._answerers:
            self._answerers.append(answerer)
        return answerer

    def answers(self, *args, **kwargs) -> list:
        return [answerer(*args, **kwargs) for answerer in self._answerers]


ROUND_NAME = Question("What do players call this round?")
GAMES_WITH_SHEETS = Question("Which of these games have a score sheet?")
SHEET_COUNTS = Question("How many of this round's tables are at each state of their score sheet?")
CLOCK_PHASE = Question("Where is this round's clock now?")
STANDINGS_ENTRANTS = Question("How do the standings rank this event's teams, with the games they played?")


def round_name(round_) -> str:
    """The first name an app gives the round, or "" (a rotation round has none)."""
    if round_ is None:
        return ""
    return next((name for name in ROUND_NAME.answers(round_) if name), "")


def games_with_sheets(game_ids: Iterable[int]) -> set[int]:
    """The games among `game_ids` for which any app holds a score sheet."""
    game_ids = list(game_ids)
    if not game_ids:
        return set()
    found: set[int] = set()
    for answer in GAMES_WITH_SHEETS.answers(game_ids):
        found |= set(answer)
    return found


def sheet_counts(round_) -> dict[str, int]:
    """The round's tables per sheet state, summed over the apps that keep sheets ({} with none)."""
    total: dict[str, int] = {}
    for answer in SHEET_COUNTS.answers(round_):
        for state, count in answer.items():
            total[state] = total.get(state, 0) + count
    return total


def clock_phase(round_) -> str:
    """The first phase an app gives the round's clock, or "" when no app keeps a clock."""
    return next((phase for phase in CLOCK_PHASE.answers(round_) if phase), "")


def standings_entrants(event) -> list | None:
    """The first app's ranking of the event's teams (`tiebreaks.Entrant`s, best first), or None when no app
    keeps the standings."""
    return next((entrants for entrants in STANDINGS_ENTRANTS.answers(event) if entrants is not None), None)
