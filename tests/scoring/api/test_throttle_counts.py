"""On Redis a table's call is counted in one atomic round trip: no two processes pass on one count."""

import threading
import time

import pytest
from django.core.cache import cache

from failopen.redis_cache import FailOpenRedisCache, shared_cache_failing
from scoring.api.throttles import TableThrottle
from tests.redis_servers import REDIS_SERVER, OwnRedis

pytestmark = pytest.mark.skipif(REDIS_SERVER is None, reason="needs redis-server (apt-get install redis)")


@pytest.fixture
def own_redis():
    server = OwnRedis().start()
    yield server
    server.kill()


@pytest.fixture
def redis_cache(own_redis, settings):
    """Our own Redis as the default cache, as in production."""
    settings.CACHES = {"default": {"BACKEND": "failopen.redis_cache.FailOpenRedisCache",
                                   "LOCATION": own_redis.url, "OPTIONS": {"retry_after": 60}}}
    return cache


def command_calls(server: OwnRedis) -> dict[str, int]:
    import redis

    stats = redis.Redis.from_url(server.url).info("commandstats")
    return {name.removeprefix("cmdstat_"): values["calls"] for name, values in stats.items()}


def one_round_trip_each(calls: dict[str, int], requests: int, together: int = 1) -> bool:
    """Each request ran the script by its digest, and the cache saw no get or set. The first calls also
    sent the script itself, once, or once each when `together` of them found Redis without it at once."""
    return (calls.get("incr") == requests and calls.get("evalsha") == requests
            and calls.get("eval", 0) <= together and "get" not in calls and "set" not in calls)


def test_a_count_is_one_atomic_call_per_request(own_redis):
    backend = FailOpenRedisCache(own_redis.url, {"OPTIONS": {"retry_after": 60}})
    counts, lock = [], threading.Lock()

    def caller():
        mine = [backend.count_call("k", 60)[0] for _ in range(25)]
        with lock:
            counts.extend(mine)

    threads = [threading.Thread(target=caller) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(counts) == list(range(1, 201))  # every call saw its own count: none was lost or shared
    assert one_round_trip_each(command_calls(own_redis), 200, together=len(threads))


def test_the_window_starts_with_its_first_call_and_ends_on_time(own_redis):
    backend = FailOpenRedisCache(own_redis.url, {"OPTIONS": {"retry_after": 60}})
    first, left = backend.count_call("w", 0.3)
    assert first == 1 and 0 < left <= 0.3
    assert backend.count_call("w", 0.3)[0] == 2
    time.sleep(0.35)
    assert backend.count_call("w", 0.3)[0] == 1


def test_a_table_over_its_rate_is_refused_with_the_seconds_to_wait(api, game, redis_cache, monkeypatch, own_redis):
    monkeypatch.setattr(TableThrottle, "THROTTLE_RATES", {"table": "3/min"})
    url = f"/api/v1/tables/{game.table.token}/sheet/"
    answers = [api.get(url) for _ in range(4)]
    assert [answer.status_code for answer in answers] == [404, 404, 404, 429]
    assert 0 < int(answers[-1]["Retry-After"]) <= 60
    assert one_round_trip_each(command_calls(own_redis), 4)


def test_call_times_an_earlier_release_left_in_redis_do_not_break_the_count(api, game, redis_cache, monkeypatch):
    """DRF's throttle kept a list of call times under its own key; a count never meets one."""
    monkeypatch.setattr(TableThrottle, "THROTTLE_RATES", {"table": "2/min"})
    drf_key = TableThrottle.cache_format.replace("throttle-count_", "throttle_") % {
        "scope": "table", "ident": TableThrottle().get_cache_key(None, _view(game)).rsplit("_", 1)[-1]}
    cache.set(drf_key, [time.time()] * 5, 60)
    url = f"/api/v1/tables/{game.table.token}/sheet/"
    assert [api.get(url).status_code for _ in range(3)] == [404, 404, 429]
    assert not shared_cache_failing(cache)


def _view(game):
    from types import SimpleNamespace

    return SimpleNamespace(kwargs={"token": game.table.token})
