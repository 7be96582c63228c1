"""A game of single players made final: one score per seat, checked whole, stored under the game's lock.

A table of single players has no North-South and East-West: its result is each seat's own figure
(`Seat.score`, points or the solitaire's cards). Every seat must be given, each a whole number the rule
set allows (rules.seat_results), or nothing is stored. The game turns final as a two-side game does in
`record_game_result`, and the change is logged and announced (`log_action` sends `event_changed`), so the
published standings and board are recomputed. `game_result_final` is not sent: its receivers (the
knockout) follow two-side games, and its `previous` is a two-side result.

Like `record_game_result`, this does not ask who is entering: the director's page checks the director,
and the table page calls it once another player at the table confirms the sheet (`scoring.seat_sheets`).
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.room import PLAYERS
from rules.seat_results import score_refusal, table_refusal

from ..errors import TournamentError
from ..game_room import event_room
from ..models import Game, Seat, Team
from .directors import log_action


def record_seat_results(game: Game, scores: dict, user=None, *, reason: str = "") -> Game:
    """Make the game's seat scores final (first or corrected). `scores` maps each seat (a `Seat`, its
    `Team` or the team's id) to its score; TournamentError names every seat that is missing or wrong."""
    event = game.round.event
    room = event_room(event)
    if room.entrants != PLAYERS:
        raise TournamentError(_("This event's tables are two teams: enter their result as a score sheet."))
    with transaction.atomic():
        game = Game.objects.select_for_update().select_related("round__event", "table").get(pk=game.pk)
        seats = list(game.seats.select_related("team").order_by("position"))
        checked = _checked(room, game, seats, scores)
        previous = {seat.team.name: seat.score for seat in seats} if game.status == Game.Status.FINAL else None
        for seat in seats:
            seat.score = checked[seat.team_id]
        Seat.objects.bulk_update(seats, ["score"])
        game.status = Game.Status.FINAL
        game.result_at = timezone.now()
        game.save(update_fields=["status", "result_at"])
        log_action(event, user, "record_seat_results", round=game.round, table=game.table.number,
                   scores={seat.team.name: seat.score for seat in seats}, previous=previous, reason=reason)
    return game


def _checked(room, game: Game, seats: list[Seat], scores: dict) -> dict[int, int]:
    """The scores by team id, or TournamentError with every fault in one message."""
    table = game.table.number
    if game.status == Game.Status.SIT_OUT:
        raise TournamentError(_("Table %(table)s does not play this game: too few players were left at it, and "
                                "they sit it out.") % {"table": table})
    if not seats or game.status == Game.Status.EMPTY:
        raise TournamentError(_("No one sits at table %(table)s in this game: there is no result to enter.")
                              % {"table": table})
    refusal = table_refusal(room, len(seats))
    if refusal:
        raise TournamentError(refusal)
    by_team = {}
    for key, value in scores.items():
        by_team[_team_id(key)] = value
    names = {seat.team_id: seat.team.name for seat in seats}
    faults = [_("Entrant %(entrant)s does not sit at table %(table)s.") % {"entrant": key, "table": table}
              for key in sorted(by_team, key=str)
              if key not in names]
    missing = [names[team_id] for team_id in names if by_team.get(team_id) in (None, "")]
    if missing:
        faults.append(_("Give a score for every seat: %(players)s has none.") % {"players": ", ".join(missing)})
    checked = {}
    for team_id, name in names.items():
        if by_team.get(team_id) in (None, ""):
            continue
        value = _whole(by_team[team_id])
        if value is None:
            faults.append(_("%(name)s's score %(score)s is not a whole number.")
                          % {"name": name, "score": by_team[team_id]})
        elif why := score_refusal(room, value, name, by_team[team_id]):
            faults.append(why)  # the rule set's own sentence, from its catalog
        else:
            checked[team_id] = value
    if faults:
        raise TournamentError(" ".join(faults))
    return checked


def _team_id(key) -> int:
    if isinstance(key, Seat):
        return key.team_id
    if isinstance(key, Team):
        return key.pk
    try:
        return int(key)
    except (TypeError, ValueError):
        raise TournamentError(_("%(key)s is not a seat of this game.") % {"key": repr(key)}) from None


def _whole(value) -> int | None:
    """A whole number as typed (a string of digits, maybe signed) or given; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip().replace(" ", "")
    try:
        return int(text)
    except ValueError:
        return None
