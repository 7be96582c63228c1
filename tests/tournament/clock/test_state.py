"""The clock's state function over plain facts: every phase, pauses, extensions, an early end, and
properties that hold for any history of pauses."""

import datetime as dt

import pytest
import time_machine
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.clock import state as clock
from tournament.clock.state import ClockFacts, clock_state, due_moments, next_moments

T0 = dt.datetime(2026, 11, 20, 10, 0, tzinfo=dt.UTC)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


GAME = ClockFacts(length_seconds=3000, warning_seconds=600, started_at=T0)


def test_not_started_shows_the_full_length_and_no_deadline():
    state = clock_state(ClockFacts(length_seconds=3000, warning_seconds=600), at(100))
    assert state.phase == clock.NOT_STARTED
    assert state.remaining_seconds == 3000
    assert state.deadline is None and state.warning_at is None


def test_running_counts_down_to_a_fixed_deadline():
    state = clock_state(GAME, at(60))
    assert state.phase == clock.RUNNING
    assert state.remaining_seconds == pytest.approx(2940)
    assert state.deadline == at(3000)
    assert state.warning_at == at(2400)


def test_the_warning_comes_ten_minutes_before_the_end():
    assert clock_state(GAME, at(2399.9)).phase == clock.RUNNING
    state = clock_state(GAME, at(2400))
    assert state.phase == clock.WARNING
    assert state.remaining_seconds == pytest.approx(600)


def test_time_up_at_the_deadline_and_never_below_zero():
    assert clock_state(GAME, at(2999.999)).phase == clock.WARNING
    for later in (3000, 3001, 10_000):
        state = clock_state(GAME, at(later))
        assert state.phase == clock.TIME_UP
        assert state.remaining_seconds == 0
        assert state.deadline == at(3000)


def test_with_the_real_clock_moved_by_time_machine():
    with time_machine.travel(at(0), tick=False) as traveller:
        facts = ClockFacts(length_seconds=3000, warning_seconds=600, started_at=dt.datetime.now(dt.UTC))
        traveller.shift(dt.timedelta(minutes=41))
        state = clock_state(facts, dt.datetime.now(dt.UTC))
        assert state.phase == clock.WARNING
        assert state.remaining_seconds == pytest.approx(9 * 60)


def test_a_pause_stops_the_clock_and_hides_the_deadline():
    facts = ClockFacts(3000, 600, started_at=T0, pauses=((at(1000), None),))
    for now in (at(1000), at(1500), at(9999)):
        state = clock_state(facts, now)
        assert state.phase == clock.PAUSED
        assert state.remaining_seconds == pytest.approx(2000)
        assert state.deadline is None


def test_resume_pushes_the_deadline_back_by_the_pause():
    facts = ClockFacts(3000, 600, started_at=T0, pauses=((at(1000), at(1300)),))
    state = clock_state(facts, at(1400))
    assert state.phase == clock.RUNNING
    assert state.remaining_seconds == pytest.approx(1900)
    assert state.deadline == at(3300)
    assert state.warning_at == at(2700)
    assert clock_state(facts, at(3299)).phase == clock.WARNING
    assert clock_state(facts, at(3300)).phase == clock.TIME_UP


def test_several_pauses_add_up():
    facts = ClockFacts(3000, 600, started_at=T0, pauses=((at(100), at(160)), (at(2500), at(2560))))
    assert clock_state(facts, at(2530)).phase == clock.PAUSED
    assert clock_state(facts, at(2530)).remaining_seconds == pytest.approx(3000 - (2500 - 60))
    assert clock_state(facts, at(3000)).deadline == at(3120)


def test_a_pause_during_the_warning_stays_paused_not_warning():
    facts = ClockFacts(3000, 600, started_at=T0, pauses=((at(2500), None),))
    assert clock_state(facts, at(2600)).phase == clock.PAUSED


def test_extra_time_for_every_table_moves_the_deadline_and_can_leave_the_warning():
    extended = ClockFacts(3000, 600, started_at=T0, extra_seconds=300)
    assert clock_state(GAME, at(2500)).phase == clock.WARNING
    state = clock_state(extended, at(2500))
    assert state.phase == clock.RUNNING
    assert state.deadline == at(3300)
    assert state.remaining_seconds == pytest.approx(800)


def test_one_table_with_extra_time_runs_on_after_the_round():
    round_state = clock_state(GAME, at(3100))
    table_state = clock_state(GAME, at(3100), table_extra_seconds=300)
    assert round_state.phase == clock.TIME_UP
    assert table_state.phase == clock.WARNING
    assert table_state.remaining_seconds == pytest.approx(200)
    assert table_state.deadline == at(3300)
    assert clock_state(GAME, at(3300), table_extra_seconds=300).phase == clock.TIME_UP


def test_ending_early_is_time_up_at_every_table_from_that_instant():
    facts = ClockFacts(3000, 600, started_at=T0, ended_at=at(1200))
    assert clock_state(facts, at(1199)).phase == clock.RUNNING
    for extra in (0, 300):
        state = clock_state(facts, at(1200), table_extra_seconds=extra)
        assert state.phase == clock.TIME_UP
        assert state.remaining_seconds == 0
        assert state.deadline == at(1200)


def test_ending_early_while_paused():
    facts = ClockFacts(3000, 600, started_at=T0, pauses=((at(500), at(700)),), ended_at=at(700))
    assert clock_state(facts, at(650)).phase == clock.PAUSED
    assert clock_state(facts, at(700)).phase == clock.TIME_UP


def test_a_practice_game_of_a_few_seconds():
    facts = ClockFacts(6, 3, started_at=T0)
    assert [clock_state(facts, at(s)).phase for s in (0, 2.9, 3, 5.9, 6)] == [
        clock.RUNNING, clock.RUNNING, clock.WARNING, clock.WARNING, clock.TIME_UP,
    ]


