"""The game clock as arithmetic over stored facts: no process holds a running clock.

A round stores when it started, its paused intervals, its length, its warning, extra time for every
table and, when the director stops it early, when it ended; a table may carry its own extra time. From
those facts alone `clock_state` gives the phase and the time left at any instant, so every web process,
every worker and every page computes the same answer, and a worker that is down changes nothing about
what the clock shows. `due_moments` says which moments (the warning, time up) have come by an instant,
and when each came, so they can be recorded once however late they are noticed.

No Django here: a round's stored facts are turned into `ClockFacts` by `facts.facts_of`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

NOT_STARTED = "not_started"
RUNNING = "running"
WARNING = "warning"
PAUSED = "paused"
TIME_UP = "time_up"
PHASES = (NOT_STARTED, RUNNING, WARNING, PAUSED, TIME_UP)

WARNING_MOMENT = "warning"
TIME_UP_MOMENT = "time_up"

Pause = tuple[dt.datetime, dt.datetime | None]


@dataclass(frozen=True)
class ClockFacts:
    """What a round stores about its clock. `pauses` are (paused_at, resumed_at or None), in order."""

    length_seconds: int
    warning_seconds: int
    started_at: dt.datetime | None = None
    pauses: tuple[Pause, ...] = ()
    extra_seconds: int = 0
    ended_at: dt.datetime | None = None

    def with_extra(self, seconds: int) -> ClockFacts:
        """The same clock with more time: what one table sees when the director gave it extra time."""
        if not seconds:
            return self
        return ClockFacts(
            length_seconds=self.length_seconds, warning_seconds=self.warning_seconds,
            started_at=self.started_at, pauses=self.pauses,
            extra_seconds=self.extra_seconds + seconds, ended_at=self.ended_at,
        )

    @property
    def total_seconds(self) -> int:
        return max(0, self.length_seconds + self.extra_seconds)


@dataclass(frozen=True)
class ClockState:
    """The clock at one instant.

    `remaining_seconds` is a float (never below zero). `deadline` is when time is up if nothing else is
    paused or added: None before the start and while paused (the clock stands still); in the past once
    time is up. `warning_at` likewise, None when the round has no warning.
    """

    phase: str
    remaining_seconds: float
    deadline: dt.datetime | None
    warning_at: dt.datetime | None
    elapsed_seconds: float

    @property
    def is_ticking(self) -> bool:
        return self.phase in (RUNNING, WARNING)


@dataclass(frozen=True)
class Moment:
    """A moment of the clock: recorded once per (kind, table); table None is the round."""

    due_at: dt.datetime
    order: int
    kind: str
    table: int | None

    def sort_key(self):
        """In the order the moments came; at one instant the warning first, the round before tables."""
        return (self.due_at, self.order, self.table is not None, self.table or 0)


def _pause_seconds(pauses: tuple[Pause, ...], until: dt.datetime) -> tuple[float, bool]:
    """Seconds spent paused before `until`, and whether the clock stands paused at `until` (a pause
    covers paused_at <= t < resumed_at)."""
    total = 0.0
    paused_now = False
    for paused_at, resumed_at in pauses:
        if paused_at > until:
            continue
        end = until if resumed_at is None or resumed_at > until else resumed_at
        total += (end - paused_at).total_seconds()
        if resumed_at is None or resumed_at > until:
            paused_now = True
    return total, paused_now


def active_seconds(facts: ClockFacts, now: dt.datetime) -> float:
    """Seconds the clock has run by `now`: time since the go-ahead minus pauses, stopping at the end."""
    if facts.started_at is None or now <= facts.started_at:
        return 0.0
    until = min(now, facts.ended_at) if facts.ended_at is not None else now
    paused, _ = _pause_seconds(facts.pauses, until)
    return max(0.0, (until - facts.started_at).total_seconds() - paused)


def instant_of(facts: ClockFacts, active: float) -> dt.datetime | None:
    """When the clock will have run `active` seconds, walking through the pauses; None if it never will
    under the facts as they stand (paused with no resume yet, or ended before)."""
    if facts.started_at is None:
        return None
    cursor = facts.started_at
    left = max(0.0, active)
    for paused_at, resumed_at in sorted(facts.pauses, key=lambda p: p[0]):
        if paused_at < cursor:
            paused_at = cursor
        run = (paused_at - cursor).total_seconds()
        if left <= run:
            break
        left -= run
        if resumed_at is None:
            return None
        cursor = max(cursor, resumed_at)
    instant = cursor + dt.timedelta(seconds=left)
    if facts.ended_at is not None and instant > facts.ended_at:
        return None
    return instant


def known_at(facts: ClockFacts, now: dt.datetime) -> ClockFacts:
    """The facts as they stood at `now`: a later pause, resume or end was not known yet, so the
    deadline at `now` is the one a page would have been shown then."""
    pauses = tuple(
        (paused_at, resumed_at if resumed_at is not None and resumed_at <= now else None)
        for paused_at, resumed_at in facts.pauses if paused_at <= now
    )
    ended_at = facts.ended_at if facts.ended_at is not None and facts.ended_at <= now else None
    if pauses == facts.pauses and ended_at == facts.ended_at:
        return facts
    return ClockFacts(facts.length_seconds, facts.warning_seconds, facts.started_at, pauses,
                      facts.extra_seconds, ended_at)


def clock_state(facts: ClockFacts, now: dt.datetime, table_extra_seconds: int = 0) -> ClockState:
    """The phase and time left at `now`, for the round (table_extra_seconds 0) or for one table."""
    facts = facts.with_extra(table_extra_seconds)
    total = facts.total_seconds
    if facts.started_at is None or now < facts.started_at:
        return ClockState(NOT_STARTED, float(total), None, None, 0.0)
    facts = known_at(facts, now)
    elapsed = active_seconds(facts, now)
    remaining = max(0.0, total - elapsed)
    time_up_at = _time_up_at(facts)
    warning_at = _warning_at(facts)
    if (time_up_at is not None and now >= time_up_at) or remaining <= 0:
        return ClockState(TIME_UP, 0.0, time_up_at or now, warning_at, elapsed)
    _, paused_now = _pause_seconds(facts.pauses, now)
    if paused_now:
        return ClockState(PAUSED, remaining, None, None, elapsed)
    # Running: the deadline is fixed by the facts, and the time left is read off it, so a page that
    # counts down to the deadline shows what this function would say at every instant.
    deadline = time_up_at if time_up_at is not None else now + dt.timedelta(seconds=remaining)
    remaining = max(0.0, (deadline - now).total_seconds())
    in_warning = warning_at is not None and now >= warning_at
    return ClockState(WARNING if in_warning else RUNNING, remaining, deadline, warning_at, elapsed)


def _time_up_at(facts: ClockFacts) -> dt.datetime | None:
    natural = instant_of(facts, facts.total_seconds)
    if natural is not None:
        return natural
    return facts.ended_at


def _warning_at(facts: ClockFacts) -> dt.datetime | None:
    if facts.warning_seconds <= 0:
        return None
    return instant_of(facts, max(0, facts.total_seconds - facts.warning_seconds))


def moments(facts: ClockFacts, table_extra_seconds: int = 0, table: int | None = None) -> list[Moment]:
    """The moments of this clock that the facts fix so far (a warning the game ended before never comes)."""
    facts = facts.with_extra(table_extra_seconds)
    found = []
    warning_at = _warning_at(facts)
    if warning_at is not None:
        found.append(Moment(warning_at, 0, WARNING_MOMENT, table))
    time_up_at = _time_up_at(facts)
    if time_up_at is not None:
        found.append(Moment(time_up_at, 1, TIME_UP_MOMENT, table))
    return found


def due_moments(facts: ClockFacts, now: dt.datetime,
                table_extras: dict[int, int] | None = None) -> list[Moment]:
    """Every moment that has come by `now`, in the order it came: the round's, then those of each table
    with its own extra time (the other tables share the round's moments)."""
    found = moments(facts)
    for table, extra in (table_extras or {}).items():
        if extra:
            found.extend(moments(facts, extra, table))
    return sorted((m for m in found if m.due_at <= now), key=Moment.sort_key)


def next_moments(facts: ClockFacts, now: dt.datetime,
                 table_extras: dict[int, int] | None = None) -> list[Moment]:
    """The moments still to come if the clock keeps running: what to schedule on a start or a resume."""
    found = moments(facts)
    for table, extra in (table_extras or {}).items():
        if extra:
            found.extend(moments(facts, extra, table))
    return sorted((m for m in found if m.due_at > now), key=Moment.sort_key)
