"""The standings are published once per change (`scoring.publishing`): a poll of the API or of the page's
fragment reads them in a constant number of queries at 100 and at 1,000 teams, none when the cache is
shared. A committed result is in the next poll once its job has run (at once in local memory); until
then, for a few seconds at most, the stored standings are served. Withdrawn standings are never served."""

import pytest

from tests.factories import make_event
from tests.scoring.test_query_counts import play_all
from tournament.core import published
from tournament.core import services as tournament_services
from tournament.core.models import Game

pytestmark = pytest.mark.django_db

POLLS = {"api": "/api/v1/events/{}/standings/", "fragment": "/e/{}/standings/?partial=1"}
LOCAL_QUERIES = 3   # the version: the event, its games' and its teams' aggregates


@pytest.fixture(params=[100, 1000], ids=["100 teams", "1000 teams"])
def event(request, director):
    """Game 1 played, game 2 seated."""
    event = make_event(director, teams=request.param, standings_published=True)
    play_all(event.rounds.get(number=1), director)
    tournament_services.advance_to_next_game(event, director)
    published.forget_local()
    return event


@pytest.fixture
def shared(published_redis):
    return published_redis


def poll(client, which, event, etag=None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(POLLS[which].format(event.pk), **headers)


@pytest.mark.parametrize("which", POLLS)
def test_with_a_shared_cache_a_poll_of_published_standings_runs_no_sql(client, event, which, shared,
                                                                       django_assert_max_num_queries):
    first = poll(client, which, event)
    with django_assert_max_num_queries(0):
        again = poll(client, which, event)
    with django_assert_max_num_queries(0):
        unchanged = poll(client, which, event, first["ETag"])
    assert again.content == first.content and b"Ann 1" in again.content
    assert unchanged.status_code == 304 and unchanged["ETag"] == first["ETag"]


@pytest.mark.parametrize("which", POLLS)
def test_in_local_memory_a_poll_costs_the_version_queries_only(client, event, which, published_local,
                                                              django_assert_max_num_queries):
    first = poll(client, which, event)
    with django_assert_max_num_queries(LOCAL_QUERIES):
        again = poll(client, which, event)
    with django_assert_max_num_queries(LOCAL_QUERIES):
        unchanged = poll(client, which, event, first["ETag"])
    assert again.content == first.content and b"Ann 1" in again.content
    assert unchanged.status_code == 304


@pytest.fixture
def small(director):
    event = make_event(director, teams=4, standings_published=True)
    published.forget_local()
    return event


def record_first_result(event, director, commit):
    game = Game.objects.filter(round__event=event, status=Game.Status.SCHEDULED).first()
    with commit(execute=True):
        tournament_services.record_game_result(game, ns_total=5000, ew_total=100, user=director)
    return game


@pytest.mark.parametrize("where", ["local", "shared"])
def test_a_committed_result_is_in_the_next_poll(client, request, small, director, where,
                                                django_capture_on_commit_callbacks):
    request.getfixturevalue(f"published_{where}")
    before = client.get(POLLS["api"].format(small.pk))
    assert {row["points"] for row in before.json()["rows"]} == {0}
    record_first_result(small, director, django_capture_on_commit_callbacks)
    after = client.get(POLLS["api"].format(small.pk), HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert max(row["points"] for row in after.json()["rows"]) == 5000


@pytest.fixture
def jobs_not_run(published_jobs_queued):
    return published_jobs_queued


def test_a_result_accepted_meanwhile_is_served_once_its_job_has_run(client, small, director, shared, jobs_not_run,
                                                                    django_capture_on_commit_callbacks,
                                                                    django_assert_max_num_queries):
    before = client.get(POLLS["api"].format(small.pk))
    record_first_result(small, director, django_capture_on_commit_callbacks)
    with django_assert_max_num_queries(0):  # not a computation per poll while results keep coming
        during = client.get(POLLS["api"].format(small.pk), HTTP_IF_NONE_MATCH=before["ETag"])
    assert during.status_code == 304
    for job in jobs_not_run:
        published.publish_answer(*job)
    after = client.get(POLLS["api"].format(small.pk), HTTP_IF_NONE_MATCH=before["ETag"])
    assert max(row["points"] for row in after.json()["rows"]) == 5000


@pytest.mark.parametrize("jobs", ["run at once", "not run yet"])
def test_unpublishing_the_standings_hides_them_from_the_next_poll(client, small, director, shared, jobs, request):
    if jobs == "not run yet":
        request.getfixturevalue("jobs_not_run")
    assert client.get(POLLS["fragment"].format(small.pk)).status_code == 200
    tournament_services.publish(small, director, "standings", False)
    assert client.get(POLLS["fragment"].format(small.pk)).status_code == 404
    assert client.get(POLLS["api"].format(small.pk)).status_code == 404


@pytest.mark.parametrize("action", [*sorted(published.CLOCK_ACTIONS), "settle_late_sheet"])
def test_the_clock_and_a_late_sheet_kept_aside_leave_the_standings_current(small, shared, jobs_not_run, action,
                                                                            django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        published.on_event_changed(sender=None, event_id=small.pk, action=action)
    assert (small.pk, "standings") not in jobs_not_run
    with django_capture_on_commit_callbacks(execute=True):
        published.on_event_changed(sender=None, event_id=small.pk, action="record_result")
    assert (small.pk, "standings") in jobs_not_run
