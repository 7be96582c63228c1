"""Static files as production collects them (COLLECTED_STATIC=1): hashed names, imports included."""

import json
import re

from django.core.management import call_command


def test_collected_modules_import_their_neighbours_by_hashed_name(settings, tmp_path):
    """A browser caches a hashed file for ever: a module must name the exact versions it imports, or after
    an upgrade a new table page could run with an old neighbour from the cache."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": "config.storage.StaticFilesStorage"}}
    call_command("collectstatic", "--noinput", verbosity=0)
    paths = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    main = (tmp_path / paths["js/table/main.js"]).read_text()
    imported = re.findall(r'from "\./([^"]+)"', main)
    assert imported, "the entry module imports the others"
    hashed = {paths[name].rsplit("/", 1)[1] for name in paths if name.startswith("js/table/")}
    assert set(imported) <= hashed
