"""Publishing the clock's moments: only near ones, by the controls and by the reconcile; a broker failure
logged and never raised; the director told when the broker cannot be reached. No real broker here (see
test_broker_faults.py for those)."""

import datetime as dt
import os
import subprocess
import sys

import pytest
import time_machine
from django.conf import settings
from django.test import Client
from django.urls import reverse
from kombu.exceptions import OperationalError

from config.celery import app as celery_app
from tournament.clock import broker, tasks
from tournament.clock import services as clock_services
from tournament.clock.models import ClockEvent
from tournament.core.models import Round

from .workers import ROOT, publish_in_process

T0 = dt.datetime(2026, 11, 20, 10, 0, tzinfo=dt.UTC)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


@pytest.fixture
def game1(event):
    return event.rounds.get(number=1)


@pytest.fixture
def sent(monkeypatch):
    """The moments' tasks sent to the broker, as (kind, eta)."""
    out = []

    def fake_apply_async(args, eta=None, **kwargs):
        out.append((args[1], eta))

    monkeypatch.setattr(tasks.deliver_moment, "apply_async", fake_apply_async)
    return out


def _eager(value: bool):
    old = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = value
    yield
    celery_app.conf.task_always_eager = old


@pytest.fixture
def not_eager(monkeypatch):
    """The clock's tasks go to a broker instead of running in-process (the published answers' jobs still
    run in it)."""
    publish_in_process(monkeypatch)
    yield from _eager(False)


@pytest.fixture
def eager():
    """No broker: tasks run in-process (the embedded default)."""
    yield from _eager(True)


@pytest.fixture
def broken_broker(monkeypatch, not_eager):
    """A real broker (tasks not run in-process) whose every publish fails; counts the attempts."""
    attempts = []

    def failing_apply_async(args, eta=None, **kwargs):
        attempts.append(args[1])
        raise OperationalError("Error 111 connecting to 127.0.0.1:6399. Connection refused.")

    monkeypatch.setattr(tasks.deliver_moment, "apply_async", failing_apply_async)
    return attempts


def test_a_short_game_publishes_its_near_moments_at_the_go_ahead(
        game1, director, sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        clock_services.start_clock(game1, director, length_seconds=25, warning_seconds=10, now=T0)
    assert sent == [("warning", at(15)), ("time_up", at(25))]


def test_the_reconcile_publishes_each_moment_once_it_is_near(game1, director, sent):
    clock_services.start_clock(game1, director, now=T0)  # warning at 2400 s, time up at 3000 s
    with time_machine.travel(at(2300), tick=False):
        tasks.reconcile_clocks()
    assert sent == []
    with time_machine.travel(at(2380), tick=False):
        tasks.reconcile_clocks()
    assert sent == [("warning", at(2400))]
    with time_machine.travel(at(2401), tick=False):
        assert tasks.reconcile_clocks() == 1  # the warning's task was lost: the reconcile records it
    assert sent == [("warning", at(2400))]
    with time_machine.travel(at(2985), tick=False):
        tasks.reconcile_clocks()
    assert sent == [("warning", at(2400)), ("time_up", at(3000))]


def test_no_task_is_ever_published_beyond_the_visibility_timeout(game1, director, sent):
    """The Redis transport hands a task out again once it has waited longer than the visibility timeout."""
    clock_services.start_clock(game1, director, now=T0)
    ahead, published = [], set()
    for second in range(0, 3000, int(settings.CLOCK_RECONCILE_SECONDS)):  # as the beat runs it
        with time_machine.travel(at(second), tick=False):
            tasks.reconcile_clocks()
        ahead += [(eta - at(second)).total_seconds() for _, eta in sent]
        published |= set(sent)
        sent.clear()
    assert published == {("warning", at(2400)), ("time_up", at(3000))}
    assert max(ahead) <= settings.CLOCK_PUBLISH_AHEAD_SECONDS
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    assert settings.CLOCK_RECONCILE_SECONDS < settings.CLOCK_PUBLISH_AHEAD_SECONDS < visibility <= 60


def test_settings_refuse_a_horizon_beyond_the_visibility_timeout():
    env = {**os.environ, "CLOCK_PUBLISH_AHEAD_SECONDS": "120", "CELERY_VISIBILITY_TIMEOUT": "60"}
    env.pop("CLOCK_RECONCILE_SECONDS", None)
    run = subprocess.run([sys.executable, "-c", "import config.settings"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode != 0
    assert "CLOCK_PUBLISH_AHEAD_SECONDS, and that shorter than CELERY_VISIBILITY_TIMEOUT" in run.stderr


def test_a_broker_that_fails_leaves_the_change_standing_and_says_so_in_the_log(
        game1, director, broken_broker, caplog, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        clock_services.start_clock(game1, director, length_seconds=25, warning_seconds=10, now=T0)
    game1.refresh_from_db()
    assert game1.started_at == T0 and game1.status == Round.Status.PLAYING
    # One attempt, not one per moment: the time up is left to the reconcile with the warning.
    assert broken_broker == ["warning"]
    assert "Could not schedule tournament.deliver_clock_moment" in caplog.text
    assert "Connection refused" in caplog.text
    assert not broker.broker_reachable()


def test_after_a_failure_the_next_controls_do_not_wait_for_the_broker_again(
        game1, director, broken_broker, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        clock_services.start_clock(game1, director, length_seconds=25, warning_seconds=10, now=T0)
        clock_services.pause_clock(game1, director, now=at(2))
        clock_services.resume_clock(game1, director, now=at(3))
    assert broken_broker == ["warning"]
    broker.health.forget()  # a few seconds later: the broker is tried again
    with django_capture_on_commit_callbacks(execute=True):
        clock_services.extend_clock(game1, director, minutes=0.1, now=at(4))
    assert broken_broker == ["warning", "warning"]


def test_moments_a_failed_publish_left_out_are_recorded_once_by_the_reconcile(
        game1, director, broken_broker, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        clock_services.start_clock(game1, director, length_seconds=25, warning_seconds=10, now=T0)
    with time_machine.travel(at(40), tick=False):
        assert tasks.reconcile_clocks() == 2
        assert tasks.reconcile_clocks() == 0
    assert list(ClockEvent.objects.values_list("kind", "due_at")) == [("warning", at(15)), ("time_up", at(25))]


@pytest.mark.parametrize("page", ["director-board", "director-event"])
def test_the_director_sees_a_notice_while_the_broker_cannot_be_reached(event, director, not_eager, page):
    client = Client()
    client.force_login(director)
    url = reverse(page, args=[event.pk])
    broker.health.learn(True)
    assert "task queue (Redis) cannot be reached" not in client.get(url).content.decode()
    broker.health.learn(False)
    assert "task queue (Redis) cannot be reached" in client.get(url).content.decode()


def test_without_a_broker_tasks_run_in_process_and_there_is_no_notice(event, director, eager):
    broker.health.learn(False)
    client = Client()
    client.force_login(director)
    assert "cannot be reached" not in client.get(reverse("director-board", args=[event.pk])).content.decode()


def test_the_board_s_notice_is_in_the_region_its_page_refreshes(event, director, not_eager):
    """The board stays open all day (a reload stops the chime) and refreshes only #board-live: a notice
    outside it would never appear when the broker goes down, nor leave when it comes back."""
    client = Client()
    client.force_login(director)
    broker.health.learn(False)
    page = client.get(reverse("director-board", args=[event.pk])).content.decode()
    live = page[page.index('<div id="board-live"'):]
    assert "task queue (Redis) cannot be reached" in live
    assert "task queue (Redis) cannot be reached" not in page[:page.index('<div id="board-live"')]
