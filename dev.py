#!/usr/bin/env python3
"""The project's two everyday commands, needing nothing but Python 3.11 on the machine.

    python3 dev.py run [N] [--fresh]   .venv, install, migrate, the demo event (reused, or new), serve
    python3 dev.py run --lan [ADDRESS] [N] [--fresh]   the same, served to the room: gunicorn on this
                  machine's network address (found, or ADDRESS), every link and QR code at that address
    python3 dev.py test   create .venv, install, run the whole test suite (extra arguments go to pytest)
    python3 dev.py lint   ruff over the whole tree, then the layout's import contracts (import-linter)
    python3 dev.py messages   gather every marked string into the catalogs (locale/, rules/locale/) and
                  compile them; needs GNU gettext (apt-get install gettext)
    python3 dev.py mutants [module ...]   mutation testing of rules/ and the standings (bench/mutation.py)

The virtual environment is reinstalled only when a requirements file changes.
"""

import contextlib
import hashlib
import ipaddress
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import venv
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
REQUIREMENTS = [ROOT / "requirements.txt", ROOT / "requirements-dev.txt"]
STAMP = VENV / ".requirements.sha256"
PORT = 8000
GUNICORN_CONF = ROOT / "gunicorn.conf.py"  # workers and threads from this machine's cores, access log on stdout
# Asked for the route out of this machine; nothing is sent (see network_address). From the documentation range.
ROUTE_PROBE = ("192.0.2.1", 9)


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


def manage(*args, env: dict[str, str] | None = None) -> None:
    run([PY, "manage.py", *args], env=env)


# --- Serving a room: the production server on this machine's network address ----------------------

class Room(NamedTuple):
    """How to serve a room at one address: the address phones open, the settings, the server's command."""
    url: str
    env: dict[str, str]
    argv: list[str]


def room_server(address: str, port: int = PORT, environ: dict[str, str] | None = None) -> Room:
    """Pure: the environment and the gunicorn command that serve the room at `address` (an IP address).

    gunicorn with the project's gunicorn.conf.py (workers and threads from this machine's cores), not the
    development server; DEBUG off; static files collected (WhiteNoise serves them); the room's address
    allowed as a host and named as SITE_URL, so every link and QR code the app prints or shows is at it.
    The server also listens on 127.0.0.1, for the director's own browser."""
    ip = ipaddress.ip_address(address)
    host = f"[{ip}]" if ip.version == 6 else str(ip)
    url = f"http://{host}:{port}"
    environ = os.environ if environ is None else environ
    # Hosts the director already allows (a name the venue's router gives this laptop, say) stay allowed.
    already = [h.strip() for h in environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]
    hosts = [host] + [h for h in ("localhost", "127.0.0.1", "[::1]", *already) if h != host]
    env = {**environ, "DEBUG": "0", "SITE_URL": url, "ALLOWED_HOSTS": ",".join(dict.fromkeys(hosts)),
           "COLLECTED_STATIC": "1"}
    binds = [f"{host}:{port}"] + ([] if ip.is_loopback else [f"127.0.0.1:{port}"])
    argv = [str(BIN / "gunicorn"), "config.wsgi", "--config", str(GUNICORN_CONF)]
    for bind in binds:
        argv += ["--bind", bind]
    return Room(url, env, argv)


def network_address(make_socket=socket.socket) -> str | None:
    """This machine's address on the network it would reach the outside through, or None.

    connect() on a UDP socket only asks the kernel for the route and the source address it would use: no
    packet is sent (and the address asked about is from the documentation range, which no one has)."""
    try:
        with make_socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback or address == "0.0.0.0" else address


def run_options(args: list[str]) -> tuple[bool, str | None, str, list[str]]:
    """`run`'s arguments: whether --lan, the ADDRESS given, the number of teams, and --fresh if given."""
    lan = "--lan" in args
    fresh = [arg for arg in args if arg == "--fresh"]  # replace the demo event made before
    rest = [arg for arg in args if arg not in ("--lan", "--fresh")]
    teams = next((arg for arg in rest if arg.isdigit()), "8")
    others = [arg for arg in rest if not arg.isdigit()]
    if others and not lan:
        sys.exit(f"Unknown argument {others[0]!r}: python3 dev.py run [N] [--fresh], or run --lan [ADDRESS] [N].")
    if len(others) > 1:
        sys.exit(f"One address at most, not {' and '.join(others)}.")
    address = others[0] if others else None
    if address is not None:
        try:
            ipaddress.ip_address(address)
        except ValueError:
            sys.exit(f"{address!r} is not an IP address: give this machine's address on the room's network, "
                     "e.g. python3 dev.py run --lan 192.168.1.20")
    return lan, address, teams, fresh


