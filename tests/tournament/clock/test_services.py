"""The director's clock controls, the moments they schedule, and the recording of moments, with the
wall clock moved by time_machine."""

import datetime as dt

import pytest
import time_machine
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.urls import reverse

from tests.tournament.clock.times import T0, at
from tournament.clock import facts, moments, tasks
from tournament.clock import services as clock_services
from tournament.clock import state as clock
from tournament.clock.facts import table_extras
from tournament.clock.models import ClockEvent
from tournament.clock.services import ClockStateError
from tournament.core.errors import TournamentError
from tournament.core.models import DirectorAction, Round


@pytest.fixture
def game1(event):
    return event.rounds.get(number=1)


@pytest.fixture
def scheduled(monkeypatch):
    """The tasks scheduled after each commit, as (round id, kind, table, eta)."""
    sent = []

    def fake_apply_async(args, eta=None, **kwargs):
        sent.append((args[0], args[1], args[2], eta))

    monkeypatch.setattr(tasks.deliver_moment, "apply_async", fake_apply_async)
    return sent


def state_of(round_, now, table_extra=0):
    round_.refresh_from_db()
    return clock.clock_state(facts.facts_of(round_), now, table_extra)


def recorded(round_):
    return list(ClockEvent.objects.filter(round=round_).order_by("id").values_list("kind", "table", "due_at"))


def test_go_ahead_starts_every_table_logs_it_and_leaves_far_moments_to_the_reconcile(
        game1, director, scheduled, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), time_machine.travel(T0, tick=False):
        clock_services.start_clock(game1, director)
    game1.refresh_from_db()
    assert game1.started_at == T0
    assert game1.status == Round.Status.PLAYING
    action = DirectorAction.objects.get(action="clock_start")
    assert action.user == director and action.round == game1
    assert action.details["at"] == "2026-11-20T10:00:00.000Z"
    # 40 and 50 minutes ahead: beyond the visibility timeout, so no task yet (the reconcile sends it).
    assert scheduled == []
    assert state_of(game1, at(60)).phase == clock.RUNNING


def test_go_ahead_takes_the_events_length_and_a_practice_length(director):
    from tests.factories import make_event

    event = make_event(director, game_minutes=45, warning_minutes=5)
    round_ = event.rounds.get()
    assert (round_.length_seconds, round_.warning_seconds) == (2700, 300)
    clock_services.start_clock(round_, director, length_seconds=120, warning_seconds=30, now=T0)
    round_.refresh_from_db()
    assert (round_.length_seconds, round_.warning_seconds) == (120, 30)
    assert state_of(round_, at(95)).phase == clock.WARNING


def test_a_practice_length_shorter_than_the_warning_is_refused(game1, director):
    with pytest.raises(TournamentError, match=r"warning \(0 min 10 s|warning \(10 min 0 s"):
        clock_services.start_clock(game1, director, length_seconds=300, now=T0)
    game1.refresh_from_db()
    assert game1.started_at is None and game1.status == Round.Status.SEATED


def test_go_ahead_only_once_and_only_by_a_director(game1, director, other_user):
    with pytest.raises(PermissionDenied):
        clock_services.start_clock(game1, other_user, now=T0)
    clock_services.start_clock(game1, director, now=T0)
    with pytest.raises(ClockStateError, match="already started"):
        clock_services.start_clock(game1, director, now=at(5))
    assert DirectorAction.objects.filter(action="clock_start").count() == 1


def test_no_go_ahead_for_a_game_left_behind_by_the_next_one(game1, director):
    """A game never started whose next game is seated is over: no go-ahead, and nothing changes."""
    from tournament.core import services

    services.advance_to_next_game(game1.event, director, force=True)
    with pytest.raises(ClockStateError, match=r"Game 1 is not waiting for the go-ahead\."):
        clock_services.start_clock(game1, director, now=T0)
    game1.refresh_from_db()
    assert game1.started_at is None and game1.status == Round.Status.FINISHED
    assert not DirectorAction.objects.filter(action="clock_start").exists()


@pytest.mark.parametrize("control", [
    lambda round_, user: clock_services.start_clock(round_, user, now=at(10)),
    lambda round_, user: clock_services.pause_clock(round_, user, now=at(10)),
    lambda round_, user: clock_services.resume_clock(round_, user, now=at(10)),
    lambda round_, user: clock_services.extend_clock(round_, user, minutes="nonsense", now=at(10)),
    lambda round_, user: clock_services.end_clock(round_, user, now=at(10)),
], ids=["start", "pause", "resume", "extend", "end"])
def test_every_control_is_the_directors_before_anything_else(game1, director, other_user, control):
    """Someone else is refused before the clock or the input is even looked at, and nothing changes."""
    before = Round.objects.values().get(pk=game1.pk)
    with pytest.raises(PermissionDenied):
        control(game1, other_user)
    assert Round.objects.values().get(pk=game1.pk) == before
    assert not DirectorAction.objects.filter(action__startswith="clock_").exists()


