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

from failopen.redis_cache import shared_cache_failing

PROCESS_COUNTS = LocMemCache("canasta-throttles-while-redis-fails", {"OPTIONS": {"MAX_ENTRIES": 10_000}})


def _key(throttle: SimpleRateThrottle, ident: str) -> str:
    # Hashed: a token from the URL or a forwarded address may hold any character, and a cache key must not.
    return throttle.cache_format % {"scope": throttle.scope,
                                    "ident": hashlib.sha256(ident.encode("utf-8", "replace")).hexdigest()[:32]}


class FailOpenThrottle(SimpleRateThrottle):
    """Counts in the shared cache, or in the process while the shared cache is failing. It always asks the
    shared cache first (at no cost while its breaker is open), so its calls are also the probes that find
    Redis back."""

    def allow_request(self, request, view):
        allowed = super().allow_request(request, view)
        if not shared_cache_failing(self.cache):
            return allowed
        self.cache = PROCESS_COUNTS  # this throttle object serves one request only
        return super().allow_request(request, view)


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
