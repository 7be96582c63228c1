"""The playoff seeded from the standings: scoring's glue and the director's button."""

import pytest
from django.urls import reverse

from scoring.playoff import playoff_order, start_playoff_from_standings
from scoring.standings import compute_standings
from tests.factories import make_event
from tournament import services
from tournament.bracket_models import Bracket, BracketMatch
from tournament.models import Game

pytestmark = pytest.mark.django_db


def play_rotation_game(event, number):
    """The lower team number wins every game, by its number's margin, so the standings are foreseeable."""
    for game in event.rounds.get(number=number).games.select_related("ns_team", "ew_team"):
        if game.status == Game.Status.SCHEDULED:
            ns_wins = game.ns_team.number < game.ew_team.number
            margin = 100 * abs(game.ns_team.number - game.ew_team.number)
            services.record_game_result(game, ns_total=5000 + (margin if ns_wins else -margin), ew_total=5000,
                                        user=None)


def test_the_top_k_of_the_standings_best_first(director):
    event = make_event(director, teams=10, format="rotation_then_knockout", games=1, playoff_size=4)
    play_rotation_game(event, 1)
    ranked = [row.team.pk for row in compute_standings(event)]
    assert playoff_order(event) == ranked[:4]
    bracket = start_playoff_from_standings(event, director)
    assert (bracket.seeded_by, bracket.team_count) == ("standings", 4)
    top = BracketMatch.objects.get(bracket=bracket, number=1)
    assert (top.team_a_id, top.team_b_id) == (ranked[0], ranked[3])


def test_eight_by_default_or_every_team_when_fewer(director):
    eight = make_event(director, teams=10, format="rotation_then_knockout", games=1, name="ten")
    play_rotation_game(eight, 1)
    assert len(playoff_order(eight)) == 8
    six = make_event(director, teams=6, format="rotation_then_knockout", games=1, name="six")
    play_rotation_game(six, 1)
    assert len(playoff_order(six)) == 6


def test_withdrawn_teams_are_left_out(director):
    event = make_event(director, teams=6, format="rotation_then_knockout", games=1, playoff_size=4)
    play_rotation_game(event, 1)
    best = compute_standings(event)[0].team
    services.withdraw_team(best, director)
    assert best.pk not in playoff_order(event) and len(playoff_order(event)) == 4


def test_the_directors_button(client, director, other_user):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=1, playoff_size=4)
    url = reverse("director-bracket-from-standings", args=[event.pk])
    assert client.post(url).status_code == 302 and not Bracket.objects.exists()  # to the login page
    client.force_login(other_user)
    assert client.post(url).status_code == 403
    client.force_login(director)
    assert client.get(url).status_code == 405
    response = client.post(url, follow=True)
    assert "has no final result yet" in response.content.decode() and not Bracket.objects.exists()
    play_rotation_game(event, 1)
    response = client.post(url)
    assert response.status_code == 302 and response["Location"] == reverse("director-bracket", args=[event.pk])
    assert Bracket.objects.get(event=event).seeded_by == "standings"
