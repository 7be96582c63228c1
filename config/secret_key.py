"""The secret key of a deployment that sets no SECRET_KEY: a random key kept in a file beside the code.

The file is made once, by the first process that starts, and read by every other process on the machine
(gunicorn's workers, the Celery worker), so they all sign sessions with the same key. A file that is there
but empty (a disk that filled up while it was written, a `touch`, a copy that lost its content) would sign
everything with the empty key, and Django refuses that at every request, not at start-up; so an empty
file is filled with a new key, under a lock so that processes starting together agree on one, and a file
that cannot be read or filled stops the start with a sentence that names it. A deployment over several
machines must set SECRET_KEY instead.
"""

import fcntl
import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

WHAT_TO_DO = "Set SECRET_KEY in the environment, or delete the file so that a new key is made at the next start."


def local_secret_key(path: Path) -> str:
    """The key in `path`, made there if the file is missing or empty."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as error:
        return _read_only(path, error)
    with os.fdopen(fd, "r+", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file closes
        key = _read(path, handle)
        if not key:
            key = secrets.token_urlsafe(50)
            handle.seek(0)
            handle.write(key)
            handle.truncate()
            handle.flush()
            os.fsync(handle.fileno())
        return key


def _read_only(path: Path, error: OSError) -> str:
    """A file this process may read but not write (a read-only deployment) is fine while it holds a key."""
    try:
        with open(path, encoding="utf-8") as handle:
            key = _read(path, handle)
    except OSError as read_error:
        raise ImproperlyConfigured(
            f"The secret-key file {path} cannot be read ({read_error.strerror or read_error}). {WHAT_TO_DO}"
        ) from read_error
    if not key:
        raise ImproperlyConfigured(
            f"The secret-key file {path} is empty and cannot be written ({error.strerror or error}). {WHAT_TO_DO}"
        )
    return key


def _read(path: Path, handle) -> str:
    try:
        return handle.read().strip()
    except (OSError, UnicodeDecodeError) as error:
        raise ImproperlyConfigured(
            f"The secret-key file {path} cannot be read ({getattr(error, 'strerror', None) or error}). {WHAT_TO_DO}"
        ) from error
