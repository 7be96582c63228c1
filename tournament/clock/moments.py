"""The clock's moments (the warning, time up) recorded once, whoever notices them and however late.

A moment is recorded by whichever comes first: the task scheduled for its instant (`tasks.deliver_moment`),
the periodic reconcile (`tasks.reconcile_clocks`, for a worker that was down or a broker that could not be
reached), the director ending the game, or, with no worker at all (the embedded default), the next read of
the clock. The database's conditional unique constraints (`ClockEvent.Meta`) make a second record of the
same moment fail, so two of them racing still record it once.
"""

import datetime as dt

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from tournament.core.models import Round

from . import state as clock
from .facts import facts_of, iso, table_extras
from .models import ClockEvent, TableExtraTime


def record_due_moments(round_: Round, now: dt.datetime | None = None,
                       extras: dict[int, int] | None = None) -> list[ClockEvent]:
    """Record every moment of the round that has come by `now` and is not recorded yet, in the order
    they came. Safe to call from any number of tasks and processes at once.

    A warning is recorded once per round (or table). A time up is recorded once per deadline: time
    extended after it was up (`extend_clock`) gives a new deadline, and its time up is a new moment.
    Before time is up a deadline only moves into the future, so no moment is recorded that did not come.
    """
    now = now or timezone.now()
    if round_.started_at is None:
        return []
    if extras is None:
        extras = table_extras(round_)
    due = clock.due_moments(facts_of(round_), now, extras)
    if not due:
        return []
    have = set()
    for kind, table, due_at in ClockEvent.objects.filter(round=round_).values_list("kind", "table", "due_at"):
        have.add(_moment_key(kind, table, due_at))
    created = []
    for moment in due:
        if _moment_key(moment.kind, moment.table, moment.due_at) in have:
            continue
        try:
            with transaction.atomic():
                created.append(ClockEvent.objects.create(
                    round=round_, kind=moment.kind, table=moment.table, due_at=moment.due_at,
                    recorded_at=timezone.now(),
                ))
        except IntegrityError:
            # Another worker recorded it between our read and our write: it is recorded once.
            continue
    return created


def _moment_key(kind: str, table: int | None, due_at: dt.datetime) -> tuple:
    """What makes a moment the same one: its kind and table, and for a time up its deadline (to the
    millisecond, the precision every page and the API use)."""
    if kind == ClockEvent.Kind.TIME_UP:
        return kind, table, iso(due_at)
    return kind, table


def catch_up_on_read(round_: Round | None, now: dt.datetime, extras: dict[int, int] | None = None) -> None:
    """With no worker (the embedded default runs tasks eagerly, so an ETA means nothing), a moment is
    recorded when the clock is next read. With workers, they and the periodic reconcile record it."""
    if round_ is not None and settings.CELERY_TASK_ALWAYS_EAGER:
        record_due_moments(round_, now, extras)



def rounds_to_reconcile():
    """Rounds being played whose moments may not all be recorded yet: no time up recorded, a table with
    its own time, or time added to the round (which may have come after a time up already recorded)."""
    time_up_recorded = ClockEvent.objects.filter(
        round=OuterRef("pk"), kind=ClockEvent.Kind.TIME_UP, table=None
    )
    table_extra = TableExtraTime.objects.filter(round=OuterRef("pk"), seconds__gt=0)
    return (
        Round.objects.filter(status=Round.Status.PLAYING, started_at__isnull=False)
        .filter(~Exists(time_up_recorded) | Exists(table_extra) | Q(extra_seconds__gt=0))
        .order_by("pk")
    )


def reconcile(now: dt.datetime | None = None) -> int:
    """Record what a stopped or late worker missed; returns how many moments it recorded."""
    now = now or timezone.now()
    return sum(len(record_due_moments(round_, now)) for round_ in rounds_to_reconcile())


def coming_moments(now: dt.datetime, until: dt.datetime):
    """(round id, moments) for each round being played whose clock reaches a moment after `now` and by
    `until` if it keeps running: what the reconcile publishes as it comes near."""
    for round_ in rounds_to_reconcile():
        near = [m for m in clock.next_moments(facts_of(round_), now, table_extras(round_)) if m.due_at <= until]
        if near:
            yield round_.pk, near
