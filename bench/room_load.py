"""The room: 500 tables finish over a minute while 300 phones poll the standings every 15 s (issue 11).

    .venv/bin/python bench/room_load.py [--tables 500] [--seconds 60] [--pollers 300] [--interval 15]
                                        [--workers N] [--threads N] [--no-celery]

What it does, all on the loopback interface (the set-up is bench/submit_load.py's):
1. (Re)creates the PostgreSQL database `canasta_room_bench` with an event of 2 x tables teams, game 1
   seated, the standings published, no opponents' code asked for.
2. Starts a Celery worker (one process: it computes the published answers after each change, as in
   production) and gunicorn with the project's gunicorn.conf.py, REDIS_URL set (Redis db 6).
3. The load, on a schedule rather than at once: each table submits its sheet at a random moment in the
   first `--seconds` (its own Idempotency-Key) and its opponents accept 2 to 5 s after the 201; each of
   the pollers GETs the standings every `--interval` seconds, the first time at a random moment in the
   first interval, with If-None-Match and the ETag it last got. One poller in ten polls the standings
   fragment (`/e/<id>/standings/?partial=1`, what the players' page reloads) instead of the API.
4. Reads /proc before and after the load: the machine's CPU left over (idle and I/O wait) while the room
   was served, and what gunicorn, the Celery worker, PostgreSQL's connections to the bench's database and
   this client (on the same cores) each used of it. The machine may be shared: the idle share counts what
   anyone else ran meanwhile, the shares of the processes do not, so the CPU the room's server left over
   is also given as 100% less those shares.
5. Checks in the database that every table has exactly one version and every game is final.
6. Prints count and p50/p95/p99 of each kind of request, the targets (submit and accept p99 < 100 ms,
   standings poll p95 < 30 ms, 304s included) and the CPU left over.

The requests run on a pool of threads that starts each at its moment (800 phones need no 800 threads);
how late a request started after its moment is printed too, so a client that falls behind shows.
"""

import argparse
import heapq
import itertools
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from submit_load import (
    PG_ADMIN_URL,
    PYTHON,
    ROOT,
    Recorder,
    bench_env,
    build_event,
    call,
    gunicorn,
    percentile,
    report,
    server_options,
    sheet,
    stored,
    stored_once,
    timed,
)

ACCEPT_AFTER = (2.0, 5.0)  # seconds from the 201 to the opponents' acceptance
FRAGMENT_EVERY = 10  # one poller in this many polls the standings fragment instead of the API
TARGETS = [("submit", 99, 100), ("accept", 99, 100), ("standings poll API, all", 95, 30),
           ("standings poll fragment, all", 95, 30)]


def cpu_ticks() -> tuple[int, int]:
    """(ticks idle or waiting for I/O, all ticks) of every core since boot, from /proc/stat."""
    with open("/proc/stat") as stat:
        fields = [int(n) for n in stat.readline().split()[1:9]]  # user nice system idle iowait irq softirq steal
    return fields[3] + fields[4], sum(fields)


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def process_cpu(pids=None, groups=()) -> dict[int, float]:
    """CPU seconds (user + system) so far of each process named, or in one of the process groups named."""
    tick = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in os.listdir("/proc") if pids is None else map(str, pids):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()  # after the command's name, which may hold spaces
        except (OSError, IndexError):
            continue  # gone meanwhile, or not a process
        if pids is not None or int(fields[2]) in groups:  # fields[2]: the process group
            found[int(entry)] = (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return found


def used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds between two readings, a process started meanwhile counted from its start."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def database_backends(database: str) -> list[int]:
    """The process ids of PostgreSQL's connections to `database` (one per web thread that used it)."""
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        return [pid for (pid,) in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (database,))]


class Schedule:
    """Runs actions at their moments (seconds from the start) on a pool of threads; records how late each
    one started. An action may schedule more."""

    def __init__(self, threads: int):
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="room")
        self.heap: list = []
        self.order = itertools.count()
        self.wake = threading.Condition()
        self.lateness: list[float] = []
        self.start = time.perf_counter()

    def now(self) -> float:
        return time.perf_counter() - self.start

    def at(self, moment: float, action) -> None:
        with self.wake:
            heapq.heappush(self.heap, (moment, next(self.order), action))
            self.wake.notify()

    def _run(self, moment: float, action) -> None:
        late = self.now() - moment
        with self.wake:
            self.lateness.append(late)
        action(moment)

    def run_until(self, done) -> None:
        """Dispatch the actions at their moments until done() is true; then let those started finish."""
        while not done():
            with self.wake:
                if self.heap and self.heap[0][0] <= self.now():
                    moment, _, action = heapq.heappop(self.heap)
                    self.pool.submit(self._run, moment, action)
                    continue
                wait = self.heap[0][0] - self.now() if self.heap else 0.05
                self.wake.wait(timeout=min(max(wait, 0.0), 0.05))
        self.pool.shutdown(wait=True)


