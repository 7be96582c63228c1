"""The table's endpoints: the sheet, the opponents' answer, the draft and the Base, reached by the table's token."""

import datetime as dt
import json

import pytest
import time_machine

from scoring.models import SheetDecision, SheetDraft, SheetVersion
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
    assert response.status_code == 404
    assert response.json() == {"detail": "This table link is not known. Scan the QR code on the table card again.",
                               "code": "not_found"}
    assert api.get("/api/v1/tables/no-such-token/sheet/").status_code == 404
    assert not SheetVersion.objects.exists()


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
    accept = f"/api/v1/tables/{game.table.token}/sheet/accept/"
    assert api.post(accept, {"code": game.ew_team.code}, format="json").status_code == 200
    game.refresh_from_db()
    other_game.refresh_from_db()
    assert game.status == "final" and other_game.status == "scheduled"


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
    decision = SheetDecision.objects.get(version__game=game)
    assert (decision.kind, decision.reason) == ("dispute", "Count was wrong")
    accept = api.post(f"/api/v1/tables/{game.table.token}/sheet/accept/", {}, format="json")
    assert accept.status_code == 409 and accept.json()["code"] == "not_acceptable"
    game.refresh_from_db()
    assert game.status == "scheduled" and SheetVersion.objects.get(game=game).status == "disputed"


def test_the_draft_is_kept_and_answers_the_messages(api, game):
    url = f"/api/v1/tables/{game.table.token}/draft/"
    response = api.put(url, {"form": {"hands": [{"ns": {"base": "2200"}}]}, "sheet": with_bad_count()},
                       format="json")
    assert response.status_code == 200
    assert "count-not-multiple-of-five" in [v["code"] for v in response.json()["validation"]["violations"]]
    assert SheetDraft.objects.get(game=game).data == {"hands": [{"ns": {"base": "2200"}}]}
    assert api.get(url).json()["form"] == {"hands": [{"ns": {"base": "2200"}}]}
    assert api.put(url, data="nope", content_type="application/json").status_code == 400
    assert SheetDraft.objects.get(game=game).data == {"hands": [{"ns": {"base": "2200"}}]}


def test_the_base_calculator(api, game):
    url = f"/api/v1/tables/{game.table.token}/base/"
    details = {"red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1, "went_out": True}
    assert api.post(url, {"details": details}, format="json").json() == {"base": 2200}
    bad = api.post(url, {"details": {"red_threes": 9}}, format="json")
    assert bad.status_code == 400 and bad.json()["detail"]


def test_table_endpoints_are_throttled_per_table(api, game, settings, monkeypatch):
    from scoring.api.throttles import TableThrottle

    monkeypatch.setattr(TableThrottle, "THROTTLE_RATES", {"table": "3/min"})
    url = f"/api/v1/tables/{game.table.token}/sheet/"
    codes = [api.get(url).status_code for _ in range(4)]
    assert codes == [404, 404, 404, 429]


# --- The answers' shapes, as the table page reads them -------------------------------------------------

NOON = dt.datetime(2026, 11, 20, 12, 0, tzinfo=dt.UTC)


def test_the_submission_answer_is_the_version_in_short(api, game):
    first = post_sheet(api, game.table.token, sheet(), key="once")
    version = SheetVersion.objects.get(game=game)
    assert first.json() == {"id": version.pk, "version": 1, "status": "submitted",
                            "validation": version.validation, "locked": False}
    assert not first.has_header("Idempotent-Replayed")


def test_the_latest_version_is_answered_in_full(api, game):
    with time_machine.travel(NOON, tick=False):
        post_sheet(api, game.table.token, with_bad_count(), key="k", query="?review=1&reason=We%20agree")
    version = SheetVersion.objects.get(game=game)
    assert api.get(f"/api/v1/tables/{game.table.token}/sheet/").json() == {
        "id": version.pk, "version": 1, "status": "flagged", "validation": version.validation, "locked": False,
        "game": game.pk, "table": 1, "document": with_bad_count(), "source": "table", "reason": "We agree",
        "ns_total": NS_TOTAL, "ew_total": 4298, "winner": "ns", "created_at": "2026-11-20T12:00:00+00:00",
        "submitted_by": None,
    }


def test_no_sheet_yet_is_a_404_that_names_the_game(api, game, director):
    response = api.get(f"/api/v1/tables/{game.table.token}/sheet/")
    assert response.status_code == 404
    assert response.json() == {"detail": "No sheet has been submitted at this table yet.", "code": "no_sheet",
                               "game": game.pk}
    unseated = make_event(director, teams=4, seat=False, name="Not seated yet")
    response = api.get(f"/api/v1/tables/{unseated.tables.first().token}/sheet/")
    assert response.status_code == 404 and response.json()["game"] is None


def test_the_opponents_answer_is_the_version_with_its_totals_and_winner(api, game):
    post_sheet(api, game.table.token, sheet())
    version = SheetVersion.objects.get(game=game)
    response = api.post(f"/api/v1/tables/{game.table.token}/sheet/accept/",
                        {"version": 1, "code": game.ew_team.code}, format="json")
    assert response.json() == {"id": version.pk, "version": 1, "status": "accepted", "validation": version.validation,
                               "locked": False, "ns_total": NS_TOTAL, "ew_total": EW_TOTAL, "winner": "ns"}


def test_the_draft_answers_what_was_kept_and_when(api, game):
    url = f"/api/v1/tables/{game.table.token}/draft/"
    missing = api.get(url)
    assert missing.status_code == 404
    assert missing.json() == {"detail": "Nothing has been typed at this table yet.", "code": "no_draft"}
    with time_machine.travel(NOON, tick=False):
        kept = api.put(url, {"form": {"hands": []}}, format="json")
    assert kept.json() == {"game": game.pk, "updated_at": "2026-11-20T12:00:00+00:00", "validation": None,
                           "revision": 1}
    assert api.get(url).json() == {"game": game.pk, "updated_at": "2026-11-20T12:00:00+00:00",
                                    "form": {"hands": []}, "validation": None, "revision": 1,
                                    "latest_version": None}
    refused = api.put(url, {"form": [1]}, format="json")
    assert refused.status_code == 400
    assert refused.json() == {"detail": "A draft is the form's fields and values.", "code": "invalid"}
    assert SheetDraft.objects.get(game=game).data == {"hands": []}
