"""Where the movement will seat a rotation game not seated yet: one answer for every page that foretells it.

The director's next-game step seats a rotation game by the movement: the teams that play the game in
their starting places (`services.seating.places_for_game`), then `movement.seat_game` (North-South stays,
East-West moves up one table). The guide cards print every such game still to come, and each team's page
says where the team plays next; both ask `foreseen_game`, so a card and a page never disagree, and both
agree with the seating unless a team joins or withdraws meanwhile. A paired game is foretold by no one:
its tables come from the standings when the director pairs it.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from .models import Side, Team
from .movement import seat_game
from .services.seating import places_for_game


def foreseen_game(teams: Sequence[Team], tables: Sequence[int], game: int, *,
                  sectioned: bool = False) -> list[tuple[int, Team | None, Team | None]]:
    """Each table of rotation game `game` (its number, North-South, East-West) as the movement will seat it;
    `teams` are the event's (or a section's) teams (those that do not play the game are left out), `tables`
    the open tables' numbers in order. A section's places are its tables' numbers; the room's are positions
    among its open tables, from 1 (`services.seating._seat_next_teams_game`)."""
    first = tables[0] if sectioned and tables else 1
    seating = seat_game(*places_for_game(list(teams), len(tables), game, first), game)
    return [(number, seat.ns, seat.ew) for number, seat in zip(tables, seating.tables, strict=True)]


@dataclass(frozen=True)
class ForeseenSeat:
    table: int
    side: str
    opponent: Team | None       # None: the team sits out


def foreseen_seats(teams: Sequence[Team], tables: Sequence[int], game: int, *,
                   sectioned: bool = False) -> dict[int, ForeseenSeat]:
    """`foreseen_game` by team id: where each team that plays the game will sit."""
    seats = {}
    for number, ns, ew in foreseen_game(teams, tables, game, sectioned=sectioned):
        for mine, theirs, side in ((ns, ew, Side.NS), (ew, ns, Side.EW)):
            if mine is not None:
                seats[mine.pk] = ForeseenSeat(number, side, theirs)
    return seats
