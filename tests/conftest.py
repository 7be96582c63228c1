"""Shared fixtures, and the rule for tests that need a real service.

Tests marked `postgres`, `redis` or `browser` run only where that service is there; elsewhere they are
skipped with the reason. With CANASTA_REQUIRE_SERVICES=1 (CI's service pass) a missing PostgreSQL or
Redis stops the run instead, and CANASTA_REQUIRE_BROWSER=1 does the same for Chromium, so CI can never
pass by skipping them.
"""

import os
import shutil
import socket
import tempfile
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.conf import settings

REQUIRE_SERVICES = os.environ.get("CANASTA_REQUIRE_SERVICES") == "1"
REQUIRE_BROWSER = os.environ.get("CANASTA_REQUIRE_BROWSER") == "1"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def _port_open(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or default_port), timeout=1):
            return True
    except OSError:
        return False


def service_missing(marker: str) -> str | None:
    """Why a test with this marker cannot run here, or None when it can."""
    if marker == "postgres":
        if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
            return "needs PostgreSQL: set DATABASE_URL=postgres://... to run it"
    elif marker == "redis":
        if not settings.REDIS_URL:
            return "needs Redis: set REDIS_URL=redis://... to run it"
        if not _port_open(settings.REDIS_URL, 6379):
            return f"needs Redis, and nothing answers at {settings.REDIS_URL}"
    elif marker == "browser":
        if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
            return "needs headless Chromium at /usr/bin/chromium (apt-get install chromium)"
        try:
            import playwright  # noqa: F401
        except ImportError:
            return "needs Playwright for Python (pip install -r requirements-dev.txt)"
    return None


def pytest_configure(config):
    # Live-server threads (browser tests) must not keep database connections open after a request, or
    # PostgreSQL refuses to drop the test database at the end ("being accessed by other users").
    settings.DATABASES["default"]["CONN_MAX_AGE"] = 0
    # No worker serves a test run: the jobs the changes queue (the published answers' computation) run in
    # the test's process instead of piling up, unread, in the machine's shared Redis. Tests of the broker
    # itself point the app at a Redis of their own and turn this off (tests/tournament/clock/conftest.py).
    from config.celery import app as celery_app

    celery_app.conf.task_always_eager = True


def pytest_sessionstart(session):
    required = [("CANASTA_REQUIRE_SERVICES", m) for m in ("postgres", "redis") if REQUIRE_SERVICES]
    required += [("CANASTA_REQUIRE_BROWSER", "browser")] if REQUIRE_BROWSER else []
    for variable, marker in required:
        reason = service_missing(marker)
        if reason:
            raise pytest.UsageError(f"{variable}=1, but a test {reason}.")


def pytest_collection_modifyitems(config, items):
    for item in items:
        for marker in ("postgres", "redis", "browser"):
            if marker in item.keywords:
                reason = service_missing(marker)
                if reason:
                    item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture
def director(db):
    from tests.factories import make_director

    return make_director()


@pytest.fixture
def other_user(db):
    from tests.factories import make_director

    return make_director("someone-else", "someone-else-pass-1")


@pytest.fixture
def event(director):
    """Eight teams at four tables, game 1 seated."""
    from tests.factories import make_event

    return make_event(director)


def _clear_abandoned(shm: Path) -> None:
    """Remove the database folders of test runs whose process is gone (killed before its clean-up, as
    mutmut stops a mutant that hangs): they would hold memory until the machine restarts."""
    for folder in shm.glob("canasta-test-*-*"):
        pid = folder.name.split("-")[2]
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
        except OSError:
            pass  # alive, another user's


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite, the test database is a file in memory-backed storage rather than SQLite's in-memory
    database. With the in-memory one, Django hands a live server's thread the test's own connection, and a
    page's request that reads while the test writes through it fails at once ("database table is locked",
    which no timeout waits out): a browser test failed so in CI. With a file, each thread has its own
    connection and waits for the lock as a busy room does. As fast as in memory on tmpfs (the core's
    1,631 tests: 179 s either way); SQLITE_TEST_NAME still names another file."""
    test = settings.DATABASES["default"].setdefault("TEST", {})
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3" or test.get("NAME"):
        yield
        return
    shm = Path("/dev/shm")
    folder = None
    if shm.is_dir() and os.access(shm, os.W_OK):
        _clear_abandoned(shm)
        folder = Path(tempfile.mkdtemp(prefix=f"canasta-test-{os.getpid()}-", dir=shm))
    folder = folder or tmp_path_factory.mktemp("db")
    test["NAME"] = str(folder / "test.sqlite3")
    yield
    # Another session in this process (mutmut runs pytest several times in one) gets a file of its own.
    test["NAME"] = None
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and before it is dropped, end the sessions that live-server threads
    or killed worker processes may have left on it, so PostgreSQL can drop it and the next run starts clean."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture
def published_redis(monkeypatch):
    """A Redis of our own as the cache of the published answers (`tournament.core.published`), as in
    production, where every process shares it; never the machine's shared Redis. The cache backend."""
    from failopen.redis_cache import FailOpenRedisCache
    from tests.redis_servers import REDIS_SERVER, OwnRedis
    from tournament.core import published

    if not REDIS_SERVER:
        pytest.skip("needs redis-server")
    server = OwnRedis().start()
    backend = FailOpenRedisCache(server.url, {"OPTIONS": {"retry_after": 60}})
    backend.test_server = server  # to stop it
    monkeypatch.setattr(published, "cache", backend)
    yield backend
    server.kill()


@pytest.fixture
def published_jobs_queued(monkeypatch):
    """The published answers' jobs queued, not run: as in the second after a change, before the worker
    takes them (a list of their arguments)."""
    from tournament.core import published

    jobs = []
    monkeypatch.setattr(published.publish_answer, "apply_async", lambda args, **kw: jobs.append(args))
    monkeypatch.setattr(published, "_runs_now", lambda: False)  # a queue: the jobs run later
    return jobs


@pytest.fixture
def published_shared(published_redis):
    return published_redis


@pytest.fixture
def published_local(monkeypatch):
    """The embedded default's cache (local memory) for the published answers, whatever this run's settings."""
    from django.core.cache.backends.locmem import LocMemCache

    from tournament.core import published

    monkeypatch.setattr(published, "cache", LocMemCache("published-local", {}))
    published.forget_local()
    yield
    published.forget_local()


@pytest.fixture(autouse=True)
def _the_source_language_after_each_test():
    """A request made by a test's client leaves its language active in the test's thread (LocaleMiddleware
    activates it and nothing deactivates it), and the rules follow Django's active language: each test
    starts where a new thread does, in the site's own language."""
    yield
    from django.utils import translation

    translation.deactivate()
