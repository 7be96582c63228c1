"""Real Celery workers for the clock's tests: `celery -A config worker` as a subprocess against this test's
PostgreSQL database and a broker of the test's choosing; a redis-server of a test's own, and a listener that
accepts connections and never answers (a hung Redis).

Every process started here runs in its own process group and is stopped by its id; waits are bounded.
"""

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings

from config.celery import app as celery_app

ROOT = Path(__file__).resolve().parents[3]


def worker_database_url() -> str:
    db = settings.DATABASES["default"]
    auth = quote(db.get("USER") or "postgres")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"])
    return f"postgres://{auth}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def forget_connections():
    """The app's pooled broker connections go, so the next publish connects to the broker now configured."""
    celery_app._pool = None
    with contextlib.suppress(KeyError, AttributeError):
        celery_app.__dict__["amqp"]._producer_pool = None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """A redis-server of the test's own on a free loopback port, nothing saved to disk."""

    def __init__(self, tmp_path: Path, port: int | None = None):
        if shutil.which("redis-server") is None:
            pytest.skip("needs redis-server on the PATH (apt-get install redis-server)")
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(tmp_path)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(Exception):
                if self.client().ping():
                    return
            time.sleep(0.05)
        self.stop()
        raise AssertionError(f"redis-server did not start on port {self.port}")

    def client(self):
        import redis

        return redis.Redis.from_url(self.url, socket_timeout=2, socket_connect_timeout=2)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class HungListener:
    """A loopback port that accepts every connection and never sends a byte: a Redis that has hung."""

    def __init__(self):
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.socket.settimeout(0.1)
        self.url = f"redis://127.0.0.1:{self.socket.getsockname()[1]}/0"
        self.accepted: list[socket.socket] = []
        self.running = True
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while self.running:
            with contextlib.suppress(TimeoutError, OSError):
                self.accepted.append(self.socket.accept()[0])

    def stop(self):
        self.running = False
        self.thread.join(5)
        for connection in [*self.accepted, self.socket]:
            connection.close()


class Worker:
    """`celery -A config worker` (with `-B`, its beat, unless beat=False) in its own process group, its log
    in a file. `env` adds variables, such as the clock's periods."""

    def __init__(self, tmp_path: Path, reconcile_seconds: float, broker: str, beat: bool = True,
                 env: dict | None = None):
        self.name = f"clocktest-{uuid.uuid4().hex[:8]}"
        self.log_path = tmp_path / f"{self.name}.log"
        env = {
            **os.environ,
            "DATABASE_URL": worker_database_url(),
            "REDIS_URL": broker,
            "CLOCK_RECONCILE_SECONDS": str(reconcile_seconds),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DB_CONN_MAX_AGE": "0",
            **(env or {}),
        }
        beat_options = ["-B", "-s", str(tmp_path / f"{self.name}-beat")] if beat else []
        self.log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", *beat_options, "--pool=prefork",
             "--concurrency=2", "--loglevel=INFO", "-n", f"{self.name}@%h", "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )

    def text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_ready(self, timeout: float = 60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if " ready." in self.text():
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.2)
        self.stop()
        raise AssertionError(f"The Celery worker did not start:\n{self.text()[-3000:]}")

    def received(self, task_name: str) -> int:
        return len(self.task_ids(task_name, "received"))

    def task_ids(self, task_name: str, what: str = "received") -> set[str]:
        """The ids of the tasks of that name this worker logged as received (or as succeeded)."""
        return set(re.findall(rf"Task {re.escape(task_name)}\[([0-9a-f-]+)\] {what}", self.text()))

    def succeeded(self, task_name: str) -> int:
        return sum(1 for line in self.text().splitlines() if f"Task {task_name}[" in line and "succeeded" in line)

    def stop(self, sig=signal.SIGTERM, timeout: float = 20):
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        # The prefork children are in the same group: make sure none is left holding the test database.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        if not self.log.closed:
            self.log.close()


def wait_for(predicate, timeout: float, what: str, worker: Worker | None = None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    log = worker.text()[-3000:] if worker else ""
    raise AssertionError(f"Timed out after {timeout} s waiting for {what}.\n{log}")


def publish_in_process(monkeypatch) -> None:
    """The jobs that compute the published answers (which every change queues) run in this process: a
    broker and a worker under test hold the clock's messages alone."""
    from tournament.core import published

    monkeypatch.setattr(published.publish_answer, "apply_async",
                        lambda args, **options: published.publish_answer.apply(args))
