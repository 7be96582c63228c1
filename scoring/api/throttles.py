"""How often a device may call: per table token (the table endpoints), per client address (practice)."""

import hashlib

from rest_framework.throttling import SimpleRateThrottle


def _key(throttle: SimpleRateThrottle, ident: str) -> str:
    # Hashed: a token from the URL or a forwarded address may hold any character, and a cache key must not.
    return throttle.cache_format % {"scope": throttle.scope,
                                    "ident": hashlib.sha256(ident.encode("utf-8", "replace")).hexdigest()[:32]}


class TableThrottle(SimpleRateThrottle):
    """Per table token, not per address: a whole room of tables shares the venue's one public address."""

    scope = "table"

    def get_cache_key(self, request, view):
        return _key(self, view.kwargs.get("token", "")[:64])


class CheckThrottle(SimpleRateThrottle):
    """The practice endpoints, per client address (DRF's `get_ident`, which honours NUM_PROXIES); the rate
    is generous (CHECK_THROTTLE_RATE) because a whole venue may share one public address."""

    scope = "check"

    def get_cache_key(self, request, view):
        return _key(self, self.get_ident(request) or "")