def test_pause_and_resume_move_the_deadline_and_reschedule(
        game1, director, scheduled, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        clock_services.start_clock(game1, director, now=T0)
        clock_services.pause_clock(game1, director, now=at(2390))
    assert state_of(game1, at(2400)).phase == clock.PAUSED
    assert state_of(game1, at(2400)).remaining_seconds == pytest.approx(610)
    scheduled.clear()
    with django_capture_on_commit_callbacks(execute=True):
        clock_services.resume_clock(game1, director, now=at(2500))
    state = state_of(game1, at(2500))
    assert state.phase == clock.RUNNING
    assert state.deadline == at(3110)
    # The warning is 10 s away: scheduled now. Time up, 10 minutes away, is left to the reconcile.
    assert scheduled == [(game1.pk, "warning", None, at(2510))]
    actions = list(DirectorAction.objects.filter(round=game1).order_by("id").values_list("action", flat=True))
    assert actions[-3:] == ["clock_start", "clock_pause", "clock_resume"]


def test_controls_that_do_not_fit_the_clock_change_nothing(game1, director):
    with pytest.raises(ClockStateError, match="not started yet"):
        clock_services.pause_clock(game1, director, now=T0)
    clock_services.start_clock(game1, director, now=T0)
    with pytest.raises(ClockStateError, match="Cannot resume: the clock is running"):
        clock_services.resume_clock(game1, director, now=at(10))
    clock_services.pause_clock(game1, director, now=at(20))
    with pytest.raises(ClockStateError, match="already paused"):
        clock_services.pause_clock(game1, director, now=at(30))
    game1.refresh_from_db()
    assert len(game1.pauses) == 1
    clock_services.resume_clock(game1, director, now=at(40))
    with pytest.raises(ClockStateError, match="Cannot pause: time is up for game 1"):
        clock_services.pause_clock(game1, director, now=at(5000))
    game1.refresh_from_db()
    assert len(game1.pauses) == 1


def test_extend_every_table(game1, director):
    clock_services.start_clock(game1, director, now=T0)
    clock_services.extend_clock(game1, director, minutes=5, now=at(2500))
    state = state_of(game1, at(2500))
    assert state.phase == clock.RUNNING
    assert state.deadline == at(3300)
    action = DirectorAction.objects.get(action="clock_extend")
    assert action.details["seconds"] == 300 and action.details["table"] is None


def test_extend_one_table_leaves_the_others(game1, director):
    clock_services.start_clock(game1, director, now=T0)
    clock_services.extend_clock(game1, director, minutes="2.5", table=3, now=at(100))
    assert table_extras(game1) == {3: 150}
    assert state_of(game1, at(3100)).phase == clock.TIME_UP
    assert state_of(game1, at(3100), 150).phase == clock.WARNING


def test_a_table_whose_time_is_up_gets_its_extra_time_from_now(game1, director):
    clock_services.start_clock(game1, director, now=T0)
    clock_services.extend_clock(game1, director, minutes=5, table=2, now=at(3060))
    assert table_extras(game1) == {2: 360}, "a minute after time up, 5 more minutes end 5 minutes from now"
    assert state_of(game1, at(3060), 360).deadline == at(3360)
    assert state_of(game1, at(3060)).phase == clock.TIME_UP, "the other tables stay at time up"
    action = DirectorAction.objects.get(action="clock_extend")
    assert (action.details["seconds"], action.details["added_seconds"], action.details["after_time_up"]) == (
        300, 360, True)


def test_after_time_up_every_table_can_get_more_time_and_time_up_comes_again(game1, director):
    game1 = clock_services.start_clock(game1, director, now=T0)
    assert len(moments.record_due_moments(game1, at(3000))) == 2  # warned, then time rung
    clock_services.extend_clock(game1, director, minutes=5, now=at(3120))  # two minutes later: 5 more
    state = state_of(game1, at(3120))
    assert state.is_ticking and state.deadline == at(3420) and state.remaining_seconds == 300
    assert game1.extra_seconds == 420
    action = DirectorAction.objects.get(action="clock_extend")
    assert (action.details["table"], action.details["added_seconds"], action.details["after_time_up"]) == (
        None, 420, True)
    assert moments.record_due_moments(game1, at(3419)) == []
    # With no worker, the reconcile finds the round again and records the new deadline's time up, once.
    assert moments.reconcile(at(3421)) == 1
    assert moments.reconcile(at(3500)) == 0
    assert moments.record_due_moments(game1, at(3600)) == []
    assert recorded(game1) == [("warning", None, at(2400)), ("time_up", None, at(3000)),
                               ("time_up", None, at(3420))]


def test_a_time_up_is_recorded_once_per_deadline_in_the_database(game1, director):
    game1 = clock_services.start_clock(game1, director, now=T0)
    ClockEvent.objects.create(round=game1, kind="time_up", due_at=at(3000), recorded_at=at(3000))
    ClockEvent.objects.create(round=game1, kind="time_up", due_at=at(3300), recorded_at=at(3300))
    ClockEvent.objects.create(round=game1, kind="warning", due_at=at(2400), recorded_at=at(2400))
    for kind, due in (("time_up", 3000), ("warning", 2700)):
        with pytest.raises(IntegrityError), transaction.atomic():
            ClockEvent.objects.create(round=game1, kind=kind, due_at=at(due), recorded_at=at(due))
    assert ClockEvent.objects.filter(round=game1).count() == 3


@pytest.mark.parametrize("minutes, message", [
    (0, "more than 0"), (-5, "more than 0"), ("", "Give the minutes to add"), ("soon", "must be a number"),
    (500, "at most 120"), (None, "Give the minutes"), ("nan", "must be a number"),
    ("1e99999999", "at most 120"), ("-1e99999999", "more than 0"), ("1e-99999999", "more than 0"),
    ("Infinity", "must be a number"), (1e308, "at most 120"), ([5], "must be a number"),
])
def test_bad_minutes_are_refused_with_a_sentence(game1, director, minutes, message):
    clock_services.start_clock(game1, director, now=T0)
    with pytest.raises(TournamentError, match=message):
        clock_services.extend_clock(game1, director, minutes=minutes, now=at(10))
    game1.refresh_from_db()
    assert game1.extra_seconds == 0


@pytest.mark.parametrize("table", [1.5, True, False, "1.5", "2 ", "two", [2], {"n": 2}, float("inf")])
def test_a_table_must_be_a_whole_table_number(game1, director, table):
    clock_services.start_clock(game1, director, now=T0)
    if table == "2 ":  # typed with a space: still table 2
        clock_services.extend_clock(game1, director, minutes=5, table=table, now=at(10))
        assert table_extras(game1) == {2: 300}
        return
    with pytest.raises(TournamentError, match=r"^The table must be a table number, for example 7\.$"):
        clock_services.extend_clock(game1, director, minutes=5, table=table, now=at(10))
    assert table_extras(game1) == {}


def test_a_whole_float_is_that_table_and_a_huge_number_no_table(game1, director):
    clock_services.start_clock(game1, director, now=T0)
    clock_services.extend_clock(game1, director, minutes=5, table=3.0, now=at(10))
    assert table_extras(game1) == {3: 300}
    with pytest.raises(TournamentError, match="There is no table 99999999999 in game 1"):
        clock_services.extend_clock(game1, director, minutes=5, table=99999999999, now=at(10))


def test_an_unknown_table_is_refused(game1, director):
    with pytest.raises(TournamentError, match="no table 99 in game 1") as caught:
        clock_services.extend_clock(game1, director, minutes=5, table=99, now=T0)
    assert not isinstance(caught.value, ClockStateError)


def test_end_early_is_time_up_now_and_recorded_at_once(game1, director):
    clock_services.start_clock(game1, director, now=T0)
    clock_services.pause_clock(game1, director, now=at(600))
    clock_services.end_clock(game1, director, now=at(700))
    game1.refresh_from_db()
    assert game1.ended_at == at(700)
    assert game1.pauses[-1][1] is not None
    assert state_of(game1, at(700)).phase == clock.TIME_UP
    assert recorded(game1) == [("time_up", None, at(700))]
    with pytest.raises(ClockStateError, match="already been ended"):
        clock_services.end_clock(game1, director, now=at(800))
    with pytest.raises(ClockStateError, match="ended early"):
        clock_services.extend_clock(game1, director, minutes=5, now=at(800))


def test_end_is_refused_before_the_start(game1, director):
    with pytest.raises(ClockStateError, match="has not started"):
        clock_services.end_clock(game1, director, now=T0)


def test_moments_are_recorded_once_in_order_however_often_they_are_asked(game1, director):
    game1 = clock_services.start_clock(game1, director, now=T0)
    clock_services.extend_clock(game1, director, minutes=5, table=4, now=at(10))
    assert moments.record_due_moments(game1, at(2399)) == []
    assert [e.kind for e in moments.record_due_moments(game1, at(2400))] == ["warning"]
    assert moments.record_due_moments(game1, at(2401)) == []
    moments.record_due_moments(game1, at(9999))
    moments.record_due_moments(game1, at(9999))
    assert recorded(game1) == [
        ("warning", None, at(2400)), ("warning", 4, at(2700)), ("time_up", None, at(3000)), ("time_up", 4, at(3300)),
    ]


def test_a_race_between_two_workers_records_the_moment_once(game1, director, monkeypatch):
    game1 = clock_services.start_clock(game1, director, now=T0)
    moments.record_due_moments(game1, at(2500))
    # The second worker read before the first wrote: it sees nothing recorded and tries again.
    real_filter = ClockEvent.objects.filter
    monkeypatch.setattr(ClockEvent.objects, "filter", lambda **kw: real_filter(pk=-1))
    assert moments.record_due_moments(game1, at(2500)) == []
    monkeypatch.undo()
    assert recorded(game1) == [("warning", None, at(2400))]


def test_the_task_records_only_what_is_due_and_only_once(game1, director, scheduled, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    clock_services.start_clock(game1, director, now=T0)
    with time_machine.travel(at(2399), tick=False):
        assert tasks.deliver_moment(game1.pk, "warning", None, "x") == 0
    # A second early (a worker whose clock is behind): it waits for the moment rather than the reconcile.
    assert scheduled == [(game1.pk, "warning", None, at(2400))]
    with time_machine.travel(at(2000), tick=False):
        tasks.deliver_moment(game1.pk, "warning", None, "x")
    assert len(scheduled) == 1  # far too early is a stale task (the clock was paused or extended): dropped
    with time_machine.travel(at(2400.5), tick=False):
        assert tasks.deliver_moment(game1.pk, "warning", None, "x") == 1
        assert tasks.deliver_moment(game1.pk, "warning", None, "x") == 0
    assert recorded(game1) == [("warning", None, at(2400))]
    assert ClockEvent.objects.get().recorded_at == at(2400.5)


def test_a_task_that_arrives_after_a_pause_does_nothing(game1, director):
    clock_services.start_clock(game1, director, now=T0)
    clock_services.pause_clock(game1, director, now=at(2000))
    with time_machine.travel(at(3500), tick=False):
        assert tasks.deliver_moment(game1.pk, "time_up", None, "x") == 0
    clock_services.resume_clock(game1, director, now=at(3600))
    with time_machine.travel(at(4600), tick=False):
        assert tasks.deliver_moment(game1.pk, "time_up", None, "x") == 2
    assert recorded(game1) == [("warning", None, at(4000)), ("time_up", None, at(4600))]


def test_a_task_for_a_deleted_round_does_nothing(db):
    assert tasks.deliver_moment(987654, "warning") == 0


def test_reconcile_catches_up_every_running_round(director, django_assert_max_num_queries):
    from tests.factories import make_event

    rounds = []
    for n in range(3):
        event = make_event(director, name=f"Event {n}")
        round_ = event.rounds.get()
        clock_services.start_clock(round_, director, now=T0 + dt.timedelta(seconds=n))
        rounds.append(round_)
    clock_services.pause_clock(rounds[2], director, now=at(100))
    with time_machine.travel(at(3100), tick=False):
        assert tasks.reconcile_clocks() == 4
        assert tasks.reconcile_clocks() == 0
    assert [e[0] for e in recorded(rounds[0])] == ["warning", "time_up"]
    assert [e[0] for e in recorded(rounds[1])] == ["warning", "time_up"]
    assert recorded(rounds[2]) == []
    # Rounds whose moments are all recorded are not read again.
    assert list(moments.rounds_to_reconcile()) == [rounds[2]]


def test_the_embedded_default_records_moments_when_the_clock_is_next_read(game1, director, client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    clock_services.start_clock(game1, director, now=T0)
    url = reverse("api-clock", args=[game1.event_id])
    with time_machine.travel(at(2000), tick=False):
        client.get(url)
    assert recorded(game1) == []
    with time_machine.travel(at(3001), tick=False):
        assert client.get(url).json()["phase"] == "time_up"
    assert recorded(game1) == [("warning", None, at(2400)), ("time_up", None, at(3000))]
