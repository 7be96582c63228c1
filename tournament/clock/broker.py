"""The clock's line to the Celery broker: publishing that never holds up a director, and whether it answers.

A moment's task only makes the record punctual; the reconcile records every moment that came whatever
happened to its task (`moments.reconcile`). So a publish that fails is logged and dropped, never raised
into the director's request, whose change is already committed. The broker connection has short connect
and read timeouts and one quick retry (config/settings.py, the CELERY block), so a broker that is down or
hung costs a publish a third of a second, about a second at worst (Redis stopping on an open connection).

After a failure the broker counts as down for `DOWN_SECONDS`: publishes are skipped at once, so a
control that would schedule two moments, and every control after it, does not wait for the same dead
broker again. The same in-process memory answers the board's question "can the broker be reached?",
refreshed by a PING with a short timeout at most every `CHECK_SECONDS`, so a page never waits long for it.
"""

import logging
import threading
import time
from urllib.parse import urlparse

import redis
from celery import current_app
from redis.backoff import NoBackoff
from redis.retry import Retry

logger = logging.getLogger(__name__)

DOWN_SECONDS = 5.0
CHECK_SECONDS = 5.0
PING_TIMEOUT_SECONDS = 0.3


class _Health:
    """What this process last learned of the broker, and when (a monotonic instant)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.up = True
        self.learned_at: float | None = None

    def learn(self, up: bool) -> None:
        with self.lock:
            self.up, self.learned_at = up, time.monotonic()

    def known(self, within: float) -> bool | None:
        """Up or down as last learned, if learned within the last `within` seconds; None if not."""
        with self.lock:
            if self.learned_at is None or time.monotonic() - self.learned_at > within:
                return None
            return self.up

    def forget(self) -> None:
        with self.lock:
            self.up, self.learned_at = True, None


health = _Health()


def _eager() -> bool:
    return bool(current_app.conf.task_always_eager)


def publish(task, *, args: list, eta=None) -> bool:
    """Send the task to the broker; False, with a warning in the log, if it could not be sent."""
    if not _eager() and health.known(DOWN_SECONDS) is False:
        logger.warning("Not scheduling %s %s: the broker was unreachable a moment ago.", task.name, args)
        return False
    try:
        task.apply_async(args=args, eta=eta)
    except Exception as error:  # any broker failure: the reconcile covers it
        if _eager():  # the task itself failed in-process: no broker to blame
            logger.exception("Task %s %s failed", task.name, args)
            return False
        health.learn(False)
        logger.warning("Could not schedule %s %s: the broker is unreachable (%s).", task.name, args, error)
        return False
    if not _eager():
        health.learn(True)
    return True


def broker_reachable() -> bool:
    """Whether the broker answered lately: True without one (tasks run in-process) or if it is not Redis."""
    if _eager():
        return True
    known = health.known(CHECK_SECONDS)
    if known is not None:
        return known
    url = current_app.conf.broker_url or ""
    if urlparse(url).scheme not in ("redis", "rediss"):
        return True
    client = redis.Redis.from_url(url, socket_connect_timeout=PING_TIMEOUT_SECONDS,
                                  socket_timeout=PING_TIMEOUT_SECONDS, retry=Retry(NoBackoff(), 0))
    try:
        up = bool(client.ping())
    except Exception:  # refused, timed out, refused auth: all mean the clock's tasks cannot get through
        up = False
    finally:
        client.close()
    health.learn(up)
    return up