def test_no_warning_when_the_warning_is_zero():
    facts = ClockFacts(600, 0, started_at=T0)
    assert clock_state(facts, at(599)).phase == clock.RUNNING
    assert clock_state(facts, at(599)).warning_at is None
    assert [m.kind for m in due_moments(facts, at(700))] == ["time_up"]


def test_due_moments_in_the_order_they_came_with_tables_that_have_their_own():
    facts = ClockFacts(3000, 600, started_at=T0, pauses=((at(100), at(200)),))
    due = due_moments(facts, at(3500), {7: 300, 3: 0})
    assert [(m.kind, m.table, m.due_at) for m in due] == [
        ("warning", None, at(2500)),
        ("warning", 7, at(2800)),
        ("time_up", None, at(3100)),
        ("time_up", 7, at(3400)),
    ]
    assert [(m.kind, m.table) for m in due_moments(facts, at(2900), {7: 300})] == [
        ("warning", None), ("warning", 7),
    ]


def test_no_moment_is_due_while_paused_before_it():
    facts = ClockFacts(3000, 600, started_at=T0, pauses=((at(2000), None),))
    assert due_moments(facts, at(99_999)) == []
    assert next_moments(facts, at(2100)) == []


def test_a_game_ended_before_its_warning_has_only_time_up():
    facts = ClockFacts(3000, 600, started_at=T0, ended_at=at(1000))
    assert [(m.kind, m.due_at) for m in due_moments(facts, at(1000))] == [("time_up", at(1000))]


def test_next_moments_are_what_a_start_or_resume_schedules():
    facts = ClockFacts(3000, 600, started_at=T0, pauses=((at(1000), at(1300)),))
    assert [(m.kind, m.due_at) for m in next_moments(facts, at(1300))] == [
        ("warning", at(2700)), ("time_up", at(3300)),
    ]
    assert [m.kind for m in next_moments(facts, at(2800))] == ["time_up"]


# --- Properties -----------------------------------------------------------------------------------

@st.composite
def histories(draw):
    """A game with any length and warning, and a history of pauses (maybe one still open)."""
    length = draw(st.integers(min_value=1, max_value=4 * 3600))
    warning = draw(st.integers(min_value=0, max_value=length))
    extra = draw(st.integers(min_value=0, max_value=3600))
    cuts = sorted(draw(st.lists(st.floats(min_value=0, max_value=6 * 3600, allow_nan=False),
                                max_size=8, unique=True)))
    pauses = []
    for i in range(0, len(cuts) - 1, 2):
        pauses.append((at(cuts[i]), at(cuts[i + 1])))
    if len(cuts) % 2 == 1:
        pauses.append((at(cuts[-1]), None))
    ended = draw(st.one_of(st.none(), st.floats(min_value=0, max_value=6 * 3600, allow_nan=False)))
    return ClockFacts(length, warning, started_at=T0, pauses=tuple(pauses), extra_seconds=extra,
                      ended_at=at(ended) if ended is not None else None)


instants = st.lists(st.floats(min_value=-60, max_value=8 * 3600, allow_nan=False), min_size=2, max_size=12)


@settings(max_examples=300, deadline=None)
@given(histories(), instants, st.integers(min_value=0, max_value=1800))
def test_time_left_is_never_below_zero_and_never_rises(facts, times, table_extra):
    previous = None
    for seconds in sorted(times):
        state = clock_state(facts, at(seconds), table_extra)
        assert state.remaining_seconds >= 0
        assert state.phase in clock.PHASES
        if previous is not None:
            assert state.remaining_seconds <= previous + 1e-6
        previous = state.remaining_seconds


@settings(max_examples=300, deadline=None)
@given(histories(), instants)
def test_while_running_time_left_falls_one_second_per_second_to_the_deadline(facts, times):
    for seconds in times:
        now = at(seconds)
        state = clock_state(facts, now)
        if state.is_ticking:
            assert state.deadline is not None
            assert state.remaining_seconds == pytest.approx((state.deadline - now).total_seconds(), abs=1e-6)
            later = now + dt.timedelta(seconds=0.5)
            after = clock_state(facts, later)
            nothing_happened = clock.known_at(facts, later) == clock.known_at(facts, now)
            if after.is_ticking and nothing_happened:
                assert after.remaining_seconds == pytest.approx(state.remaining_seconds - 0.5, abs=1e-6)
        if state.phase == clock.TIME_UP:
            assert state.remaining_seconds == 0
            assert clock_state(facts, now + dt.timedelta(hours=1)).phase == clock.TIME_UP


@settings(max_examples=200, deadline=None)
@given(histories(), st.floats(min_value=0, max_value=8 * 3600, allow_nan=False),
       st.dictionaries(st.integers(min_value=1, max_value=30), st.sampled_from([0, 60, 300, 600]), max_size=4))
def test_the_moments_due_agree_with_the_phase(facts, seconds, extras):
    now = at(seconds)
    due = due_moments(facts, now, extras)
    for table in [None, *extras]:
        state = clock_state(facts, now, extras.get(table, 0) if table else 0)
        kinds = [m.kind for m in due if m.table == table]
        if table is not None and not extras[table]:
            assert kinds == []  # a table without its own extra time shares the round's moments
            continue
        assert (clock.TIME_UP_MOMENT in kinds) == (state.phase == clock.TIME_UP)
        if state.phase == clock.WARNING:
            assert kinds == [clock.WARNING_MOMENT]
    assert all(m.due_at <= now for m in due)
    assert due == sorted(due, key=clock.Moment.sort_key)
