"""gunicorn's settings for Canasta TD, sized to the machine it starts on.

gunicorn reads this file by itself when started from the project's folder (`gunicorn config.wsgi`; the
default is ./gunicorn.conf.py); `python3 dev.py run --lan` and the benchmarks name it with --config. An
option given on gunicorn's command line wins over this file.

    GUNICORN_WORKERS   worker processes        default: one per core this process may run on (WEB_CONCURRENCY,
                                               the name hosting platforms set, is read when this is unset)
    GUNICORN_THREADS   threads per worker      default: THREADS_PER_WORKER (below)

The defaults were chosen by measurement on a 2-core machine, with PostgreSQL and Redis on the same cores
(bench/RESULTS.md, "2026-11-26, gunicorn configuration by measurement"). A request here is short work on
the CPU (the rules' check, a template, a JSON answer) around waits on PostgreSQL (a submission's commit)
or Redis (a poll's stored bytes). Threads fill those waits; the GIL lets only one of a process's threads
run Python at a time, so one process per core keeps both cores busy. More processes than cores were no
faster, and mostly slower (3, 4 and 5 workers; the sync worker, 5 processes), and each costs its
memory (a laptop serves the room) and, without Redis, its own computation of the published answers.
"""

import os

# Threads per worker process. Measured at 2 workers, first while nearly every standings poll computed
# them: 8 answered the room's submissions in about half the time 4 did, since a poll waiting for another
# thread's computation held its thread; 16 gave the writes nothing more and the polls a worse p95 (more
# threads computing at once under one GIL). Since polls serve the stored standings (tournament/core/
# published.py, `lag`), 8, 4 and 2 threads measured alike within the runs' noise, and 8 is kept: a thread
# waiting on PostgreSQL's commit or a slow client still leaves the others to serve.
THREADS_PER_WORKER = 8


def cores() -> int:
    """The cores this process may run on: its CPU affinity where the system has one (a container or
    `taskset` limits it), else every core of the machine."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS has no sched_getaffinity
        return os.cpu_count() or 1


def positive(environ, *names: str) -> int | None:
    """The first of the named environment variables that is set, as a whole number of at least 1."""
    for name in names:
        value = environ.get(name, "").strip()
        if value:
            if not value.isdigit() or int(value) < 1:
                raise SystemExit(f"{name}={value!r}: give a whole number of at least 1.")
            return int(value)
    return None


def sizing(cpus: int, environ) -> tuple[int, int]:
    """(workers, threads) for a machine of `cpus` cores, each overridden by the environment."""
    workers = positive(environ, "GUNICORN_WORKERS", "WEB_CONCURRENCY") or max(1, cpus)
    threads = positive(environ, "GUNICORN_THREADS") or THREADS_PER_WORKER
    return workers, threads


workers, threads = sizing(cores(), os.environ)

# gthread: each worker serves `threads` requests at once from a pool, and keeps the idle keep-alive
# connections of up to worker_connections phones in a selector rather than in a thread each.
worker_class = "gthread"
worker_connections = 1000

# Start-up (Django, every view, the rules' tables) runs once in the master and is frozen there
# (config/wsgi.py): the workers share those pages, start in a fraction of a second, and a worker
# recycled by max_requests costs a fork, not an import. Start-up opens no connection (a test checks it).
preload_app = True

# A gthread worker's heartbeat comes from its main loop, not from its requests: a worker silent for 30 s
# has stopped altogether (hung, or starved of the CPU far beyond any load measured) and is replaced. On a
# stop or restart, requests under way get 20 s to finish (a submission under the heaviest load took 5 s).
timeout = 30
graceful_timeout = 20

# Keep a connection open 5 s: a page's scripts and styles come over the connection that fetched it (a
# round trip saved per file on a room's Wi-Fi), while a phone polling every 15 s holds no connection.
keepalive = 5

# Each worker is replaced after about 10,000 requests, whatever memory a long day would otherwise gather;
# the jitter keeps the workers from being replaced all at once. Not fewer: at a room's busiest (1,000
# phones polling every 15 s, some 70 requests a second) 2,000 would replace each worker every minute, and
# with it what it keeps in memory (without Redis, the published answers and the rate limits' counts).
max_requests = 10000
max_requests_jitter = 1000

# Every request on standard output, one line each, beside the server's own messages on standard error.
accesslog = "-"

# The workers' heartbeat files in memory, where the machine has /dev/shm: a slow disk never makes the
# master think a busy worker is stuck.
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"

# No control socket: nobody runs gunicornc at a venue, and gunicorns started by different people (or
# benchmarks) on one machine would take the same socket path from each other.
control_socket_disable = True


def post_fork(server, worker):
    """A database connection made in the master must never be shared by the forked workers; none is made
    (start-up opens none), and this keeps it so."""
    from django.db import connections

    connections.close_all()
