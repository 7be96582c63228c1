"""A Celery worker killed while it holds the clock's tasks: Redis hands them to the next worker once the
visibility timeout has passed, and the moments are recorded exactly once, within a minute of their time.

Real workers (subprocesses) against this test's PostgreSQL database and a redis-server of the test's own,
with the clock's periods shortened (publishing horizon 15 s, visibility timeout 17 s) so it takes seconds.
"""

import signal
import time

import pytest

from tests.factories import make_event
from tournament.clock import services as clock_services
from tournament.clock.models import ClockEvent

from .workers import Worker, wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

DELIVER = "tournament.deliver_clock_moment"
SHORT_PERIODS = {"CLOCK_PUBLISH_AHEAD_SECONDS": "15", "CELERY_VISIBILITY_TIMEOUT": "17"}


def test_a_worker_killed_before_the_warning_has_its_moments_redelivered_and_recorded_once(
        director, use_broker, redis_server, tmp_path):
    use_broker(redis_server.url)
    redis = redis_server.client()
    first = Worker(tmp_path, reconcile_seconds=5, broker=redis_server.url, beat=False, env=SHORT_PERIODS)
    second = None
    try:
        first.wait_ready()
        round_ = make_event(director, name="Killed worker").rounds.get()
        round_ = clock_services.start_clock(round_, director, length_seconds=14, warning_seconds=4)
        wait_for(lambda: first.received(DELIVER) == 2, 15, "the first worker to take both moments", first)
        held = first.task_ids(DELIVER)
        first.stop(signal.SIGKILL)  # before the warning: no warm shutdown, nothing handed back
        assert not ClockEvent.objects.filter(round=round_).exists()
        assert redis.hlen("unacked") == 2  # the dead worker's tasks, unacknowledged

        second = Worker(tmp_path, reconcile_seconds=5, broker=redis_server.url, beat=False, env=SHORT_PERIODS)
        second.wait_ready()
        wait_for(lambda: held <= second.task_ids(DELIVER, "succeeded") and redis.hlen("unacked") == 0, 45,
                 "the dead worker's tasks to be handed to the second and acknowledged", second)
        wait_for(lambda: ClockEvent.objects.filter(round=round_).count() == 2, 15, "both moments", second)
        time.sleep(1)  # any delivery still running records nothing more
        recorded = list(ClockEvent.objects.filter(round=round_).order_by("due_at"))
        assert [(e.kind, e.table) for e in recorded] == [("warning", None), ("time_up", None)]
        assert all(0 <= e.lateness_seconds < 60 for e in recorded), [e.lateness_seconds for e in recorded]
    finally:
        first.stop()
        if second is not None:
            second.stop()
