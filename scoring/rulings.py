"""The director's rulings on a game: an adjusted score, an assigned score, a lateness penalty.

They are documented in docs/rulings.md, with the event's settings they use (`Event.adjusted_percent`,
`late_penalty_points`, `late_penalty_minutes`). Each is logged like every correction, and each reaches the
standings the one way scoring makes a result final (`services.record_result`, then the core's
`record_game_result`), so nothing here computes a standing.

- An **adjusted score** gives each side average plus, average or average minus: the event's average game
  total (every side's total in every other final rotation game of the event, rounded to a multiple of 5),
  raised or lowered by the event's `adjusted_percent` (20 by default: 120% and 80% of the average).
- An **assigned score** is the two totals the director names, with a reason.
- A **lateness penalty** takes `late_penalty_points` from the late team's total in the game for each
  started period of `late_penalty_minutes` it was late. It is kept apart (`Penalty`): given before the
  game's result, it counts when the result is recorded; given after, the result is recorded again less it.

A ruling replaces the game's result, so its sheet's open version (waiting, flagged or disputed) is set
aside (superseded) under the game's lock: the table can no longer accept it over the ruling. Each score
ruling is kept (`ScoreRuling`) with the result it replaced, and each penalty (`Penalty`), so that a ruling
given in error can be withdrawn (`scoring.withdrawals`).
"""

import math

from django.db import transaction
from django.db.models import Avg
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournament.core.models import Game, Round
from tournament.core.services import log_action, record_game_result, require_director
from tournament.core.text import checked_reason

from .models import OPEN_STATUSES, Penalty, ScoreRuling, SheetStatus, SheetVersion
from .results import locked_game, record_result
from .services import ScoringError, refuse_replacing
from .withdrawals import ruling_in_force

PLUS, AVERAGE, MINUS = "plus", "average", "minus"
# In English: the event's log keeps these words (the director's page shows `ruling_views`' translated ones).
ADJUSTMENTS = {PLUS: "Average plus", AVERAGE: "Average", MINUS: "Average minus"}
SIDES = {"ns": "North-South", "ew": "East-West"}
MAX_TOTAL = 100_000


def to_five(value: float) -> int:
    """Every canasta score is a multiple of 5: the nearest one (halves up)."""
    return math.floor(value / 5 + 0.5) * 5


def adjusted_total(average: int, kind: str, percent: int) -> int:
    """A side's adjusted total from the event's average (plain arithmetic, tested without a database)."""
    factor = {PLUS: 100 + percent, AVERAGE: 100, MINUS: 100 - percent}[kind]
    return to_five(average * factor / 100)


def late_points(minutes: int, *, points: int, period: int) -> int:
    """The penalty for `minutes` late: `points` for each started period of `period` minutes (0 on time)."""
    return math.ceil(minutes / period) * points if minutes > 0 else 0


def event_average(game: Game) -> int | None:
    """The average total of a side in the event's other final rotation games; None before there is one."""
    finals = Game.objects.filter(round__event_id=game.round.event_id, status=Game.Status.FINAL,
                                 round__phase=Round.Phase.ROTATION).exclude(pk=game.pk)
    totals = finals.aggregate(ns=Avg("ns_total"), ew=Avg("ew_total"))
    if totals["ns"] is None:
        return None
    return to_five((totals["ns"] + totals["ew"]) / 2)


def _reason(reason) -> str:
    reason = checked_reason(reason, refusal=ScoringError)
    if not reason:
        raise ScoringError(_("Give a reason for the ruling: it is kept in the event's log."), "invalid")
    return reason


def _two_teams(game: Game) -> None:
    if game.ns_team_id is None or game.ew_team_id is None:
        raise ScoringError(_("A table with one team has no result to rule on."), "invalid")


def _set_aside_open_sheet(game: Game) -> SheetVersion | None:
    """The sheet's open version can no longer be accepted at the table: the ruling is the result."""
    latest = SheetVersion.objects.for_game(game).first()
    if latest is None or latest.status not in OPEN_STATUSES:
        return None
    SheetVersion.objects.filter(pk=latest.pk).update(status=SheetStatus.SUPERSEDED, status_changed_at=timezone.now())
    return latest


