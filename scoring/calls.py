"""Calls to the director: a table presses "Call the director", the board shows it at once, with a sound.

A call is not a dispute (which is about a sheet): it is a table asking for someone, for a ruling, for help
with the sheet, or for anything else. A table has at most one open call (the partial unique constraint
`one_open_call_per_table` stands behind the look, so two presses on two phones make one call): pressing
again answers the open call. The table may take it back; the director clears it, which is logged.

The board is published by fingerprint (`scoring.publishing.board_fingerprint`), which counts the calls and
their clearing, so a call reaches the board by its next poll; nothing is announced here for the board's
sake. Clearing is logged (`log_action`), like every change a director makes.
"""

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core.models import Event, Table
from tournament.core.services import log_action, require_director

from .models import DirectorCall
from .services import ScoringError
from .table_games import current_game

REASONS = dict(DirectorCall.Reason.choices)


def open_call(table: Table) -> DirectorCall | None:
    """The table's call the director has not answered yet; None when there is none."""
    return DirectorCall.objects.filter(table=table, cleared_at=None).first()


def call_director(table: Table, *, reason: str = "") -> tuple[DirectorCall, bool]:
    """The table's open call, made now unless one is open (then it is answered as it is, with False).

    A reason given on the second press fills in one the first press left out: the scorekeeper pressed the
    button, then chose what for."""
    reason = _checked_reason(reason)
    existing = open_call(table)
    if existing is None:
        game = current_game(table, with_teams=False)
        try:
            with transaction.atomic():
                return DirectorCall.objects.create(table=table, game=game, reason=reason), True
        except IntegrityError:  # the other phone at the table called in between: that call is the one
            existing = open_call(table)
            if existing is None:
                raise
    if reason and not existing.reason:
        existing.reason = reason
        existing.save(update_fields=["reason"])
    return existing, False


def _checked_reason(reason) -> str:
    reason = reason if isinstance(reason, str) else ""
    if reason and reason not in REASONS:
        reasons = ", ".join(f'"{key}" ({label})' for key, label in REASONS.items())
        raise ScoringError(_("Choose what the call is for: %(reasons)s, or nothing.") % {"reasons": reasons},
                           "invalid")
    return reason


def take_back_call(table: Table) -> DirectorCall | None:
    """The table no longer needs the director: its open call leaves the board (None when none was open,
    so a second press, or a press after the director came, changes nothing)."""
    call = open_call(table)
    if call is None:
        return None
    updated = DirectorCall.objects.filter(pk=call.pk, cleared_at=None).update(cleared_at=timezone.now())
    if updated:
        call.refresh_from_db()
    return call


def clear_call(call: DirectorCall, user) -> DirectorCall:
    """The director has come to the table: the call leaves the board, logged. Clearing a call that is
    already cleared (two directors at once, a resent form) changes nothing and logs nothing."""
    event = call.table.event
    require_director(event, user)
    updated = DirectorCall.objects.filter(pk=call.pk, cleared_at=None).update(cleared_at=timezone.now(),
                                                                              cleared_by=user)
    call.refresh_from_db()
    if updated:
        log_action(event, user, "clear_call", round=call.game.round if call.game_id else None,
                   table=call.table.number, call=call.pk, reason=call.reason,
                   waited_seconds=int((call.cleared_at - call.called_at).total_seconds()))
    return call


def calls_of(event: Event) -> QuerySet[DirectorCall]:
    """Every call of the event, open or not (the director clears one of them by its id)."""
    return DirectorCall.objects.filter(table__event=event).select_related("table__event", "game__round")
