"""The game clock on the production set-up: how late its moments are recorded, and what a clock poll costs.

    .venv/bin/python bench/clock_bench.py [--rounds 100] [--length 20] [--warning 10] [--requests 3000]

What it does, all on the loopback interface:
1. (Re)creates the PostgreSQL database `canasta_clock_bench` (its own: the other benches use
   `canasta_bench`), migrates it, and builds `--rounds` events of 8 teams with game 1 seated, plus one
   event of 60 teams (30 tables) for the endpoint, through the tournament services.
2. Starts a real Celery worker with its beat (`celery -A config worker -B`, prefork, one process per
   core) on Redis database 14 (emptied before and after), and waits for it.
3. Gives the go-ahead to every round at once (practice games of `--length` seconds with a warning
   `--warning` seconds before the end); each go-ahead schedules its warning and time-up tasks with ETAs.
4. Waits until every moment is recorded, then prints the lateness of the recorded moments (recorded_at -
   due_at) at p50/p99/max, for the warnings and the time-ups.
5. Measures the endpoint in-process (Django's test client, one thread: the server's own cost), then
   stops the worker, starts gunicorn (sync workers, 2 x cores) and measures GET /api/v1/events/<id>/clock/
   on the 30-table event from `--clients` threads, one connection per request as phones do: first full
   answers (200), then conditional ones (If-None-Match, 304). Prints mean/p50/p99 ms and requests/s.
Every process it starts is stopped at the end, also on an error or Ctrl-C.
"""

import argparse
import contextlib
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
PG_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DB_NAME = "canasta_clock_bench"
DATABASE_URL = f"postgres://postgres@127.0.0.1:5432/{DB_NAME}"
REDIS_URL = "redis://127.0.0.1:6379/14"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def recreate_database() -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{DB_NAME}"')


def flush_redis() -> None:
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    client.flushdb()
    client.close()


def child_env(**extra) -> dict:
    return {**os.environ, "DATABASE_URL": DATABASE_URL, "REDIS_URL": REDIS_URL,
            "DJANGO_SETTINGS_MODULE": "config.settings", "CACHE_KEY_PREFIX": "clockbench", **extra}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


