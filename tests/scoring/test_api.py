"""The REST API: table endpoints by token, the director's board and corrections, standings, schema."""

import json

import pytest
from rest_framework.authtoken.models import Token

from scoring import services
from scoring.models import SheetDraft, SheetVersion
from tests.factories import make_event
from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import EW_TOTAL, NS_TOTAL, sheet, with_bad_count
from tournament.core import services as tournament_services
from tournament.core.models import Game

pytestmark = pytest.mark.django_db


def stored(game):
    return list(SheetVersion.objects.filter(game=game).order_by("number").values_list("number", "status",
                                                                                       "document"))


def test_submitting_a_valid_sheet_answers_201_with_id_version_status_and_validation(api, game):
    response = post_sheet(api, game.table.token, sheet())
    assert response.status_code == 201
    body = response.json()
    version = SheetVersion.objects.get(game=game)
    assert body["id"] == version.pk and body["version"] == 1 and body["status"] == "submitted"
    assert body["validation"]["valid"] is True
    assert body["validation"]["computed"]["final"] == {"ns": NS_TOTAL, "ew": EW_TOTAL}


def test_the_same_key_again_gets_the_same_answer_and_stores_nothing_new(api, game):
    first = post_sheet(api, game.table.token, sheet(), key="retry-me")
    second = post_sheet(api, game.table.token, sheet(), key="retry-me")
    assert second.status_code == 201 and second.json() == first.json()
    assert second["Idempotent-Replayed"] == "true"
    assert SheetVersion.objects.filter(game=game).count() == 1


def test_a_submission_without_a_key_is_refused(api, game):
    response = api.post(f"/api/v1/tables/{game.table.token}/sheet/", data=sheet(), format="json")
    assert response.status_code == 400
    assert "Idempotency-Key" in response.json()["detail"]
    assert not SheetVersion.objects.exists()


@pytest.mark.parametrize("body", ["{not json", json.dumps({"format": "canasta-td/score-sheet@1"}),
                                  json.dumps([1, 2]), json.dumps({**sheet(), "colour": "red"})])
def test_malformed_input_answers_400_and_leaves_the_stored_version_untouched(api, game, body):
    post_sheet(api, game.table.token, sheet(), key="good")
    before = stored(game)
    response = post_sheet(api, game.table.token, body, key="bad")
    assert response.status_code == 400
    answer = response.json()
    assert answer["valid"] is False and answer["malformed"] is True and answer["computed"] is None
    assert answer["problems"] and all(p["message"] for p in answer["problems"])
    assert "Traceback" not in response.content.decode() and "Expecting" not in response.content.decode()
    assert stored(game) == before


def test_a_sheet_with_errors_answers_422_with_the_violations_and_changes_nothing(api, game):
    post_sheet(api, game.table.token, sheet(), key="good")
    before = stored(game)
    response = post_sheet(api, game.table.token, with_bad_count(), key="bad")
    assert response.status_code == 422
    errors = [v for v in response.json()["violations"] if v["severity"] == "error"]
    assert [(v["hand"], v["team"], v["field"]) for v in errors] == [(2, "ew", "count")]
    assert stored(game) == before


def test_review_sends_a_sheet_with_errors_to_the_director(api, game):
    response = post_sheet(api, game.table.token, with_bad_count(), key="k",
                          query="?review=1&reason=We%20agree%20on%20283")
    assert response.status_code == 201 and response.json()["status"] == "flagged"
    assert SheetVersion.objects.get(game=game).reason == "We agree on 283"


def test_an_unknown_token_answers_404(api, game):
    response = post_sheet(api, "no-such-token", sheet())
    assert response.status_code == 404 and response.json()["detail"]
    assert api.get("/api/v1/tables/no-such-token/sheet/").status_code == 404


def test_a_table_with_no_open_game_answers_409(api, director):
    event = make_event(director, teams=7)  # table 4 seats one team: a sit-out
    sit_out = Game.objects.get(round__event=event, status=Game.Status.SIT_OUT)
    response = post_sheet(api, sit_out.table.token, sheet())
    assert response.status_code == 409 and response.json()["code"] == "no_open_game"
    assert not SheetVersion.objects.exists()


def test_a_final_game_answers_409(api, game, director):
    tournament_services.record_game_result(game, ns_total=100, ew_total=50, user=director)
    response = post_sheet(api, game.table.token, sheet())
    assert response.status_code == 409
    assert not SheetVersion.objects.exists()


