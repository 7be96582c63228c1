"""Writes to the game clock: the director's go-ahead, pause, resume, extra time and early end.

Each control changes only the round's stored facts (started_at, pauses, extra_seconds, ended_at, or a
table's own extra time, `TableExtraTime`), logs who did it, and after the commit schedules the tasks that
deliver the moments still to come that are near (`tasks.schedule_moments`; a broker that is down or hung
is logged, never raised: the change stands). What the clock shows is derived from the facts (`state`), so
a task that is late, runs twice, or finds the clock paused can only record a moment that has really come,
and records it once (`moments.record_due_moments`).
"""

from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal, DecimalException
from typing import NamedTuple

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from tournament.core.errors import TournamentError
from tournament.core.models import Event, Game, Round
from tournament.core.services import log_action, require_director

from . import state as clock
from .facts import facts_of, iso, stored, table_extras
from .models import TableExtraTime
from .moments import record_due_moments
from .selectors import clock_round
from .tasks import schedule_moments

MAX_EXTRA_MINUTES = 120
MAX_GAME_MINUTES = 24 * 60


class ClockStateError(TournamentError):
    """The control does not fit the clock as it stands (pause when it is not running, ...): the API's 409."""

    code = "clock_state"


class _Control(NamedTuple):
    round: Round
    now: dt.datetime
    state: clock.ClockState


def _take_control(round_: Round, user, now: dt.datetime | None) -> _Control:
    """How every control begins: one instant for the whole change, the round re-read under a row lock (two
    directors' clicks apply one after the other), the director's right checked, and the clock as it
    stands at that instant.

    The lock is the round's alone (not its event, joined in) and FOR NO KEY UPDATE: the clock changes only
    the round's facts, never its key, and a table's extra time (its own row, never the game's). Scoring
    holds a game's lock and then logs the result against the round and the event (a key-share lock on
    both), or updates the round when the result ends a bracket round; the clock never waits for a game, so
    neither waits for the other in a circle. No key update still excludes another control's, and a
    withdrawal's, so they still apply one after the other."""
    now = now or timezone.now()
    round_ = (Round.objects.select_for_update(no_key=True, of=("self",)).select_related("event")
              .get(pk=round_.pk))
    require_director(round_.event, user)
    return _Control(round_, now, clock.clock_state(facts_of(round_), now))


# --- The director's controls ----------------------------------------------------------------------

