"""Dangerous actions on the director's event page are confirmed on a page that says what will happen, and a
post that was not confirmed there changes nothing."""

import pytest
from django.urls import reverse

from tests.factories import make_event
from tournament.clock import services as clock
from tournament.core import services
from tournament.core.models import Game, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def started(director):
    """Game 1 under way at two tables, table 1's result in."""
    event = make_event(director, teams=4, seating_published=True)
    clock.start_clock(event.latest_round(), director)
    first = event.latest_round().games.select_related("ns_team", "ew_team").get(table__number=1)
    services.record_game_result(first, ns_total=5000, ew_total=4000, user=director)
    return event


def test_the_withdrawal_page_says_what_will_happen_before_anything_changes(client, director, started):
    team = started.latest_round().games.get(table__number=1).ns_team
    client.force_login(director)
    page = client.get(reverse("director-team-withdraw", args=[started.pk, team.pk])).content.decode()
    assert f"Withdraw {team.name}?" in page
    assert "Their 1 game already scored is kept, and counts in the standings." in page
    assert "From game 2 their seat is empty: their opponents sit out." in page
    assert 'name="confirmed" value="1"' in page
    team.refresh_from_db()
    assert team.is_active


def test_before_the_go_ahead_the_withdrawal_page_names_the_opponent_who_sits_out(client, director):
    event = make_event(director, teams=4)
    game = event.latest_round().games.select_related("ns_team", "ew_team").get(table__number=2)
    client.force_login(director)
    page = client.get(reverse("director-team-withdraw", args=[event.pk, game.ns_team_id])).content.decode()
    assert "They have no game scored yet." in page
    assert f"From game 1 their seat is empty: their opponents sit out (in game 1, {game.ew_team.name})." in page


def test_a_withdrawal_posted_without_its_confirmation_changes_nothing(client, director, started):
    team = started.teams.get(number=1)
    client.force_login(director)
    url = reverse("director-team-withdraw", args=[started.pk, team.pk])
    response = client.post(url, follow=True)
    assert response.redirect_chain[-1][0] == url
    assert "Nothing has changed" in response.content.decode()
    team.refresh_from_db()
    assert team.is_active and not started.actions.filter(action="withdraw_team").exists()


def test_a_confirmed_withdrawal_withdraws_the_team(client, director, started):
    team = started.teams.get(number=1)
    client.force_login(director)
    client.post(reverse("director-team-withdraw", args=[started.pk, team.pk]), {"confirmed": "1"})
    team.refresh_from_db()
    assert team.status == Team.Status.WITHDRAWN and team.withdrawn_after_game == 1


def test_the_next_game_is_not_seated_over_missing_results_by_the_ordinary_button(client, director, started):
    client.force_login(director)
    page = client.post(reverse("director-advance", args=[started.pk]), follow=True).content.decode()
    assert "Game 1 has no final result yet at table 2." in page
    assert started.rounds.count() == 1


def test_seating_over_missing_results_without_the_tick_changes_nothing(client, director, started):
    client.force_login(director)
    response = client.post(reverse("director-advance", args=[started.pk]), {"force": "1"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("director-advance-missing", args=[started.pk])
    page = response.content.decode()
    assert "Nothing has changed" in page and "No final result yet at 1 table: 2." in page
    assert started.rounds.count() == 1


def test_seating_over_missing_results_once_confirmed_seats_the_next_game(client, director, started):
    client.force_login(director)
    client.post(reverse("director-advance", args=[started.pk]), {"force": "1", "confirmed": "1"})
    assert started.rounds.count() == 2
    assert started.rounds.get(number=1).games.get(table__number=2).status == Game.Status.SCHEDULED


def test_the_confirmation_is_not_offered_when_every_result_is_in(client, director, started):
    game = started.latest_round().games.get(table__number=2)
    services.record_game_result(game, ns_total=5000, ew_total=4000, user=director)
    client.force_login(director)
    response = client.get(reverse("director-advance-missing", args=[started.pk]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("director-event", args=[started.pk])
    assert "Every result is in" in response.content.decode()


def test_ending_a_game_early_without_the_tick_changes_nothing(client, director, started):
    client.force_login(director)
    url = reverse("director-clock-action", args=[started.pk, "end"])
    page = client.post(url, follow=True).content.decode()
    assert "Nothing has changed" in page and "Yes, end game 1: time is up at every table at once" in page
    assert started.latest_round().ended_at is None
    client.post(url, {"confirmed": "1"})
    assert started.latest_round().ended_at is not None
