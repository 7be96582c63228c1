"""The page of each team (or player): where it sits now and next, its games one by one, and its rank.

Every team's page of an event is read at once, in a fixed number of queries whatever the event's size
(`team_pages`), because the pages are published together once per change (`scoring.team_publishing`),
like the standings: a room of phones each polling its own team's page then costs no query. The rank is
the published standings' own (`compute_standings`), never counted again here.

What a page may show follows the director's switches: with the seats hidden (`Event.seats_public`), no
seat, opponent or game; with the standings hidden, no score, outcome or rank. Where a seat is comes from
the latest game (the one being played or about to be); "move from table 3 to table 4" compares it with
the game before.
"""

import unicodedata
from dataclasses import dataclass, field, replace

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from tournament.core.foresight import foreseen_seats
from tournament.core.models import Event, Game, Round, Side, Team

from .models import SheetStatus, SheetVersion
from .standings import compute_standings

SIDE_NAMES = dict(Side.choices)


@dataclass(frozen=True)
class Seat:
    """A team's place in one game: its table and side, and its opponents' name ("" when it sits out)."""

    game: int
    table: int
    side: str
    opponents: str

    @property
    def direction(self) -> str:
        return SIDE_NAMES[self.side]

    @property
    def sits_out(self) -> bool:
        return not self.opponents


STATE_WORDS = {
    "accepted": pgettext_lazy("a game's result", "Accepted"),
    "waiting": gettext_lazy("Waiting for the opponents to accept"),
    "director": gettext_lazy("With the director"), "none": gettext_lazy("No score yet"),
    "coming": gettext_lazy("Not started yet"), "sit_out": gettext_lazy("Sat out"),
}


@dataclass(frozen=True)
class Line:
    """One game of the team, as its results list shows it."""

    seat: Seat
    knockout: bool
    state: str           # "accepted", "waiting", "director", "none" (no sheet yet), "coming", "sit_out"
    scored: int | None = None      # for and against: None unless final and the standings are public
    conceded: int | None = None
    vp: int | None = None          # the game's victory points, when the event ranks by them

    @property
    def words(self) -> str:
        return str(STATE_WORDS[self.state])

    @property
    def outcome(self) -> str:
        if self.scored is None or self.conceded is None:
            return ""
        return (pgettext("a team's game", "Won") if self.scored > self.conceded
                else pgettext("a team's game", "Lost") if self.scored < self.conceded
                else pgettext("a team's game", "Tied"))


@dataclass
class TeamPage:
    team_id: int
    number: int
    name: str
    withdrawn: bool
    seating_public: bool
    standings_public: bool
    game: int | None = None          # the latest game's number
    started: bool = False            # its go-ahead given
    now: Seat | None = None          # the team's seat in the latest game
    before: Seat | None = None       # ... and in the game before it
    more_games: bool = False         # a game of the rotation (not paired) is still to be seated after the latest
    then_table: int | None = None    # where the rotation takes the team in the game after the latest
    then_side: str = ""              # ... and on which side (`foresight.foreseen_seats`, as the guide cards)
    lines: list[Line] = field(default_factory=list)
    rank: int | None = None
    shared_rank: bool = False
    ranked: int = 0                  # how many teams the standings rank
    vp: int | None = None            # the team's victory points, when the event ranks by them

    @property
    def move(self) -> str:
        """Where to go for the latest game, in words: "Move from table 3 to table 4, East-West"."""
        way = self.way
        return f"{way}, {self.now.direction}" if way else ""

    @property
    def way(self) -> str:
        """The move without its direction ("Move from table 3 to table 4"), which a page keeps unbroken."""
        now, before = self.now, self.before
        if now is None or now.sits_out:
            return ""
        if before is None or before.sits_out:
            return gettext("Go to table %(table)s") % {"table": now.table}
        if (before.table, before.side) == (now.table, now.side):
            return gettext("Stay at table %(table)s") % {"table": now.table}
        if before.table == now.table:
            return gettext("Stay at table %(table)s, now") % {"table": now.table}
        return gettext("Move from table %(before)s to table %(now)s") % {"before": before.table, "now": now.table}

    @property
    def then(self) -> str:
        """The next game's seat as the rotation will give it ("table 4, East-West"), before the director seats
        it: North-South stays, East-West moves up one table. A withdrawal may still change it."""
        if self.then_table is None or self.now is None:
            return ""
        return gettext("table %(table)s, %(side)s") % {"table": self.then_table, "side": SIDE_NAMES[self.then_side]}

    @property
    def now_final(self) -> bool:
        """The team's latest game has its result: its next seat comes with the next game's seating."""
        return bool(self.lines) and self.lines[-1].seat.game == self.game and self.lines[-1].state in (
            "accepted", "sit_out")


