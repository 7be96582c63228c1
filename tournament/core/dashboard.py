"""Where the director's day stands, and the one thing to do next.

A director running a tournament on a phone should not have to read the whole event page to know what
comes next. `Day` holds what the event page leads with (game N of M, the clock, the results and the
sheets), read in a fixed number of queries by `selectors.day_of`; `next_step` turns it into the one next
action and what holds the day up, as plain logic that the unit tests walk through state by state.

The rules themselves stay where they are: whether the next game may be seated is `Event.next_game_refusal`
(passed in as `next_game_refusal`), the clock's phase is the clock's (`questions.clock_phase`), and the
sheets' states are scoring's board (`questions.sheet_counts`). This module only orders them into a day.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

ROTATION, KNOCKOUT, ROTATION_THEN_KNOCKOUT = "rotation", "knockout", "rotation_then_knockout"


@dataclass(frozen=True)
class Day:
    """The event as the dashboard sees it. `round` is the latest game's number (None before game 1);
    `tables_open` lists the tables of that game still waiting for a final result."""

    format: str = ROTATION
    planned_games: int = 3
    active_teams: int = 0       # the entrants still in: teams of two, or single players (`entrants`)
    tables: int = 0
    round: int | None = None
    round_phase: str = "rotation"
    awaits_go_ahead: bool = False
    clock: str = ""
    games: int = 0              # the latest game's tables that play it (two teams, or players in their seats)
    final: int = 0              # ... of which the result is final
    tables_open: tuple[int, ...] = ()
    sheets: dict = field(default_factory=dict)
    next_game_refusal: str = ""
    next_pairing: str = ""      # how the next game is seated: "" by the movement, "danish" or "swiss"
    seating_published: bool = False
    standings_published: bool = False
    bracket_published: bool = False
    entrants: str = "teams"     # what the game's entrants are called: "teams", or "players" (single players)

    @property
    def results_missing(self) -> int:
        return len(self.tables_open)

    @property
    def needs_director(self) -> int:
        """Sheets the director must settle: flagged, disputed, or locked by wrong codes."""
        return self.sheets.get("needs_director", 0)

    @property
    def sheet_summary(self) -> dict[str, int]:
        """The sheets as the dashboard counts them: a sheet still being typed is not in yet."""
        count = self.sheets.get
        return {"entered": count("accepted", 0), "waiting": count("submitted", 0),
                "missing": count("missing", 0) + count("draft", 0),
                "flagged": count("flagged", 0), "disputed": count("disputed", 0)}


@dataclass(frozen=True)
class Step:
    """The one next action: `kind` names it for the page (which knows its address and form), `label` is
    the button's words, `why` says in a sentence why it comes now."""

    kind: str
    label: str
    why: str


@dataclass(frozen=True)
class Plan:
    step: Step
    blockers: list[str]
    may_force_next_game: bool   # the next game may be seated with results missing (a separate, confirmed step)


def _no_result_at(numbers: tuple[int, ...]) -> str:
    shown = ", ".join(str(n) for n in numbers[:12])
    more = len(numbers) - 12
    if more > 0:
        return _("No final result yet at tables %(tables)s and %(more)s more.") % {"tables": shown, "more": more}
    return ngettext("No final result yet at table %(tables)s.", "No final result yet at tables %(tables)s.",
                    len(numbers)) % {"tables": shown}


def _blockers(day: Day) -> list[str]:
    """What holds up the next game, in plain words, most urgent first."""
    found = []
    if day.needs_director:
        n = day.needs_director
        found.append(ngettext("%(count)s score sheet needs you (flagged, disputed or locked).",
                              "%(count)s score sheets need you (flagged, disputed or locked).", n) % {"count": n})
    if day.tables_open:
        found.append(_no_result_at(day.tables_open))
    return found


def next_step(day: Day) -> Plan:
    """The one next action for the day as it stands; see the module's docstring."""
    step = _step(day)
    blockers = _blockers(day) if day.round is not None and not _before_go_ahead(day) else []
    may_force = day.round is not None and not day.next_game_refusal and day.results_missing > 0
    return Plan(step, blockers, may_force)


def _before_go_ahead(day: Day) -> bool:
    """Seated, not started and nothing scored yet. An event run without the clock scores its games with no
    go-ahead: once a result is in, the day goes on without one."""
    return day.awaits_go_ahead and day.final == 0