class Process:
    """A child in its own process group, so stopping it stops its children too."""

    def __init__(self, args, log_path: Path, env: dict):
        self.log_path = log_path
        self.log = open(log_path, "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
            except ProcessLookupError:
                pass
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()


def wait_until(predicate, timeout: float, what: str, process: Process | None = None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        if process is not None and process.proc.poll() is not None:
            break
        time.sleep(0.2)
    tail = process.text()[-2000:] if process else ""
    raise SystemExit(f"Timed out waiting for {what}.\n{tail}")


def build_events(rounds: int):
    import datetime
    import random

    from django.contrib.auth import get_user_model

    from tournament.core import services
    from tournament.core.models import Team

    director = get_user_model().objects.create_user("bench-director", password="bench-pass-1")

    def event(name, teams):
        e = services.create_event(director=director, name=name, date=datetime.date(2026, 11, 20))
        Team.objects.bulk_create(Team(event=e, number=n, player1=f"Ann {n}", player2=f"Bob {n}")
                                 for n in range(1, teams + 1))
        services.number_tables(e, director)
        services.seat_first_game(e, director, rng=random.Random(1))
        return e

    small = [event(f"Bench {n}", 8) for n in range(rounds)]
    large = event("Bench large", 60)
    return director, small, large


def measure_moments(args, director, events, tmp: Path) -> dict:
    from tournament.clock import services as clock_services
    from tournament.clock.models import ClockEvent

    cores = os.cpu_count() or 2
    worker = Process([PYTHON, "-m", "celery", "-A", "config", "worker", "-B", "-s", str(tmp / "beat-schedule"),
                      "--pool=prefork", f"--concurrency={cores}", "--loglevel=INFO", "-n", "clockbench@%h",
                      "--without-gossip", "--without-mingle"], tmp / "worker.log", child_env())
    try:
        wait_until(lambda: " ready." in worker.text(), 60, "the Celery worker", worker)
        rounds = [e.rounds.get() for e in events]
        began = time.monotonic()
        for round_ in rounds:
            clock_services.start_clock(round_, director, length_seconds=args.length, warning_seconds=args.warning)
        spread = time.monotonic() - began
        expected = 2 * len(rounds)
        wait_until(lambda: ClockEvent.objects.filter(round__in=rounds).count() >= expected,
                   args.length + spread + 90, f"{expected} moments", worker)
        time.sleep(2)  # any duplicate delivery would show now
        moments = list(ClockEvent.objects.filter(round__in=rounds).values_list("kind", "due_at", "recorded_at"))
        reconciled = worker.text().count("Clock reconcile recorded")
    finally:
        worker.stop()
    late = {kind: [(rec - due).total_seconds() * 1000 for k, due, rec in moments if k == kind]
            for kind in ("warning", "time_up")}
    return {"moments": len(moments), "expected": expected, "start_spread_s": spread, "late_ms": late,
            "reconcile_runs_that_recorded": reconciled, "workers": cores}


def hit(port: int, path: str, headers: dict) -> tuple[float, int, dict]:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        return (time.perf_counter() - started) * 1000, response.status, dict(response.getheaders())
    finally:
        conn.close()


def load(port: int, path: str, headers: dict, total: int, clients: int) -> dict:
    times: list[float] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    per_client = total // clients

    def run():
        mine, seen = [], {}
        for _ in range(per_client):
            ms, status, _ = hit(port, path, headers)
            mine.append(ms)
            seen[status] = seen.get(status, 0) + 1
        with lock:
            times.extend(mine)
            for status, count in seen.items():
                statuses[status] = statuses.get(status, 0) + count

    threads = [threading.Thread(target=run) for _ in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    return {"requests": len(times), "statuses": statuses, "mean_ms": statistics.fmean(times),
            "p50_ms": percentile(times, 50), "p99_ms": percentile(times, 99), "per_s": len(times) / elapsed}


def measure_endpoint(args, director, event, tmp: Path) -> dict:
    from tournament.clock import services as clock_services

    clock_services.start_clock(event.rounds.get(), director)  # a 50-minute game, running
    clock_services.extend_clock(event.rounds.get(), director, minutes=5, table=7)
    cores = os.cpu_count() or 2
    port = free_port()
    server = Process([GUNICORN, "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", str(2 * cores),
                      "--access-logfile", "-", "--log-level", "warning"],
                     tmp / "gunicorn.log", child_env(DEBUG="0"))
    path = f"/api/v1/events/{event.pk}/clock/"

    def answers():
        try:
            return hit(port, path, {})[1] == 200
        except OSError:
            return False

    in_process = measure_in_process(path, args.requests)
    try:
        wait_until(answers, 60, "gunicorn", server)
        _, _, headers = hit(port, path, {})
        etag = {k.lower(): v for k, v in headers.items()}["etag"]
        load(port, path, {}, 200, args.clients)  # warm every worker
        full = load(port, path, {}, args.requests, args.clients)
        conditional = load(port, path, {"If-None-Match": etag}, args.requests, args.clients)
        body_bytes = len(json.dumps(json.loads(_body(port, path))))
    finally:
        server.stop()
    return {"full": full, "conditional": conditional, "gunicorn_workers": 2 * cores, "body_bytes": body_bytes,
            "in_process": in_process}


def measure_in_process(path: str, total: int) -> dict:
    """The server's own cost, without HTTP or client threads: Django's test client, one thread."""
    from django.test import Client

    client = Client()
    etag = client.get(path)["ETag"]
    out = {}
    for name, headers in (("full", {}), ("conditional", {"HTTP_IF_NONE_MATCH": etag})):
        times = []
        for _ in range(total):
            started = time.perf_counter()
            client.get(path, **headers)
            times.append((time.perf_counter() - started) * 1000)
        out[name] = {"mean_ms": statistics.fmean(times), "p50_ms": percentile(times, 50),
                     "p99_ms": percentile(times, 99)}
    return out


def _body(port, path) -> bytes:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path)
        return conn.getresponse().read()
    finally:
        conn.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--length", type=int, default=20, help="seconds per practice game")
    parser.add_argument("--warning", type=int, default=10, help="seconds before the end")
    parser.add_argument("--requests", type=int, default=3000, help="requests per endpoint phase")
    parser.add_argument("--clients", type=int, default=8, help="concurrent client threads")
    args = parser.parse_args()

    recreate_database()
    flush_redis()
    subprocess.run([PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=child_env(), check=True)
    os.environ.update({"DATABASE_URL": DATABASE_URL, "REDIS_URL": REDIS_URL,
                       "DJANGO_SETTINGS_MODULE": "config.settings", "CACHE_KEY_PREFIX": "clockbench"})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    with tempfile.TemporaryDirectory(prefix="clock-bench-") as tmp:
        tmp = Path(tmp)
        try:
            director, small, large = build_events(args.rounds)
            moments = measure_moments(args, director, small, tmp)
            endpoint = measure_endpoint(args, director, large, tmp)
        finally:
            flush_redis()

    print(f"Clock moments: {args.rounds} rounds of {args.length} s (warning {args.warning} s before the end), "
          f"started within {moments['start_spread_s']:.2f} s; Celery prefork worker x{moments['workers']} "
          f"with beat, PostgreSQL, Redis")
    print(f"  recorded {moments['moments']} of {moments['expected']} moments (each once); "
          f"reconcile runs that recorded something: {moments['reconcile_runs_that_recorded']}")
    for kind, values in moments["late_ms"].items():
        print(f"  lateness {kind:8s} (recorded_at - due_at): p50 {percentile(values, 50):7.1f} ms   "
              f"p99 {percentile(values, 99):7.1f} ms   max {max(values):7.1f} ms   (n={len(values)})")
    both = moments["late_ms"]["warning"] + moments["late_ms"]["time_up"]
    print(f"  lateness all moments: p50 {percentile(both, 50):.1f} ms, p99 {percentile(both, 99):.1f} ms")
    print(f"GET /api/v1/events/<id>/clock/ (30 tables, one table extended; {endpoint['body_bytes']} bytes), "
          f"gunicorn sync x{endpoint['gunicorn_workers']}, {args.clients} client threads, "
          "a new connection per request:")
    for name in ("full", "conditional"):
        r = endpoint["in_process"][name]
        print(f"  in-process {name:11s} (Django test client, one thread): mean {r['mean_ms']:.2f} ms  "
              f"p50 {r['p50_ms']:.2f} ms  p99 {r['p99_ms']:.2f} ms")
    for name in ("full", "conditional"):
        r = endpoint[name]
        print(f"  {name:11s} {r['statuses']}: mean {r['mean_ms']:.2f} ms  p50 {r['p50_ms']:.2f} ms  "
              f"p99 {r['p99_ms']:.2f} ms  {r['per_s']:.0f} requests/s")


if __name__ == "__main__":
    main()
