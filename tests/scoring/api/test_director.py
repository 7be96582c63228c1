"""The director's endpoints: the board, corrections and a game's history, for the event's directors only."""

import pytest
from rest_framework.authtoken.models import Token

from scoring.models import SheetVersion
from tests.factories import make_event
from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import sheet, with_bad_count
from tournament.core.models import Game

pytestmark = pytest.mark.django_db


def test_a_table_token_reaches_nothing_of_another_event_nor_the_director_s_endpoints(api, event, game, director):
    """Event A's table token, used every way a device could, against event B's table and A's and B's
    director endpoints. Each refusal is checked against a control that succeeds, so none can pass by
    accident (a wrong URL, a missing route)."""
    other_event = make_event(director, teams=4, name="Another event")
    elsewhere = Game.objects.select_related("table").get(round__event=other_event, table__number=1)
    a_token = game.table.token
    post_sheet(api, elsewhere.table.token, sheet(), key="b-sheet")  # B's table has a sheet waiting
    # A's token in the header does not open B's table: B's URL is answered as B's, and A's URL as A's.
    assert api.get(f"/api/v1/tables/{a_token}/sheet/", HTTP_AUTHORIZATION=f"Token {a_token}").status_code == 404
    assert api.get(f"/api/v1/tables/{a_token}/sheet/",
                   HTTP_AUTHORIZATION=f"Token {elsewhere.table.token}").status_code == 404
    # A's token cannot accept B's sheet, whatever the version number says.
    refused = api.post(f"/api/v1/tables/{a_token}/sheet/accept/", {"version": 1}, format="json")
    assert refused.status_code == 404 and refused.json()["code"] == "no_sheet"
    elsewhere.refresh_from_db()
    assert elsewhere.status == "scheduled"
    # The director endpoints: a table token is not a sign-in ("not known", where no header at all is asked
    # to sign in); a director's token is.
    director_token = Token.objects.create(user=director).key
    urls = [("get", f"/api/v1/events/{event.pk}/board/", None),
            ("get", f"/api/v1/events/{other_event.pk}/board/", None),
            ("get", f"/api/v1/events/{other_event.pk}/games/{elsewhere.pk}/history/", None),
            ("post", f"/api/v1/events/{other_event.pk}/games/{elsewhere.pk}/correct/",
             {"sheet": sheet(), "reason": "table token"})]
    for method, url, body in urls:
        for token in (a_token, elsewhere.table.token):
            response = getattr(api, method)(url, body, format="json", HTTP_AUTHORIZATION=f"Token {token}")
            assert response.status_code in (401, 403), (url, response.status_code)
            assert "not known" in response.json()["detail"]
        anonymous = getattr(api, method)(url, body, format="json")
        assert anonymous.status_code in (401, 403) and "not known" not in anonymous.json()["detail"]
    assert not SheetVersion.objects.filter(game=elsewhere, source="director").exists()
    for method, url, body in urls:
        body = {"sheet": sheet(), "reason": "by the director"} if body else None
        response = getattr(api, method)(url, body, format="json", HTTP_AUTHORIZATION=f"Token {director_token}")
        assert response.status_code in (200, 201), (url, response.status_code)
    assert SheetVersion.objects.filter(game=elsewhere, source="director").count() == 1


def test_the_board_for_the_event_s_directors_only(api, event, game, director, other_user):
    post_sheet(api, game.table.token, with_bad_count(), key="k", query="?review=1&reason=check")
    url = f"/api/v1/events/{event.pk}/board/"
    assert api.get(url).status_code in (401, 403)
    api.force_authenticate(other_user)
    assert api.get(url).status_code == 403
    api.force_authenticate(None)
    token = Token.objects.create(user=director)
    body = api.get(url, HTTP_AUTHORIZATION=f"Token {token.key}").json()
    assert body["round"] == 1 and body["counts"]["flagged"] == 1 and body["counts"]["missing"] == 3
    row = body["tables"][0]
    assert row["state"] == "flagged" and row["reason"] == "check" and row["messages"]


def test_the_director_corrects_through_the_api(api, event, game, director):
    post_sheet(api, game.table.token, sheet())
    api.post(f"/api/v1/tables/{game.table.token}/sheet/accept/", {}, format="json")
    api.force_authenticate(director)
    url = f"/api/v1/events/{event.pk}/games/{game.pk}/correct/"
    refused = api.post(url, {"sheet": with_bad_count(), "reason": "typo"}, format="json")
    assert refused.status_code == 422
    missing_reason = api.post(url, {"sheet": sheet()}, format="json")
    assert missing_reason.status_code == 400
    fixed = sheet(hands=[((2200, 325), (1800, 275))])
    response = api.post(url, {"sheet": fixed, "reason": "Only one hand was played"}, format="json")
    assert response.status_code == 201 and response.json()["version"] == 2
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (2525, 2075)
    history = api.get(f"/api/v1/events/{event.pk}/games/{game.pk}/history/").json()["versions"]
    assert [(v["version"], v["status"]) for v in history] == [(2, "accepted"), (1, "superseded")]
    assert any(c["where"] == "Final, North-South" for c in history[0]["changes"])


def test_a_director_of_another_event_cannot_correct(api, event, game, other_user):
    api.force_authenticate(other_user)
    response = api.post(f"/api/v1/events/{event.pk}/games/{game.pk}/correct/",
                        {"sheet": sheet(), "reason": "x"}, format="json")
    assert response.status_code == 403
    assert not SheetVersion.objects.exists()
