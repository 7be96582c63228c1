"""Every table submits its sheet at once while the room polls the standings: the production set-up.

    .venv/bin/python bench/submit_load.py [--tables 200] [--workers N] [--threads N] [--worker-class sync]
                                          [--pollers 20]

What it does, all on the loopback interface:
1. (Re)creates the PostgreSQL database `canasta_bench`, migrates it, and builds an event of 2 x tables
   teams with game 1 seated and the standings published (through the tournament services).
2. Starts gunicorn with the project's gunicorn.conf.py (workers and threads sized to this machine; the
   options given override them), REDIS_URL set so the cache and the throttle live in Redis, on a free
   port, and waits for it to answer.
3. Ceiling: as many clients as tables GET the trivial `/api/v1/ping/` at once, while the pollers poll it.
4. The load: every table POSTs its sheet at the same moment (one client each, an Idempotency-Key each),
   then its opponents accept; meanwhile the pollers GET the public standings with If-None-Match, as the
   phones in the room do (but without their 15-second pause: a worst case).
5. A retry storm: every table POSTs the same sheet with the same key again (a lost answer on weak Wi-Fi).
6. Checks in the database that there is exactly one version per table, and that every game is final.
7. Prints throughput and p50/p95/p99 latency of each kind of request, and stops gunicorn.

Only the standard library talks HTTP (http.client, one connection per request as phones do).
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
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
GUNICORN_CONF = str(ROOT / "gunicorn.conf.py")
PG_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
REQUEST_TIMEOUT = 60


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def drop_database(name: str) -> None:
    """A bench's own database, gone (its connections closed by the server)."""
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def recreate_database(name: str) -> None:
    import psycopg

    drop_database(name)
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')


SETUP = r"""
import datetime, json, random, django
django.setup()
from django.contrib.auth import get_user_model
from tournament.core import services
from tournament.core.models import Event, Team, Game
director = get_user_model().objects.create_user("bench-director", password="bench-pass-1")
event = services.create_event(director=director, name="Bench event", date=datetime.date(2026, 11, 20),
                              standings_published=True, require_opponent_code=False)  # as measured before
Team.objects.bulk_create(Team(event=event, number=n, player1=f"Ann {n}", player2=f"Bob {n}")
                         for n in range(1, TEAMS + 1))
services.number_tables(event, director)
services.seat_first_game(event, director, rng=random.Random(1))
tokens = list(Game.objects.filter(round__event=event).order_by("table__number")
              .values_list("table__token", flat=True))
print(json.dumps({"event": event.pk, "tokens": tokens}))
"""

VERIFY = r"""
import json, sys, django
django.setup()
from django.db.models import Count
from scoring.models import SheetVersion
from tournament.core.models import Game
event = int(sys.argv[1])
versions = SheetVersion.objects.filter(game__round__event_id=event)
per_game = list(versions.values("game").annotate(n=Count("pk")).values_list("n", flat=True))
print(json.dumps({"versions": versions.count(), "games_with_a_version": len(per_game),
                  "max_per_game": max(per_game or [0]),
                  "final_games": Game.objects.filter(round__event_id=event, status="final").count(),
                  "accepted": versions.filter(status="accepted").count()}))
"""


