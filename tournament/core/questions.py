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
