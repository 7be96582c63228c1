"""The director enters or corrects the sheet of any game through the one correction endpoint: at a table of
single players the sheet's totals per seat become the seats' results (`record_seat_results`); a two-side
sheet whose sides are not named `ns` and `ew` is read in order, North-South then East-West."""

import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

import rules.registry
from scoring.models import SheetVersion
from scoring.seat_sheets import side_id, submit_seat_sheet, table_seats
from tests.factories import make_director, make_event, make_players_event
from tests.scoring.test_players_board import wrong_sheet
from tests.scoring.test_table_of_any_game import seat_sheet, table_game
from tournament.core.models import DirectorAction, Game

pytestmark = pytest.mark.django_db


def correct(client, event, game, document, **fields):
    body = {"sheet": document, "reason": "Paper sheet", **fields}
    return client.post(f"/api/v1/events/{event.pk}/games/{game.pk}/correct/", data=json.dumps(body),
                       content_type="application/json")


@pytest.fixture
def players():
    director = make_director()
    event = make_players_event(director, ruleset="five_player", players=5)
    client = APIClient()
    client.force_authenticate(director)
    client.director = director
    return client, event, table_game(event)


def test_the_director_s_paper_sheet_of_single_players_gives_each_seat_its_result(players):
    client, event, game = players
    document = seat_sheet(game, "five_player")
    response = correct(client, event, game, document)
    assert response.status_code == 201, response.content
    version = SheetVersion.objects.get(game=game)
    assert version.source == "director" and version.status == "accepted" and version.reason == "Paper sheet"
    own = version.validation["computed"]["own_final"]
    assert {seat.position: seat.score for seat in table_seats(game)} == {
        seat.position: own[side_id(seat.position)] for seat in table_seats(game)}
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINAL
    assert DirectorAction.objects.filter(event=event, action="paper_sheet").count() == 1


def test_a_flagged_sheet_is_settled_by_the_director_s_correction_and_a_final_result_needs_the_tick(players):
    client, event, game = players
    submit_seat_sheet(game, wrong_sheet(game), "k1", review=True, reason="Hand 1 looks odd")
    assert correct(client, event, game, seat_sheet(game, "five_player"), replace_result=False).status_code == 201
    assert list(SheetVersion.objects.filter(game=game).order_by("-number").values_list("number", "status")) == [
        (2, "accepted"), (1, "superseded")]
    before = [seat.score for seat in table_seats(game)]
    again = correct(client, event, game, wrong_sheet(game), replace_result=False, allow_errors=True)
    assert again.status_code == 400 and "Tick \"Replace the result\"" in again.json()["detail"]
    assert [seat.score for seat in table_seats(game)] == before
    # With the tick and errors allowed, the director's word is final.
    replaced = correct(client, event, game, wrong_sheet(game), allow_errors=True)
    assert replaced.status_code == 201 and replaced.json()["version"] == 3
    own = SheetVersion.objects.get(game=game, number=3).validation["computed"]["own_final"]
    assert [seat.score for seat in table_seats(game)] == [own[side_id(n)] for n in range(1, 6)]
    assert DirectorAction.objects.filter(event=event, action="correct_sheet").count() == 2


def test_a_sheet_whose_sides_are_not_the_table_s_seats_is_refused_and_changes_nothing(players):
    client, event, game = players
    document = rules.registry.example("five_player")
    response = correct(client, event, game, document)
    assert response.status_code == 400   # malformed for this table, as the table's own sheet would be
    assert "one side for each, in seat order" in json.dumps(response.json())
    bad = correct(client, event, game, wrong_sheet(game))
    assert bad.status_code == 422
    assert not SheetVersion.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).status == Game.Status.SCHEDULED


def test_crazy_canasta_s_own_example_with_sides_a_and_b_is_read_as_north_south_then_east_west():
    director = make_director()
    event = make_event(director, teams=4, ruleset="crazy_canasta")
    game = table_game(event)
    client = APIClient()
    client.force_authenticate(director)
    document = rules.registry.example("crazy_canasta")
    assert [side["id"] for side in document["sides"]] == ["a", "b"]
    response = correct(client, event, game, document)
    assert response.status_code == 201, response.content
    final = SheetVersion.objects.get(game=game).validation["computed"]["final"]
    game.refresh_from_db()
    assert game.status == Game.Status.FINAL and (game.ns_total, game.ew_total) == (final["a"], final["b"])


def page_config(client, event, game) -> tuple[str, dict]:
    response = client.get(f"/director/events/{event.pk}/games/{game.pk}/sheet/")
    assert response.status_code == 200
    page = response.content.decode()
    return page, json.loads(page.split('id="sheet-config" type="application/json">')[1].split("</script>")[0])


def test_the_director_s_sheet_page_of_single_players_is_the_side_page_s_form_in_director_mode(players):
    client, event, game = players
    django_client = Client()
    django_client.force_login(client.director)
    submit_seat_sheet(game, wrong_sheet(game), "k1", review=True, reason="Hand 1 looks odd")
    page, config = page_config(django_client, event, game)
    assert "js/sides_sheet.js" in page and "js/table/main.js" not in page
    assert config["mode"] == "director" and config["players"] is True
    assert [side["id"] for side in config["sides"]] == [side_id(n) for n in range(1, 6)]
    assert config["start"]["hands"] == wrong_sheet(game)["hands"]   # the latest version, to correct
    assert config["urls"]["correct"] == f"/api/v1/events/{event.pk}/games/{game.pk}/correct/"
    assert 'id="correction-reason"' in page and 'id="replace-result"' not in page
    for seat in table_seats(game):
        assert f"<strong>{seat.team.name}</strong> <span class=\"muted\">seat {seat.position}</span>" in page


def test_the_director_s_sheet_page_of_crazy_canasta_is_the_side_page_s_and_nvso_s_is_unchanged():
    director = make_director()
    django_client = Client()
    django_client.force_login(director)
    crazy = make_event(director, teams=4, ruleset="crazy_canasta")
    page, config = page_config(django_client, crazy, table_game(crazy))
    assert config["mode"] == "director" and [side["id"] for side in config["sides"]] == ["ns", "ew"]
    assert "js/sides_sheet.js" in page
    nvso = make_event(director, teams=4)
    page, config = page_config(django_client, nvso, table_game(nvso))
    assert "js/table/main.js" in page and "js/sides_sheet.js" not in page and config["mode"] == "director"
    assert 'id="correction-reason"' not in page   # NVSO's script draws its own panel
