"""The director's endpoints: the board, corrections and a game's history, for the event's directors only."""

import datetime as dt

import pytest
import time_machine
from rest_framework.authtoken.models import Token

from scoring import services
from scoring.models import SheetVersion
from tests.factories import make_event
from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import EW_TOTAL, NS_TOTAL, sheet, with_bad_count
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
    anonymous = api.get(url)
    assert anonymous.status_code in (401, 403) and anonymous.json()["code"] == "not_authenticated"
    assert "tables" not in anonymous.json()
    api.force_authenticate(other_user)
    someone_else = api.get(url)
    assert someone_else.status_code == 403
    assert someone_else.json() == {"detail": "Only this event's directors can see this.", "code": "permission_denied"}
    api.force_authenticate(None)
    token = Token.objects.create(user=director)
    body = api.get(url, HTTP_AUTHORIZATION=f"Token {token.key}").json()
    assert body["round"] == 1 and body["counts"]["flagged"] == 1 and body["counts"]["missing"] == 3
    row = body["tables"][0]
    assert row["state"] == "flagged" and row["reason"] == "check" and row["messages"]


def test_the_director_corrects_through_the_api(api, event, game, director):
    post_sheet(api, game.table.token, sheet())
    api.post(f"/api/v1/tables/{game.table.token}/sheet/accept/", {"code": game.ew_team.code}, format="json")
    api.force_authenticate(director)
    url = f"/api/v1/events/{event.pk}/games/{game.pk}/correct/"
    refused = api.post(url, {"sheet": with_bad_count(), "reason": "typo"}, format="json")
    assert refused.status_code == 422
    missing_reason = api.post(url, {"sheet": sheet()}, format="json")
    assert missing_reason.status_code == 400
    assert list(SheetVersion.objects.filter(game=game).values_list("number", "status")) == [(1, "accepted")]
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (NS_TOTAL, EW_TOTAL)
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


# --- The answers' shapes, as the board page's script reads them --------------------------------------

