"""Published answers (`tournament.core.published`): computed once per change whoever polls, never served
once out of date, in a shared Redis cache or, without one, in each process's memory.

These tests use a view of their own (bytes from a dict, no database); tests/scoring/test_published_standings.py
publishes the real standings."""

import threading
import time

import pytest

from tournament.core import published

EVENT = 424242


@pytest.fixture
def view():
    """A view whose answer is `state["value"]`, slow to compute, counting its computations."""
    state = {"value": b"one", "calls": 0, "during": None}

    def compute(event_id):
        state["calls"] += 1
        time.sleep(0.1)
        value = state["value"]
        during, state["during"] = state["during"], None
        if during:
            during()
        return {"json": value}, {"published": True}

    published.register("test-view", compute=compute, fingerprint=lambda event_id: state["value"].decode())
    published.forget_local()
    yield state
    published.VIEWS.pop("test-view")
    published.forget_local()


@pytest.fixture
def queued(published_jobs_queued):
    """The jobs queued, instead of run."""
    return published_jobs_queued


@pytest.fixture
def shared(published_redis):
    return published_redis


@pytest.fixture
def local(published_local):
    return published_local


@pytest.fixture
def change(db, django_capture_on_commit_callbacks):
    """Change the view's answer and announce it, committed."""

    def change(state, value: bytes) -> None:
        with django_capture_on_commit_callbacks(execute=True):
            state["value"] = value
            published.changed(EVENT, "test-view")

    return change


