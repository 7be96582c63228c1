"""Published answers: what every phone polls (the standings, ...), computed once per change, not per poll.

A view that many clients poll registers here (`register(view, compute=..., fingerprint=...)`): `compute`
turns an event into the finished bytes (the API's JSON, the page's fragment, ...) and a little plain data
(`meta`, like whether the answer is public); `fingerprint` names, in a couple of small queries, the state
of the database the answer depends on. A poll calls `read(event_id, view)` and gets an `Answer`: the bytes
as they were stored, with an ETag that is a hash of them, so an unchanged answer is a 304 whatever moved.

Who changes something announces it (`changed(event_id, *views)`, which the apps reach through the core's
`signals.event_changed`). Then there are two ways to know the current version:

- **Shared** (the cache is Redis, answering): the announcement writes a new random version to the cache,
  inside the change's transaction (so the writer's own reads see it) and again once it commits (so no poll
  between the two can label an answer computed from the old rows with the new version), then queues one
  job per event and view, debounced to about once a second (`DEBOUNCE_SECONDS`), that computes and stores
  the answer. A poll reads the version and the answer in one round trip and no SQL: served when they match.
  When they do not (the job has not run yet, or the cache lost a key) one poller computes, under a
  `cache.add` guard, and the others wait for its answer (`WAIT_SECONDS`, then compute themselves).
  A view registered with `lag` (the standings) serves meanwhile the answer stored less than `lag` seconds
  ago: in a room where a result is accepted every fraction of a second the version always runs ahead of
  the job, and without the lag nearly every poll would compute. Its job comes within about a second; a
  poll computes only when none has run for `lag` seconds (no worker), or after an urgent change (the
  event's settings: standings withdrawn from the players are never served from before). Jobs that run
  at once (Celery eager: the tests) are never due, so there is no lag and no debounce with them.
- **Local** (the embedded local-memory cache, or Redis failing): the version is the fingerprint, read
  from the database on each poll, and the answers live in this process's memory, computed by the first
  poll after a change, under a lock per event and view: as right as the database, once per change in
  each process, with no Redis at all. The embedded default queues no job: the change's request pays
  nothing for the answers, which its own process would compute again anyway.

A view whose changes are not all announced (the director's board changes with every sheet typed)
registers with `announced=False`: its version is always its fingerprint, read on each poll, and the
answer computed for it is shared and guarded the same way.

An announcement Redis missed (it was failing) is remembered by the process and written again on its next
call once Redis answers, so an answer stored before the outage is not served as current after it. Until
that call (the announcing process's next request), another process may still serve that answer.

Answers are computed and stored in each language asked for (docs/languages.md): one version for all of a
view's languages, so one change makes every language's answer out of date, and the job computes again the
languages already asked for.
"""

import hashlib
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from celery import shared_task
from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.db import transaction
from django.http import HttpResponse, HttpResponseNotModified
from django.utils import translation
from django.utils.connection import ConnectionProxy
from django.utils.http import parse_etags

logger = logging.getLogger(__name__)

DEBOUNCE_SECONDS = 1.0
# What the clock logs: it moves no seat and no result (a view names them in `unchanged_by`).
CLOCK_ACTIONS = frozenset({"clock_start", "clock_pause", "clock_resume", "clock_extend", "clock_end"})
WAIT_SECONDS = 3.0
LOCK_SECONDS = 30
KEEP_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Answer:
    event_id: int
    view: str
    version: str
    etag: str            # a hash of the parts: the same bytes, the same ETag
    meta: dict           # small plain data the view decides with (never models)
    parts: dict          # name -> bytes ("json", "fragment", ...): all when computed, none when read
    computed_at: float = 0.0   # when its computation began to read (the wall clock)
    urgent: str | None = None  # the view's urgent generation it was computed in (shared answers)
    language: str = settings.LANGUAGE_CODE  # the language its words are in

    def part(self, name: str) -> bytes:
        """One part's bytes: a poll answering 304 reads none, one answering 200 reads the one it sends."""
        if name in self.parts:
            return self.parts[name]
        stored = cache.get(_part_key(self.event_id, self.view, self.language, self.etag, name))
        if stored is None:  # evicted, or Redis failed since: compute it again
            return publish(self.event_id, self.view, language=self.language).parts[name]
        return stored


