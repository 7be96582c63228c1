"""A round's stored clock facts as the pure arithmetic's input, and instants as the API and pages write them.

The round stores its pauses as ISO text in a JSON list; `facts_of` turns them back into datetimes, at full
precision, so the stored facts always give back the same clock.
"""

import datetime as dt

from tournament.core.models import Round

from . import state as clock
from .models import TableExtraTime


def iso(moment: dt.datetime | None) -> str | None:
    """ISO 8601 in UTC with milliseconds and a Z, the one form the API and the pages use."""
    if moment is None:
        return None
    return moment.astimezone(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def stored(moment: dt.datetime) -> str:
    """A pause's instant as stored: full precision, so the stored facts give back the same clock."""
    return moment.astimezone(dt.UTC).isoformat()


def parsed(value: str | None) -> dt.datetime | None:
    if value is None:
        return None
    moment = dt.datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def facts_of(round_: Round) -> clock.ClockFacts:
    return clock.ClockFacts(
        length_seconds=round_.length_seconds,
        warning_seconds=round_.warning_seconds,
        started_at=round_.started_at,
        pauses=tuple((parsed(p[0]), parsed(p[1])) for p in (round_.pauses or [])),
        extra_seconds=round_.extra_seconds,
        ended_at=round_.ended_at,
    )


def table_extras(round_: Round) -> dict[int, int]:
    """Extra seconds of the tables that have their own (one query)."""
    return dict(
        TableExtraTime.objects.filter(round=round_).exclude(seconds=0).values_list("table__number", "seconds")
    )