def read_together(n: int) -> list[published.Answer]:
    answers = []
    threads = [threading.Thread(target=lambda: answers.append(published.read(EVENT, "test-view")))
               for _ in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.parametrize("where", ["local", "shared"])
def test_pollers_arriving_together_compute_the_answer_once(request, where, view, queued):
    request.getfixturevalue(where)
    answers = read_together(12)
    assert view["calls"] == 1
    assert {answer.part("json") for answer in answers} == {b"one"}
    assert len({answer.etag for answer in answers}) == 1


@pytest.mark.parametrize("where", ["local", "shared"])
def test_an_unchanged_answer_is_read_not_computed(request, where, view, queued):
    request.getfixturevalue(where)
    first = published.read(EVENT, "test-view")
    again = published.read(EVENT, "test-view")
    assert view["calls"] == 1
    assert again.etag == first.etag


@pytest.mark.parametrize("where", ["local", "shared"])
def test_after_a_change_the_next_poll_has_the_new_answer(request, where, view, queued, change):
    request.getfixturevalue(where)
    before = published.read(EVENT, "test-view")
    change(view, b"two")
    after = published.read(EVENT, "test-view")
    assert after.part("json") == b"two"
    assert after.etag != before.etag


def test_a_change_during_a_computation_is_not_hidden_by_it(shared, view, queued, change):
    """The computation read the rows before the change committed: its answer is not the current one."""
    view["during"] = lambda: change(view, b"two")
    assert published.read(EVENT, "test-view").part("json") == b"one"
    assert published.read(EVENT, "test-view").part("json") == b"two"


def test_changes_within_a_second_queue_one_job(shared, view, queued, change):
    change(view, b"two")
    change(view, b"three")
    assert queued == [(EVENT, "test-view")]


def test_the_job_stores_the_answer_so_polls_compute_nothing(shared, view, queued, change):
    change(view, b"two")
    published.publish_answer(*queued[0])
    calls = view["calls"]
    assert published.read(EVENT, "test-view").part("json") == b"two"
    assert view["calls"] == calls


def test_with_redis_failing_each_process_answers_from_its_memory(shared, view, queued, change):
    published.read(EVENT, "test-view")
    shared.failopen_breaker.record_failure()
    change(view, b"two")
    answers = read_together(6)
    assert {answer.part("json") for answer in answers} == {b"two"}
    assert view["calls"] == 2


def test_a_change_redis_missed_is_not_hidden_when_it_answers_again(shared, view, queued, change):
    """The answer stored before the outage stays in Redis; the change announced during it is sent again."""
    published.read(EVENT, "test-view")
    shared.failopen_breaker.record_failure()
    change(view, b"two")
    shared.failopen_breaker.record_success()
    assert published.read(EVENT, "test-view").part("json") == b"two"


def test_a_poller_waits_for_the_one_computing_rather_than_computing_too(shared, view, queued, change):
    published.read(EVENT, "test-view")
    change(view, b"two")
    answers = read_together(8)
    assert view["calls"] == 2
    assert {answer.part("json") for answer in answers} == {b"two"}


def test_a_part_evicted_from_the_cache_is_computed_again(shared, view, queued):
    head = published.read(EVENT, "test-view")
    shared.delete(published._part_key(EVENT, "test-view", head.language, head.etag, "json"))
    assert published.read(EVENT, "test-view").part("json") == b"one"
    assert view["calls"] == 2


def test_a_poll_when_redis_stops_answers_from_memory_without_waiting(shared, view, queued):
    published.read(EVENT, "test-view")
    shared.test_server.kill()
    start = time.monotonic()
    assert published.read(EVENT, "test-view").part("json") == b"one"
    assert time.monotonic() - start < 1


def test_a_broker_that_fails_is_left_alone_and_the_poll_computes(shared, view, monkeypatch, change):
    attempts = []

    def down(args, **kwargs):
        attempts.append(args)
        raise ConnectionError("the broker is down")

    monkeypatch.setattr(published.publish_answer, "apply_async", down)
    monkeypatch.setattr(published, "_broker_down_until", 0.0)
    change(view, b"two")
    shared.delete(f"published:test-view:{EVENT}:queued")
    change(view, b"three")
    assert len(attempts) == 1
    assert published.read(EVENT, "test-view").part("json") == b"three"


# --- A view that may lag (the standings): a room of results must not make every poll compute ---------

@pytest.fixture
def lagging(view):
    """The same view, allowed to serve an answer for `LAG` seconds after its version was overtaken."""
    published.register("test-view", compute=published.VIEWS["test-view"].compute,
                       fingerprint=published.VIEWS["test-view"].fingerprint, lag=LAG)
    return view


LAG = 0.5


def test_within_its_lag_a_poll_serves_the_stored_answer_while_the_job_is_due(shared, lagging, queued, change):
    before = published.read(EVENT, "test-view")
    change(lagging, b"two")
    change(lagging, b"three")
    calls = lagging["calls"]
    during = published.read(EVENT, "test-view")
    assert (during.part("json"), during.etag) == (b"one", before.etag)  # the stored bytes, as they were
    assert lagging["calls"] == calls and queued == [(EVENT, "test-view")]
    published.publish_answer(*queued[0])  # the job, within the second
    assert published.read(EVENT, "test-view").part("json") == b"three"
    assert lagging["calls"] == calls + 1


def test_past_its_lag_a_poll_computes_as_when_no_worker_runs_the_job(shared, lagging, queued, change):
    published.read(EVENT, "test-view")
    change(lagging, b"two")
    time.sleep(LAG + 0.1)
    assert published.read(EVENT, "test-view").part("json") == b"two"


def test_an_urgent_change_is_never_served_from_before_it(shared, lagging, queued, db,
                                                         django_capture_on_commit_callbacks):
    """The director withdrew the standings from the players: not one poll more of the old answer."""
    published.read(EVENT, "test-view")
    with django_capture_on_commit_callbacks(execute=True):
        lagging["value"] = b"withdrawn"
        published.changed(EVENT, "test-view", urgent=True)
    assert published.read(EVENT, "test-view").part("json") == b"withdrawn"


def test_a_view_without_lag_never_serves_an_overtaken_answer(shared, view, queued, change):
    published.read(EVENT, "test-view")
    change(view, b"two")
    assert published.read(EVENT, "test-view").part("json") == b"two"


def test_an_urgent_change_committed_while_a_job_computes_is_not_hidden_by_its_answer(shared, lagging, queued, db,
                                                                                    django_capture_on_commit_callbacks):
    """The job read the rows before the director withdrew the standings and stored its answer after: that
    answer is not served within the lag."""
    published.read(EVENT, "test-view")

    def urgent():
        with django_capture_on_commit_callbacks(execute=True):
            lagging["value"] = b"withdrawn"
            published.changed(EVENT, "test-view", urgent=True)

    lagging["during"] = urgent  # the change commits while the job computes the answer from before it
    published.publish_answer(EVENT, "test-view")
    assert published.read(EVENT, "test-view").part("json") == b"withdrawn"


def test_a_slow_job_finishing_last_leaves_the_newer_answer_in_place(shared, lagging, queued, change):
    published.read(EVENT, "test-view")
    slow = published._compute(EVENT, "test-view", "v-old")  # began first ...
    change(lagging, b"two")
    published.publish_answer(EVENT, "test-view")             # ... a later job stores "two" ...
    published._store(slow)                                   # ... and then the slow one finishes
    assert published.read(EVENT, "test-view").part("json") == b"two"