def start_celery(env: dict[str, str]) -> subprocess.Popen:
    """One Celery worker process on the bench's Redis database, its queue emptied of earlier runs' jobs; its
    messages go to a file in the temporary folder (printed)."""
    subprocess.run([PYTHON, "-m", "celery", "-A", "config", "purge", "-f"], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=60)
    log = tempfile.NamedTemporaryFile(prefix="room_load-celery-", suffix=".log", delete=False)  # noqa: SIM115
    print(f"== Celery worker's messages: {log.name}", flush=True)
    return subprocess.Popen([PYTHON, "-m", "celery", "-A", "config", "worker", "--concurrency", "1",
                             "--loglevel", "WARNING", "--without-gossip", "--without-mingle", "-n", "roombench@%h"],
                            cwd=ROOT, env=env, start_new_session=True, stdout=log, stderr=log)


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def load(port: int, event: int, tokens: list[str], args, recorder: Recorder, groups: list[int]) -> dict:
    """The room's minute on the schedule; returns the CPU figures and the lateness of the schedule.
    `groups`: the process groups of gunicorn and of the Celery worker."""
    rng = random.Random(11)
    schedule = Schedule(args.client_threads)
    left = {"tables": len(tokens)}
    lock = threading.Lock()
    finished = threading.Event()

    def table_done():
        with lock:
            left["tables"] -= 1

    def submit(number: int, token: str):
        def action(moment):
            body = json.dumps(sheet(number)).encode()
            status, _, _ = timed(recorder, "submit", port, "POST", f"/api/v1/tables/{token}/sheet/", body,
                                 {"Content-Type": "application/json", "Idempotency-Key": f"room-{number}"})
            if status == 201:
                schedule.at(schedule.now() + rng.uniform(*ACCEPT_AFTER), accept(token))
            else:
                table_done()
        return action

    def accept(token: str):
        def action(moment):
            timed(recorder, "accept", port, "POST", f"/api/v1/tables/{token}/sheet/accept/", b"{}",
                  {"Content-Type": "application/json"})
            table_done()
        return action

    def poller(kind: str, path: str):
        etag = {"value": None}

        def action(moment):
            if finished.is_set():
                return
            headers = {"If-None-Match": etag["value"]} if etag["value"] else {}
            started = time.perf_counter()
            status, response_headers, _ = call(port, "GET", path, headers=headers)
            ended = time.perf_counter()
            for name in (f"{kind}, {status}", f"{kind}, all"):
                recorder.add(name, started, ended, status)
            if status not in (200, 304) and len(recorder.errors) < 5:
                recorder.errors.append(f"{kind}: {status}")
            if status == 200:
                etag["value"] = response_headers.get("ETag", etag["value"])
            schedule.at(moment + args.interval, action)
        return action

    for number, token in enumerate(tokens, 1):
        schedule.at(rng.uniform(0, args.seconds), submit(number, token))
    for n in range(args.pollers):
        fragment = n % FRAGMENT_EVERY == FRAGMENT_EVERY - 1
        kind, path = (("standings poll fragment", f"/e/{event}/standings/?partial=1") if fragment else
                      ("standings poll API", f"/api/v1/events/{event}/standings/"))
        schedule.at(rng.uniform(0, args.interval), poller(kind, path))

    backends = database_backends(args.database)
    idle_before, total_before = cpu_ticks()
    servers_before = {group: process_cpu(groups=(group,)) for group in groups}
    database_before = process_cpu(backends)
    own_before, wall_before = own_cpu_seconds(), time.perf_counter()
    schedule.start = time.perf_counter()
    schedule.run_until(lambda: (left["tables"] == 0 and schedule.now() >= args.seconds)
                       or schedule.now() > args.seconds + 120)
    finished.set()
    idle_after, total_after = cpu_ticks()
    own, wall = own_cpu_seconds() - own_before, time.perf_counter() - wall_before
    seconds = {name: used(servers_before[group], process_cpu(groups=(group,)))
               for name, group in zip(["gunicorn", "Celery worker"], groups, strict=False)}
    seconds["PostgreSQL (this database's connections)"] = used(database_before,
                                                              process_cpu(database_backends(args.database)))
    seconds["this client"] = own
    cores = os.cpu_count() or 1
    share = {name: cpu / (wall * cores) for name, cpu in seconds.items()}
    return {"wall": wall, "idle": (idle_after - idle_before) / max(total_after - total_before, 1),
            "share": share, "cores": cores, "lateness": schedule.lateness, "tables_left": left["tables"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60, help="the tables submit over this many seconds")
    parser.add_argument("--pollers", type=int, default=300)
    parser.add_argument("--interval", type=float, default=15, help="seconds between one poller's polls")
    parser.add_argument("--workers", type=int, help="default: gunicorn.conf.py's, from this machine's cores")
    parser.add_argument("--threads", type=int, help="default: gunicorn.conf.py's")
    parser.add_argument("--client-threads", type=int, default=64, help="the client's pool of threads")
    parser.add_argument("--no-celery", action="store_true", help="no worker: the first poll after a change "
                        "computes the published answer")
    parser.add_argument("--database", default="canasta_room_bench")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/6")
    args = parser.parse_args()

    env = bench_env(args.database, args.redis)
    event, tokens = build_event(env, args.database, args.tables)
    options = server_options(args.workers, args.threads, None)
    load_before = os.getloadavg()[0]
    worker = None if args.no_celery else start_celery(env)
    recorder = Recorder()
    try:
        print(f"== gunicorn with gunicorn.conf.py{''.join(' ' + o for o in options)}; Celery worker: "
              f"{'none' if worker is None else 'one process'}; load average before {load_before:.2f}", flush=True)
        with gunicorn(env, options) as (port, master):
            for _ in range(16):  # every worker's first requests (connections, caches) before the minute
                call(port, "GET", f"/e/{event}/standings/?partial=1")
                call(port, "GET", f"/api/v1/events/{event}/standings/")
            print(f"== {args.tables} tables over {args.seconds:g} s, {args.pollers} pollers every "
                  f"{args.interval:g} s", flush=True)
            groups = [master] + ([] if worker is None else [worker.pid])
            figures = load(port, event, tokens, args, recorder, groups)
    finally:
        if worker is not None:
            stop(worker)
    facts = stored(env, event)

    kinds = ["submit", "accept"] + [f"standings poll {what}, {status}" for what in ("API", "fragment")
                                    for status in ("200", "304", "all")]
    for line in report(recorder, kinds):
        print(line)
    for error in recorder.errors:
        print(f"   unexpected answer: {error}")
    for kind, q, limit in TARGETS:
        values = recorder.samples.get(kind, [])
        if values:
            got = percentile(values, q) * 1000
            print(f"== {kind} p{q} {got:.0f} ms, target < {limit} ms: {'met' if got < limit else 'NOT met'}")
    lateness = figures["lateness"]
    print(f"== the load took {figures['wall']:.1f} s; CPU left over, the machine's idle + I/O wait of its "
          f"{figures['cores']} cores: {figures['idle'] * 100:.0f}% (anything else running on them counts against it)")
    print("== of the machine's CPU meanwhile: " + "; ".join(f"{name} {part * 100:.0f}%" for name, part in
                                                         figures["share"].items()))
    room = sum(part for name, part in figures["share"].items() if name != "this client")
    print(f"== CPU the room's server left over: {(1 - room) * 100:.0f}% of the machine (100% less gunicorn, the "
          f"worker and PostgreSQL's connections; not counted: Redis, PostgreSQL's own background processes)")
    print("   (this client runs on the same cores: without it the server side would have that much more)")
    print(f"== requests started after their moment by p99 {percentile(lateness, 99) * 1000:.0f} ms, "
          f"at most {max(lateness) * 1000:.0f} ms (the client's own lag, not the server's)")
    print(f"== stored: {facts}")
    ok = (stored_once(facts, args.tables) and figures["tables_left"] == 0
          and recorder.statuses.get("submit") == {201: args.tables}
          and recorder.statuses.get("accept") == {200: args.tables})
    print("== every table stored exactly once and every game final: " + ("yes" if ok else "NO"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
