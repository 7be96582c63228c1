"""The public bracket is published once per change (`tournament.knockout.publishing`): a poll of the API
reads it in a constant number of queries, none when the cache is shared, and shows a result as soon as
it is recorded. Directors, who see their notes, are answered from the database as before."""

import random

import pytest
from django.urls import reverse

from tests.factories import make_event
from tournament.core import published, services
from tournament.knockout import services as bracket_services
from tournament.knockout.models import BracketMatch

pytestmark = pytest.mark.django_db


@pytest.fixture(params=[16, 128], ids=["16 teams", "128 teams"])
def event(request, director):
    event = make_event(director, teams=request.param, seat=False, format="knockout", bracket_published=True)
    bracket_services.create_bracket_random(event, director, rng=random.Random(1))
    published.forget_local()
    return event


@pytest.mark.parametrize("where", ["local", "shared"])
def test_a_poll_of_the_bracket_runs_a_constant_number_of_queries(client, request, event, where,
                                                                  django_assert_max_num_queries):
    request.getfixturevalue(f"published_{where}")
    url = reverse("api-event-bracket", args=[event.pk])
    first = client.get(url)
    with django_assert_max_num_queries(0 if where == "shared" else 1):
        again = client.get(url)
    with django_assert_max_num_queries(0 if where == "shared" else 1):
        unchanged = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.json() == first.json() and again.json()["drawn"] is True
    assert unchanged.status_code == 304


@pytest.mark.parametrize("where", ["local", "shared"])
def test_a_result_is_in_the_next_poll(client, request, event, director, where):
    request.getfixturevalue(f"published_{where}")
    url = reverse("api-event-bracket", args=[event.pk])
    first = client.get(url)
    played = next(m for m in BracketMatch.objects.select_related("game").filter(bracket__event=event)
                  .order_by("number") if m.game and m.team_a_id and m.team_b_id)
    services.record_game_result(played.game, ns_total=5000, ew_total=3000, user=director)
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200
    match = next(m for m in after.json()["rounds"][0] if m["match"] == played.number)
    assert match["winner"] is not None


@pytest.mark.parametrize("action", sorted(published.CLOCK_ACTIONS - {"clock_start"}))
def test_the_clock_leaves_the_bracket_current_but_for_the_go_ahead(event, published_shared, published_jobs_queued,
                                                                  action, django_capture_on_commit_callbacks):
    """A match reads "playing" from the go-ahead; nothing else the clock does changes the bracket."""
    with django_capture_on_commit_callbacks(execute=True):
        published.on_event_changed(sender=None, event_id=event.pk, action=action)
    assert (event.pk, "bracket") not in published_jobs_queued
    with django_capture_on_commit_callbacks(execute=True):
        published.on_event_changed(sender=None, event_id=event.pk, action="clock_start")
    assert (event.pk, "bracket") in published_jobs_queued