@dataclass(frozen=True)
class View:
    compute: Callable[[int], tuple[dict, dict] | None]   # event id -> (parts, meta); None: no such event
    fingerprint: Callable[[int], str]                     # event id -> the state the answer depends on
    announced: bool = True   # False: its version is always the fingerprint (changes nobody announces)
    lag: float = 0.0         # seconds an answer may be served after its version was overtaken
    unchanged_by: frozenset = frozenset()   # logged actions that never change this answer


VIEWS: dict[str, View] = {}


def register(view: str, *, compute, fingerprint, announced: bool = True, lag: float = 0.0,
             unchanged_by=()) -> None:
    """A view many poll. `announced=False` for one whose changes are not all announced (the director's
    board changes with every sheet typed): each poll reads its fingerprint, in every mode, and the
    answer for it is computed once and shared like the others. `lag`: see the module's docstring (shared
    announced views only). `unchanged_by`: the logged actions that cannot change the answer (a result
    does not move a seat), so they neither mark it out of date nor queue its job."""
    VIEWS[view] = View(compute, fingerprint, announced, lag, frozenset(unchanged_by))


# --- Where versions and answers live -----------------------------------------------------------------

def _version_key(event_id: int, view: str) -> str:
    return f"published:{view}:{event_id}:version"


def _answer_key(event_id: int, view: str, language: str) -> str:
    """The answer's head in a language: its version, ETag and meta; its parts are stored apart, named by the
    ETag."""
    return f"published:{view}:{event_id}:{language}"


def _part_key(event_id: int, view: str, language: str, etag: str, name: str) -> str:
    return f"published:{view}:{event_id}:{language}:{etag}:{name}"


def _language() -> str:
    """The language the request (or job) speaks now: the answer read or computed is in it."""
    return translation.get_language() or settings.LANGUAGE_CODE


def _urgent_key(event_id: int, view: str) -> str:
    """The view's urgent generation: a new random value at each change that no answer computed from before
    it may lag behind (compared, never ordered, so no two processes' clocks need to agree)."""
    return f"published:{view}:{event_id}:urgent"


def _in_memory() -> bool:
    """Whether the cache is this process's memory (the embedded default), which other processes never see."""
    return isinstance(caches["default"] if isinstance(cache, ConnectionProxy) else cache, LocMemCache)


def _shared() -> bool:
    """Whether the cache is shared by every process and answering now."""
    if _in_memory():
        return False
    breaker = getattr(cache, "failopen_breaker", None)
    return breaker is None or not breaker.is_open


_local: dict[tuple[int, str, str], Answer] = {}
_local_locks: dict[tuple[int, str, str], threading.Lock] = {}
_locks_lock = threading.Lock()
_unsent: set[tuple[int, str]] = set()   # announcements Redis missed, written again when it answers


def _local_lock(key: tuple[int, str, str]) -> threading.Lock:
    with _locks_lock:
        return _local_locks.setdefault(key, threading.Lock())


def forget_local() -> None:
    """Drop this process's answers (tests start from nothing)."""
    _local.clear()
    _unsent.clear()


# --- Announcing a change -----------------------------------------------------------------------------

def changed(event_id: int, *views: str, urgent: bool = False) -> None:
    """The answers of these views (every view when none is named) changed for the event: mark them so
    now and once the transaction commits, and queue their computation. `urgent`: no view may serve an
    answer from before it, even within its lag."""
    if _in_memory():
        return  # local: the fingerprint is the version, and the first poll after the change computes
    views = views or tuple(name for name, view in VIEWS.items() if view.announced)
    _bump(event_id, views, urgent)
    transaction.on_commit(lambda: _after_commit(event_id, views, urgent))


def _bump(event_id: int, views, urgent: bool = False) -> None:
    _resend()
    _bump_pairs([(event_id, view) for view in views])
    if urgent:  # marked before and after the commit, like the version: an answer computed between is old
        cache.set_many({_urgent_key(event_id, view): secrets.token_hex(8) for view in views}, KEEP_SECONDS)


def _resend() -> None:
    if _unsent and _shared():
        unsent = list(_unsent)
        _unsent.clear()
        _bump_pairs(unsent)