def sheet(table: int) -> dict:
    """A valid three-hand sheet; the counts vary with the table so the results differ."""
    hands, running = [], {"ns": 0, "ew": 0}
    for ns, ew in (((2200, 325), (1800, 275)), ((1500, 250), (900, 130)), ((2900, 410), (1100, -60 + table % 5 * 5))):
        hand = {}
        for side, (base, count) in (("ns", ns), ("ew", ew)):
            running[side] += base + count
            hand[side] = {"base": base, "count": count, "total": base + count, "cumulative": running[side]}
        hands.append(hand)
    return {"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "hands": hands, "final": dict(running)}


class Recorder:
    def __init__(self):
        self.lock = threading.Lock()
        self.samples: dict[str, list[float]] = {}
        self.statuses: dict[str, dict[int, int]] = {}
        self.spans: dict[str, list[float]] = {}
        self.errors: list[str] = []

    def add(self, kind: str, started: float, ended: float, status: int) -> None:
        with self.lock:
            self.samples.setdefault(kind, []).append(ended - started)
            counts = self.statuses.setdefault(kind, {})
            counts[status] = counts.get(status, 0) + 1
            span = self.spans.setdefault(kind, [started, ended])
            span[0], span[1] = min(span[0], started), max(span[1], ended)


def call(port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        return response.status, dict(response.getheaders()), data
    except (OSError, http.client.HTTPException):
        return 0, {}, b""
    finally:
        conn.close()


def timed(recorder: Recorder, kind: str, port: int, method: str, path: str, body=None, headers=None):
    started = time.perf_counter()
    status, response_headers, data = call(port, method, path, body, headers)
    recorder.add(kind, started, time.perf_counter(), status)
    if status not in (200, 201, 304) and len(recorder.errors) < 5:
        recorder.errors.append(f"{kind}: {status} {data[:300]!r}")
    return status, response_headers, data


def poll(recorder: Recorder, kind: str, port: int, path: str, stop: threading.Event) -> None:
    etag = None
    deadline = time.monotonic() + 600
    while not stop.is_set() and time.monotonic() < deadline:
        headers = {"If-None-Match": etag} if etag else {}
        status, response_headers, _ = timed(recorder, kind, port, "GET", path, headers=headers)
        if status == 200:
            etag = response_headers.get("ETag", etag)
        elif status != 304:
            time.sleep(0.05)


def burst(recorder: Recorder, port: int, clients: list, poll_path: str, poll_kind: str, pollers: int) -> float:
    """Run `clients` (callables) at the same instant while `pollers` poll; the wall time of the clients."""
    stop = threading.Event()
    poll_threads = [threading.Thread(target=poll, args=(recorder, poll_kind, port, poll_path, stop), daemon=True)
                    for _ in range(pollers)]
    for thread in poll_threads:
        thread.start()
    time.sleep(0.5)
    barrier = threading.Barrier(len(clients))

    def run(client):
        barrier.wait(timeout=60)
        client()

    threads = [threading.Thread(target=run, args=(client,), daemon=True) for client in clients]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=REQUEST_TIMEOUT * 3)
    wall = time.perf_counter() - started
    stop.set()
    for thread in poll_threads:
        thread.join(timeout=REQUEST_TIMEOUT + 5)
    return wall


def percentile(values: list[float], q: float) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def report(recorder: Recorder, kinds: list[str]) -> list[str]:
    lines = [f"{'requests':<28}{'n':>6}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}  statuses"]
    for kind in kinds:
        values = recorder.samples.get(kind, [])
        if not values:
            continue
        span = recorder.spans[kind][1] - recorder.spans[kind][0]
        statuses = ", ".join(f"{code}: {n}" for code, n in sorted(recorder.statuses[kind].items()))
        lines.append(f"{kind:<28}{len(values):>6}{len(values) / span:>9.0f}{percentile(values, 50) * 1000:>9.0f}"
                     f"{percentile(values, 95) * 1000:>9.0f}{percentile(values, 99) * 1000:>9.0f}  {statuses}")
    return lines


def bench_env(database: str, redis: str) -> dict[str, str]:
    """The environment of the bench's processes: PostgreSQL `database`, the cache in Redis, DEBUG off."""
    return dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings",
                DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{database}", REDIS_URL=redis,
                CACHE_KEY_PREFIX=f"bench-{os.getpid()}", DEBUG="0", LOG_LEVEL="ERROR", PYTHONPATH=str(ROOT))


