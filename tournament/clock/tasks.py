"""Celery tasks that deliver the clock's moments: the warning and time up.

A moment's task is published with an ETA at its instant, but only once that instant is near: within
CLOCK_PUBLISH_AHEAD_SECONDS (30 s by default). On Redis a worker holds an ETA task unacknowledged until it
runs it, and Redis hands any task unacknowledged for longer than the visibility timeout to another worker
(CELERY_VISIBILITY_TIMEOUT, 45 s): that is how the tasks of a killed worker come back within a minute, but a
task due 50 minutes ahead would be handed out again and again while a live worker waits for it. So starting,
resuming or extending the clock publishes the moments that are near, and the periodic `reconcile_clocks`
(every CLOCK_RECONCILE_SECONDS, 20 s, shorter than the publishing horizon so no moment slips between two
runs) publishes each later moment as it comes near, and records any moment that has come and is not
recorded. Settings refuse to start unless reconcile period < horizon < visibility timeout.

The task trusts nothing it was given: it re-reads the round and records whatever has really come by
now, once (`record_due_moments`, guarded by the database's unique constraints). So a task that arrives late
records the moment late but right; one delivered twice (published by a control and by a reconcile, or
handed back after its worker died) records nothing the second time; one that finds the clock paused or
extended records nothing (resume and extend publish new tasks for the new instants).

A worker that was down misses its ETAs; the reconcile catches up, run by Celery beat and once when a worker
comes up. Production runs the beat either inside a worker, `celery -A config worker -B` (one such worker
only), or as its own process, `celery -A config beat`, next to any number of `celery -A config worker`. A
broker that is down or hung never fails a control (`broker.publish`). What the clock shows never waits for
any of this: it is derived from the round's facts on every read.
"""

import datetime as dt
import logging

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.utils import timezone

from tournament.core.models import Round

from . import state as clock
from .broker import publish
from .facts import facts_of, iso, table_extras
from .moments import coming_moments, reconcile, record_due_moments

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
            publish(deliver_moment, args=[round_.pk, kind, table, moment.due_at.isoformat()], eta=moment.due_at)


@shared_task(name="tournament.reconcile_clocks", ignore_result=True)
def reconcile_clocks() -> int:
    """Record every moment that has come in any round being played and is not recorded yet, and publish
    the moments that are now near; returns how many moments it recorded."""
    now = timezone.now()
    recorded = reconcile(now)
    if recorded:
        logger.warning("Clock reconcile recorded %s moment(s) a worker had missed.", recorded)
    for round_id, near in coming_moments(now, now + publish_horizon()):
        schedule_moments(round_id, near, now)
    return recorded


@worker_ready.connect
def _catch_up_when_a_worker_starts(sender=None, **kwargs):
    """A worker that was down catches up as soon as it is back, without waiting for the beat."""
    publish(reconcile_clocks, args=[])


def publish_horizon() -> dt.timedelta:
    """How far ahead a moment's task may be published: nearer than the broker's visibility timeout."""
    return dt.timedelta(seconds=settings.CLOCK_PUBLISH_AHEAD_SECONDS)


def schedule_moments(round_id: int, moments: list[clock.Moment], now: dt.datetime | None = None) -> None:
    """One task per moment due within the horizon from `now`, due at its instant; a later moment is left to
    the reconcile that runs when it is near. A broker that is down must not undo the director's click: the
    clock is right without the task, and the reconcile records the moment."""
    horizon = (now or timezone.now()) + publish_horizon()
    for moment in moments:
        if moment.due_at > horizon:
            continue
        if not publish(deliver_moment, args=[round_id, moment.kind, moment.table, iso(moment.due_at)],
                       eta=moment.due_at):
            return  # the broker is down: the reconcile records the rest too
