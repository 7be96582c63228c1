"""A game's final result as scoring makes it: the game's row under its lock, and the one result path.

Every write that ends in a result (the opponents' accept, the director's correction, a ruling) takes the
game's lock with `locked_game` and makes the result final with `record_result`, which takes the game's
lateness penalties (those not withdrawn) off the totals before `tournament.core.services.record_game_result` records it.
"""

from django.db.models import OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce

from tournament.core.models import Game
from tournament.core.services import record_game_result

from .models import Penalty


def locked_game(game: Game, *, penalties: bool = True) -> Game:
    """The game's row, read again under its lock, and nothing else locked or joined: its round, event and
    table never change, so what the request already loaded of them is carried over, as are its teams
    while the row still seats them (a late team may have taken a seat before the lock was granted).
    `penalties`: with the game's penalties by side, for a write that may make the result final
    (`record_result`); a table's submission never does, and the two subqueries were about a sixth of its
    instructions."""
    games = Game.objects.select_for_update()
    locked = (games.annotate(**_PENALTIES) if penalties else games).get(pk=game.pk)
    for name in _CARRIED:
        field = Game._meta.get_field(name)
        if field.is_cached(game) and getattr(locked, field.attname) == getattr(game, field.attname):
            field.set_cached_value(locked, field.get_cached_value(game))
    return locked


_CARRIED = ("round", "table", "ns_team", "ew_team")


# The game's penalties by side, read with its row lock (no query more on an accept): `record_result`.
_PENALTIES = {f"penalty_{side}": Coalesce(Subquery(
    Penalty.objects.filter(game=OuterRef("pk"), side=side, withdrawn_at=None).order_by().values("game")
    .annotate(n=Sum("points")).values("n")[:1]), 0) for side in ("ns", "ew")}


def record_result(game: Game, *, ns_total: int, ew_total: int, user=None, reason: str = "") -> Game:
    """The game's result from a sheet's (or a ruling's) totals, less the game's penalties: the one way
    scoring makes a result final (`record_game_result`), so a penalty given before the sheet is accepted
    counts all the same (`scoring.rulings`)."""
    if hasattr(game, "penalty_ns"):  # read under the lock (`locked_game`)
        ns_less, ew_less = game.penalty_ns, game.penalty_ew
    else:
        less = dict(Penalty.objects.filter(game=game, withdrawn_at=None).order_by().values("side")
                    .annotate(n=Sum("points")).values_list("side", "n"))
        ns_less, ew_less = less.get("ns", 0), less.get("ew", 0)
    if ns_less or ew_less:
        reason += f" Less penalties: N-S {ns_less}, E-W {ew_less}."
    return record_game_result(game, ns_total=ns_total - ns_less, ew_total=ew_total - ew_less, user=user,
                              reason=reason)
