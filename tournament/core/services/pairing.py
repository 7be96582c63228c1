"""A game paired by the standings (Danish or Swiss), after the rotation games: who sits at which table.

The standings are asked of the app that keeps them (`questions.standings_entrants`: scoring), as they
stand once the game before is finished, so a sit-out of that game counts. The teams that play the game
(`plays_in_game`: not withdrawn before it, joined by then) are numbered by their place in the standings
and paired by `tournament.core.pairing.pair_round` in that order, so 1st v 2nd (Danish) means the first
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
from ..pairing import Pairing, pair_round
from ..questions import standings_entrants
from ..tiebreaks import Entrant, Meeting

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
    ranked = _numbered_by_rank(entrants, teams)
    try:
        pairing = pair_round(ranked, method, avoid_club=event.pairing_avoids_club, order=())
    except ValueError as error:  # not expected: the entrants are built to be valid
        raise TournamentError(f"The game cannot be paired: {error}") from None
    by_place = {entrant.number: team for entrant, team in zip(ranked, _in_rank_order(entrants, teams), strict=True)}
    seats: Seats = [(by_place[table.ns], by_place[table.ew]) for table in pairing.tables]
    if pairing.bye is not None:
        seats.append((by_place[pairing.bye], None))
    seats += [(None, None)] * (table_total - len(seats))
    return seats, pairing


def _in_rank_order(entrants: list[Entrant], teams: list[Team]) -> list[Team]:
    """The playing teams in the standings' order; a team the standings do not list (none should) last."""
    playing = {team.pk: team for team in teams}
    listed = [playing[e.number] for e in entrants if e.number in playing]
    seen = {team.pk for team in listed}
    return listed + sorted((t for t in teams if t.pk not in seen), key=lambda t: t.number)


def _numbered_by_rank(entrants: list[Entrant], teams: list[Team]) -> list[Entrant]:
    """The playing teams as entrants numbered 1, 2, ... by their place in the standings, their meetings
    with teams that do not play this game left out (they are no one to avoid)."""
    by_id = {e.number: e for e in entrants}
    order = _in_rank_order(entrants, teams)
    place = {team.pk: n for n, team in enumerate(order, start=1)}
    numbered = []
    for team in order:
        entrant = by_id.get(team.pk) or Entrant(number=team.pk)
        meetings = tuple(Meeting(place[m.opponent], m.result) for m in entrant.meetings if m.opponent in place)
        numbered.append(replace(entrant, number=place[team.pk], name=team.name, club=team.club,
                                meetings=meetings))
    return numbered
