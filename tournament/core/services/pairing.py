"""A game paired by the standings (Danish or Swiss), after the rotation games: who sits at which table.

The standings are asked of the app that keeps them (`questions.standings_entrants`: scoring), as they
stand once the game before is finished, so a sit-out of that game counts. The teams that play the game
(`plays_in_game`: not withdrawn before it, joined by then) are ranked as the standings list them
and paired by `tournament.core.pairing.pair_as_listed` in that order, so 1st v 2nd (Danish) means the first
two lines of the standings the players see. The pairing's rules stand:

- no rematch while one can be avoided; with `Event.pairing_avoids_club`, no two teams of one club;
- the higher-ranked team of a pair sits North-South; the pairs take tables 1, 2, ... in the order the
  pairing fixes them (the best-ranked pair first, at table 1);
- with an odd number of teams, the bye goes to the lowest-ranked team that has not yet sat out a game
  (a sit-out of the rotation counts as a bye); it is stored as a sit-out at the table after the last
  pair, so it counts by `Event.sit_out_rule` as any sit-out does. Tables left over stay empty.
"""

from dataclasses import replace

from ..errors import TournamentError
from ..models import Event, Team
from ..movement import table_count
from ..pairing import Pairing, pair_as_listed
from ..questions import standings_entrants
from ..tiebreaks import Entrant

Seats = list[tuple[Team | None, Team | None]]


def paired_seats(event: Event, teams: list[Team], table_total: int, method: str) -> tuple[Seats, Pairing]:
    """Each table's (North-South, East-West) for a paired game of `teams`, and the pairing made."""
    if len(teams) < 2:
        raise TournamentError("A paired game needs at least two teams.")
    if table_count(len(teams)) > table_total:
        raise TournamentError(
            f"{len(teams)} teams need {table_count(len(teams))} tables, and {table_total} are numbered.")
    entrants = standings_entrants(event)
    if entrants is None:
        raise TournamentError("No standings are kept for this event, so a game cannot be paired by them.")
    by_id = {team.pk: team for team in teams}
    try:
        pairing = pair_as_listed(_playing(entrants, teams), method, avoid_club=event.pairing_avoids_club)
    except ValueError as error:  # not expected: the entrants are built to be valid
        raise TournamentError(f"The game cannot be paired: {error}") from None
    seats: Seats = [(by_id[table.ns], by_id[table.ew]) for table in pairing.tables]
    if pairing.bye is not None:
        seats.append((by_id[pairing.bye], None))
    seats += [(None, None)] * (table_total - len(seats))
    return seats, pairing


def _playing(entrants: list[Entrant], teams: list[Team]) -> list[Entrant]:
    """The teams that play, in the standings' order (one the standings do not list, none should, last), each
    numbered by its id with its name and club, its meetings with teams that do not play this game left out
    (they are no one to avoid)."""
    playing = {team.pk: team for team in teams}
    listed = {e.number: e for e in entrants if e.number in playing}
    order = list(listed) + sorted((pk for pk in playing if pk not in listed), key=lambda pk: playing[pk].number)
    return [replace(listed.get(pk) or Entrant(number=pk), name=playing[pk].name, club=playing[pk].club,
                    meetings=tuple(m for m in (listed[pk].meetings if pk in listed else ())
                                   if m.opponent in playing))
            for pk in order]
