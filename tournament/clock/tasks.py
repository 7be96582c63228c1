"""Celery tasks that deliver the clock's moments: the warning and time up.

Starting or resuming the clock schedules one `deliver_moment` per moment with an ETA at its instant.
The task trusts nothing it was given: it re-reads the round and records whatever has really come by
now, once (`record_due_moments`). So a task that arrives late records the moment late but right; one
delivered twice records nothing the second time; one that finds the clock paused or extended records
nothing (resume and extend schedule new tasks for the new instants).

A worker that was down misses its ETAs; `reconcile_clocks` catches up, run by Celery beat every
CLOCK_RECONCILE_SECONDS (30 s; see config/celery.py) and once when a worker comes up. Production runs
the beat either inside a worker, `celery -A config worker -B` (one such worker only), or as its own
process, `celery -A config beat`, next to any number of `celery -A config worker`. What the clock shows
never waits for any of this: it is derived from the round's facts on every read.
"""

import datetime as dt
import logging

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.utils import timezone

from tournament.core.models import Round

from . import state as clock
from .facts import facts_of, iso, table_extras
from .moments import reconcile, record_due_moments

logger = logging.getLogger(__name__)

# A task may reach a worker whose clock runs a little behind the scheduler's; within this window it
# waits for the moment instead of leaving it to the next reconcile.
EARLY_RETRY_SECONDS = 5.0


@shared_task(name="tournament.deliver_clock_moment", ignore_result=True)
def deliver_moment(round_id: int, kind: str, table: int | None = None, due_at: str | None = None) -> int:
    """Record the round's moments that are due now; returns how many this delivery recorded."""
    round_ = Round.objects.filter(pk=round_id).first()
    if round_ is None:
        return 0
    now = timezone.now()
    extras = table_extras(round_)
    recorded = record_due_moments(round_, now, extras)
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        _retry_if_early(round_, kind, table, extras, now)
    return len(recorded)


def _retry_if_early(round_: Round, kind: str, table: int | None, extras: dict[int, int], now: dt.datetime):
    facts = facts_of(round_)
    state = clock.clock_state(facts, now, extras.get(table, 0) if table is not None else 0)
    if not state.is_ticking:
        return
    for moment in clock.moments(facts, extras.get(table, 0) if table is not None else 0, table):
        wait = (moment.due_at - now).total_seconds()
        if moment.kind == kind and 0 < wait <= EARLY_RETRY_SECONDS:
            deliver_moment.apply_async(
                args=[round_.pk, kind, table, moment.due_at.isoformat()], eta=moment.due_at,
            )


@shared_task(name="tournament.reconcile_clocks", ignore_result=True)
def reconcile_clocks() -> int:
    """Record every moment that has come in any round being played and is not recorded yet."""
    recorded = reconcile()
    if recorded:
        logger.warning("Clock reconcile recorded %s moment(s) a worker had missed.", recorded)
    return recorded


@worker_ready.connect
def _catch_up_when_a_worker_starts(sender=None, **kwargs):
    """A worker that was down catches up as soon as it is back, without waiting for the beat."""
    try:
        reconcile_clocks.delay()
    except Exception:  # the beat's reconcile still runs
        logger.exception("Could not queue the clock reconcile at worker start")


def schedule_moments(round_id: int, moments: list[clock.Moment]) -> None:
    """One task per moment, due at its instant. A broker that is down must not undo the director's
    click: the clock is right without the task, and the reconcile records the moment later."""
    for moment in moments:
        try:
            deliver_moment.apply_async(
                args=[round_id, moment.kind, moment.table, iso(moment.due_at)], eta=moment.due_at,
            )
        except Exception:  # any broker failure: logged, and the reconcile covers it
            logger.exception("Could not schedule the clock's %s for round %s", moment.kind, round_id)

