"""`python3 dev.py run --lan`: the command and settings that serve a room, checked without starting them.

The room's address here is from the documentation range (192.0.2.10, 2001:db8::10): it is only what the
server would be told to listen on and what Django's settings are given, never an address traffic goes to.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.room import ROOM_ADDRESS as ROOM
from tests.room import ROOT, load_dev

dev = load_dev()


def option(argv: list[str], name: str) -> list[str]:
    return [argv[i + 1] for i, arg in enumerate(argv) if arg == name]


def test_the_room_is_served_by_gunicorn_listening_on_the_room_s_address():
    room = dev.room_server(ROOM, environ={})
    assert Path(room.argv[0]).name == "gunicorn" and room.argv[1] == "config.wsgi"
    assert option(room.argv, "--bind") == ["192.0.2.10:8000", "127.0.0.1:8000"]
    assert "runserver" not in room.argv


def test_the_room_s_gunicorn_is_sized_by_the_project_s_config_file_not_by_a_fixed_count():
    argv = dev.room_server(ROOM, environ={}).argv
    assert option(argv, "--config") == [str(ROOT / "gunicorn.conf.py")]
    assert (ROOT / "gunicorn.conf.py").is_file()
    assert not {"--workers", "-w", "--threads", "--access-logfile"} & set(argv)  # test_gunicorn_conf.py


def test_the_room_s_settings_name_its_address_allow_it_and_turn_debug_off():
    room = dev.room_server(ROOM, environ={"DATABASE_URL": "postgres://db/canasta", "DEBUG": "1"})
    assert room.url == "http://192.0.2.10:8000"
    assert room.env["SITE_URL"] == "http://192.0.2.10:8000"
    assert room.env["ALLOWED_HOSTS"].split(",") == ["192.0.2.10", "localhost", "127.0.0.1", "[::1]"]
    assert room.env["DEBUG"] == "0" and room.env["COLLECTED_STATIC"] == "1"
    assert room.env["DATABASE_URL"] == "postgres://db/canasta"  # the rest of the environment is kept


def test_hosts_the_director_already_allows_stay_allowed_beside_the_room_s():
    room = dev.room_server(ROOM, environ={"ALLOWED_HOSTS": "td.club.example, 192.0.2.10,,localhost"})
    assert room.env["ALLOWED_HOSTS"].split(",") == ["192.0.2.10", "localhost", "127.0.0.1", "[::1]",
                                                    "td.club.example"]


def test_an_ipv6_room_address_is_bracketed_in_its_url_host_and_bind():
    room = dev.room_server("2001:db8::10", port=8080, environ={})
    assert room.url == "http://[2001:db8::10]:8080"
    assert room.env["ALLOWED_HOSTS"].split(",")[0] == "[2001:db8::10]"
    assert option(room.argv, "--bind") == ["[2001:db8::10]:8080", "127.0.0.1:8080"]


def test_django_started_with_the_room_s_environment_allows_and_links_to_the_room():
    code = ("import json, django; from django.conf import settings; django.setup();"
            "print(json.dumps({'hosts': settings.ALLOWED_HOSTS, 'site': settings.SITE_URL, 'debug': settings.DEBUG,"
            " 'static': settings.STORAGES['staticfiles']['BACKEND']}))")
    environ = {k: v for k, v in os.environ.items() if k not in {"ALLOWED_HOSTS", "SITE_URL", "DEBUG"}}
    env = {**dev.room_server(ROOM, environ=environ).env, "DJANGO_SETTINGS_MODULE": "config.settings"}
    got = json.loads(subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True,
                                    text=True, check=True).stdout)
    assert "192.0.2.10" in got["hosts"] and got["site"] == "http://192.0.2.10:8000"
    assert got["debug"] is False and got["static"] == "config.storage.StaticFilesStorage"


class FakeSocket:
    """Records what network_address asks of a UDP socket; sends nothing anywhere."""

    def __init__(self, source: str | None = None, refuse: bool = False):
        self.source, self.refuse, self.asked = source, refuse, []

    def __call__(self, family, kind):
        self.kind = kind
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, address):
        self.asked.append(address)
        if self.refuse:
            raise OSError("Network is unreachable")

    def getsockname(self):
        return (self.source, 40000)


def test_the_network_address_is_the_source_of_the_route_out_asked_of_a_udp_socket():
    fake = FakeSocket(source=ROOM)
    assert dev.network_address(make_socket=fake) == ROOM
    assert fake.kind == dev.socket.SOCK_DGRAM  # connect() on UDP sends no packet
    assert [host for host, _ in fake.asked] == ["192.0.2.1"]  # and asks about a documentation address


@pytest.mark.parametrize("fake", [FakeSocket(refuse=True), FakeSocket(source="127.0.1.1"),
                                  FakeSocket(source="0.0.0.0")], ids=["no route", "loopback", "unbound"])
def test_no_network_address_is_none_so_the_director_is_asked_for_it(fake):
    assert dev.network_address(make_socket=fake) is None


def test_run_reads_the_lan_flag_the_address_the_teams_and_fresh_in_any_order():
    assert dev.run_options(["--lan", ROOM, "20", "--fresh"]) == (True, ROOM, "20", ["--fresh"])
    assert dev.run_options(["12", "--lan"]) == (True, None, "12", [])
    assert dev.run_options([]) == (False, None, "8", [])


@pytest.mark.parametrize(("args", "sentence"), [
    (["--lan", "td.example.org"], "'td.example.org' is not an IP address: give this machine's address"),
    (["--lan", ROOM, "192.0.2.11"], "One address at most, not 192.0.2.10 and 192.0.2.11."),
    ([ROOM], "Unknown argument '192.0.2.10': python3 dev.py run [N] [--fresh], or run --lan [ADDRESS] [N]."),
])
def test_run_refuses_what_it_cannot_serve_with_a_sentence(args, sentence):
    with pytest.raises(SystemExit) as stop:
        dev.run_options(args)
    assert stop.value.code.startswith(sentence)


def test_the_readme_s_room_commands_are_ones_run_accepts():
    readme = (ROOT / "README.md").read_text()
    commands = [line.split("#")[0].split()[3:] for line in readme.splitlines()
                if line.startswith("python3 dev.py run --lan")]
    assert [dev.run_options(args) for args in commands] == [
        (True, None, "8", []), (True, "192.168.1.20", "20", ["--fresh"])]


def test_serving_the_room_prepares_it_then_starts_gunicorn_all_with_the_room_s_settings(monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(dev, "run", lambda cmd, env=None: calls.append(([str(c) for c in cmd], env)))
    monkeypatch.setattr(dev, "network_address", lambda: pytest.fail("an address was given: none is looked for"))
    dev.serve_room(ROOM, "12", ["--fresh"])
    room = dev.room_server(ROOM)
    steps = [cmd[2:] if cmd[1] == "manage.py" else cmd[:2] for cmd, _ in calls]
    assert steps == [["migrate", "--noinput", "--verbosity", "0"], ["demo", "--teams", "12", "--fresh"],
                     ["collectstatic", "--noinput", "--verbosity", "0"], [str(dev.PY), "-c"], room.argv[:2]]
    assert calls[-1][0] == room.argv
    assert [env for _, env in calls] == [room.env] * 3 + [None, room.env]  # the QR code needs no settings
    assert calls[3][0][-1] == "http://192.0.2.10:8000/"  # the QR code printed in the terminal
    assert "The room's address: http://192.0.2.10:8000/" in capsys.readouterr().out


def test_serving_the_room_with_no_address_found_asks_for_it(monkeypatch):
    monkeypatch.setattr(dev, "run", lambda cmd, env=None: pytest.fail("nothing runs without an address"))
    monkeypatch.setattr(dev, "network_address", lambda: None)
    with pytest.raises(SystemExit) as stop:
        dev.serve_room(None, "8", [])
    assert "Give it: python3 dev.py run --lan 192.168.1.20" in stop.value.code
