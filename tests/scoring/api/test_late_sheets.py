"""A sheet names its game: a table that sends game 1's sheet after the director has seated game 2 (a retry
after a dropped connection, a slow scorekeeper) stores it against game 1, never game 2."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services
from scoring.models import LateSheet, SheetDraft, SheetVersion
from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import EW_TOTAL, NS_TOTAL, sheet, with_bad_count
from tournament.core import services as tournament_services
from tournament.core.models import Game

pytestmark = pytest.mark.django_db

SHORT = [((2200, 325), (1800, 275))]  # another sheet: one hand, 2525 to 2075


def next_game(game, director) -> Game:
    """Seat game 2 (game 1's results or not) and answer table 1's game 2."""
    tournament_services.advance_to_next_game(game.round.event, director, force=True)
    return Game.objects.select_related("ew_team").get(round__event=game.round.event, round__number=2,
                                                      table=game.table)


def accept(api, at, **named):
    """Accept as East-West of the game named (or of `at`), with their team code, as the event asks."""
    query = "".join(f"?{name}={value}" for name, value in named.items())
    games = Game.objects.filter(table=at.table).select_related("ew_team")
    target = games.get(pk=named["game"]) if "game" in named else (
        games.get(round__number=named["round"]) if "round" in named else at)
    code = target.ew_team.code if target.ew_team else ""
    return api.post(f"/api/v1/tables/{at.table.token}/sheet/accept/{query}", {"code": code}, format="json")


@pytest.fixture
def game1_final(api, game, director):
    """Game 1 at table 1 accepted at the table (the result is final), then game 2 seated."""
    post_sheet(api, game.table.token, sheet(), key="first", query=f"?game={game.pk}")
    assert accept(api, game, game=game.pk).status_code == 200
    return game, next_game(game, director)


def test_a_late_sheet_for_a_final_game_is_kept_for_the_director_and_changes_no_result(api, game1_final):
    game1, game2 = game1_final
    response = post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query=f"?game={game1.pk}")
    assert response.status_code == 202
    body = response.json()
    assert body["code"] == "late_sheet" and (body["game"], body["round"]) == (game1.pk, 1)
    assert "already final" in body["detail"] and "director" in body["detail"]
    late = LateSheet.objects.get()
    assert body["late_sheet"] == late.pk and late.game == game1 and (late.ns_total, late.ew_total) == (2525, 2075)
    game1.refresh_from_db()
    assert (game1.ns_total, game1.ew_total, game1.status) == (NS_TOTAL, EW_TOTAL, "final")
    assert SheetVersion.objects.filter(game=game1).count() == 1
    assert not SheetVersion.objects.filter(game=game2).exists()


def test_a_late_sheet_named_by_its_round_number_is_kept_the_same_way(api, game1_final):
    game1, game2 = game1_final
    response = post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query="?round=1")
    assert response.status_code == 202 and LateSheet.objects.get().game == game1
    assert not SheetVersion.objects.filter(game=game2).exists()


def test_a_late_sheet_sent_again_with_its_key_is_answered_the_same_and_kept_once(api, game1_final):
    game1, _ = game1_final
    first = post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query=f"?game={game1.pk}")
    again = post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query=f"?game={game1.pk}")
    assert again.status_code == 202 and again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert LateSheet.objects.count() == 1


def test_a_late_key_with_another_sheet_is_refused(api, game1_final):
    game1, _ = game1_final
    post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query=f"?game={game1.pk}")
    response = post_sheet(api, game1.table.token, sheet(), key="late", query=f"?game={game1.pk}")
    assert response.status_code == 409 and response.json()["code"] == "key_reused"
    assert LateSheet.objects.count() == 1


def test_a_retry_of_a_sheet_stored_before_the_next_game_is_a_replay_not_a_late_sheet(api, game1_final):
    game1, _ = game1_final
    response = post_sheet(api, game1.table.token, sheet(), key="first", query=f"?game={game1.pk}")
    assert response.status_code == 201 and response["Idempotent-Replayed"] == "true"
    assert not LateSheet.objects.exists()


def test_a_sheet_with_errors_for_a_final_game_is_refused_as_any_sheet(api, game1_final):
    game1, _ = game1_final
    response = post_sheet(api, game1.table.token, with_bad_count(), key="late", query=f"?game={game1.pk}")
    assert response.status_code == 422 and not LateSheet.objects.exists()


def test_a_sheet_for_an_earlier_game_without_a_result_is_that_game_s_version(api, game, director):
    game2 = next_game(game, director)
    response = post_sheet(api, game.table.token, sheet(), key="slow", query=f"?game={game.pk}")
    assert response.status_code == 201 and response.json()["version"] == 1
    assert SheetVersion.objects.get().game == game
    assert not SheetVersion.objects.filter(game=game2).exists() and not LateSheet.objects.exists()


def test_the_opponents_accept_the_earlier_game_they_name_and_only_it(api, game, director):
    game2 = next_game(game, director)
    post_sheet(api, game.table.token, sheet(), key="slow", query=f"?game={game.pk}")
    response = accept(api, game, game=game.pk)
    assert response.status_code == 200 and response.json()["status"] == "accepted"
    game.refresh_from_db()
    game2.refresh_from_db()
    assert (game.status, game.ns_total, game.ew_total) == ("final", NS_TOTAL, EW_TOTAL)
    assert game2.status == "scheduled" and game2.ns_total is None


def test_the_opponents_dispute_the_earlier_game_they_name(api, game, director):
    game2 = next_game(game, director)
    post_sheet(api, game.table.token, sheet(), key="slow", query="?round=1")
    response = api.post(f"/api/v1/tables/{game.table.token}/sheet/dispute/?round=1", {"reason": "Count"},
                        format="json")
    assert response.status_code == 200 and response.json()["status"] == "disputed"
    assert SheetVersion.objects.get(game=game).status == "disputed"
    assert not SheetVersion.objects.filter(game=game2).exists()


def test_accepting_without_naming_the_game_answers_about_the_open_game_as_before(api, game, director):
    next_game(game, director)
    post_sheet(api, game.table.token, sheet(), key="slow", query=f"?game={game.pk}")
    response = accept(api, game)
    assert response.status_code == 404 and response.json()["code"] == "no_sheet"
    game.refresh_from_db()
    assert game.status == "scheduled"


def test_a_submission_that_names_no_game_is_the_open_game_s_as_before(api, game, director):
    game2 = next_game(game, director)
    assert post_sheet(api, game.table.token, sheet(), key="old-client").status_code == 201
    assert SheetVersion.objects.get().game == game2


@pytest.mark.parametrize("name", ["game", "round"])
def test_a_game_unknown_at_the_table_answers_409_and_stores_nothing(api, event, game, name):
    other = Game.objects.get(round__event=event, round__number=1, table__number=2)
    value = other.pk if name == "game" else 7
    response = post_sheet(api, game.table.token, sheet(), query=f"?{name}={value}")
    assert response.status_code == 409
    assert response.json()["code"] == "unknown_game" and "reload the page" in response.json()["detail"]
    assert not SheetVersion.objects.exists() and not LateSheet.objects.exists()


@pytest.mark.parametrize("call", [
    lambda api, url: api.post(f"{url}sheet/accept/?game=999999", {}, format="json"),
    lambda api, url: api.post(f"{url}sheet/dispute/?round=9", {"reason": "no"}, format="json"),
    lambda api, url: api.put(f"{url}draft/?game=999999", {"form": {"hands": []}}, format="json"),
    lambda api, url: api.get(f"{url}draft/?round=9"),
    lambda api, url: api.get(f"{url}sheet/?game=999999"),
])
def test_every_table_endpoint_answers_409_for_a_game_unknown_at_the_table(api, game, call):
    post_sheet(api, game.table.token, sheet())
    response = call(api, f"/api/v1/tables/{game.table.token}/")
    assert response.status_code == 409 and response.json()["code"] == "unknown_game"
    assert SheetVersion.objects.get().status == "submitted" and not SheetDraft.objects.exists()


@pytest.mark.parametrize("query", ["?game=abc", "?round=-1", "?game=1&round=1"])
def test_a_game_named_wrong_is_refused_in_a_sentence(api, game, query):
    response = post_sheet(api, game.table.token, sheet(), query=query)
    assert response.status_code == 400 and response.json()["code"] == "invalid"
    assert "game" in response.json()["detail"] and not SheetVersion.objects.exists()


def test_a_draft_naming_an_old_game_is_kept_for_that_game(api, game, director):
    game2 = next_game(game, director)
    response = api.put(f"/api/v1/tables/{game.table.token}/draft/?game={game.pk}",
                       {"form": {"hands": [{"ns": {"base": "2200"}}]}}, format="json")
    assert response.status_code == 200 and response.json()["game"] == game.pk
    assert SheetDraft.objects.get().game == game and not SheetDraft.objects.filter(game=game2).exists()
    read = api.get(f"/api/v1/tables/{game.table.token}/draft/?round=1")
    assert read.status_code == 200 and read.json()["form"] == {"hands": [{"ns": {"base": "2200"}}]}


def test_reading_the_sheet_of_a_named_game(api, game1_final):
    game1, game2 = game1_final
    named = api.get(f"/api/v1/tables/{game1.table.token}/sheet/?game={game1.pk}")
    assert named.status_code == 200 and (named.json()["game"], named.json()["status"]) == (game1.pk, "accepted")
    latest = api.get(f"/api/v1/tables/{game1.table.token}/sheet/")
    assert latest.status_code == 404 and latest.json()["game"] == game2.pk


def test_a_correction_by_the_director_settles_the_game_s_late_sheets(api, game1_final, director):
    game1, _ = game1_final
    post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query=f"?game={game1.pk}")
    services.director_correct(game1, sheet(hands=SHORT), director, reason="The late sheet is right.")
    late = LateSheet.objects.get()
    assert late.settled_at is not None and late.settled_by == director
    game1.refresh_from_db()
    assert (game1.ns_total, game1.ew_total) == (2525, 2075)


# --- The director's board -----------------------------------------------------------------------------

def test_the_board_shows_a_late_sheet_next_to_the_result_until_the_director_keeps_the_result(
        api, client, game1_final, director):
    game1, _ = game1_final
    post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query=f"?game={game1.pk}")
    api.force_authenticate(director)
    board = api.get(f"/api/v1/events/{game1.round.event_id}/board/").json()
    assert board["round"] == 2 and len(board["tables"]) == 4
    (row,) = board["late_sheets"]
    assert (row["game"], row["round"], row["table"], row["ns_total"], row["ew_total"]) == (game1.pk, 1, 1, 2525, 2075)
    assert (row["result_ns_total"], row["result_ew_total"], row["agrees"]) == (NS_TOTAL, EW_TOTAL, False)
    client.force_login(director)
    page = client.get(f"/director/events/{game1.round.event_id}/board/").content.decode()
    assert "Late sheets" in page and "different totals" in page and "Keep the result" in page
    settled = api.post(f"/api/v1/events/{game1.round.event_id}/late-sheets/{row['id']}/settle/")
    assert settled.status_code == 200
    assert api.get(f"/api/v1/events/{game1.round.event_id}/board/").json()["late_sheets"] == []
    assert "Late sheets" not in client.get(f"/director/events/{game1.round.event_id}/board/").content.decode()
    game1.refresh_from_db()
    assert (game1.ns_total, game1.ew_total) == (NS_TOTAL, EW_TOTAL)


def test_keeping_the_result_from_the_board_page_settles_the_late_sheet(api, client, game1_final, director):
    game1, _ = game1_final
    post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query=f"?game={game1.pk}")
    late = LateSheet.objects.get()
    client.force_login(director)
    response = client.post(f"/director/events/{game1.round.event_id}/late-sheets/{late.pk}/settle/")
    assert response.status_code == 302
    late.refresh_from_db()
    assert late.settled_by == director


def test_only_the_event_s_directors_settle_a_late_sheet(api, game1_final, other_user):
    game1, _ = game1_final
    post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query=f"?game={game1.pk}")
    late = LateSheet.objects.get()
    api.force_authenticate(other_user)
    assert api.post(f"/api/v1/events/{game1.round.event_id}/late-sheets/{late.pk}/settle/").status_code == 403
    late.refresh_from_db()
    assert late.settled_at is None


def test_the_game_s_page_starts_a_correction_from_the_late_sheet(api, client, game1_final, director):
    game1, _ = game1_final
    post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query=f"?game={game1.pk}")
    late = LateSheet.objects.get()
    client.force_login(director)
    response = client.get(f"/director/events/{game1.round.event_id}/games/{game1.pk}/sheet/?late={late.pk}")
    assert response.status_code == 200
    assert response.context["config"]["start"] == late.document
    assert "Start a correction from this late sheet" in response.content.decode()


def test_the_board_costs_the_same_queries_with_late_sheets(api, client, game1_final, director,
                                                           django_assert_num_queries):
    game1, _ = game1_final
    client.force_login(director)
    url = f"/api/v1/events/{game1.round.event_id}/board/"
    client.get(url)
    with CaptureQueriesContext(connection) as without:
        client.get(url)
    queries = len(without)  # now: each request clears the connection's log
    for number, table_game in enumerate(Game.objects.filter(round__number=1).exclude(pk=game1.pk)):
        tournament_services.record_game_result(table_game, ns_total=100, ew_total=50, user=director)
        post_sheet(api, table_game.table.token, sheet(), key=f"k{number}", query=f"?game={table_game.pk}")
    post_sheet(api, game1.table.token, sheet(hands=SHORT), key="late", query=f"?game={game1.pk}")
    with django_assert_num_queries(queries):
        body = client.get(url).json()
    assert len(body["late_sheets"]) == 4
