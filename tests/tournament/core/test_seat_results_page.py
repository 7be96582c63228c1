"""The director's page for a table of single players: reached from the seating page, one field a seat; a
refusal keeps what was typed and stores nothing."""

import pytest
from django.urls import reverse

from tests.factories import make_event, make_players_event
from tournament.core.models import Game

pytestmark = pytest.mark.django_db


def _table(event) -> Game:
    return event.latest_round().games.order_by("table__number").first()


def test_the_seating_page_links_each_table_to_its_results_page(director, client):
    event = make_players_event(director, ruleset="five_player", players=10)
    client.force_login(director)
    page = client.get(reverse("director-seating", args=[event.pk])).content.decode()
    for game in event.latest_round().games.all():
        assert reverse("director-seat-results", args=[event.pk, game.pk]) in page
    teams_event = make_event(director, teams=4)
    assert "Results of game" not in client.get(reverse("director-seating", args=[teams_event.pk])).content.decode()


def test_the_director_enters_one_number_a_seat_and_the_game_is_final(director, client):
    event = make_players_event(director, ruleset="five_player", players=5)
    game = _table(event)
    seats = list(game.seats.select_related("team").order_by("position"))
    client.force_login(director)
    url = reverse("director-seat-results", args=[event.pk, game.pk])
    page = client.get(url).content.decode()
    assert all(seat.team.name in page for seat in seats) and "a multiple of 5" in page
    answer = client.post(url, {f"seat-{seat.team_id}": str(100 * seat.position) for seat in seats})
    assert answer.status_code == 302 and answer.url == reverse("director-seating", args=[event.pk])
    game.refresh_from_db()
    assert game.status == Game.Status.FINAL
    assert [s.score for s in game.seats.order_by("position")] == [100, 200, 300, 400, 500]


def test_a_bad_score_is_named_the_typing_kept_and_nothing_stored(director, client):
    event = make_players_event(director, ruleset="five_player", players=5)
    game = _table(event)
    seats = list(game.seats.select_related("team").order_by("position"))
    client.force_login(director)
    typed = {f"seat-{seat.team_id}": "120" for seat in seats}
    typed[f"seat-{seats[1].team_id}"] = "123"
    answer = client.post(reverse("director-seat-results", args=[event.pk, game.pk]), typed)
    page = answer.content.decode()
    assert answer.status_code == 400
    assert f"{seats[1].team.name}&#x27;s score 123 is not a multiple of 5" in page and 'value="123"' in page
    game.refresh_from_db()
    assert game.status == Game.Status.SCHEDULED and not game.seats.filter(score__isnull=False).exists()


def test_only_the_event_s_directors_open_it(director, other_user, client):
    event = make_players_event(director, ruleset="five_player", players=5)
    client.force_login(other_user)
    answer = client.get(reverse("director-seat-results", args=[event.pk, _table(event).pk]))
    assert answer.status_code in (403, 404)
