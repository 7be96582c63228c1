"""The secret-key file: made once, an empty one filled, an unreadable one a clear start-up error."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.secret_key import local_secret_key

ROOT = Path(__file__).resolve().parents[2]


def test_a_missing_file_is_made_with_a_long_key_only_its_owner_reads(tmp_path):
    path = tmp_path / ".secret_key"
    key = local_secret_key(path)
    assert len(key) >= 50
    assert path.read_text() == key
    assert path.stat().st_mode & 0o777 == 0o600


def test_the_key_in_the_file_is_kept(tmp_path):
    path = tmp_path / ".secret_key"
    path.write_text("an-existing-key-that-sessions-were-signed-with\n")
    assert local_secret_key(path) == "an-existing-key-that-sessions-were-signed-with"


def test_an_empty_file_is_filled_with_a_new_key_that_the_next_process_reads(tmp_path):
    path = tmp_path / ".secret_key"
    path.write_text("  \n")
    key = local_secret_key(path)
    assert len(key) >= 50
    assert path.read_text() == key
    assert local_secret_key(path) == key


def test_a_file_that_cannot_be_read_is_a_sentence_naming_it(tmp_path):
    path = tmp_path / ".secret_key"
    path.mkdir()  # a directory where the file should be: unreadable as a key, even for root
    with pytest.raises(ImproperlyConfigured) as error:
        local_secret_key(path)
    assert str(error.value) == (
        f"The secret-key file {path} cannot be read (Is a directory). Set SECRET_KEY in the environment, "
        "or delete the file so that a new key is made at the next start."
    )


def test_a_file_that_is_not_text_is_a_sentence_naming_it(tmp_path):
    path = tmp_path / ".secret_key"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ImproperlyConfigured, match=f"The secret-key file {path} cannot be read"):
        local_secret_key(path)
    assert path.read_bytes() == b"\xff\xfe\x00garbage"  # changes nothing


def test_an_empty_file_that_cannot_be_written_is_a_sentence_naming_it(tmp_path, monkeypatch):
    path = tmp_path / ".secret_key"
    path.write_text("")
    real_open = os.open

    def read_only_disk(file, flags, *args):
        if flags & os.O_RDWR:
            raise PermissionError(13, "Permission denied")
        return real_open(file, flags, *args)

    monkeypatch.setattr(os, "open", read_only_disk)
    with pytest.raises(ImproperlyConfigured) as error:
        local_secret_key(path)
    assert str(error.value).startswith(
        f"The secret-key file {path} is empty and cannot be written (Permission denied)."
    )


def run_check(env: dict) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "SECRET_KEY_FILE", "DEBUG"}}
    return subprocess.run([sys.executable, "manage.py", "check"], env={**clean, **env}, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_the_site_starts_with_an_empty_file_and_fills_it(tmp_path):
    path = tmp_path / ".secret_key"
    path.write_text("")
    result = run_check({"SECRET_KEY_FILE": str(path)})
    assert result.returncode == 0, result.stderr
    assert len(path.read_text()) >= 50


def test_the_site_refuses_to_start_with_an_unreadable_file_and_says_why(tmp_path):
    path = tmp_path / ".secret_key"
    path.mkdir()
    result = run_check({"SECRET_KEY_FILE": str(path)})
    assert result.returncode != 0
    assert f"ImproperlyConfigured: The secret-key file {path} cannot be read" in result.stderr
