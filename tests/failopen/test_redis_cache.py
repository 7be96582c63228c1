"""The Redis cache fails open: Redis down, hung or restarted costs misses, never an error or a long wait."""

import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from failopen.redis_cache import FailOpenRedisCache, shared_cache_failing
from tests.redis_servers import REDIS_SERVER, HungRedis, OwnRedis, closed_port_url

needs_redis_server = pytest.mark.skipif(REDIS_SERVER is None, reason="needs redis-server (apt-get install redis)")


def cache_at(url: str, **options) -> FailOpenRedisCache:
    return FailOpenRedisCache(url, {"OPTIONS": options})


def test_with_redis_down_reads_miss_and_writes_do_nothing():
    cache = cache_at(closed_port_url())
    assert cache.get("k", "default") == "default"
    assert cache.set("k", 1) is None and cache.add("k", 1) is False and cache.delete("k") is False
    assert cache.get_many(["a", "b"]) == {} and cache.has_key("k") is False
    assert cache.set_many({"a": 1, "b": 2}) == ["a", "b"]
    assert cache.get_or_set("k", lambda: "computed") == "computed"
    with pytest.raises(ValueError, match="not found"):
        cache.incr("k")
    assert shared_cache_failing(cache)


def test_an_outage_is_logged_once(caplog):
    cache = cache_at(closed_port_url(), retry_after=0)  # every call tries Redis again, and fails again
    with caplog.at_level(logging.WARNING, logger="failopen.redis_cache"):
        for _ in range(5):
            cache.get("k")
    assert len(caplog.records) == 1
    assert "going on without it" in caplog.records[0].getMessage()


def test_a_hung_redis_costs_one_short_timeout_then_nothing_until_the_retry():
    hung = HungRedis()
    try:
        cache = cache_at(hung.url, retry_after=30)  # the timeouts' defaults: a quarter of a second
        started = time.monotonic()
        assert cache.get("k", "miss") == "miss"
        first = time.monotonic() - started
        started = time.monotonic()
        assert [cache.get("k", "miss") for _ in range(20)] == ["miss"] * 20
        assert first < 0.6 and time.monotonic() - started < 0.05
    finally:
        hung.close()


def test_the_breaker_is_shared_by_every_cache_object_of_the_process():
    url = closed_port_url()
    cache_at(url).get("k")
    assert shared_cache_failing(cache_at(url))  # Django makes one cache object per thread


def test_a_working_redis_is_not_failing():
    assert not shared_cache_failing(object())  # any other cache: a miss is a miss


@needs_redis_server
def test_a_restarted_redis_is_used_again_after_the_wait():
    redis = OwnRedis().start()
    try:
        cache = cache_at(redis.url, retry_after=0.2)
        cache.set("k", "before")
        assert cache.get("k") == "before"
        redis.kill()
        assert cache.get("k", "miss") == "miss" and shared_cache_failing(cache)
        redis.start()
        time.sleep(0.25)
        cache.set("k", "after")
        assert cache.get("k") == "after" and not shared_cache_failing(cache)
    finally:
        redis.kill()


def test_production_settings_give_the_cache_short_timeouts_from_the_environment():
    code = ("import json, django; from django.conf import settings; django.setup();"
            "print(json.dumps(settings.CACHES['default']))")
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}

    def run(extra: dict) -> dict:
        result = subprocess.run([sys.executable, "-c", code], env={
            **env, "DJANGO_SETTINGS_MODULE": "config.settings", "REDIS_URL": "redis://cache:6379/1", **extra,
        }, cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, check=True)
        return json.loads(result.stdout)

    default = run({})
    assert default["BACKEND"] == "failopen.redis_cache.FailOpenRedisCache"
    assert default["OPTIONS"] == {"socket_connect_timeout": 0.25, "socket_timeout": 0.25, "retry_after": 5.0}
    tuned = run({"CACHE_REDIS_CONNECT_TIMEOUT": "0.1", "CACHE_REDIS_READ_TIMEOUT": "0.5",
                 "CACHE_REDIS_RETRY_AFTER": "2"})
    assert tuned["OPTIONS"] == {"socket_connect_timeout": 0.1, "socket_timeout": 0.5, "retry_after": 2.0}


@needs_redis_server
def test_one_redis_client_serves_every_call_and_every_thread_of_a_cache():
    """Django built a `redis.Redis` for every call (a quarter of a millisecond each); one is kept per pool,
    and the calls of many threads through it each get their own answer."""
    import threading

    server = OwnRedis().start()
    try:
        cache = cache_at(server.url)
        assert cache._cache.get_client(write=True) is cache._cache.get_client(write=True)
        results, errors = {}, []

        def worker(n):
            try:
                for i in range(50):
                    cache.set(f"k{n}-{i}", n * 1000 + i)
                results[n] = [cache.get(f"k{n}-{i}") for i in range(50)]
            except Exception as error:  # any failure in a thread is the test's failure
                errors.append(error)

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert results == {n: [n * 1000 + i for i in range(50)] for n in range(8)}
    finally:
        server.kill()