def _rule(game: Game, user, *, ns_total: int, ew_total: int, reason: str, replace_result: bool,
          action: str, **details) -> Game:
    with transaction.atomic():
        game = locked_game(game)
        refuse_replacing(game, replace_result)
        set_aside = _set_aside_open_sheet(game)
        was_final = game.status == Game.Status.FINAL
        # The result replaced, as totals before penalties (the game's row counts them off).
        before = (game.ns_total + game.penalty_ns, game.ew_total + game.penalty_ew) if was_final else (None, None)
        ruling = ScoreRuling.objects.create(
            game=game, kind=action, ns_total=ns_total, ew_total=ew_total, before_ns_total=before[0],
            before_ew_total=before[1], replaced=ruling_in_force(game) if was_final else None, set_aside=set_aside,
            details={key: value for key, value in details.items() if key != "what"}, reason=reason, given_by=user)
        game = record_result(game, ns_total=ns_total, ew_total=ew_total, user=user, reason=f"{details.get('what')}: "
                             f"{reason}")
        log_action(game.round.event, user, action, round=game.round, table=game.table.number, reason=reason,
                   ns_total=ns_total, ew_total=ew_total, was_final=was_final, ruling=ruling.pk,
                   set_aside=set_aside.number if set_aside else None, **details)
        game.given_ruling_id = ruling.pk   # the ruling this call gave, which another director's may follow
        return game


def give_adjusted_score(game: Game, user, *, ns: str, ew: str, reason: str, replace_result: bool = True) -> Game:
    """Each side gets average plus, average or average minus (`ADJUSTMENTS`) of the event's average."""
    event = game.round.event
    require_director(event, user)
    reason = _reason(reason)
    _two_teams(game)
    if ns not in ADJUSTMENTS or ew not in ADJUSTMENTS:
        raise ScoringError(_("Choose for each side: average plus, average, or average minus."), "invalid")
    average = event_average(game)
    if average is None:
        raise ScoringError(_("No other game has a result yet, so there is no average to adjust from: assign a "
                             "score instead."), "invalid")
    ns_total = adjusted_total(average, ns, event.adjusted_percent)
    ew_total = adjusted_total(average, ew, event.adjusted_percent)
    what = f"Adjusted score ({ADJUSTMENTS[ns]} for N-S, {ADJUSTMENTS[ew]} for E-W, average {average})"
    return _rule(game, user, ns_total=ns_total, ew_total=ew_total, reason=reason, replace_result=replace_result,
                 action="adjusted_score", what=what, ns=ns, ew=ew, average=average, percent=event.adjusted_percent)


def give_assigned_score(game: Game, user, *, ns_total: int, ew_total: int, reason: str,
                        replace_result: bool = True) -> Game:
    """The director names both totals, with a reason (a game that could not be finished, a fouled board)."""
    require_director(game.round.event, user)
    reason = _reason(reason)
    _two_teams(game)
    for total in (ns_total, ew_total):
        if not isinstance(total, int) or isinstance(total, bool) or abs(total) > MAX_TOTAL or total % 5:
            raise ScoringError(_("A total is a whole multiple of 5 between -%(most)s and %(most)s.")
                               % {"most": number_format(MAX_TOTAL, force_grouping=True)}, "invalid")
    return _rule(game, user, ns_total=ns_total, ew_total=ew_total, reason=reason, replace_result=replace_result,
                 action="assigned_score", what="Assigned score")


def give_late_penalty(game: Game, user, *, side: str, minutes: int, reason: str = "") -> Penalty:
    """The late team loses the event's points per started period late from its total in this game; a final
    result is recorded again less it, an open game's result will be when it is recorded."""
    event = game.round.event
    require_director(event, user)
    reason = checked_reason(reason, refusal=ScoringError)
    _two_teams(game)
    if side not in SIDES:
        raise ScoringError(_("Say which team was late: North-South or East-West."), "invalid")
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 1 <= minutes <= 600:
        raise ScoringError(_("Minutes late is a whole number from 1 to 600."), "invalid")
    points = late_points(minutes, points=event.late_penalty_points, period=event.late_penalty_minutes)
    if not points:
        raise ScoringError(_("This event's lateness penalty is 0 points: nothing to give."), "invalid")
    with transaction.atomic():
        game = locked_game(game)
        penalty = Penalty.objects.create(game=game, side=side, points=points, minutes=minutes,
                                         reason=reason, given_by=user)
        if game.status == Game.Status.FINAL:
            # The result already counts the earlier penalties; this one comes off it as well.
            ns_total = game.ns_total - (points if side == "ns" else 0)
            ew_total = game.ew_total - (points if side == "ew" else 0)
            record_game_result(game, ns_total=ns_total, ew_total=ew_total, user=user,
                               reason=f"Lateness penalty: {SIDES[side]} {minutes} minutes late, -{points}.")
        log_action(event, user, "late_penalty", round=game.round, table=game.table.number, side=side,
                   minutes=minutes, points=points, reason=reason, final=game.status == Game.Status.FINAL)
        return penalty
