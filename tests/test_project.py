"""The project as a whole: migrations match the models, settings follow the environment."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
def test_migrations_match_the_models():
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:
        pytest.fail(f"models changed without a migration:\n{out.getvalue()} (exit {exit_.code})")


def settings_under(env: dict) -> dict:
    code = (
        "import json, django; from django.conf import settings; django.setup();"
        "print(json.dumps({'db': settings.DATABASES['default']['ENGINE'],"
        " 'db_name': str(settings.DATABASES['default']['NAME']),"
        " 'cache': settings.CACHES['default']['BACKEND'], 'eager': settings.CELERY_TASK_ALWAYS_EAGER,"
        " 'broker': settings.CELERY_BROKER_URL, 'debug': settings.DEBUG, 'hosts': settings.ALLOWED_HOSTS,"
        " 'secret': settings.SECRET_KEY}))"
    )
    unset = {"DATABASE_URL", "REDIS_URL", "DEBUG", "ALLOWED_HOSTS", "SECRET_KEY"}
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    result = subprocess.run([sys.executable, "-c", code], env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings",
                            **env}, cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def test_embedded_default_needs_no_services():
    got = settings_under({})
    assert got["db"] == "django.db.backends.sqlite3" and got["db_name"].endswith("db.sqlite3")
    assert got["cache"].endswith("LocMemCache")
    assert got["eager"] is True and got["broker"] == "memory://"
    assert got["debug"] is False


def test_production_settings_come_from_the_environment():
    got = settings_under({
        "DATABASE_URL": "postgres://u:p@db.example:5432/canasta", "REDIS_URL": "redis://cache:6379/1",
        "DEBUG": "1", "ALLOWED_HOSTS": "td.example.org, www.td.example.org",
    })
    assert got["db"] == "django.db.backends.postgresql" and got["db_name"] == "canasta"
    assert got["cache"] == "failopen.redis_cache.FailOpenRedisCache"
    assert got["eager"] is False and got["broker"] == "redis://cache:6379/1"
    assert got["debug"] is True and got["hosts"] == ["td.example.org", "www.td.example.org"]


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "python3 dev.py test" in readme and "python3 dev.py run" in readme
    assert ci.count("python3 dev.py test") == 2
    assert "CANASTA_REQUIRE_SERVICES=1" in ci


def test_an_unset_secret_key_is_random_and_kept_never_a_known_one():
    first, second = settings_under({})["secret"], settings_under({})["secret"]
    assert first == second and len(first) >= 50 and "insecure" not in first
    assert settings_under({"SECRET_KEY": "from-the-environment"})["secret"] == "from-the-environment"


def test_no_tracked_file_holds_a_merge_s_conflict_markers():
    """A merge resolved in a hurry once left them in the README's tour, and nothing else noticed."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    found = []
    for name in filter(None, listed.stdout.decode().split("\0")):
        path = ROOT / name
        if not path.is_file() or path.suffix not in {".py", ".md", ".html", ".js", ".css", ".txt", ".toml", ""}:
            continue
        lines = path.read_text(errors="replace").splitlines(keepends=True)
        starts = [n for n, line in enumerate(lines, 1) if line.startswith("<<<<<<< ")]
        ends = [n for n, line in enumerate(lines, 1) if line.startswith(">>>>>>> ")]
        if starts and ends:
            found.append(f"{name}:{starts[0]}")
    assert found == []
