"""How often a device may call: per table token (the table endpoints), per client address (practice, and
the front door's box for a table's code).

The counts live in the shared cache (Redis in production), so every web process counts together. While
Redis is failing, a miss would mean "no calls yet", so the count moves to this process's memory with the
same rate: a hostile client is still limited (per process), and an honest one is never refused for
Redis's sake.
"""

import hashlib

from django.core.cache.backends.locmem import LocMemCache
from rest_framework.throttling import SimpleRateThrottle

PROCESS_COUNTS = LocMemCache("canasta-throttles-while-redis-fails", {"OPTIONS": {"MAX_ENTRIES": 10_000}})


def _key(throttle: SimpleRateThrottle, ident: str) -> str:
    # Hashed: a token from the URL or a forwarded address may hold any character, and a cache key must not.
    return throttle.cache_format % {"scope": throttle.scope,
                                    "ident": hashlib.sha256(ident.encode("utf-8", "replace")).hexdigest()[:32]}


class FailOpenThrottle(SimpleRateThrottle):
    """Counts in the shared cache, or in the process while the shared cache is failing. It always asks the
    shared cache first (at no cost while its breaker is open), so its calls are also the probes that find
    Redis back.

    On Redis a call is one atomic count in a fixed window (`FailOpenRedisCache.count_call`), not DRF's list
    of call times read and written back: one round trip per request, and no two processes passing on the
    same count. A fixed window lets a client make up to twice the rate across a window's edge, which the
    rates here allow for. The local-memory caches (the embedded default, and the counts while Redis fails)
    keep DRF's sliding window."""

    # Not DRF's key: a count must never meet a list of call times that an earlier release left in Redis.
    cache_format = "throttle-count_%(scope)s_%(ident)s"
    wait_seconds: float | None = None

    def allow_request(self, request, view):
        count_call = getattr(self.cache, "count_call", None)
        if count_call is None:
            return super().allow_request(request, view)
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        counted = count_call(self.key, self.duration)
        if counted is not None:
            count, left = counted
            self.wait_seconds = left
            return count <= self.num_requests
        self.cache = PROCESS_COUNTS  # this throttle object serves one request only
        return super().allow_request(request, view)

    def wait(self):
        return self.wait_seconds if self.wait_seconds is not None else super().wait()


class TableThrottle(FailOpenThrottle):
    """Per table token, not per address: a whole room of tables shares the venue's one public address."""

    scope = "table"

    def get_cache_key(self, request, view):
        return _key(self, view.kwargs.get("token", "")[:64])


class CheckThrottle(FailOpenThrottle):
    """The practice endpoints, per client address (DRF's `get_ident`, which honours NUM_PROXIES); the rate
    is generous (CHECK_THROTTLE_RATE) because a whole venue may share one public address."""

    scope = "check"

    def get_cache_key(self, request, view):
        return _key(self, self.get_ident(request) or "")


class TableCodeThrottle(CheckThrottle):
    """The front door's box for a table's code, per client address: a code is short, so guessing one must
    be slow (TABLE_CODE_RATE), while the players of a room, sharing one address, type theirs now and then."""

    scope = "table_code"
