"""What a table's submission and the opponents' accept cost in CPU, beside a ping: in-process, on PostgreSQL
and Redis, without HTTP or a load generator sharing the cores.

    .venv/bin/python bench/submit_cpu.py [--tables 200] [--rounds 3]

bench/submit_load.py measures the burst through gunicorn; its figures mix the web process, PostgreSQL,
Redis and its own clients on the same two cores. This one calls Django's WSGI application as gunicorn does
(every middleware, DRF, the services, the ORM), one request at a time, and times each on the process's
CPU clock; the PostgreSQL backend's CPU is read from /proc for each phase. It (re)creates the database
`canasta_submit_cpu`, builds an event of 2 x tables teams per round (game 1 seated), and for each round
times pings, each table's submission (its own Idempotency-Key), each accept, and each submission again
with its key (a replay). The table throttle's Redis call stays; only its limit is raised. It uses Redis's
database 12 (refusing to start when that holds keys) and empties it at the end, and drops its PostgreSQL
database. Compare two checkouts by running it from each, in turn.
"""

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from submit_load import PYTHON, drop_database, recreate_database, sheet  # noqa: E402

DATABASE = "canasta_submit_cpu"
REDIS = "redis://127.0.0.1:6379/12"  # the cache and the queue of announcements' jobs, which no worker takes here


def request(application, method: str, path: str, body: bytes = b"", headers: dict | None = None) -> str:
    """One request through the WSGI application, as gunicorn calls it; the status line."""
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "SCRIPT_NAME": "",
               "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
               "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": "127.0.0.1:8000", "wsgi.version": (1, 0),
               "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr,
               "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False}
    if body:
        environ["CONTENT_LENGTH"] = str(len(body))
    for name, value in (headers or {}).items():
        key = "CONTENT_TYPE" if name.lower() == "content-type" else "HTTP_" + name.upper().replace("-", "_")
        environ[key] = value
    got = {}
    result = application(environ, lambda status, sent, exc_info=None: got.setdefault("status", status))
    try:
        b"".join(result)
    finally:
        result.close()  # request_finished, as under gunicorn
    return got["status"]


def ticks(pid: int) -> int:
    """A process's user + system time in clock ticks."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def backend_pid(connection) -> int:
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def phase(calls: list, connection) -> dict:
    """Each call timed on this process's CPU clock; the backend's CPU a call, from its ticks (the same
    backend throughout: DB_CONN_MAX_AGE is set past the run, and a phase that changed it is refused)."""
    backend = backend_pid(connection)
    before, cpu, statuses = ticks(backend), [], {}
    for call, args in calls:
        started = time.process_time()
        status = call(*args)
        cpu.append(time.process_time() - started)
        statuses[status] = statuses.get(status, 0) + 1
    per_tick = 1e6 / os.sysconf("SC_CLK_TCK")
    if backend_pid(connection) != backend:
        raise RuntimeError("the database connection changed during a phase: its backend's CPU is unknown")
    return {"median": statistics.median(cpu) * 1e6, "backend": (ticks(backend) - before) * per_tick / len(calls),
            "statuses": statuses}


def event_tokens(tables: int, tag: str) -> list[str]:
    """As bench/submit_load.py's event: 2 x tables teams, game 1 seated; the tables' tokens in order."""
    import datetime
    import random

    from django.contrib.auth import get_user_model

    from tournament.core import services
    from tournament.core.models import Game, Team

    director = get_user_model().objects.create_user(f"cpu-director-{tag}", password="bench-pass-1")
    event = services.create_event(director=director, name=f"CPU {tag}", date=datetime.date(2026, 11, 20),
                                  standings_published=True, require_opponent_code=False)
    Team.objects.bulk_create(Team(event=event, number=n, player1=f"Ann {n}", player2=f"Bob {n}")
                             for n in range(1, 2 * tables + 1))
    services.number_tables(event, director)
    services.seat_first_game(event, director, rng=random.Random(1))
    return list(Game.objects.filter(round__event=event).order_by("table__number")
                .values_list("table__token", flat=True))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    import redis

    scratch = redis.Redis.from_url(REDIS)
    if scratch.dbsize():
        sys.exit(f"{REDIS} holds keys: this bench empties it at the end, so it starts only on an empty one.")
    url = f"postgres://postgres@127.0.0.1:5432/{DATABASE}"
    # One connection, one backend, for the whole run: its CPU is read from /proc by its process id.
    environment = {"DATABASE_URL": url, "REDIS_URL": REDIS, "DB_CONN_MAX_AGE": "86400"}
    connection = None
    try:
        recreate_database(DATABASE)
        subprocess.run([PYTHON, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env={**os.environ, **environment},
                       check=True, timeout=300)
        os.chdir(ROOT)
        os.environ.update(environment, DJANGO_SETTINGS_MODULE="config.settings", DEBUG="0",
                          TABLE_THROTTLE_RATE="1000000/min")
        import django

        django.setup()
        from django.db import connection

        from config.wsgi import application
        rounds = measure(application, connection, args)
    finally:
        if connection is not None:
            connection.close()
        scratch.flushdb()
        drop_database(DATABASE)
    print(f"{args.tables} tables a round, {args.rounds} rounds; CPU of this process a request (median), and of its "
          "PostgreSQL backend (mean)")
    print(f"{'round':<7}{'request':<9}{'CPU µs':>9}{'x ping':>8}{'PostgreSQL µs':>15}  statuses")
    for number, found in enumerate(rounds, 1):
        for name, figures in found.items():
            ratio = figures["median"] / found["ping"]["median"]
            print(f"{number:<7}{name:<9}{figures['median']:>9,.0f}{ratio:>8.1f}{figures['backend']:>15,.0f}  "
                  f"{figures['statuses']}")
    return 0


def measure(application, connection, args) -> list[dict]:
    """Per round, each kind of request's figures (phase)."""
    def ping():
        return request(application, "GET", "/api/v1/ping/")

    def submit(token: str, number: int, key: str):
        return request(application, "POST", f"/api/v1/tables/{token}/sheet/", json.dumps(sheet(number)).encode(),
                       {"Content-Type": "application/json", "Idempotency-Key": key})

    def accept(token: str):
        return request(application, "POST", f"/api/v1/tables/{token}/sheet/accept/", b"{}",
                       {"Content-Type": "application/json"})

    for number, token in enumerate(event_tokens(20, "warm"), 1):  # every path run once before the timing
        submit(token, number, f"warm-{number}")
        accept(token)
        ping()
    rounds = []
    for round_number in range(args.rounds):
        tokens = event_tokens(args.tables, f"round-{round_number}")
        keyed = [(token, number, f"r{round_number}-{number}") for number, token in enumerate(tokens, 1)]
        rounds.append({
            "ping": phase([(ping, ())] * (5 * args.tables), connection),
            "submit": phase([(submit, k) for k in keyed], connection),
            "accept": phase([(accept, (token,)) for token in tokens], connection),
            "replay": phase([(submit, k) for k in keyed], connection),
        })
    return rounds


if __name__ == "__main__":
    sys.exit(main())
