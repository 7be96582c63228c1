"""gunicorn.conf.py: workers and threads from the machine's cores, each overridden by the environment.

The file is loaded as gunicorn loads it (a module of its own, run once), with the cores and the
environment the test gives it; one test asks gunicorn itself what it makes of the room's command.
"""

import importlib.util
import os
import subprocess
import sys

import pytest

from tests.room import ROOM_ADDRESS, ROOT, load_dev

CONF = ROOT / "gunicorn.conf.py"
SIZING = ("GUNICORN_WORKERS", "GUNICORN_THREADS", "WEB_CONCURRENCY")


def load_conf(monkeypatch, cores: int | None = None, **environ: str):
    """gunicorn.conf.py run with `cores` cores available to the process and only `environ` of the sizing
    variables set."""
    for name in SIZING:
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    if cores is not None:
        monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)), raising=False)
    spec = importlib.util.spec_from_file_location("gunicorn_conf_under_test", CONF)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("cores", "workers"), [(1, 1), (2, 2), (8, 8)])
def test_one_gthread_worker_per_core_each_with_eight_threads(monkeypatch, cores, workers):
    conf = load_conf(monkeypatch, cores=cores)
    assert (conf.workers, conf.threads, conf.worker_class) == (workers, 8, "gthread")


def test_the_cores_are_those_the_process_may_run_on_not_all_the_machine_s(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert load_conf(monkeypatch, cores=3).workers == 3


def test_without_cpu_affinity_as_on_macos_every_core_counts(monkeypatch):
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 6)
    assert load_conf(monkeypatch).workers == 6


def test_the_environment_overrides_workers_and_threads(monkeypatch):
    conf = load_conf(monkeypatch, cores=2, GUNICORN_WORKERS="5", GUNICORN_THREADS="3")
    assert (conf.workers, conf.threads) == (5, 3)


def test_web_concurrency_sets_the_workers_unless_gunicorn_workers_does(monkeypatch):
    assert load_conf(monkeypatch, cores=2, WEB_CONCURRENCY="3").workers == 3
    assert load_conf(monkeypatch, cores=2, WEB_CONCURRENCY="3", GUNICORN_WORKERS="6").workers == 6
    assert load_conf(monkeypatch, cores=2, GUNICORN_WORKERS=" ").workers == 2  # blank is unset


@pytest.mark.parametrize("value", ["0", "two", "-1", "1.5"])
def test_a_count_that_is_not_a_whole_number_of_at_least_one_stops_the_start_with_a_sentence(monkeypatch, value):
    with pytest.raises(SystemExit) as stop:
        load_conf(monkeypatch, cores=2, GUNICORN_THREADS=value)
    assert stop.value.code == f"GUNICORN_THREADS={value!r}: give a whole number of at least 1."


def test_start_up_opens_no_database_connection_so_preloading_before_the_fork_is_safe():
    code = ("import config.wsgi; from django.db import connections;"
            "print(all(c.connection is None for c in connections.all()))")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True).stdout
    assert out.split()[-1] == "True"


def gunicorn_settings(argv: list[str], env: dict[str, str], cwd) -> dict[str, str]:
    """What gunicorn makes of `argv` (its --print-config: nothing is bound or served)."""
    printed = subprocess.run([argv[0], "--print-config", *argv[1:]], cwd=cwd, env={**env, "PYTHONPATH": str(ROOT)},
                             capture_output=True, text=True, check=True, timeout=60).stdout
    return {name: value.strip() for name, _, value in
            (line.partition("=") for line in printed.splitlines() if "=" in line)
            for name in [name.strip()]}


def test_gunicorn_reads_the_file_for_the_room_and_its_command_line_still_wins(tmp_path):
    environ = {k: v for k, v in os.environ.items() if k not in SIZING}
    room = load_dev().room_server(ROOM_ADDRESS, environ={**environ, "GUNICORN_THREADS": "6"})
    settings = gunicorn_settings(room.argv, room.env, tmp_path)  # elsewhere: only --config finds the file
    assert settings["worker_class"] == "gthread" and settings["threads"] == "6"
    assert settings["workers"] == str(len(os.sched_getaffinity(0)))
    assert settings["accesslog"] == "-" and settings["preload_app"] == "True"
    assert gunicorn_settings([*room.argv, "--workers", "9"], room.env, tmp_path)["workers"] == "9"