def build_event(env: dict[str, str], database: str, tables: int) -> tuple[int, list[str]]:
    """(Re)create and migrate `database`; an event of 2 x tables teams, game 1 seated: (its id, the tokens)."""
    print(f"== database {database}: recreate, migrate, seat {2 * tables} teams at {tables} tables", flush=True)
    recreate_database(database)
    subprocess.run([PYTHON, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True, timeout=300)
    setup = subprocess.run([PYTHON, "-c", SETUP.replace("TEAMS", str(2 * tables))], cwd=ROOT, env=env,
                           check=True, timeout=300, capture_output=True, text=True)
    built = json.loads(setup.stdout.strip().splitlines()[-1])
    return built["event"], built["tokens"]


def server_options(workers: int | None, threads: int | None, worker_class: str | None) -> list[str]:
    """gunicorn's command-line options for what was given; what was not is left to gunicorn.conf.py."""
    given = {"--workers": workers, "--threads": threads, "--worker-class": worker_class}
    return [part for name, value in given.items() if value is not None for part in (name, str(value))]


@contextlib.contextmanager
def gunicorn(env: dict[str, str], options: list[str]):
    """gunicorn with gunicorn.conf.py and `options` on a free loopback port, answering: yields the port and
    the master's process id (its workers are in its process group).

    Its access log (standard output) is written, as in production, and thrown away."""
    port = free_port()
    server = subprocess.Popen(
        [GUNICORN, "config.wsgi:application", "--config", GUNICORN_CONF, "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning", *options],
        cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if call(port, "GET", "/api/v1/ping/")[0] == 200:
                break
            time.sleep(0.2)
        else:
            raise SystemExit("gunicorn did not answer")
        yield port, server.pid
    finally:
        stop_group(server)


def stop_group(process: subprocess.Popen) -> None:
    """Stop a server started in its own process group (gunicorn and its workers): asked, then killed."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def stored(env: dict[str, str], event: int) -> dict:
    """What the database holds for `event`: versions, games with one, the most per game, final games."""
    verify = subprocess.run([PYTHON, "-c", VERIFY, str(event)], cwd=ROOT, env=env, check=True, timeout=120,
                            capture_output=True, text=True)
    return json.loads(verify.stdout.strip().splitlines()[-1])


def stored_once(facts: dict, tables: int) -> bool:
    """Every table's sheet stored exactly once and every game final."""
    return (facts["versions"] == tables and facts["games_with_a_version"] == tables
            and facts["max_per_game"] == 1 and facts["final_games"] == tables)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--workers", type=int, help="default: gunicorn.conf.py's, from this machine's cores")
    parser.add_argument("--threads", type=int, help="default: gunicorn.conf.py's")
    parser.add_argument("--worker-class", help="default: gunicorn.conf.py's (gthread)")
    parser.add_argument("--pollers", type=int, default=20)
    parser.add_argument("--database", default="canasta_bench")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/5")
    args = parser.parse_args()

    env = bench_env(args.database, args.redis)
    event, tokens = build_event(env, args.database, args.tables)
    options = server_options(args.workers, args.threads, args.worker_class)
    print(f"== gunicorn with gunicorn.conf.py {' '.join(options)}".rstrip(), flush=True)
    with gunicorn(env, options) as (port, _):
        # Warm every worker (imports, connections) so the first burst measures serving, not start-up.
        for _ in range(16):
            call(port, "GET", f"/e/{event}/standings/")
            call(port, "GET", "/api/v1/ping/")

        recorder = Recorder()
        standings = f"/api/v1/events/{event}/standings/"
        ping_wall = burst(recorder, port, [
            (lambda: timed(recorder, "ping (ceiling)", port, "GET", "/api/v1/ping/")) for _ in tokens
        ], "/api/v1/ping/", "ping poll (ceiling)", args.pollers)

        def table_client(number: int, token: str, kind: str, key: str, accept: bool):
            def run():
                body = json.dumps(sheet(number)).encode()
                status, _, _ = timed(recorder, kind, port, "POST", f"/api/v1/tables/{token}/sheet/", body,
                                     {"Content-Type": "application/json", "Idempotency-Key": key})
                if accept and status == 201:
                    timed(recorder, "accept", port, "POST", f"/api/v1/tables/{token}/sheet/accept/", b"{}",
                          {"Content-Type": "application/json"})
            return run

        submit_wall = burst(recorder, port, [
            table_client(n, token, "submit sheet", f"bench-{n}", True) for n, token in enumerate(tokens, 1)
        ], standings, "standings poll (API)", args.pollers)
        retry_wall = burst(recorder, port, [
            table_client(n, token, "retry, same key", f"bench-{n}", False) for n, token in enumerate(tokens, 1)
        ], f"/e/{event}/standings/?partial=1", "standings poll (page)", args.pollers)

    facts = stored(env, event)
    print(f"== {args.tables} tables, {args.pollers} pollers; bursts took: ping {ping_wall:.2f}s, "
          f"submit+accept {submit_wall:.2f}s, retries {retry_wall:.2f}s")
    for line in report(recorder, ["ping (ceiling)", "ping poll (ceiling)", "submit sheet", "accept",
                                  "standings poll (API)", "retry, same key", "standings poll (page)"]):
        print(line)
    for error in recorder.errors:
        print(f"   unexpected answer: {error}")
    print(f"== stored: {facts}")
    ok = (stored_once(facts, args.tables)
          and recorder.statuses.get("submit sheet") == {201: args.tables}
          and recorder.statuses.get("retry, same key") == {201: args.tables})
    print("== every sheet stored exactly once: " + ("yes" if ok else "NO"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
