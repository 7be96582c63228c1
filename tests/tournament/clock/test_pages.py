"""The director's clock controls on the event page: a button only where the clock service would act."""

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from tests.factories import make_event
from tournament.core import services

pytestmark = pytest.mark.django_db


def controls_for(event, round_, director) -> str:
    request = RequestFactory().get(f"/director/events/{event.pk}/")
    request.user = director
    return render_to_string("includes/clock_controls.html", {"event": event, "round": round_}, request)


def test_the_go_ahead_shows_only_for_a_game_that_awaits_it(director):
    """A game the director moved past without starting it is over: no go-ahead for it (the service would
    refuse it: "not waiting for the go-ahead")."""
    event = make_event(director, teams=4, games=3)
    first = event.rounds.get()
    assert "Go-ahead: start game 1" in controls_for(event, first, director)
    services.advance_to_next_game(event, director, force=True)
    first.refresh_from_db()
    assert first.started_at is None and not first.awaits_go_ahead
    assert "Go-ahead" not in controls_for(event, first, director)
    assert "Go-ahead: start game 2" in controls_for(event, event.latest_round(), director)