def test_a_token_reaches_only_its_own_table_s_game(api, event, game, director):
    other_game = Game.objects.get(round__event=event, round__number=1, table__number=2)
    other_event = make_event(director, teams=4, name="Another event")
    elsewhere = Game.objects.get(round__event=other_event, table__number=1)
    post_sheet(api, game.table.token, sheet())
    post_sheet(api, other_game.table.token, sheet(hands=[((2200, 325), (1800, 275))]))
    # table 1's token submitted and accepts only table 1's sheet
    assert SheetVersion.objects.get(game=game).document["hands"].__len__() == 3
    assert SheetVersion.objects.get(game=other_game).document["hands"].__len__() == 1
    assert not SheetVersion.objects.filter(game=elsewhere).exists()
    assert api.post(f"/api/v1/tables/{game.table.token}/sheet/accept/", {}, format="json").status_code == 200
    game.refresh_from_db()
    other_game.refresh_from_db()
    assert game.status == "final" and other_game.status == "scheduled"


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


def test_get_gives_the_latest_version(api, game):
    post_sheet(api, game.table.token, sheet(), key="a")
    post_sheet(api, game.table.token, sheet(hands=[((2200, 325), (1800, 275))]), key="b")
    body = api.get(f"/api/v1/tables/{game.table.token}/sheet/").json()
    assert (body["version"], body["status"], body["game"]) == (2, "submitted", game.pk)
    assert len(body["document"]["hands"]) == 1


def test_opponents_accept_with_their_code_when_the_event_asks(api, game):
    event = game.round.event
    event.require_opponent_code = True
    event.save()
    post_sheet(api, game.table.token, sheet())
    url = f"/api/v1/tables/{game.table.token}/sheet/accept/"
    wrong = api.post(url, {"code": game.ns_team.code, "version": 1}, format="json")
    assert wrong.status_code == 403 and "team code" in wrong.json()["detail"]
    right = api.post(url, {"code": game.ew_team.code, "version": 1}, format="json")
    assert right.status_code == 200
    assert right.json()["status"] == "accepted" and right.json()["winner"] == "ns"
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (NS_TOTAL, EW_TOTAL)


def test_opponents_dispute(api, game):
    post_sheet(api, game.table.token, sheet())
    response = api.post(f"/api/v1/tables/{game.table.token}/sheet/dispute/",
                        {"reason": "Count was wrong"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "disputed"
    accept = api.post(f"/api/v1/tables/{game.table.token}/sheet/accept/", {}, format="json")
    assert accept.status_code == 409


def test_the_draft_is_kept_and_answers_the_messages(api, game):
    url = f"/api/v1/tables/{game.table.token}/draft/"
    response = api.put(url, {"form": {"hands": [{"ns": {"base": "2200"}}]}, "sheet": with_bad_count()},
                       format="json")
    assert response.status_code == 200
    assert "count-not-multiple-of-five" in [v["code"] for v in response.json()["validation"]["violations"]]
    assert SheetDraft.objects.get(game=game).data == {"hands": [{"ns": {"base": "2200"}}]}
    assert api.get(url).json()["form"] == {"hands": [{"ns": {"base": "2200"}}]}
    assert api.put(url, data="nope", content_type="application/json").status_code == 400


def test_the_base_calculator(api, game):
    url = f"/api/v1/tables/{game.table.token}/base/"
    details = {"red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1, "went_out": True}
    assert api.post(url, {"details": details}, format="json").json() == {"base": 2200}
    bad = api.post(url, {"details": {"red_threes": 9}}, format="json")
    assert bad.status_code == 400 and bad.json()["detail"]


def test_table_endpoints_are_throttled_per_table(api, game, settings, monkeypatch):
    from scoring.api import TableThrottle

    monkeypatch.setattr(TableThrottle, "THROTTLE_RATES", {"table": "3/min"})
    url = f"/api/v1/tables/{game.table.token}/sheet/"
    codes = [api.get(url).status_code for _ in range(4)]
    assert codes == [404, 404, 404, 429]


# --- Directors ---------------------------------------------------------------------------------------

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


# --- Standings and schema ------------------------------------------------------------------------------

def test_standings_are_public_once_published_and_answer_304_when_unchanged(api, event, game, director):
    url = f"/api/v1/events/{event.pk}/standings/"
    assert api.get(url).status_code == 404
    services.set_standings_published(event, director, True)
    first = api.get(url)
    assert first.status_code == 200 and len(first.json()["rows"]) == 8
    etag = first["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game)
    changed = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    top = changed.json()["rows"][0]
    assert top["team"]["id"] == game.ns_team_id and top["wins"] == 1 and top["points"] == NS_TOTAL


def test_ping(api):
    assert api.get("/api/v1/ping/").json() == {"ok": True}


def test_the_openapi_schema_and_docs_are_served(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/v1/tables/{token}/sheet/" in schema.content
    assert client.get("/api/docs/").status_code == 200
