"""Django's Redis cache, failing open: Redis's errors become misses and no-ops, logged once per outage.

Every call has short socket timeouts (OPTIONS `socket_connect_timeout`, `socket_timeout`; a quarter of a
second unless set) and goes through the process's circuit breaker for that Redis (OPTIONS `retry_after`,
seconds, 5 unless set): while it is open, calls return at once as if Redis had nothing, except one probe
every `retry_after` seconds, which closes it again when Redis answers.
"""

import functools
import hashlib
import logging
import threading
from urllib.parse import urlsplit

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import NoScriptError, RedisError

from .breaker import CircuitBreaker

logger = logging.getLogger(__name__)

DEFAULT_SOCKET_TIMEOUT = 0.25
DEFAULT_RETRY_AFTER = 5.0

_breakers: dict[tuple, CircuitBreaker] = {}
_breakers_lock = threading.Lock()
_MISSING = object()


def breaker_for(servers: tuple[str, ...], retry_after: float) -> CircuitBreaker:
    """The one breaker of this process for these servers: every thread's cache object shares it."""
    with _breakers_lock:
        return _breakers.setdefault((servers, retry_after), CircuitBreaker(retry_after=retry_after))


def shared_cache_failing(cache) -> bool:
    """Whether `cache` is a fail-open Redis cache that is failing now (a miss from it means nothing)."""
    breaker = getattr(cache, "failopen_breaker", None)
    return breaker is not None and breaker.is_open


def _address(url: str) -> str:
    """The server's address without its password, for the log."""
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port or 6379}{parts.path}" if parts.hostname else url


class OneClientPerPool(RedisCacheClient):
    """Django's client, keeping its `redis.Redis` objects: Django builds a new one for every call, which
    measured a quarter of a millisecond each, six times in an accepted sheet. A `redis.Redis` is safe to
    share: each command takes a connection from the pool and gives it back."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class FailOpenRedisCache(RedisCache):
    """Django's RedisCache, but a cache is an accelerator: no request should fail or wait for it."""

    def __init__(self, server, params):
        options = dict(params.get("OPTIONS") or {})
        retry_after = float(options.pop("retry_after", DEFAULT_RETRY_AFTER))
        options.setdefault("socket_connect_timeout", DEFAULT_SOCKET_TIMEOUT)
        options.setdefault("socket_timeout", DEFAULT_SOCKET_TIMEOUT)
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = OneClientPerPool
        self.failopen_breaker = breaker_for(tuple(self._servers), retry_after)

    def _guarded(self, call, fallback):
        breaker = self.failopen_breaker
        if not breaker.allows_call():
            return fallback
        try:
            result = call()
        except RedisError as error:
            if breaker.record_failure():
                logger.warning("The Redis cache at %s failed (%s: %s); going on without it, trying again "
                               "every %g s.", ", ".join(map(_address, self._servers)), type(error).__name__,
                               error, breaker.retry_after)
            return fallback
        if breaker.record_success():
            logger.info("The Redis cache at %s answers again.", ", ".join(map(_address, self._servers)))
        return result

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(functools.partial(super().add, key, value, timeout, version), False)

    def get(self, key, default=None, version=None):
        return self._guarded(functools.partial(super().get, key, default, version), default)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(functools.partial(super().set, key, value, timeout, version), None)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(functools.partial(super().touch, key, timeout, version), False)

    def delete(self, key, version=None):
        return self._guarded(functools.partial(super().delete, key, version), False)

    def get_many(self, keys, version=None):
        return self._guarded(functools.partial(super().get_many, keys, version), {})

    def has_key(self, key, version=None):
        return self._guarded(functools.partial(super().has_key, key, version), False)

    def incr(self, key, delta=1, version=None):
        value = self._guarded(functools.partial(super().incr, key, delta, version), _MISSING)
        if value is _MISSING:  # what a miss means to incr
            raise ValueError(f"Key '{key}' not found (the Redis cache is not answering).")
        return value

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        # Django's contract: the keys that were not stored.
        return self._guarded(functools.partial(super().set_many, data, timeout, version), list(data))

    def delete_many(self, keys, version=None):
        return self._guarded(functools.partial(super().delete_many, keys, version), None)

    def clear(self):
        return self._guarded(super().clear, False)

    def count_call(self, key, window_seconds: float, version=None) -> tuple[int, float] | None:
        """Count one call under `key` in a fixed window of `window_seconds`: (calls in this window, this
        one included; seconds until the window ends), or None while Redis fails.

        One atomic round trip (a Lua script, run by its digest once Redis knows it), where a get and a set
        would be two, and would let two processes that read the same count both pass."""
        key = self.make_and_validate_key(key, version=version)
        window_ms = max(1, int(window_seconds * 1000))

        def call():
            client = self._cache.get_client(key, write=True)
            try:
                count, left_ms = client.evalsha(_COUNT_SHA, 1, key, window_ms)
            except NoScriptError:
                count, left_ms = client.eval(_COUNT_SCRIPT, 1, key, window_ms)
            return int(count), max(0, int(left_ms)) / 1000

        return self._guarded(call, None)


# The window starts with its first call: the count's expiry is set then (or on a count found without one),
# and never moved by later calls.
_COUNT_SCRIPT = """
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
"""
_COUNT_SHA = hashlib.sha1(_COUNT_SCRIPT.encode()).hexdigest()
