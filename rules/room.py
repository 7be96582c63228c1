"""What a game asks of the room, as plain data: who enters, how many sit at a table, how a result ranks.

A tournament runs a day of any of our games with the same tools, and these three facts are all it needs
from a rule set to do so: teams of two or single players decide what is imported and who is seated; the
seats a table holds decide the movement (two sides go by the NVSO Mitchell movement, single players by
the players' movement); the ranking decides the standings. A rule set declares them as its `room`; one
that allows a second way of playing (Canasta 21 in two partnerships) lists it in `alternatives`, each
chosen by the rule options that it names (`when`), so an event picks it through its `rule_options`.

Seats count entrants: a table of two teams has 2 seats (the two sides), a table of five single players
has 5.
"""

from dataclasses import dataclass, field

TEAMS, PLAYERS = "teams", "players"
ENTRANTS = (TEAMS, PLAYERS)

MOST_POINTS = "most_points"          # the highest total wins (canasta, the games on Deck 21)
FEWEST_CARDS = "fewest_cards"        # the fewest cards left wins (the solitaire's discard pile)
CREDITED_POINTS = "credited_points"  # each player ranks by the score credited them (the five-player game)
RANKINGS = {
    MOST_POINTS: "most points",
    FEWEST_CARDS: "fewest cards",
    CREDITED_POINTS: "most credited points (a player's own score and their partner's)",
}


@dataclass(frozen=True)
class Room:
    entrants: str
    seats: tuple[int, int]  # the fewest and the most entrants at one table
    ranking: str
    when: dict = field(default_factory=dict)  # the rule options that choose this room (alternatives only)
    score_step: int = 1  # every final score of the game is a multiple of it (the five-player game's 5)
    alternatives: tuple["Room", ...] = ()

    def __post_init__(self):
        low, high = self.seats
        if self.entrants not in ENTRANTS:
            raise ValueError(f"A room's entrants are {TEAMS!r} or {PLAYERS!r}, not {self.entrants!r}.")
        if not 1 <= low <= high:
            raise ValueError(f"A table's seats run from the fewest to the most, at least 1: not {self.seats}.")
        if self.score_step < 1:
            raise ValueError(f"A score's step is a whole number of at least 1, not {self.score_step!r}.")
        if self.ranking not in RANKINGS:
            raise ValueError(f"A room ranks by one of {', '.join(RANKINGS)}, not {self.ranking!r}.")

    @property
    def fixed_seats(self) -> bool:
        return self.seats[0] == self.seats[1]

    @property
    def seats_text(self) -> str:
        """'5' or '2-4', as the movement command and the event's setting write them."""
        low, high = self.seats
        return str(low) if low == high else f"{low}-{high}"

    def chosen(self, options: dict | None) -> "Room":
        """The room the event's rule options choose: the first alternative whose `when` they all match
        (an option left out counts as false, the default of every switch that chooses a room), else this."""
        options = options or {}
        for other in self.alternatives:
            if all(options.get(name, False) == value for name, value in other.when.items()):
                return other
        return self

    def as_dict(self) -> dict:
        """JSON-ready: {"entrants", "seats": {"min", "max"}, "ranking", "alternatives": [... with "when"]}."""
        described = {"entrants": self.entrants, "seats": {"min": self.seats[0], "max": self.seats[1]},
                     "ranking": self.ranking}
        if self.when:
            described["when"] = dict(self.when)
        else:
            described["alternatives"] = [other.as_dict() for other in self.alternatives]
        return described


TWO_TEAMS = Room(TEAMS, (2, 2), MOST_POINTS)


def room_of(ruleset) -> Room:
    """The rule set's declared room; one that declares none is the NVSO table's: two teams, most points."""
    return getattr(ruleset, "room", None) or TWO_TEAMS