@transaction.atomic
def start_clock(round_: Round, user, *, length_seconds: int | None = None, warning_seconds: int | None = None,
                now: dt.datetime | None = None) -> Round:
    """The go-ahead: every table's clock starts together. A different length (a practice game) may be
    given for this game only."""
    round_, now, _ = _take_control(round_, user, now)
    event = round_.event
    if not round_.awaits_go_ahead:
        raise ClockStateError((gettext("Game %(game)s has already started.") if round_.started_at is not None
                               else gettext("Game %(game)s is not waiting for the go-ahead."))
                              % {"game": round_.number})
    if length_seconds is not None:
        if length_seconds < 1 or length_seconds > MAX_GAME_MINUTES * 60:
            raise TournamentError(gettext("A game lasts at least a second and at most a day."))
        round_.length_seconds = length_seconds
    if warning_seconds is not None:
        if warning_seconds < 0:
            raise TournamentError(gettext("The warning cannot come after the end of the game."))
        round_.warning_seconds = warning_seconds
    overridden = length_seconds is not None or warning_seconds is not None
    if overridden and 0 < round_.warning_seconds >= round_.length_seconds:
        raise TournamentError(
            gettext("The warning (%(minutes)s min %(seconds)s s before the end) must be shorter than the game: "
                    "give a shorter warning too, or none (0).")
            % {"minutes": round_.warning_seconds // 60, "seconds": round_.warning_seconds % 60}
        )
    round_.started_at = now
    round_.pauses = []
    round_.status = Round.Status.PLAYING
    round_.save(update_fields=["started_at", "pauses", "status", "length_seconds", "warning_seconds"])
    log_action(event, user, "clock_start", round=round_, at=iso(now),
               length_seconds=round_.length_seconds, warning_seconds=round_.warning_seconds)
    _schedule_after_commit(round_, now)
    return round_


@transaction.atomic
def pause_clock(round_: Round, user, *, now: dt.datetime | None = None) -> Round:
    round_, now, state = _take_control(round_, user, now)
    if not state.is_ticking:
        raise ClockStateError(_cannot("pause", round_, state.phase))
    round_.pauses = [*round_.pauses, [stored(now), None]]
    round_.save(update_fields=["pauses"])
    log_action(round_.event, user, "clock_pause", round=round_, at=iso(now),
               remaining_seconds=round(state.remaining_seconds, 3))
    return round_


@transaction.atomic
def resume_clock(round_: Round, user, *, now: dt.datetime | None = None) -> Round:
    round_, now, state = _take_control(round_, user, now)
    if state.phase != clock.PAUSED:
        raise ClockStateError(_cannot("resume", round_, state.phase))
    pauses = [list(p) for p in round_.pauses]
    pauses[-1][1] = stored(now)
    round_.pauses = pauses
    round_.save(update_fields=["pauses"])
    log_action(round_.event, user, "clock_resume", round=round_, at=iso(now),
               remaining_seconds=round(state.remaining_seconds, 3))
    _schedule_after_commit(round_, now)
    return round_


def timing_in_minutes(minutes=None, warning_minutes=None) -> dict:
    """This game's length and warning as the director typed or sent them (blank: the event's own), as
    `start_clock`'s keyword arguments; a sentence that says what is wrong with either."""

    def seconds(value, what: str, **options) -> int | None:
        if value is None or str(value).strip() == "":
            return None
        return parse_minutes(value, what=what, maximum=MAX_GAME_MINUTES, **options)

    return {"length_seconds": seconds(minutes, "the game's length"),
            "warning_seconds": seconds(warning_minutes, "the warning", allow_zero=True)}


def _minutes_refusal(what: str, kind: str, maximum: int = 0) -> str:
    """The sentence refusing `what` ("the minutes to add", "the game's length" or "the warning"), whole in
    each language: `kind` is give, not_a_number, at_most or not_more_than_0."""
    if what == "the game's length":
        sentences = {
            "give": gettext("Give the game's length, for example 5."),
            "not_a_number": gettext("The game's length must be a number of minutes, for example 5."),
            "at_most": gettext("The game's length can be at most %(most)s minutes."),
            "not_more_than_0": gettext("The game's length must be more than 0 minutes."),
        }
    elif what == "the warning":
        sentences = {
            "give": gettext("Give the warning, for example 5."),
            "not_a_number": gettext("The warning must be a number of minutes, for example 5."),
            "at_most": gettext("The warning can be at most %(most)s minutes."),
            "not_more_than_0": gettext("The warning must be more than 0 minutes."),
        }
    else:
        sentences = {
            "give": gettext("Give the minutes to add, for example 5."),
            "not_a_number": gettext("The minutes to add must be a number of minutes, for example 5."),
            "at_most": gettext("The minutes to add can be at most %(most)s minutes."),
            "not_more_than_0": gettext("The minutes to add must be more than 0 minutes."),
        }
    return sentences[kind] % {"most": maximum} if kind == "at_most" else sentences[kind]


def parse_minutes(value, *, what: str = "the minutes to add", maximum: int = MAX_EXTRA_MINUTES,
                  allow_zero: bool = False) -> int:
    """Minutes as typed or sent (5, "5", 2.5) to whole seconds, or a sentence saying what is wrong."""
    if isinstance(value, bool) or value is None or str(value).strip() == "":
        raise TournamentError(_minutes_refusal(what, "give"))
    try:
        minutes = Decimal(str(value).strip())
    except (DecimalException, ValueError):
        raise TournamentError(_minutes_refusal(what, "not_a_number")) from None
    if not minutes.is_finite():
        raise TournamentError(_minutes_refusal(what, "not_a_number"))
    # The bound comes before any arithmetic: "1e99999999" is a finite Decimal whose product overflows.
    if minutes > maximum:
        raise TournamentError(_minutes_refusal(what, "at_most", maximum))
    try:
        seconds = int((minutes * 60).to_integral_value())
    except DecimalException:  # a tiny exponent ("1e-99999999") that the context cannot carry
        seconds = 0
    if seconds == 0 and minutes == 0 and allow_zero:
        return 0
    if seconds < 1:
        raise TournamentError(_minutes_refusal(what, "not_more_than_0"))
    return seconds


@transaction.atomic
def extend_clock(round_: Round, user, *, minutes, table: int | None = None,
                 now: dt.datetime | None = None) -> Round:
    """Extra time for every table, or for one table (a table that started late or was held up).

    Before time is up the minutes are added to the deadline. Once time is up (for the round, or for the
    one table) they count from now: a director who rings time and then gives everyone 5 more minutes
    means 5 minutes from the moment they say so, however long they took to decide. The clock runs again
    to the new deadline, and its time up is recorded again when it comes (`record_due_moments`).
    """
    round_, now, _ = _take_control(round_, user, now)
    seconds = parse_minutes(minutes)
    if round_.ended_at is not None:
        raise ClockStateError(gettext("Game %(game)s was ended early: there is no time left to extend.")
                              % {"game": round_.number})
    if round_.status == Round.Status.FINISHED:
        raise ClockStateError(gettext("Game %(game)s is over: the next game is seated.") % {"game": round_.number})
    facts = facts_of(round_)
    if table is None:
        added = seconds + _overrun(facts, now, 0)
        round_.extra_seconds += added
        round_.save(update_fields=["extra_seconds"])
        log_action(round_.event, user, "clock_extend", round=round_, at=iso(now), seconds=seconds, table=None,
                   added_seconds=added, after_time_up=added != seconds)
    else:
        game = _game_at(round_, table)  # read, not locked: the round's lock is the clock's only one
        extra, _ = TableExtraTime.objects.get_or_create(round=round_, table=game.table)
        added = seconds + _overrun(facts, now, extra.seconds)
        extra.seconds += added
        extra.save(update_fields=["seconds"])
        log_action(round_.event, user, "clock_extend", round=round_, at=iso(now), seconds=seconds,
                   table=game.table.number, added_seconds=added, after_time_up=added != seconds)
    if round_.started_at is not None:
        _schedule_after_commit(round_, now)
    return round_


def _overrun(facts: clock.ClockFacts, now: dt.datetime, table_extra: int) -> int:
    """Whole seconds the clock has run past its time up by `now` (0 while time is left or before the start):
    added to an extension so that, after time up, it counts from now."""
    if facts.started_at is None:
        return 0
    with_extra = facts.with_extra(table_extra)
    if clock.clock_state(with_extra, now).phase != clock.TIME_UP:
        return 0
    return max(0, math.ceil(clock.active_seconds(with_extra, now) - with_extra.total_seconds - 0.001))


MAX_TABLE_NUMBER = 100_000
BAD_TABLE = gettext_lazy("The table must be a table number, for example 7.")


def table_number(table) -> int:
    """A table number as typed or sent: 7, "7" or 7.0. JSON's true and 1.5 are not table 1."""
    if isinstance(table, bool):
        raise TournamentError(BAD_TABLE)
    if isinstance(table, float):
        if not table.is_integer():
            raise TournamentError(BAD_TABLE)
        table = int(table)
    if isinstance(table, str):
        text = table.strip()
        if not (text.isascii() and text.isdigit()) or len(text) > 9:
            raise TournamentError(BAD_TABLE)
        table = int(text)
    if not isinstance(table, int):
        raise TournamentError(BAD_TABLE)
    return table


def _game_at(round_: Round, table) -> Game:
    number = table_number(table)
    game = None
    if 1 <= number <= MAX_TABLE_NUMBER:
        game = round_.games.select_related("table").filter(table__number=number).first()
    if game is None:
        raise TournamentError(gettext("There is no table %(table)s in game %(game)s.")
                              % {"table": number, "game": round_.number})
    return game


@transaction.atomic
def end_clock(round_: Round, user, *, now: dt.datetime | None = None) -> Round:
    """Time is up now, at every table (an open pause is closed at the same instant)."""
    round_, now, state = _take_control(round_, user, now)
    if state.phase == clock.NOT_STARTED:
        raise ClockStateError(gettext("Game %(game)s has not started: there is nothing to end.")
                              % {"game": round_.number})
    if round_.ended_at is not None:
        raise ClockStateError(gettext("Game %(game)s has already been ended.") % {"game": round_.number})
    extras = table_extras(round_)
    facts = facts_of(round_)
    if state.phase == clock.TIME_UP and all(
            clock.clock_state(facts, now, extra).phase == clock.TIME_UP for extra in extras.values()):
        raise ClockStateError(gettext("Time is already up for game %(game)s.") % {"game": round_.number})
    pauses = [list(p) for p in round_.pauses]
    if pauses and pauses[-1][1] is None:
        pauses[-1][1] = stored(now)
    round_.pauses = pauses
    round_.ended_at = now
    round_.save(update_fields=["pauses", "ended_at"])
    log_action(round_.event, user, "clock_end", round=round_, at=iso(now),
               remaining_seconds=round(state.remaining_seconds, 3))
    record_due_moments(round_, now, extras)
    return round_


def _cannot(action: str, round_: Round, phase: str) -> str:
    """Why the clock cannot be paused or resumed (`action`) in `phase`, in one sentence."""
    running = phase in (clock.RUNNING, clock.WARNING)
    if action == "pause":
        sentence = (gettext("Cannot pause: game %(game)s has not started yet: give the go-ahead first.")
                    if phase == clock.NOT_STARTED else
                    gettext("Cannot pause: the clock is already paused.") if phase == clock.PAUSED else
                    gettext("Cannot pause: the clock is running.") if running else
                    gettext("Cannot pause: time is up for game %(game)s."))
    else:
        sentence = (gettext("Cannot resume: game %(game)s has not started yet: give the go-ahead first.")
                    if phase == clock.NOT_STARTED else
                    gettext("Cannot resume: the clock is already paused.") if phase == clock.PAUSED else
                    gettext("Cannot resume: the clock is running.") if running else
                    gettext("Cannot resume: time is up for game %(game)s."))
    return sentence % {"game": round_.number}  # a sentence without the number ignores it


def _schedule_after_commit(round_: Round, now: dt.datetime) -> None:
    moments = clock.next_moments(facts_of(round_), now, table_extras(round_))
    round_id = round_.pk
    if moments:
        transaction.on_commit(lambda: schedule_moments(round_id, moments, now))


def event_round(event: Event, section: str = "") -> Round:
    """The round the clock controls act on: the event's latest, or section `section`'s (by its letter)."""
    round_ = clock_round(event, section)
    if round_ is None and section:
        raise ClockStateError(gettext("Section %(section)s has no game to time yet.") % {"section": section})
    if round_ is None:
        raise ClockStateError(gettext("Seat game 1 first: there is no game to time yet."))
    return round_


@transaction.atomic
def start_all_clocks(event: Event, user, *, now: dt.datetime | None = None) -> list[Round]:
    """One go-ahead for the whole hall: every section whose game waits for it starts at the same instant
    (an event without sections: its one clock). The sections already playing are left as they are."""
    require_director(event, user)
    now = now or timezone.now()
    rounds = [r for r in event.section_rounds() if r.awaits_go_ahead] or [event_round(event)]
    return [start_clock(round_, user, now=now) for round_ in rounds]