def _bump_pairs(pairs) -> None:
    cache.set_many({_version_key(e, v): secrets.token_hex(8) for e, v in pairs}, KEEP_SECONDS)
    if not _shared():
        _unsent.update(pairs)


BROKER_DOWN_SECONDS = 5.0
_broker_down_until = 0.0


def _after_commit(event_id: int, views, urgent: bool = False) -> None:
    """Mark the views again, now that the change is visible, and queue their job. A broker that failed is
    left alone for `BROKER_DOWN_SECONDS` (the polls compute meanwhile), so no write waits for it twice."""
    global _broker_down_until
    _bump(event_id, views, urgent)
    for view in views:
        if time.monotonic() < _broker_down_until:
            return
        # Debounced only when the job runs later and so sees the changes after it: an eager job (tests, or
        # a set-up without a broker) runs now, and a change it debounced would wait for a poll past the lag.
        if _runs_now() or cache.add(f"published:{view}:{event_id}:queued", 1, DEBOUNCE_SECONDS):
            try:
                publish_answer.apply_async((event_id, view), countdown=DEBOUNCE_SECONDS)
            except Exception:  # a broker down, or (eager) a failing computation: never the committed write
                _broker_down_until = time.monotonic() + BROKER_DOWN_SECONDS
                logger.warning("Could not queue (or, eager, run) the %s answer of event %s; the polls "
                               "compute it.", view, event_id, exc_info=True)


def _runs_now() -> bool:
    return bool(publish_answer.app.conf.task_always_eager)


# --- Computing ---------------------------------------------------------------------------------------

def _compute(event_id: int, view: str, version: str, urgent: str | None = None,
             language: str = settings.LANGUAGE_CODE) -> Answer | None:
    """The answer in the language, labelled with the version and urgent generation read before it, and the
    time before."""
    began = time.time()
    with translation.override(language):
        result = VIEWS[view].compute(event_id)
    if result is None:
        return None
    parts, meta = result
    digest = hashlib.sha1()
    for name in sorted(parts):
        digest.update(name.encode() + b"\0" + parts[name] + b"\0")
    return Answer(event_id, view, version, digest.hexdigest()[:20], meta, parts, began, urgent, language)


def _store(answer: Answer) -> None:
    """The parts first, then the head that names them: a reader never finds a head without its parts. A
    computation that began before the stored one's (a slow job finishing last) leaves it in place."""
    head_key = _answer_key(answer.event_id, answer.view, answer.language)
    head = cache.get(head_key)
    if head and len(head) > 3 and head[3] > answer.computed_at:
        return
    cache.set_many({_part_key(answer.event_id, answer.view, answer.language, answer.etag, name): data
                    for name, data in answer.parts.items()}, KEEP_SECONDS)
    cache.set(head_key,
              (answer.version, answer.etag, answer.meta, answer.computed_at, answer.urgent), KEEP_SECONDS)


def _known(event_id: int, view: str, language: str) -> tuple[str | None, Answer | None]:
    """The current version and the stored answer's head in the language, in one round trip; a head from
    within the view's lag (and after its last urgent change) is given the current version, since it may be
    served as is."""
    keys = [_version_key(event_id, view), _answer_key(event_id, view, language), _urgent_key(event_id, view)]
    got = cache.get_many(keys)
    version, head = got.get(keys[0]), got.get(keys[1])
    if not head:
        return version, None
    stored, etag, meta, *rest = head  # a head stored before answers had a time has neither
    computed_at, urgent = [*rest, 0.0, None][:2]
    lag = 0.0 if _runs_now() else VIEWS[view].lag  # eager jobs ran at the commit: none is ever due
    if version is not None and lag and time.time() - lag < computed_at and urgent == got.get(keys[2]):
        stored = version
    return version, Answer(event_id, view, stored, etag, meta, {}, computed_at, urgent, language)


