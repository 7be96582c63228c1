"""Reads of the game clock for the API and the pages: the event's latest round, in two queries after the event."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass

from django.db.models import OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from tournament.core.models import Event, Round

from . import state as clock
from .facts import facts_of, iso
from .models import TableExtraTime


@dataclass
class ClockView:
    round: Round | None
    extras: dict[int, int]
    payload: dict

    @property
    def etag(self) -> str:
        return clock_etag(self.payload)


def _seconds(value: float) -> float:
    return round(value, 3)


def _table_payload(facts: clock.ClockFacts, extra: int, now: dt.datetime) -> dict:
    state = clock.clock_state(facts, now, extra)
    return {
        "phase": state.phase,
        "remaining_seconds": _seconds(state.remaining_seconds),
        "deadline": iso(state.deadline),
        "warning_at": iso(state.warning_at),
        "extra_seconds": extra,
    }


def section_asked(data) -> str:
    """The section letter a request asks for (`?section=A`, or a form's field): one letter, or ""."""
    letter = str(data.get("section", "")).strip().upper()
    return letter if len(letter) == 1 and letter.isascii() and letter.isalpha() else ""


def clock_round(event: Event, section: str = "") -> Round | None:
    """The round whose clock a page shows: the latest of section `section` (its letter) in an event with
    sections, each room having its own clock; else (or with no letter) the event's latest."""
    if section:
        return event.rounds.filter(section__letter=section).order_by("-number").first()
    return event.latest_round()


def clock_view(event: Event, now: dt.datetime, section: str = "") -> ClockView:
    """The clock of the event's latest round at `now` (of section `section`, by its letter, when given),
    as the API returns it.

    `remaining_seconds` is a float (seconds, to the millisecond). `tables` maps each table number (a
    string) to that table's clock; its `extra_seconds` is the table's own extra time, on top of the
    round's `extra_seconds`.
    """
    round_ = clock_round(event, section)
    if round_ is None:
        return ClockView(None, {}, {
            "round": None, "game": None, "phase": clock.NOT_STARTED, "remaining_seconds": None,
            "deadline": None, "warning_at": None, "server_time": iso(now), "tables": {},
            "length_seconds": None, "warning_seconds": None, "extra_seconds": None, "paused": False,
            "started_at": None, "ended_at": None, "section": section,
        })
    own_time = TableExtraTime.objects.filter(round=OuterRef("round"), table=OuterRef("table")).values("seconds")
    games = list(round_.games.order_by("table__number")
                 .annotate(own=Coalesce(Subquery(own_time[:1]), 0)).values_list("table__number", "own"))
    extras = {number: extra for number, extra in games if extra}
    facts = facts_of(round_)
    state = clock.clock_state(facts, now)
    payload = {
        "round": round_.number,
        "game": round_.number,
        "round_id": round_.pk,
        "section": section,
        "phase": state.phase,
        "remaining_seconds": _seconds(state.remaining_seconds),
        "deadline": iso(state.deadline),
        "warning_at": iso(state.warning_at),
        "server_time": iso(now),
        "length_seconds": round_.length_seconds,
        "warning_seconds": round_.warning_seconds,
        "extra_seconds": round_.extra_seconds,
        "paused": state.phase == clock.PAUSED,
        "started_at": iso(round_.started_at),
        "ended_at": iso(round_.ended_at),
        "tables": {str(number): _table_payload(facts, extra, now) for number, extra in games},
    }
    return ClockView(round_, extras, payload)


def phase_now(round_: Round) -> str:
    """The round's clock phase at this instant, from its stored facts alone (no query)."""
    return clock.clock_state(facts_of(round_), timezone.now()).phase


def clock_etag(payload: dict) -> str:
    """A tag that changes only when what a page shows changes: a running clock's time left follows from
    its deadline, so neither it nor the server's time is part of the tag (a phase change at the warning
    or at time up is)."""

    def stable(part: dict) -> dict:
        out = {k: v for k, v in part.items() if k not in ("server_time", "tables")}
        if part.get("deadline") is not None:
            out.pop("remaining_seconds", None)
        return out

    signature = stable(payload)
    signature["tables"] = {k: stable(v) for k, v in payload.get("tables", {}).items()}
    digest = hashlib.sha256(json.dumps(signature, sort_keys=True).encode()).hexdigest()[:32]
    return f'"{digest}"'
