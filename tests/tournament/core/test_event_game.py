"""The director chooses the event's game (and, for single players, the seats of a table) on its settings."""

import pytest

from tests.factories import make_event, make_players_event
from tournament.core.models import Event

pytestmark = pytest.mark.django_db

SETTINGS = {"name": "Club day", "date": "2026-11-20", "format": "rotation", "games": "3", "game_minutes": "50",
            "warning_minutes": "10", "target_score": "8500", "standings_order": "wins,points,difference",
            "sit_out_rule": "average_win"}


def test_a_new_event_of_canasta21_at_tables_of_three_or_four_is_created_from_the_form(client, director):
    client.force_login(director)
    page = client.get("/director/events/new/").content.decode()
    assert '<option value="five_player">Five-player partnership canasta' in page
    client.post("/director/events/new/", {**SETTINGS, "ruleset": "canasta21", "table_seats": "3-4"})
    assert Event.objects.values_list("ruleset", "table_seats").get() == ("canasta21", "3-4")


def test_a_form_without_the_game_keeps_nvso(client, director):
    client.force_login(director)
    client.post("/director/events/new/", SETTINGS)
    assert Event.objects.values_list("ruleset", "table_seats").get() == ("nvso", "")


def test_seats_the_game_cannot_have_are_refused_on_the_form_and_nothing_is_created(client, director):
    client.force_login(director)
    page = client.post("/director/events/new/", {**SETTINGS, "ruleset": "five_player", "table_seats": "4"})
    assert "This game seats 5 players at a table, so 4 is not possible." in page.content.decode()
    assert not Event.objects.exists()


def test_the_game_cannot_change_once_game_1_is_seated(client, director):
    event = make_players_event(director, ruleset="five_player", players=10)
    client.force_login(director)
    page = client.post(f"/director/events/{event.pk}/edit/", {**SETTINGS, "ruleset": "fibonacci21"},
                       follow=True).content.decode()
    event.refresh_from_db()
    assert event.ruleset == "five_player"
    assert "The game and the seats of a table cannot change once game 1 is seated." in page


def test_a_game_of_players_cannot_replace_one_of_teams_already_entered(client, director):
    event = make_event(director, teams=4, seat=False)
    client.force_login(director)
    client.post(f"/director/events/{event.pk}/edit/", {**SETTINGS, "ruleset": "five_player"})
    event.refresh_from_db()
    assert event.ruleset == "nvso"
    client.post(f"/director/events/{event.pk}/edit/", {**SETTINGS, "ruleset": "crazy_canasta"})
    event.refresh_from_db()
    assert event.ruleset == "crazy_canasta"  # teams for teams: allowed before game 1
