"""Guide cards: one card per team, printed for the day, that tells where it plays in each game.

The games seated so far are read as they are stored. The rotation games still to come are seated here
exactly as the director's next-game step will seat them (`foresight.foreseen_game`, which the team pages
ask for the team's next seat too), so a card and the day agree unless a team joins or withdraws
meanwhile; the card says which games are foreseen. A game paired by the standings (docs/pairing.md) is
listed without a table: its tables are known only once it is paired, and the card says where to read
them then (the room's board, the team's page). A knockout's games are seated from results, so a card
names only those already seated.

Every card of an event is read in four queries, whatever the number of teams.
"""

from dataclasses import dataclass, field

from .foresight import foreseen_game
from .models import Event, Game, Round, Side, Team

SIDE_WORDS = dict(Side.choices)


@dataclass(frozen=True)
class Stop:
    """Where a team plays one game: its table and side, and its opponents (none: it sits out)."""

    game: int
    table: int
    side: str
    opponent_number: int | None = None
    opponent_name: str = ""
    foreseen: bool = False      # by the movement: the game is not seated yet

    @property
    def direction(self) -> str:
        return SIDE_WORDS[self.side]

    @property
    def sits_out(self) -> bool:
        return self.opponent_number is None


@dataclass
class GuideCard:
    number: int
    name: str
    stops: dict[int, Stop] = field(default_factory=dict)   # by game number
    # Each game of the guide in order with the team's stop, None where it has no seat (not yet joined).
    lines: list[tuple[int, Stop | None]] = field(default_factory=list)


@dataclass(frozen=True)
class Guide:
    cards: list[GuideCard]
    games: list[int]            # every game a card lists
    foreseen: list[int]         # the games among them seated by the movement here, not yet by the director
    knockout_follows: bool      # a knockout comes after the rotation games: its seats depend on results
    paired: list[int] = field(default_factory=list)   # games paired by the standings, not paired yet


def guide(event: Event) -> Guide:
    """Every active team's card; an empty guide before game 1 is seated (the seating fixes the places)."""
    played = list(event.rounds.values_list("number", "phase", "section_id"))
    rounds = {number: phase for number, phase, _ in played}
    teams = list(event.teams.order_by("number"))
    cards = {team.pk: GuideCard(team.number, team.name) for team in teams if team.is_active}
    if not rounds:
        return Guide([], [], [], False, [])
    by_id = {team.pk: team for team in teams}
    seated = (Game.objects.filter(round__event=event).order_by("round__number", "table__number")
              .values_list("round__number", "table__number", "ns_team_id", "ew_team_id"))
    for game, table, ns, ew in seated:
        _seat(cards, game, table, by_id.get(ns), by_id.get(ew), foreseen=False)
    latest = max(rounds)
    foreseen = []
    if rounds[latest] == Round.Phase.ROTATION and latest < event.games:
        # Each movement from its own latest game: the event's, or each section's (docs/sections.md), over the
        # tables still open (a consolidated room, docs/consolidation.md).
        tables: dict = {}
        for number, section in event.tables.open().order_by("number").values_list("number", "section_id"):
            tables.setdefault(section, []).append(number)
        for section, numbers in tables.items():
            members = [team for team in teams if team.section_id == section]
            since = max((number for number, _, of in played if of == section), default=latest)
            for game in range(since + 1, event.games + 1):
                for number, ns, ew in foreseen_game(members, numbers, game, sectioned=section is not None):
                    _seat(cards, game, number, ns, ew, foreseen=True)
                foreseen.append(game)
    # A paired game's tables come from the standings once the game before has its results: the card says
    # where to look then, since no one can print them.
    paired = ([game for game in range(latest + 1, event.total_games + 1) if event.pairing_of(game)]
              if rounds[latest] == Round.Phase.ROTATION else [])
    games = sorted(set(rounds) | set(foreseen)) + paired   # a section ahead of another seated a foreseen game
    foreseen = sorted(set(foreseen) - set(rounds))
    for card in cards.values():
        card.lines = [(game, card.stops.get(game)) for game in games]
    return Guide(list(cards.values()), games, foreseen,
                 event.format == Event.Format.ROTATION_THEN_KNOCKOUT and rounds[latest] == Round.Phase.ROTATION,
                 paired)


def _seat(cards: dict[int, GuideCard], game: int, table: int, ns: Team | None, ew: Team | None,
          *, foreseen: bool) -> None:
    for mine, theirs, side in ((ns, ew, Side.NS), (ew, ns, Side.EW)):
        card = cards.get(mine.pk) if mine is not None else None
        if card is not None:
            card.stops[game] = Stop(game, table, side, theirs.number if theirs else None,
                                    theirs.name if theirs else "", foreseen)
