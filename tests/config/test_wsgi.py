"""The server's start-up (config/wsgi.py): every view is imported and the start-up heap is frozen, so a
garbage collection inside a request does not walk what lives as long as the process."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import gc, json, sys
import config.wsgi
print(json.dumps({"frozen": gc.get_freeze_count(), "views": "scoring.api.practice" in sys.modules,
                  "rules": "rules.five_player" in sys.modules, "app": callable(config.wsgi.application)}))
"""


def test_start_up_imports_every_view_and_freezes_the_heap():
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"DJANGO_SETTINGS_MODULE": "config.settings", "PATH": "/usr/bin:/bin"}, check=True)
    state = json.loads(done.stdout.strip().splitlines()[-1])
    assert state["app"] and state["views"] and state["rules"]
    # Django, DRF and the project make some hundred thousand objects at start-up; a freeze that caught only
    # a few would leave the collector walking the rest.
    assert state["frozen"] > 50_000
