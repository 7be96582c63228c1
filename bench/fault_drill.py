"""The room with Redis failing: tables submit and accept while the cache's Redis is down, hung, or killed.

    .venv/bin/python bench/fault_drill.py [--tables 100] [--clients 20] [--database canasta_drill]
                                          [--root DIR]   # serve another copy of the code (e.g. main's)

All on the loopback interface, never the machine's Redis:
1. (Re)creates the PostgreSQL database, migrates it.
2. For each fault (up: a healthy redis-server of the drill's own, the control; down: a port where nothing
   listens; hung: a listener that accepts and never answers; killed: the drill's redis-server, SIGKILLed
   by its pid a quarter of the way through the load and started again, empty, half way): builds an event
   of 2 x tables teams, starts gunicorn with REDIS_URL at that Redis, and lets every table POST its sheet
   (an Idempotency-Key each) and then its opponents accept it, from `clients` threads, one connection per
   request as phones do.
3. Checks in the database what was stored and prints, per fault: requests, 5xx (an answer that never
   came counts as one), lost (a 201 whose sheet is not stored, a 200 accept whose game is not final),
   duplicated (games with more than one version), the worst, 95th-percentile and median latency, and how
   many answers took 2 s or more.
"""

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from submit_load import GUNICORN, PYTHON, ROOT, call, free_port, recreate_database, sheet, stop_group

sys.path.insert(0, str(ROOT))
from tests.redis_servers import HungRedis, OwnRedis, closed_port_url

SETUP = r"""
import datetime, json, random, django
django.setup()
from django.contrib.auth import get_user_model
from tournament.core import services
from tournament.core.models import Event, Team, Game
director, _ = get_user_model().objects.get_or_create(username="drill-director")
event = services.create_event(director=director, name="Fault drill", date=datetime.date(2026, 11, 23),
                              standings_published=True)
Team.objects.bulk_create(Team(event=event, number=n, player1=f"Ann {n}", player2=f"Bob {n}", code=f"{n:04d}")
                         for n in range(1, TEAMS + 1))
services.number_tables(event, director)
services.seat_first_game(event, director, rng=random.Random(1))
games = Game.objects.filter(round__event=event).order_by("table__number").select_related("table", "ew_team")
print(json.dumps({"event": event.pk, "tables": [[g.table.token, g.ew_team.code] for g in games]}))
"""

VERIFY = r"""
import json, sys, django
django.setup()
from django.db.models import Count
from scoring.models import SheetVersion
from tournament.core.models import Game
event = int(sys.argv[1])
per_game = dict(SheetVersion.objects.filter(game__round__event_id=event).values_list("game__table__token")
                .annotate(n=Count("pk")))
final = list(Game.objects.filter(round__event_id=event, status="final").values_list("table__token", flat=True))
print(json.dumps({"versions": per_game, "final": final}))
"""


