import pytest

from config.celery import app as celery_app
from tournament.clock import broker

from .workers import RedisServer, forget_connections, publish_in_process


@pytest.fixture(autouse=True)
def _broker_health_forgotten():
    """What one test taught this process about the broker does not leak into the next."""
    broker.health.forget()
    yield
    broker.health.forget()


@pytest.fixture
def use_broker(settings, monkeypatch):
    """Point this process's Celery app at a broker (the clock's tasks no longer run in-process, the published
    answers' jobs still do); undone afterwards."""
    publish_in_process(monkeypatch)
    old_url, old_eager = celery_app.conf.broker_url, celery_app.conf.task_always_eager

    def use(url: str):
        settings.CELERY_TASK_ALWAYS_EAGER = False
        celery_app.conf.task_always_eager = False
        celery_app.conf.broker_url = url
        forget_connections()
        broker.health.forget()

    yield use
    celery_app.conf.broker_url, celery_app.conf.task_always_eager = old_url, old_eager
    forget_connections()


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path)
    yield server
    server.stop()
