"""While Redis fails, the throttles count in the process: a table is still limited, never refused for it."""

import time
from types import SimpleNamespace

import pytest
from django.core.cache import cache

from failopen.redis_cache import shared_cache_failing
from scoring.api.throttles import PROCESS_COUNTS, TableThrottle
from tests.redis_servers import REDIS_SERVER, OwnRedis, closed_port_url

needs_redis_server = pytest.mark.skipif(REDIS_SERVER is None, reason="needs redis-server (apt-get install redis)")


def view_of(token):
    """What the throttle reads of a view."""
    return SimpleNamespace(kwargs={"token": token})


@pytest.fixture
def redis_down(settings):
    settings.CACHES = {"default": {"BACKEND": "failopen.redis_cache.FailOpenRedisCache",
                                   "LOCATION": closed_port_url(), "OPTIONS": {"retry_after": 60}}}
    PROCESS_COUNTS.clear()
    yield
    PROCESS_COUNTS.clear()


def test_a_table_is_still_throttled_while_redis_is_down(api, game, redis_down, monkeypatch):
    monkeypatch.setattr(TableThrottle, "THROTTLE_RATES", {"table": "3/min"})
    url = f"/api/v1/tables/{game.table.token}/sheet/"
    assert [api.get(url).status_code for _ in range(4)] == [404, 404, 404, 429]


def test_the_first_call_that_finds_redis_down_is_counted_in_the_process(api, game, redis_down, monkeypatch):
    monkeypatch.setattr(TableThrottle, "THROTTLE_RATES", {"table": "1/min"})
    url = f"/api/v1/tables/{game.table.token}/sheet/"
    assert [api.get(url).status_code for _ in range(2)] == [404, 429]


@needs_redis_server
def test_the_table_calls_find_redis_back_and_count_there_again(api, game, settings):
    redis = OwnRedis().start()
    try:
        settings.CACHES = {"default": {"BACKEND": "failopen.redis_cache.FailOpenRedisCache",
                                       "LOCATION": redis.url, "OPTIONS": {"retry_after": 0.2}}}
        url = f"/api/v1/tables/{game.table.token}/sheet/"
        redis.kill()
        api.get(url)
        assert shared_cache_failing(cache)
        redis.start()
        time.sleep(0.25)
        api.get(url)  # only the throttle touches the cache here
        assert not shared_cache_failing(cache)
        assert cache.get(TableThrottle().get_cache_key(None, view_of(game.table.token))) == 1  # counted there
    finally:
        redis.kill()