def load(port: int, tables: list, clients: int, on_answer) -> list[tuple[str, str, int, float]]:
    """Every table submits, then accepts; (kind, token, status, seconds) for each request."""
    work: queue.Queue = queue.Queue()
    for number, (token, code) in enumerate(tables, 1):
        work.put((number, token, code))
    answers, lock = [], threading.Lock()

    def timed(kind, token, path, body, headers):
        started = time.perf_counter()
        status = call(port, "POST", path, json.dumps(body).encode(), {"Content-Type": "application/json", **headers})[0]
        with lock:
            answers.append((kind, token, status, time.perf_counter() - started))
        on_answer(len(answers))

    def client():
        while True:
            try:
                number, token, code = work.get_nowait()
            except queue.Empty:
                return
            timed("submit", token, f"/api/v1/tables/{token}/sheet/", sheet(number),
                  {"Idempotency-Key": f"drill-{number}"})
            timed("accept", token, f"/api/v1/tables/{token}/sheet/accept/", {"code": code, "version": 1}, {})

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def drill(fault: str, args, env: dict) -> dict:
    built = subprocess.run([PYTHON, "-c", SETUP.replace("TEAMS", str(2 * args.tables))], cwd=args.root, env=env,
                           check=True, timeout=300, capture_output=True, text=True)
    event = json.loads(built.stdout.strip().splitlines()[-1])
    redis, hung = None, None
    if fault == "down":
        url = closed_port_url()
    elif fault == "up":  # the control: the same load with a healthy Redis
        redis = OwnRedis().start()
        url = redis.url
    elif fault == "hung":
        hung = HungRedis()
        url = hung.url
    else:
        redis = OwnRedis().start()
        url = redis.url
    total = 2 * args.tables

    def on_answer(n):
        if fault == "killed" and n == total // 4:
            redis.kill()
        elif fault == "killed" and n == total // 2:
            redis.start()

    port = free_port()
    server = subprocess.Popen(
        [GUNICORN, "config.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", str(args.workers),
         "--threads", str(args.threads), "--worker-class", "gthread", "--log-level", "warning", "--timeout", "120"],
        cwd=args.root, env={**env, "REDIS_URL": url}, start_new_session=True,
        stderr=subprocess.DEVNULL if args.quiet else None)
    try:
        for _ in range(150):
            if call(port, "GET", "/api/v1/ping/")[0] == 200:
                break
            time.sleep(0.2)
        else:
            raise RuntimeError("gunicorn did not answer")
        for _ in range(4 * args.workers):  # warm every worker's imports (ping reads no cache)
            call(port, "GET", "/api/v1/ping/")
        started = time.perf_counter()
        answers = load(port, event["tables"], args.clients, on_answer)
        wall = time.perf_counter() - started
    finally:
        stop_group(server)
        if redis is not None:
            redis.kill()
        if hung is not None:
            hung.close()
    stored = json.loads(subprocess.run([PYTHON, "-c", VERIFY, str(event["event"])], cwd=args.root, env=env,
                                       check=True, timeout=120, capture_output=True, text=True).stdout.splitlines()[-1])
    versions, final = stored["versions"], set(stored["final"])
    seconds = [a[3] for a in answers]
    return {
        "fault": fault, "requests": len(answers), "wall": wall,
        "5xx": sum(1 for a in answers if a[2] >= 500 or a[2] == 0),
        "lost": sum(1 for kind, token, status, _ in answers
                    if ((kind, status) == ("submit", 201) and not versions.get(token))
                    or ((kind, status) == ("accept", 200) and token not in final)),
        "duplicated": sum(1 for n in versions.values() if n > 1),
        "stored": len(versions), "final": len(final),
        "worst": max(seconds), "median": statistics.median(seconds),
        "p95": statistics.quantiles(seconds, n=20, method="inclusive")[-1],
        "over": sum(1 for value in seconds if value >= 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--database", default="canasta_drill")
    parser.add_argument("--root", type=Path, default=ROOT, help="the code to serve (default: this tree)")
    parser.add_argument("--faults", default="up,down,hung,killed")
    parser.add_argument("--quiet", action="store_true", help="hide the server's log (tracebacks of 500s)")
    args = parser.parse_args()
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings", DEBUG="0", LOG_LEVEL="ERROR",
               DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{args.database}", PYTHONPATH=str(args.root),
               CACHE_KEY_PREFIX=f"drill-{os.getpid()}")
    env.pop("REDIS_URL", None)
    print(f"== database {args.database}: recreate, migrate; code from {args.root}")
    recreate_database(args.database)
    subprocess.run([PYTHON, "manage.py", "migrate", "-v", "0"], cwd=args.root, env=env, check=True, timeout=300)
    print(f"== {args.tables} tables submit then accept, {args.clients} client threads; "
          f"gunicorn {args.workers} workers x {args.threads} threads")
    print(f"{'fault':<8}{'requests':>9}{'5xx':>6}{'lost':>6}{'duplicated':>11}{'stored':>8}{'final':>7}"
          f"{'worst s':>9}{'p95 s':>7}{'median s':>10}{'>=2 s':>7}{'wall s':>8}")
    ok = True
    for fault in args.faults.split(","):
        f = drill(fault, args, env)
        print(f"{f['fault']:<8}{f['requests']:>9}{f['5xx']:>6}{f['lost']:>6}{f['duplicated']:>11}{f['stored']:>8}"
              f"{f['final']:>7}{f['worst']:>9.2f}{f['p95']:>7.2f}{f['median']:>10.3f}{f['over']:>7}{f['wall']:>8.1f}",
              flush=True)
        ok &= f["5xx"] == f["lost"] == f["duplicated"] == 0 and f["worst"] < 2 and f["final"] == args.tables
    print("== no 5xx, nothing lost or doubled, every answer within 2 s: " + ("yes" if ok else "NO"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