def publish(event_id: int, view: str, fingerprint: str | None = None, language: str | None = None) -> Answer | None:
    """Compute the view's answer now, in the language (the current one by default), and store it (the job's
    body; a poll with nothing current calls it too, with the fingerprint it read when the view's version is
    one)."""
    language = language or _language()
    if not _shared():
        return _read_local(event_id, view, language, force=True)
    _resend()
    if not VIEWS[view].announced:
        fingerprint = fingerprint if fingerprint is not None else VIEWS[view].fingerprint(event_id)
        answer = _compute(event_id, view, fingerprint, language=language)
        if answer is not None:
            _store(answer)
        return answer
    keys = [_version_key(event_id, view), _urgent_key(event_id, view)]
    version, urgent = (cache.get_many(keys).get(key) for key in keys)  # read before the rows are
    if version is None:
        cache.add(_version_key(event_id, view), secrets.token_hex(8), KEEP_SECONDS)
        version = cache.get(_version_key(event_id, view))
    answer = _compute(event_id, view, version or "", urgent, language)
    if answer is not None and version is not None:
        _store(answer)
    return answer


@shared_task(name="tournament.publish_answer", ignore_result=True)
def publish_answer(event_id: int, view: str) -> None:
    """The job: compute and store the view's answer for the event. Late, twice or after another change, it
    is harmless: the answer carries the version it was computed for, and a poll serves only the current."""
    if view not in VIEWS:
        return
    languages = [code for code, _ in settings.LANGUAGES]
    heads = cache.get_many([_answer_key(event_id, view, code) for code in languages])
    for code in languages:  # those already asked for; the site's own when none was yet
        if _answer_key(event_id, view, code) in heads or (not heads and code == settings.LANGUAGE_CODE):
            publish(event_id, view, language=code)


# --- Reading: the poll -------------------------------------------------------------------------------

def read(event_id: int, view: str) -> Answer | None:
    """The view's current answer for the event, in the current language; None when there is no such event."""
    language = _language()
    if not _shared():
        return _read_local(event_id, view, language)
    _resend()
    lock = f"published:{view}:{event_id}:{language}:computing"
    deadline = time.monotonic() + WAIT_SECONDS
    fingerprint = None if VIEWS[view].announced else VIEWS[view].fingerprint(event_id)
    while True:
        version, answer = _known(event_id, view, language)
        version = version if fingerprint is None else fingerprint
        if answer is not None and version is not None and answer.version == version:
            return answer
        if not _shared():  # Redis failed just now: this process's memory answers
            return _read_local(event_id, view, language)
        if cache.add(lock, 1, LOCK_SECONDS):  # this poller computes; the others wait for its answer
            try:
                version, answer = _known(event_id, view, language)  # stored by the one just before?
                version = version if fingerprint is None else fingerprint
                if answer is not None and version is not None and answer.version == version:
                    return answer
                return publish(event_id, view, fingerprint, language)
            finally:
                cache.delete(lock)
        if time.monotonic() > deadline:  # the one computing is stuck, or gone
            return publish(event_id, view, fingerprint, language)
        time.sleep(0.02)


def _read_local(event_id: int, view: str, language: str, force: bool = False) -> Answer | None:
    version = VIEWS[view].fingerprint(event_id)
    key = (event_id, view, language)
    answer = _local.get(key)
    if answer is not None and answer.version == version and not force:
        return answer
    with _local_lock(key):
        answer = _local.get(key)
        if answer is not None and answer.version == version and not force:
            return answer   # another thread computed it while this one waited
        answer = _compute(event_id, view, version, language=language)
        if answer is None:
            _local.pop(key, None)
        else:
            _local[key] = answer
        return answer


# --- Who announces -----------------------------------------------------------------------------------

def on_event_changed(sender, *, event_id: int, action: str = "", **kwargs) -> None:
    """Receives `signals.event_changed`: every view of the event that the action may change is out of date."""
    views = [name for name, view in VIEWS.items() if view.announced and action not in view.unchanged_by]
    if views:
        changed(event_id, *views)


def on_event_saved(sender, *, instance, **kwargs) -> None:
    """Receives the event's `post_save`: its settings (and the admin's edits, which log no action). Urgent:
    standings the director has just withdrawn from the players must not be served within their lag."""
    changed(instance.pk, urgent=True)


# --- Answering a poll --------------------------------------------------------------------------------

def conditional(request, etag: str, build: Callable[[], HttpResponse], *, private: bool = False) -> HttpResponse:
    """A 304 when the poller holds `etag`, else `build()`'s response; either way tagged, and to be checked
    again on every use (`private` when it holds what only the event's directors may see)."""
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponseNotModified()
    else:
        response = build()
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache" if private else "no-cache"
    return response
