"""The public seating is published once per change (`tournament.core.publishing`): a poll reads it in a
constant number of queries at 100 and at 1,000 teams, none when the cache is shared, and shows the next
game as soon as it is seated."""

import pytest

from tests.factories import make_event
from tournament.core import published, services

pytestmark = pytest.mark.django_db

LOCAL_QUERIES = 1   # the version: the event with its last logged action


@pytest.fixture(params=[100, 1000], ids=["100 teams", "1000 teams"])
def event(request, director):
    event = make_event(director, teams=request.param, seating_published=True)
    published.forget_local()
    return event


@pytest.fixture
def shared(published_redis):
    return published_redis


@pytest.mark.parametrize("where", ["local", "shared"])
def test_a_poll_of_the_seating_runs_a_constant_number_of_queries(client, request, event, where,
                                                                  django_assert_max_num_queries):
    request.getfixturevalue(f"published_{where}")
    most = 0 if where == "shared" else LOCAL_QUERIES
    first = client.get(f"/e/{event.pk}/seating/")
    with django_assert_max_num_queries(most):
        again = client.get(f"/e/{event.pk}/seating/")
    with django_assert_max_num_queries(most):
        unchanged = client.get(f"/e/{event.pk}/seating/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.content == first.content and b"Table 1</div>" in again.content
    assert unchanged.status_code == 304


@pytest.mark.parametrize("where", ["local", "shared"])
def test_the_next_game_is_in_the_next_poll(client, request, director, where):
    request.getfixturevalue(f"published_{where}")
    event = make_event(director, teams=6, seating_published=True)
    first = client.get(f"/e/{event.pk}/seating/")
    assert b"game 1" in first.content
    services.advance_to_next_game(event, director, force=True)
    after = client.get(f"/e/{event.pk}/seating/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and b"game 2" in after.content


def test_hidden_seating_is_hidden_from_the_next_poll(client, director, shared):
    event = make_event(director, teams=6, seating_published=True)
    assert client.get(f"/e/{event.pk}/seating/").status_code == 200
    services.publish(event, director, "seating", False)
    assert client.get(f"/e/{event.pk}/seating/").status_code == 404


def test_a_result_accepted_leaves_the_seating_s_answer_current_and_queues_no_job_for_it(
        client, director, published_redis, published_jobs_queued, django_capture_on_commit_callbacks,
        django_assert_max_num_queries):
    """A room accepts a result every fraction of a second at the end of a game: the seating, which a result
    never changes, is not marked out of date by them (the standings are)."""
    from tournament.core.models import Game

    small = make_event(director, teams=4, seating_published=True, standings_published=True)
    published.forget_local()
    first = client.get(f"/e/{small.pk}/seating/")
    game = Game.objects.filter(round__event=small).select_related("round__event", "table").first()
    with django_capture_on_commit_callbacks(execute=True):
        services.record_game_result(game, ns_total=5000, ew_total=100, user=director)
    assert (small.pk, "standings") in published_jobs_queued and (small.pk, "seating") not in published_jobs_queued
    with django_assert_max_num_queries(0):  # still the stored answer: nothing to compute
        again = client.get(f"/e/{small.pk}/seating/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
