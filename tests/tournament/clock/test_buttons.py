"""The director's clock buttons on the event page: each runs its control and goes back with a message; odd
numbers, strangers and outside addresses are refused."""


import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from tests.tournament.clock.times import T0, at
from tournament.clock.facts import table_extras


def action_url(event, action):
    return reverse("director-clock-action", args=[event.pk, action])


def test_the_buttons_run_the_clock_and_go_back_with_a_message(event, director):
    client = Client()
    client.force_login(director)
    with time_machine.travel(T0, tick=False):
        response = client.post(action_url(event, "start"), {"next": "/director/events/1/?tab=clock"}, follow=False)
    assert response.status_code == 302 and response["Location"] == "/director/events/1/?tab=clock"
    assert event.rounds.get().started_at == T0
    with time_machine.travel(at(10), tick=False):
        response = client.post(action_url(event, "extend"), {"minutes": "3", "table": "2"}, follow=True)
    assert b"Added 3 min to table 2." in response.content
    with time_machine.travel(at(20), tick=False):
        response = client.post(action_url(event, "resume"), {"next": reverse("public-clock", args=[event.pk])},
                               follow=True)
    assert "Cannot resume: the clock is running." in response.content.decode()


@pytest.mark.parametrize("action, post, message", [
    ("extend", {"minutes": "1e99999999"}, "The minutes to add can be at most 120 minutes."),
    ("extend", {"minutes": "5", "table": "1.5"}, "The table must be a table number, for example 7."),
    ("start", {"minutes": "1e99999999"}, "The game&#x27;s length can be at most 1440 minutes."),
    ("start", {"warning_minutes": "-1e99999999"}, "The warning must be more than 0 minutes."),
])
def test_huge_or_odd_numbers_in_the_form_are_a_message_not_an_error(event, director, action, post, message):
    client = Client()
    client.force_login(director)
    if action == "extend":
        client.post(action_url(event, "start"))
    round_ = event.rounds.get()
    before = (round_.started_at, round_.extra_seconds, round_.length_seconds)
    response = client.post(action_url(event, action), post, follow=True)
    assert response.status_code == 200
    assert message in response.content.decode()
    round_.refresh_from_db()
    assert (round_.started_at, round_.extra_seconds, round_.length_seconds) == before
    assert table_extras(round_) == {}


def test_a_practice_length_from_the_form(event, director):
    client = Client()
    client.force_login(director)
    client.post(action_url(event, "start"), {"minutes": "0.5", "warning_minutes": "0.25"})
    round_ = event.rounds.get()
    assert (round_.length_seconds, round_.warning_seconds) == (30, 15)


def test_only_the_events_directors_press_the_buttons(event, other_user):
    anonymous = Client()
    response = anonymous.post(action_url(event, "start"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    stranger = Client()
    stranger.force_login(other_user)
    assert stranger.post(action_url(event, "start")).status_code == 403
    assert stranger.get(action_url(event, "start")).status_code == 405
    assert event.rounds.get().started_at is None


def test_an_unknown_control_or_an_outside_next_url(event, director):
    client = Client()
    client.force_login(director)
    assert client.post(action_url(event, "explode")).status_code == 404
    response = client.post(action_url(event, "start"), {"next": "https://evil.example/"})
    assert response["Location"] == reverse("director-event", args=[event.pk])
