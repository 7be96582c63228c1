"""The clock's moments delivered by a real Celery worker on Redis, against the test database.

The worker runs as a subprocess (`celery -A config worker -B`) with DATABASE_URL naming this test's
PostgreSQL database and a Redis database of its own (so no other worker on the machine takes these
tasks, and these workers take no one else's). Waits are bounded; the worker is always stopped.
"""

import signal
import time
from urllib.parse import urlparse, urlunparse

import pytest
from django.conf import settings

from config.celery import app as celery_app
from tests.factories import make_event
from tournament.clock import services as clock_services
from tournament.clock import state as clock
from tournament.clock import tasks
from tournament.clock.facts import facts_of
from tournament.clock.models import ClockEvent

from .workers import Worker, forget_connections, publish_in_process, wait_for

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

BROKER_DB = 13


def broker_url() -> str:
    return urlunparse(urlparse(settings.REDIS_URL)._replace(path=f"/{BROKER_DB}"))


@pytest.fixture
def broker(monkeypatch):
    """This process sends the clock's tasks to the test's own Redis database, emptied before and after (the
    published answers' jobs run in this process)."""
    import redis

    publish_in_process(monkeypatch)
    url = broker_url()
    client = redis.Redis.from_url(url)
    client.flushdb()
    old, old_eager = celery_app.conf.broker_url, celery_app.conf.task_always_eager
    celery_app.conf.broker_url, celery_app.conf.task_always_eager = url, False
    forget_connections()
    try:
        yield url
    finally:
        celery_app.conf.broker_url, celery_app.conf.task_always_eager = old, old_eager
        forget_connections()
        client.flushdb()
        client.close()


def moments(round_):
    return list(ClockEvent.objects.filter(round=round_).order_by("id"))


def short_game(director, name):
    event = make_event(director, name=name)
    return event.rounds.get()


def test_a_short_game_records_the_warning_and_time_up_once_each_in_order(director, broker, tmp_path):
    worker = Worker(tmp_path, reconcile_seconds=600, broker=broker)  # the reconcile stays out of the way: ETAs deliver
    try:
        worker.wait_ready()
        round_ = short_game(director, "Worker game")
        round_ = clock_services.start_clock(round_, director, length_seconds=6, warning_seconds=3)
        planned = clock.next_moments(facts_of(round_), round_.started_at)
        # Every moment delivered twice: the same task again with the same ETA.
        tasks.schedule_moments(round_.pk, planned)
        wait_for(lambda: len(moments(round_)) == 2, 30, "the warning and time up", worker)
        # And once more, late, after both have come.
        for moment in planned:
            tasks.deliver_moment.delay(round_.pk, moment.kind, None, moment.due_at.isoformat())
        wait_for(lambda: worker.succeeded("tournament.deliver_clock_moment") >= 6, 30, "all six deliveries",
                 worker)
        recorded = moments(round_)
        assert [(e.kind, e.table) for e in recorded] == [("warning", None), ("time_up", None)]
        assert [e.due_at for e in recorded] == [m.due_at for m in planned]
        assert recorded[0].recorded_at <= recorded[1].recorded_at
        assert all(e.recorded_at >= e.due_at for e in recorded)
    finally:
        worker.stop()


def test_a_worker_stopped_mid_game_catches_up_when_it_is_back(director, broker, tmp_path):
    first = Worker(tmp_path, reconcile_seconds=1, broker=broker)
    second = None
    try:
        first.wait_ready()
        round_ = short_game(director, "Crash game")
        round_ = clock_services.start_clock(round_, director, length_seconds=6, warning_seconds=3)
        # The worker has taken the ETA tasks; it dies (no warm shutdown: its tasks are not handed back).
        wait_for(lambda: "Task tournament.deliver_clock_moment[" in first.text(), 10, "the ETA tasks", first)
        first.stop(signal.SIGKILL)
        second = Worker(tmp_path, reconcile_seconds=1, broker=broker)
        second.wait_ready()
        wait_for(lambda: len(moments(round_)) == 2, 40, "time up after the restart", second)
        recorded = moments(round_)
        assert [e.kind for e in recorded] == ["warning", "time_up"]
        assert recorded[0].due_at < recorded[1].due_at
        assert all(e.recorded_at >= e.due_at for e in recorded)
        time.sleep(2)  # two more reconciles: still recorded once
        assert len(moments(round_)) == 2
    finally:
        first.stop()
        if second is not None:
            second.stop()