def _step(day: Day) -> Step:  # one return per state of the day, in its order
    if day.round is None:
        return _setup_step(day)
    game = {"game": day.round}
    if _before_go_ahead(day):
        if day.round_phase == "knockout":
            return _knockout_go_ahead_step(day)
        if not day.seating_published:
            return Step("publish_seating", _("Publish the seating"),
                        _("Game %(game)s is seated. Let the players see where they sit.") % game)
        return Step("go_ahead", _("Give the go-ahead for game %(game)s") % game,
                    _("The seating is public. Start the clock when the players are seated."))
    if day.needs_director:
        return Step("settle_sheets", _("Settle the score sheets"),
                    _("A score sheet waits for your decision before its result can count."))
    if day.results_missing:
        if day.clock in ("running", "warning", "paused"):
            why = _("Game %(game)s is being played; the sheets arrive on the board as the tables finish.") % game
        else:
            why = _("Waiting for the results of game %(game)s.") % game
        return Step("watch_sheets", _("Open the score sheets"), why)
    if day.round_phase == "knockout":
        return Step("open_bracket", _("Open the bracket"),
                    _("Every result of this round is in: the bracket shows who plays next."))
    if not day.next_game_refusal:
        following = {"next": day.round + 1}
        if day.next_pairing:
            method = {"danish": _("Danish"), "swiss": _("Swiss")}.get(day.next_pairing,
                                                                       day.next_pairing.capitalize())
            return Step("seat_next", _("Pair game %(next)s (%(method)s)") % (following | {"method": method}),
                        _("Every result of game %(game)s is in: the standings pair the next game.") % game)
        return Step("seat_next", _("Seat game %(next)s") % following,
                    _("Every result of game %(game)s is in.") % game)
    if not day.standings_published:
        return Step("publish_standings", _("Publish the standings"),
                    _("Every result of game %(game)s is in. Let the players see the standings.") % game)
    if day.format == ROTATION_THEN_KNOCKOUT:
        return Step("draw_bracket", _("Draw the playoff bracket"),
                    _("The games before the knockout are over and the standings are public."))
    return Step("see_standings", _("See the final standings"),
                _("Every game is played and the standings are public."))


def _knockout_go_ahead_step(day: Day) -> Step:
    """Before a knockout round's go-ahead the players follow the bracket (it names their tables), not the
    seating list: the bracket is what must be public."""
    game = {"game": day.round}
    if not day.bracket_published:
        return Step("publish_bracket", _("Publish the bracket"),
                    _("Game %(game)s is drawn. Let the players see who they play, and at which table.") % game)
    return Step("go_ahead", _("Give the go-ahead for game %(game)s") % game,
                _("The bracket is public. Start the clock when the players are seated."))


def clock_state(day: Day) -> str:
    """The clock's phase as the dashboard tells it: a game scored with no go-ahead (an event run without
    the clock) is not "waiting for your go-ahead" any more, though its clock never started."""
    if day.clock == "not_started" and day.round is not None and not _before_go_ahead(day):
        return "unused"
    return day.clock


def _setup_step(day: Day) -> Step:
    n, players = day.active_teams, day.entrants == "players"
    count = {"count": n, "tables": day.tables}
    if n < 2:
        if players:
            return Step("import_teams", _("Import the players"),
                        _("An event needs at least two players. Import a list, or add them one by one below."))
        return Step("import_teams", _("Import the teams"),
                    _("An event needs at least two teams. Import a list, or add them one by one below."))
    if day.format == KNOCKOUT:
        return Step("draw_bracket", _("Draw the bracket"),
                    (_("%(count)s players are in. Drawing the bracket seats its first round.") if players else
                     _("%(count)s teams are in. Drawing the bracket seats its first round.")) % count)
    if day.tables == 0:
        return Step("number_tables", _("Number the tables"),
                    (_("%(count)s players are in: the players' movement says how many tables.") if players else
                     _("%(count)s teams are in: one table for every two teams.")) % count)
    if players:
        return Step("seat_first", _("Seat game 1"),
                    ngettext("%(count)s players at %(tables)s table.", "%(count)s players at %(tables)s tables.",
                             day.tables) % count)
    return Step("seat_first", _("Seat game 1"),
                ngettext("%(count)s teams at %(tables)s table.", "%(count)s teams at %(tables)s tables.",
                         day.tables) % count)