def team_pages(event: Event) -> dict[int, TeamPage]:
    """Every team's page of the event by team id: six queries, or four while the standings are hidden.

    In an event with sections each section has its own latest game (one may be ahead of another), so a
    team's page follows its own section's; the next seat is foretold over the tables still open in the next
    game (a consolidated room, docs/consolidation.md), as the guide cards foretell it."""
    rounds = {(section, number): (phase, started_at, status, pairing)
              for number, phase, started_at, status, pairing, section in event.rounds.values_list(
                  "number", "phase", "started_at", "status", "pairing", "section_id")}
    teams = list(event.teams.order_by("number"))
    names = {team.pk: team.name for team in teams}
    games = list(Game.objects.filter(round__event=event).order_by("round__number", "table__number")
                 .values_list("pk", "round__number", "table__number", "ns_team_id", "ew_team_id", "status",
                              "ns_total", "ew_total", "round__section_id", "table__closed_from_game"))
    pages = {team.pk: TeamPage(team.pk, team.number, team.name, team.status == Team.Status.WITHDRAWN,
                               event.seats_public, event.standings_published)
             for team in teams}
    if not rounds or not event.seats_public:
        return pages
    latest_of: dict = {}   # each section's latest game (the one key None in an event without sections)
    for section, number in rounds:
        latest_of[section] = max(latest_of.get(section, 0), number)
    sheets = _open_sheet_states(event)
    for pk, number, table, ns, ew, status, ns_total, ew_total, section, _ in games:
        latest = latest_of[section]
        for mine, theirs, side, scored, conceded in ((ns, ew, Side.NS, ns_total, ew_total),
                                                     (ew, ns, Side.EW, ew_total, ns_total)):
            page = pages.get(mine)
            if page is None:
                continue
            seat = Seat(number, table, side, names.get(theirs, ""))
            if number == latest:
                page.now = seat
            elif number == latest - 1:
                page.before = seat
            final = status == Game.Status.FINAL
            state = ("sit_out" if theirs is None else "accepted" if final else
                     sheets.get(pk, "none" if rounds[(section, number)][1] is not None or number < latest
                                else "coming"))
            shown = final and event.standings_published
            page.lines.append(Line(seat, rounds[(section, number)][0] == Round.Phase.KNOCKOUT, state,
                                   scored if shown else None, conceded if shown else None))
    sections = {team.pk: team.section_id for team in teams}
    for section, latest in latest_of.items():
        phase, started_at, _, pairing = rounds[(section, latest)]
        # The rotation predicts the next seat only between two rotation games: a paired game's seats come
        # from the standings once the director pairs it.
        more = phase == Round.Phase.ROTATION and not pairing and latest < event.games
        then = {}
        if more:   # the section's (or the room's) movement over the tables still open in the next game
            numbers = [table for _, number, table, *_, of, closed in games
                       if number == latest and of == section and (closed is None or closed > latest + 1)]
            members = [team for team in teams if team.section_id == section]
            then = foreseen_seats(members, numbers, latest + 1, sectioned=section is not None)
        for page in pages.values():
            if sections[page.team_id] != section and (section is not None or sections[page.team_id] in latest_of):
                continue
            page.game, page.started, page.more_games = latest, started_at is not None, more
            seat = then.get(page.team_id)
            if seat is not None and page.now is not None:
                page.then_table, page.then_side = seat.table, seat.side
    if event.standings_published:
        _rank(event, pages)
    return pages


def _open_sheet_states(event: Event) -> dict[int, str]:
    """The games not final yet whose latest sheet waits for the opponents ("waiting") or the director."""
    later = SheetVersion.objects.filter(game=OuterRef("game"), number__gt=OuterRef("number"))
    latest = (SheetVersion.objects.filter(game__round__event=event, game__status=Game.Status.SCHEDULED)
              .exclude(Exists(later)).order_by().values_list("game_id", "status"))
    return {game_id: "waiting" if status == SheetStatus.SUBMITTED else "director"
            for game_id, status in latest if status != SheetStatus.SUPERSEDED}


def _rank(event: Event, pages: dict[int, TeamPage]) -> None:
    """The standings' ranks, once a game is counted (before, every team would share the first place)."""
    rows = compute_standings(event)
    if not any(row.played for row in rows):
        return
    ranks = [row.rank for row in rows]
    for row in rows:
        page = pages.get(row.team.pk)
        if page is not None:
            page.rank, page.shared_rank, page.ranked = row.rank, ranks.count(row.rank) > 1, len(rows)
            if event.rank_by_vp:
                _victory_points(page, row)


def _victory_points(page: TeamPage, row) -> None:
    """The standings' VP of the team and of each of its rotation games (a sit-out's too)."""
    by_game = {game.round: game.vp for game in row.games}
    page.vp = row.vp
    page.lines = [replace(line, vp=by_game.get(line.seat.game)) if not line.knockout else line
                  for line in page.lines]


# --- Finding a team by name -----------------------------------------------------------------------------

def folded(text: str) -> str:
    """A name as a search compares it: no case, no accents, single spaces ("José  Núñez" -> "jose nunez")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


@dataclass(frozen=True)
class Found:
    team_id: int
    event_id: int
    event_name: str
    number: int
    name: str


FOUND_LIMIT = 30


def teams_named(typed: str, events) -> list[Found]:
    """The teams of `events` whose name holds every word typed, forgiving case and accents; one query.

    Folded in Python, not SQL: no database here folds accents the same way, and today's events hold a
    few thousand teams at most."""
    words = folded(typed).split()
    if not words:
        return []
    found = []
    for pk, event_id, event_name, number, p1, p2 in (
            Team.objects.filter(event__in=events).order_by("event__name", "event_id", "number")
            .values_list("pk", "event_id", "event__name", "number", "player1", "player2")):
        name = Team.name_of(p1, p2)
        haystack = folded(name)
        if all(word in haystack for word in words):
            found.append(Found(pk, event_id, event_name, number, name))
            if len(found) > FOUND_LIMIT:
                break
    return found