NOON = dt.datetime(2026, 11, 20, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def signed_in(api, director):
    api.force_authenticate(director)
    return api


def test_the_board_row_of_every_state(signed_in, event, director):
    games = list(Game.objects.filter(round__event=event).select_related("table", "ns_team", "ew_team")
                 .order_by("table__number"))
    with time_machine.travel(NOON, tick=False):
        post_sheet(signed_in, games[0].table.token, with_bad_count(), key="a", query="?review=1&reason=check")
        post_sheet(signed_in, games[1].table.token, sheet(), key="b")
        services.dispute_sheet(games[1], reason="Hand 3 count was 400")
        signed_in.put(f"/api/v1/tables/{games[2].table.token}/draft/", {"form": {}}, format="json")
    flagged = SheetVersion.objects.get(game=games[0])
    body = signed_in.get(f"/api/v1/events/{event.pk}/board/").json()
    assert body["event"] == event.pk and body["round"] == 1
    assert body["rounds"] == [{"round": 1, "needs_director": 2}]
    assert body["counts"] == {"missing": 1, "draft": 1, "submitted": 0, "flagged": 1, "accepted": 0,
                              "disputed": 1, "superseded": 0}
    names = [(g.ns_team.name, g.ew_team.name) for g in games]
    # A table of two sides has no seats: the fields of a table of single players are null.
    assert all(row.pop("players") is None and row.pop("scores") is None for row in body["tables"])
    assert body["tables"] == [
        {"table": 1, "game": games[0].pk, "state": "flagged", "needs_director": True,
         "why": "Sent to the director by the scorekeeper", "locked": False, "ns": names[0][0], "ew": names[0][1],
         "version": 1, "ns_total": NS_TOTAL, "ew_total": 4298,
         "messages": [v["message"] for v in flagged.validation["violations"] if v["severity"] == "error"],
         "reason": "check", "disputes": [], "draft_at": None},
        {"table": 2, "game": games[1].pk, "state": "disputed", "needs_director": True,
         "why": "Disputed by the opponents", "locked": False, "ns": names[1][0], "ew": names[1][1],
         "version": 1, "ns_total": NS_TOTAL, "ew_total": EW_TOTAL, "messages": [], "reason": "",
         "disputes": ["Hand 3 count was 400"], "draft_at": None},
        {"table": 3, "game": games[2].pk, "state": "draft", "needs_director": False, "why": "", "locked": False,
         "ns": names[2][0], "ew": names[2][1], "version": None, "ns_total": None, "ew_total": None,
         "messages": [], "reason": "", "disputes": [], "draft_at": "2026-11-20T12:00:00+00:00"},
        {"table": 4, "game": games[3].pk, "state": "missing", "needs_director": False, "why": "", "locked": False,
         "ns": names[3][0], "ew": names[3][1], "version": None, "ns_total": None, "ew_total": None,
         "messages": [], "reason": "", "disputes": [], "draft_at": None},
    ]


def test_the_board_of_an_event_with_no_game_yet(signed_in, director):
    event = make_event(director, teams=4, seat=False, name="Not seated yet")
    url = f"/api/v1/events/{event.pk}/board/"
    assert signed_in.get(url).json() == {"event": event.pk, "round": None, "rounds": [], "counts": {},
                                         "tables": [], "late_sheets": [], "calls": []}
    missing = signed_in.get(url, {"round": 3})
    assert missing.status_code == 404
    assert missing.json() == {"detail": "This event has no game 3.", "code": "not_found"}


def test_a_correction_answers_the_version_in_short(signed_in, event, game):
    response = signed_in.post(f"/api/v1/events/{event.pk}/games/{game.pk}/correct/",
                              {"sheet": sheet(), "reason": "Paper sheet"}, format="json")
    version = SheetVersion.objects.get(game=game)
    assert response.status_code == 201
    assert response.json() == {"id": version.pk, "version": 1, "status": "accepted",
                               "validation": version.validation, "locked": False}


def test_a_correction_s_refused_fields_are_named_in_words(signed_in, event, game):
    response = signed_in.post(f"/api/v1/events/{event.pk}/games/{game.pk}/correct/", {}, format="json")
    sheet_words = 'Send the whole sheet as "sheet": a JSON object in the score-sheet format.'
    reason_words = ("Give a reason for the correction (at most 2,000 characters): it is kept with the sheet.")
    assert response.status_code == 400
    assert response.json() == {"detail": f"{sheet_words} {reason_words}", "code": "invalid",
                               "fields": {"sheet": sheet_words, "reason": reason_words}}
    assert not SheetVersion.objects.exists()


def test_the_history_lists_every_version_with_its_changes_and_decisions(signed_in, event, game, director):
    with time_machine.travel(NOON, tick=False):
        post_sheet(signed_in, game.table.token, sheet(), key="a")
        services.dispute_sheet(game, reason="Hand 2 count")
        services.director_correct(game, with_bad_count(), director, reason="Count was 283", allow_errors=True)
    first, second = SheetVersion.objects.filter(game=game).order_by("number")
    body = signed_in.get(f"/api/v1/events/{event.pk}/games/{game.pk}/history/").json()
    assert body == {"game": game.pk, "versions": [
        {"id": second.pk, "version": 2, "status": "accepted", "validation": second.validation, "locked": False,
         "game": game.pk, "table": 1, "document": with_bad_count(), "source": "director", "reason": "Count was 283",
         "ns_total": NS_TOTAL, "ew_total": 4298, "winner": "ns", "created_at": "2026-11-20T12:00:00+00:00",
         "submitted_by": director.username,
         "changes": [{"where": "Hand 2, East-West, count", "before": 130, "after": 283},
                     {"where": "Hand 2, East-West, total", "before": 1030, "after": 1183},
                     {"where": "Hand 2, East-West, cumulative", "before": 3105, "after": 3258},
                     {"where": "Hand 3, East-West, cumulative", "before": 4145, "after": 4298},
                     {"where": "Final, East-West", "before": 4145, "after": 4298}],
         "decisions": []},
        {"id": first.pk, "version": 1, "status": "superseded", "validation": first.validation, "locked": False,
         "game": game.pk, "table": 1, "document": sheet(), "source": "table", "reason": "",
         "ns_total": NS_TOTAL, "ew_total": EW_TOTAL, "winner": "ns", "created_at": "2026-11-20T12:00:00+00:00",
         "submitted_by": None, "changes": [],
         "decisions": [{"kind": "dispute", "reason": "Hand 2 count", "at": "2026-11-20T12:00:00+00:00"}]},
    ]}
