"""Correcting a game whose result is final: the director's page says so and sends `replace_result` only once
the director ticks it; without it, nothing changes."""

import pytest

from scoring.models import SheetVersion
from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import EW_TOTAL, NS_TOTAL, sheet

pytestmark = pytest.mark.django_db

ONE_HAND = sheet(hands=[((2200, 325), (1800, 275))])


def test_a_final_result_is_not_replaced_unless_the_director_ticks_it(api, event, game, director):
    post_sheet(api, game.table.token, sheet())
    api.post(f"/api/v1/tables/{game.table.token}/sheet/accept/", {"code": game.ew_team.code}, format="json")
    api.force_authenticate(director)
    url = f"/api/v1/events/{event.pk}/games/{game.pk}/correct/"
    refused = api.post(url, {"sheet": ONE_HAND, "reason": "One hand", "replace_result": False}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "result_final"
    assert f"this game's result is final (N-S {NS_TOTAL}, E-W {EW_TOTAL})" in refused.json()["detail"]
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (NS_TOTAL, EW_TOTAL)
    assert SheetVersion.objects.filter(game=game).count() == 1
    replaced = api.post(url, {"sheet": ONE_HAND, "reason": "One hand", "replace_result": True}, format="json")
    assert replaced.status_code == 201
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (2525, 2075)


def test_a_game_without_a_result_needs_no_tick(api, event, game, director):
    api.force_authenticate(director)
    url = f"/api/v1/events/{event.pk}/games/{game.pk}/correct/"
    response = api.post(url, {"sheet": ONE_HAND, "reason": "Paper sheet", "replace_result": False}, format="json")
    assert response.status_code == 201


def test_the_director_s_page_names_the_result_it_would_replace(client, event, game, director):
    from tests.scoring.test_pages import sheet_config

    client.force_login(director)
    url = f"/director/events/{event.pk}/games/{game.pk}/sheet/"
    assert sheet_config(client.get(url).content.decode())["result"] is None
    post_sheet(client, game.table.token, sheet())
    from scoring import services

    services.accept_sheet(game, code=game.ew_team.code)
    assert sheet_config(client.get(url).content.decode())["result"] == {"ns": NS_TOTAL, "ew": EW_TOTAL}
