"""The wall clock of the clock's tests: the go-ahead at T0, each moment so many seconds after it."""

import datetime as dt

T0 = dt.datetime(2026, 11, 20, 10, 0, tzinfo=dt.UTC)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)
