"""The event page offers the draw and the next game exactly when the services would accept them, and no
rotation game after the playoff is drawn."""

import random

import pytest
from django.urls import reverse

from tests.factories import make_event
from tournament.core import services
from tournament.core.models import Game

pytestmark = pytest.mark.django_db



def test_no_rotation_game_after_the_playoff_is_drawn(client, director):
    """Ending the rotation early for the playoff must not leave 'seat the next game' open."""
    from tournament.core.errors import TournamentError
    from tournament.knockout import services as bracket_services

    event = make_event(director, teams=8, format="rotation_then_knockout", playoff_size=4)
    for game in event.rounds.get().games.all():
        services.record_game_result(game, ns_total=5000, ew_total=4000, user=director)
    team_ids = list(event.teams.order_by("number").values_list("pk", flat=True)[:4])
    bracket_services.create_bracket(event, director, team_ids, seeded_by="director", end_rotation_early=True,
                                    reason="the hall closes early")
    with pytest.raises(TournamentError, match="the knockout bracket is drawn"):
        services.advance_to_next_game(event, director, force=True)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "Semi-finals" in page and "Seat game" not in page


class _Accepted(Exception):
    """Raised inside a savepoint to undo a service call that succeeded."""


def service_accepts(call) -> bool:
    """Whether the service takes the call, its writes rolled back so the page sees the state before."""
    from django.db import transaction

    from tournament.core.errors import TournamentError

    try:
        with transaction.atomic():
            call()
            raise _Accepted
    except _Accepted:
        return True
    except TournamentError:
        return False


def _first_round_started(event, director):
    from tournament.clock import services as clock_services

    clock_services.start_clock(event.latest_round(), director)


def _last_game_seated(event, director):

    while event.latest_round().number < event.games:
        services.advance_to_next_game(event, director, force=True)


def _bracket_drawn(event, director):
    from tournament.knockout import services as bracket_services

    for game in Game.objects.filter(round__event=event, status=Game.Status.SCHEDULED):
        services.record_game_result(game, ns_total=5000, ew_total=4000, user=director)
    bracket_services.create_bracket_random(event, director, rng=random.Random(3), end_rotation_early=True,
                                           reason="the hall closes early")


@pytest.mark.parametrize(("fields", "then", "draw", "advance"), [
    ({}, None, True, True),
    ({}, _first_round_started, False, True),
    ({"games": 2}, _last_game_seated, False, False),
    ({"format": "knockout", "seat": False}, _bracket_drawn, False, False),
    ({"format": "rotation_then_knockout", "playoff_size": 4}, _bracket_drawn, False, False),
], ids=["game 1 seated", "game 1 started", "last game seated", "knockout game 1", "playoff drawn"])
def test_the_event_page_offers_the_draw_and_the_next_game_exactly_when_the_services_accept(
        client, director, fields, then, draw, advance):

    event = make_event(director, teams=4, **fields)
    if then is not None:
        then(event, director)
    game = event.latest_round().games.select_related("round__event", "table", "ns_team", "ew_team").first()
    assert game.ns_team_id and game.ew_team_id
    may_draw = service_accepts(lambda: services.record_draw(game, director, winner_chose="ew"))
    may_advance = service_accepts(lambda: services.advance_to_next_game(event, director, force=True))
    assert (may_draw, may_advance) == (draw, advance)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert ('name="winner_chose"' in page) == may_draw
    assert (reverse("director-advance", args=[event.pk]) in page) == may_advance
