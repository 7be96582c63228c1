"""A circuit breaker: after a failure, callers skip the service for a while, and one of them probes it.

Shared by every thread of a process (Django makes one cache object per thread), so the state is guarded
by a lock; the clock is injectable so tests need not sleep.
"""

import threading
import time
from collections.abc import Callable


class CircuitBreaker:
    """Closed (calls go through) until a failure opens it for `retry_after` seconds; then the first caller
    probes, the others keep skipping until the probe succeeds (closed again) or fails (open again)."""

    def __init__(self, *, retry_after: float, clock: Callable[[], float] = time.monotonic):
        self.retry_after = retry_after
        self._clock = clock
        self._lock = threading.Lock()
        self._open = False
        self._probe_at = 0.0

    @property
    def is_open(self) -> bool:
        """The service failed and has not answered since: its callers should use their fallback."""
        return self._open

    def allows_call(self) -> bool:
        """Whether this caller may call the service now: always when closed; when open, only the one
        caller that comes first after the wait (its call is the probe)."""
        if not self._open:
            return True
        with self._lock:
            now = self._clock()
            if not self._open or now >= self._probe_at:
                self._probe_at = now + self.retry_after  # the others wait for this probe's outcome
                return True
            return False

    def record_failure(self) -> bool:
        """Open (again) for `retry_after` seconds. True for the first failure of an outage: the one to log."""
        with self._lock:
            was_open = self._open
            self._open = True
            self._probe_at = self._clock() + self.retry_after
            return not was_open

    def record_success(self) -> bool:
        """Close. True when this ends an outage."""
        if not self._open:
            return False
        with self._lock:
            was_open = self._open
            self._open = False
            return was_open
