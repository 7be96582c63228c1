"""The clock with its broker down, hung, or killed and restarted: a redis-server of the test's own on a free
loopback port (stopped by its process id) and a listener that accepts and never answers. The director's
controls and pages answer within 2 s, the change stands, and the moments are still recorded once."""

import datetime as dt
import os
import signal
import time

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournament.clock import broker, moments
from tournament.clock.models import ClockEvent
from tournament.core.models import DirectorAction

from .workers import HungListener, RedisServer

pytestmark = pytest.mark.django_db(transaction=True)  # the moments are published after a real commit

NOTICE = "task queue (Redis) cannot be reached"


@pytest.fixture
def unreachable(request, tmp_path):
    """A broker address where Redis is down (nothing listens) or hung (accepts, never answers)."""
    if request.param == "down":
        server = RedisServer(tmp_path)
        server.stop()  # its port, now closed
        yield server.url
    else:
        listener = HungListener()
        yield listener.url
        listener.stop()


@pytest.fixture
def director_api(director):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=director).key}")
    return client


def timed(call):
    started = time.monotonic()
    answer = call()
    return answer, time.monotonic() - started


def control(client, event, action, body=None):
    return timed(lambda: client.post(reverse(f"api-clock-{action}", args=[event.pk]), body or {}, format="json"))


@pytest.mark.parametrize("unreachable", ["down", "hung"], indirect=True)
def test_the_clock_controls_answer_within_two_seconds_and_the_change_stands(
        event, director_api, use_broker, unreachable, caplog):
    use_broker(unreachable)
    # A 30-second game: its warning (at 15 s) and time up are near, so each control tries to publish them.
    for action, body in [("start", {"minutes": 0.5, "warning_minutes": 0.25}), ("pause", None),
                         ("resume", None), ("extend", {"minutes": 0.5})]:
        answer, seconds = control(director_api, event, action, body)
        assert answer.status_code == 200, answer.content
        assert seconds < 2, f"{action} took {seconds:.2f} s"
    body = director_api.get(reverse("api-clock", args=[event.pk])).json()
    assert body["phase"] == "running" and body["extra_seconds"] == 30
    assert list(DirectorAction.objects.filter(action__startswith="clock_").order_by("id")
                .values_list("action", flat=True)) == ["clock_start", "clock_pause", "clock_resume", "clock_extend"]
    assert "Could not schedule tournament.deliver_clock_moment" in caplog.text


@pytest.mark.parametrize("unreachable", ["down", "hung"], indirect=True)
def test_the_reconcile_records_once_what_an_unreachable_broker_could_not_deliver(
        event, director_api, use_broker, unreachable):
    use_broker(unreachable)
    control(director_api, event, "start", {"minutes": 0.05, "warning_minutes": 0.025})  # 3 s, warning at 1.5 s
    round_ = event.rounds.get()
    later = round_.started_at + dt.timedelta(seconds=5)
    assert moments.reconcile(later) == 2
    assert moments.reconcile(later) == 0
    assert list(ClockEvent.objects.filter(round=round_).values_list("kind", flat=True)) == ["warning", "time_up"]


@pytest.mark.parametrize("unreachable", ["down", "hung"], indirect=True)
@pytest.mark.parametrize("page", ["director-board", "director-event"])
def test_the_directors_pages_answer_quickly_and_say_the_broker_is_unreachable(
        event, director, client, use_broker, unreachable, page):
    use_broker(unreachable)
    client.force_login(director)
    answer, seconds = timed(lambda: client.get(reverse(page, args=[event.pk])))
    assert answer.status_code == 200
    assert seconds < 2
    assert NOTICE in answer.content.decode()


def test_with_redis_up_there_is_no_notice_and_the_near_moments_are_queued(
        event, director, client, director_api, use_broker, redis_server):
    use_broker(redis_server.url)
    client.force_login(director)
    assert NOTICE not in client.get(reverse("director-board", args=[event.pk])).content.decode()
    answer, seconds = control(director_api, event, "start", {"minutes": 0.5, "warning_minutes": 0.25})
    assert answer.status_code == 200 and seconds < 2
    assert redis_server.client().llen("celery") == 2  # the warning and time up, waiting for a worker


def test_redis_killed_and_restarted_the_controls_go_on_and_publishing_resumes(
        event, director_api, use_broker, redis_server, tmp_path):
    use_broker(redis_server.url)
    control(director_api, event, "start", {"minutes": 0.5, "warning_minutes": 0.25})
    assert redis_server.client().llen("celery") == 2
    redis_server.stop()
    for action in ("pause", "resume"):
        answer, seconds = control(director_api, event, action)
        assert answer.status_code == 200 and seconds < 2
    assert not broker.broker_reachable()
    restarted = RedisServer(tmp_path, port=redis_server.port)  # empty: what was queued is gone
    try:
        broker.health.forget()  # a few seconds later
        assert broker.broker_reachable()
        answer, _ = control(director_api, event, "pause")
        answer, _ = control(director_api, event, "resume")
        assert answer.status_code == 200
        assert restarted.client().llen("celery") == 2  # the moments of the resumed clock
    finally:
        restarted.stop()


def test_a_redis_that_hangs_mid_game_holds_no_control_beyond_two_seconds(
        event, director_api, use_broker, redis_server, caplog):
    """The hard case: the connection in the pool is open and Redis stops answering on it (SIGSTOP)."""
    use_broker(redis_server.url)
    control(director_api, event, "start", {"minutes": 0.5, "warning_minutes": 0.25})
    os.kill(redis_server.process.pid, signal.SIGSTOP)
    try:
        for action, body in [("pause", None), ("resume", None), ("extend", {"minutes": 0.5})]:
            answer, seconds = control(director_api, event, action, body)
            assert answer.status_code == 200, answer.content
            assert seconds < 2, f"{action} took {seconds:.2f} s"
    finally:
        os.kill(redis_server.process.pid, signal.SIGCONT)
    assert "Could not schedule tournament.deliver_clock_moment" in caplog.text
    assert event.rounds.get().extra_seconds == 30
