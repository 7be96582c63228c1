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

A late team (`join_paired_games`) joins the next game to be paired: paired by the standings like every
team, from their foot (no win yet), with the games it missed counted as nothing (no win, no points, no
VP) and, for the bye, as byes already had: it is not sent out of the game it came to play while a team
that has played every game is there. Arriving while a paired game is seated and not started, it takes the
seat opposite that game's bye, if there is one: the bye's team gets a game instead of a sit-out.
"""

from dataclasses import replace

from django.utils.translation import gettext as _

from ..errors import TournamentError
from ..models import Event, Game, Round, Team
from ..movement import table_count
from ..pairing import Pairing, pair_as_listed
from ..questions import standings_entrants
from ..tiebreaks import Entrant
from .rounds import plays_in_game

Seats = list[tuple[Team | None, Team | None]]


def paired_seats(event: Event, teams: list[Team], table_total: int, method: str) -> tuple[Seats, Pairing]:
    """Each table's (North-South, East-West) for a paired game of `teams`, and the pairing made."""
    if len(teams) < 2:
        raise TournamentError(_("A paired game needs at least two teams."))
    if table_count(len(teams)) > table_total:
        raise TournamentError(
            _("%(teams)s teams need %(needed)s tables, and %(open)s are open.")
            % {"teams": len(teams), "needed": table_count(len(teams)), "open": table_total})
    entrants = standings_entrants(event)
    if entrants is None:
        raise TournamentError(_("No standings are kept for this event, so a game cannot be paired by them."))
    by_id = {team.pk: team for team in teams}
    try:
        pairing = pair_as_listed(_playing(entrants, teams), method, avoid_club=event.pairing_avoids_club)
    except ValueError as error:  # not expected: the entrants are built to be valid
        raise TournamentError(_("The game cannot be paired: %(error)s") % {"error": error}) from None
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
                                   if m.opponent in playing),
                    # A late team has been out of the games it missed: as good as a bye already had.
                    had_bye=(pk in listed and listed[pk].had_bye) or playing[pk].joined_at_game > 1)
            for pk in order]


def join_paired_games(event: Event, team: Team, current: Round) -> bool:
    """Seat a late team (not saved yet) for the paired games, or say it has none to join (False): the seat
    opposite the bye of a paired game not started, else the next game when it is paired (see above)."""
    club = team.club.strip().casefold()
    if current.awaits_go_ahead and event.pairing_of(current.number):
        bye = (current.games.select_for_update(of=("self",)).select_related("ns_team")
               .filter(status=Game.Status.SIT_OUT, ew_team=None).first())
        if bye is not None and not (event.pairing_avoids_club and club and
                                    bye.ns_team.club.strip().casefold() == club):
            team.joined_at_game = current.number
            team.save()
            bye.ew_team, bye.status = team, Game.Status.SCHEDULED
            bye.save(update_fields=["ew_team", "status"])
            return True
    game = max(current.number + 1, event.games + 1)
    if not event.pairing_of(game):
        return False
    playing = sum(plays_in_game(other, game) for other in event.teams.all()) + 1
    tables = event.tables.open().count()   # a consolidated room pairs over its open tables
    if table_count(playing) > tables:
        raise TournamentError(
            _("Every table is taken in game %(game)s: %(teams)s teams would need %(needed)s tables, and %(open)s "
              "are open. A late team can join an odd number of teams, or when a team withdraws.")
            % {"game": game, "teams": playing, "needed": table_count(playing), "open": tables})
    team.joined_at_game = game
    team.save()
    return True
