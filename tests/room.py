"""The settings `python3 dev.py run --lan ADDRESS` starts Django with, applied to a test's settings.

The address is one from the documentation range: it is rendered into links and QR codes, never reached.
"""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOM_ADDRESS = "192.0.2.10"
ROOM_URL = "http://192.0.2.10:8000"


def load_dev():
    """dev.py, the project's script, as a module (it is not in a package)."""
    spec = importlib.util.spec_from_file_location("dev_script", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def serve_room(settings, address: str = ROOM_ADDRESS):
    """Set SITE_URL and ALLOWED_HOSTS as the room's server gets them (Django's test host kept); the room."""
    room = load_dev().room_server(address, environ={})
    settings.SITE_URL = room.env["SITE_URL"]
    settings.ALLOWED_HOSTS = [*room.env["ALLOWED_HOSTS"].split(","), "testserver"]
    return room
