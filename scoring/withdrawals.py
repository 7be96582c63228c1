"""A ruling given in error, withdrawn (docs/rulings.md, "Withdrawing a ruling").

Nothing is deleted: the penalty or the score ruling is marked withdrawn (who, when, why) and the event's
log keeps the ruling and its withdrawal. What the withdrawal changes goes the one way scoring makes a
result final, so the standings are recomputed and announced as for any correction:

- A **penalty** counts no more: on a game with a result, the result is recorded again with its points
  given back; on a game still open, the result will be recorded without it.
- A **score ruling** (adjusted or assigned) that is still the game's result puts back the result it
  replaced (the sheet's, or the ruling before it, or the one before that when that one was withdrawn too),
  less the game's penalties. A ruling is the game's result while it is the game's latest ruling not
  withdrawn and the director has not corrected the sheet since (a table cannot send a sheet for a game
  whose result is final). One that has been replaced is only marked withdrawn: the result stays.
- A score ruling given to a game that had no result is refused: a final result is never taken back to
  none (the knockout and the standings have played on from it). The director enters the table's sheet as
  the result (*History / correct*), which replaces the ruling, and may then withdraw it for the record.
"""

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament.core.models import Game
from tournament.core.services import log_action, require_director
from tournament.core.text import checked_reason

from .models import Penalty, ScoreRuling, SheetVersion
from .results import locked_game, record_result
from .services import ScoringError


def in_force(rulings: list[ScoreRuling], corrected_at) -> ScoreRuling | None:
    """Of one game's rulings (oldest first), the one that is its result: the latest not withdrawn, unless
    the director corrected the sheet after it (`corrected_at`, the latest correction's time, or None)."""
    standing = [ruling for ruling in rulings if not ruling.is_withdrawn]
    if not standing or (corrected_at is not None and corrected_at > standing[-1].created_at):
        return None
    return standing[-1]


def ruling_in_force(game: Game) -> ScoreRuling | None:
    correction = (SheetVersion.objects.filter(game=game, source=SheetVersion.Source.DIRECTOR)
                  .order_by("-created_at").values_list("created_at", flat=True).first())
    return in_force(list(ScoreRuling.objects.filter(game=game).order_by("created_at", "id")), correction)


def _reason(reason) -> str:
    reason = checked_reason(reason, refusal=ScoringError)
    if not reason:
        raise ScoringError(_("Give a reason for withdrawing the ruling: it is kept in the event's log."),
                           "invalid")
    return reason


def _refuse_twice(ruling) -> None:
    if ruling.is_withdrawn:
        at = f"{timezone.localtime(ruling.withdrawn_at):%H:%M}"
        if ruling.withdrawn_by:
            raise ScoringError(_("This ruling was already withdrawn at %(time)s by %(who)s: nothing has changed.")
                               % {"time": at, "who": ruling.withdrawn_by.get_username()}, "withdrawn")
        raise ScoringError(_("This ruling was already withdrawn at %(time)s: nothing has changed.") % {"time": at},
                           "withdrawn")


def _mark(ruling, user, reason: str) -> None:
    ruling.withdrawn_at, ruling.withdrawn_by, ruling.withdrawal_reason = timezone.now(), user, reason
    ruling.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawal_reason"])


def withdraw_penalty(penalty: Penalty, user, *, reason: str) -> Penalty:
    """The penalty counts no more; a final result is recorded again with its points given back."""
    game = penalty.game
    require_director(game.round.event, user)
    reason = _reason(reason)
    with transaction.atomic():
        game = locked_game(game)
        penalty = Penalty.objects.select_for_update(of=("self",)).select_related("withdrawn_by").get(pk=penalty.pk)
        _refuse_twice(penalty)
        _mark(penalty, user, reason)
        final = game.status == Game.Status.FINAL
        if final:
            # The result again through the one path (`results.record_result`), from the totals before any
            # penalty (as read under the lock, this one still counted), less the penalties still standing.
            before = game.ns_total + game.penalty_ns, game.ew_total + game.penalty_ew
            del game.penalty_ns, game.penalty_ew   # read again: the penalty just withdrawn no longer counts
            with translation.override("en"):  # the event's log is kept in English
                logged = f"Penalty withdrawn: {penalty.get_side_display()} gets {penalty.points} points back. {reason}"
            record_result(game, ns_total=before[0], ew_total=before[1], user=user, reason=logged)
        log_action(game.round.event, user, "withdraw_penalty", round=game.round, table=game.table.number,
                   penalty=penalty.pk, side=penalty.side, points=penalty.points, minutes=penalty.minutes,
                   reason=reason, final=final)
        penalty.game = game
        return penalty


def result_before(ruling: ScoreRuling) -> tuple[int | None, int | None]:
    """The result the ruling replaced, skipping the rulings withdrawn since (totals before penalties)."""
    while ruling.replaced_id is not None and ruling.replaced.is_withdrawn:
        ruling = ruling.replaced
    return ruling.before_ns_total, ruling.before_ew_total


def withdraw_score_ruling(ruling: ScoreRuling, user, *, reason: str) -> ScoreRuling:
    """The ruling counts no more: the result it replaced is the game's again (see the module's story)."""
    game = ruling.game
    require_director(game.round.event, user)
    reason = _reason(reason)
    with transaction.atomic():
        game = locked_game(game)
        ruling = ScoreRuling.objects.select_related("withdrawn_by").get(pk=ruling.pk)
        _refuse_twice(ruling)
        current = ruling_in_force(game)
        restored = None
        if current is not None and current.pk == ruling.pk:
            ns_total, ew_total = result_before(ruling)
            if ns_total is None:
                raise ScoringError(
                    _("Nothing has changed: game %(game)s at table %(table)s had no result before this ruling, and "
                      "a result cannot be taken back to none. Enter the table's sheet as the result (History / "
                      "correct): it replaces the ruling, which you may then withdraw for the record.")
                    % {"game": game.round.number, "table": game.table.number}, "no_result_before")
            _mark(ruling, user, reason)
            with translation.override("en"):  # the event's log is kept in English
                logged = f"{ruling.get_kind_display()} withdrawn, the result before it put back: {reason}"
            game = record_result(game, ns_total=ns_total, ew_total=ew_total, user=user, reason=logged)
            restored = [game.ns_total, game.ew_total]
        else:
            _mark(ruling, user, reason)
        log_action(game.round.event, user, "withdraw_ruling", round=game.round, table=game.table.number,
                   ruling=ruling.pk, kind=ruling.kind, ns_total=ruling.ns_total, ew_total=ruling.ew_total,
                   restored=restored, reason=reason)
        ruling.game = game
        return ruling