def cmd_run(args) -> None:
    lan, address, teams, fresh = run_options(args)
    ensure_venv()
    if lan:
        serve_room(address, teams, fresh)
        return
    os.environ.setdefault("DEBUG", "1")
    manage("migrate", "--noinput", "--verbosity", "0")
    manage("demo", "--teams", teams, *fresh)
    print(f"\nServing on http://127.0.0.1:{PORT} (Ctrl+C to stop)\n", flush=True)
    manage("runserver", f"127.0.0.1:{PORT}", "--noreload")


def serve_room(address: str | None, teams: str, fresh: list[str]) -> None:
    address = address or network_address()
    if address is None:
        sys.exit("This machine's network address was not found (is it on the room's Wi-Fi?). Give it: "
                 "python3 dev.py run --lan 192.168.1.20 (ip addr, ifconfig or ipconfig shows it).")
    room = room_server(address)
    if ipaddress.ip_address(address).is_loopback:
        print(f"Note: {address} is this computer only; no phone can open it.", flush=True)
    manage("migrate", "--noinput", "--verbosity", "0", env=room.env)
    manage("demo", "--teams", teams, *fresh, env=room.env)  # its links at the room's address
    manage("collectstatic", "--noinput", "--verbosity", "0", env=room.env)
    print(f"\nThe room's address: {room.url}/  (phones on the same network open it, or scan this)\n", flush=True)
    run([PY, "-c", "import segno, sys; segno.make(sys.argv[1], error='m').terminal(compact=True)", room.url + "/"])
    print(f"\nServing the room at {room.url} with gunicorn (Ctrl+C to stop)\n", flush=True)
    with contextlib.suppress(KeyboardInterrupt):  # gunicorn stops on the same Ctrl+C
        run(room.argv, env=room.env)


def cmd_test(args) -> None:
    ensure_venv()
    run([PY, "-m", "pytest", *args])


def cmd_lint(args) -> None:
    ensure_venv()
    run([BIN / "ruff", "check", ".", *args])
    run([BIN / "lint-imports", "--no-cache"])


CATALOG_LANGUAGES = ["es", "pt_BR", "it"]  # English is the source language: it needs no catalog


def cmd_messages(args) -> None:
    """The catalogs kept in the repository, .po and compiled .mo alike, so that an install needs no gettext:
    Django's for the pages and scripts (locale/), the standard library's for the rules (rules/locale/)."""
    ensure_venv()
    gather_catalogs(ROOT, PY)
    manage("compilemessages", "--ignore=.venv", "--ignore=staticfiles")


def gather_catalogs(root: Path, python: Path) -> None:
    """Every marked string of the tree at `root` into its catalogs (translations kept, strings no longer
    marked dropped); tests/test_catalogs.py runs it on a copy to find a stale catalog."""
    def at_root(*cmd) -> None:
        result = subprocess.run([str(c) for c in cmd], cwd=root)
        if result.returncode != 0:
            sys.exit(result.returncode)

    languages = [flag for code in CATALOG_LANGUAGES for flag in ("-l", code)]
    ignored = ["--ignore=staticfiles", "--ignore=rules", "--ignore=bench", "--ignore=tests"]
    for domain in ("django", "djangojs"):
        at_root(python, "manage.py", "makemessages", "-d", domain, *languages, *ignored, "--no-obsolete",
                "--no-location")
    rules_locale = root / "rules" / "locale"
    template = Path(tempfile.mkdtemp()) / "rules.pot"  # made again each time: only the catalogs are kept
    sources = sorted(str(path.relative_to(root)) for path in (root / "rules").rglob("*.py"))
    at_root("xgettext", "-L", "Python", "--from-code=UTF-8", "--no-location", "--sort-output", "--force-po",
            "-k_", "-kngettext:1,2", "-kpgettext:1c,2", "--package-name=canasta-td-rules", "-o", template,
            *sources)
    for code in CATALOG_LANGUAGES:
        catalog = rules_locale / code / "LC_MESSAGES" / "rules.po"
        catalog.parent.mkdir(parents=True, exist_ok=True)
        if catalog.exists():
            at_root("msgmerge", "--quiet", "--update", "--backup=none", "--no-fuzzy-matching", "--no-location",
                    catalog, template)
            at_root("msgattrib", "--no-obsolete", "--no-location", "-o", catalog, catalog)  # msgmerge keeps them as #~
        else:
            at_root("msginit", "--no-translator", "-l", code, "-i", template, "-o", catalog)
    shutil.rmtree(template.parent)


def cmd_mutants(args) -> None:
    ensure_venv()
    run([PY, "bench/mutation.py", *args])


COMMANDS = {"run": cmd_run, "test": cmd_test, "lint": cmd_lint, "mutants": cmd_mutants, "messages": cmd_messages}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        sys.exit(__doc__)
    COMMANDS[sys.argv[1]](sys.argv[2:])
