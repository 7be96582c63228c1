#!/usr/bin/env python3
"""The project's two everyday commands, needing nothing but Python 3.11 on the machine.

    python3 dev.py run [N] [--fresh]   .venv, install, migrate, the demo event (reused, or new), serve
    python3 dev.py test   create .venv, install, run the whole test suite (extra arguments go to pytest)
    python3 dev.py lint   ruff over the whole tree, then the layout's import contracts (import-linter)
    python3 dev.py mutants [module ...]   mutation testing of rules/ and the standings (bench/mutation.py)

The virtual environment is reinstalled only when a requirements file changes.
"""

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
REQUIREMENTS = [ROOT / "requirements.txt", ROOT / "requirements-dev.txt"]
STAMP = VENV / ".requirements.sha256"


def ensure_venv() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - this script may be started by an older python3
        sys.exit(f"Canasta TD needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    if not PY.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in REQUIREMENTS)).hexdigest()
    if not STAMP.exists() or STAMP.read_text() != digest:
        print("Installing the requirements ...", flush=True)
        run([PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r",
             str(ROOT / "requirements-dev.txt")])
        STAMP.write_text(digest)


def run(cmd, **kwargs) -> None:
    result = subprocess.run([str(c) for c in cmd], cwd=ROOT, **kwargs)
    if result.returncode != 0:
        sys.exit(result.returncode)


def manage(*args) -> None:
    run([PY, "manage.py", *args])


def cmd_run(args) -> None:
    ensure_venv()
    os.environ.setdefault("DEBUG", "1")
    manage("migrate", "--noinput", "--verbosity", "0")
    fresh = [arg for arg in args if arg == "--fresh"]  # replace the demo event made before
    teams = next((arg for arg in args if arg != "--fresh"), "8")
    manage("demo", "--teams", teams, *fresh)
    print("\nServing on http://127.0.0.1:8000 (Ctrl+C to stop)\n", flush=True)
    manage("runserver", "127.0.0.1:8000", "--noreload")


def cmd_test(args) -> None:
    ensure_venv()
    run([PY, "-m", "pytest", *args])


def cmd_lint(args) -> None:
    ensure_venv()
    run([BIN / "ruff", "check", ".", *args])
    run([BIN / "lint-imports", "--no-cache"])


def cmd_mutants(args) -> None:
    ensure_venv()
    run([PY, "bench/mutation.py", *args])


COMMANDS = {"run": cmd_run, "test": cmd_test, "lint": cmd_lint, "mutants": cmd_mutants}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        sys.exit(__doc__)
    COMMANDS[sys.argv[1]](sys.argv[2:])
