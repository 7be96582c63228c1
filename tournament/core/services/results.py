"""A game's result made final, and announced (`signals.game_result_final`) to whoever plays on from it."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import TournamentError
from ..models import Game
from ..signals import game_result_final
from .directors import log_action


def record_game_result(game: Game, *, ns_total: int, ew_total: int, user=None, reason: str = "") -> Game:
    """Make a game's result final (first or corrected) and announce it. Scoring calls this once the opponents
    accept a sheet, or the director enters or corrects one.

    The writes are one transaction with the caller's (no savepoint: nothing rolls back to one, and each
    costs two round trips on every accept); a refusal comes before any of them."""
    if game.ns_team_id is None or game.ew_team_id is None:
        raise TournamentError(_("A table with one team has no result to record."))
    with transaction.atomic(savepoint=False):
        return _record(game, ns_total, ew_total, user, reason)


def _record(game: Game, ns_total: int, ew_total: int, user, reason: str) -> Game:
    if ns_total == ew_total:
        winner = Game.Winner.TIE
    else:
        winner = Game.Winner.NS if ns_total > ew_total else Game.Winner.EW
    previous = (game.ns_total, game.ew_total, game.winner) if game.status == Game.Status.FINAL else None
    game.ns_total, game.ew_total, game.winner = ns_total, ew_total, winner
    game.status = Game.Status.FINAL
    game.result_at = timezone.now()
    game.save(update_fields=["ns_total", "ew_total", "winner", "status", "result_at"])
    log_action(game.round.event, user, "record_result", round=game.round, table=game.table.number,
               ns_total=ns_total, ew_total=ew_total, winner=winner, previous=previous, reason=reason)
    game_result_final.send(sender=Game, game=game, previous=previous, user=user)
    return game
