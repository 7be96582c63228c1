"""While Redis fails, the throttles count in the process: a table is still limited, never refused for it."""

import pytest

from scoring.api.throttles import PROCESS_COUNTS, TableThrottle
from tests.redis_servers import closed_port_url


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
