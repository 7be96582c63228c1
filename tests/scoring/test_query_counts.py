"""The busy pages and the submission cost a fixed number of queries, however big the event."""

import json

import pytest

from scoring import drafts, services
from tests.factories import make_event
from tests.scoring.sheets import sheet
from tournament.core import services as tournament_services
from tournament.core.models import Game

pytestmark = pytest.mark.django_db

# The board: its game's rows, the games and their calls to the director, the late sheets, the tables' open calls.
BOUND = {"standings": 8, "submit": 8, "board": 7, "table_page": 10, "accept": 11}


def play_all(round_, director):
    for game in Game.objects.filter(round=round_, status=Game.Status.SCHEDULED).select_related(
            "round__event", "table"):
        tournament_services.record_game_result(game, ns_total=3000 + game.table.number * 5, ew_total=2500,
                                               user=director)


@pytest.fixture
def big_event(director):
    """200 teams at 100 tables, three rotation games: two played, the third seated."""
    event = make_event(director, teams=200, standings_published=True)
    play_all(event.rounds.get(number=1), director)
    tournament_services.advance_to_next_game(event, director)
    play_all(event.rounds.get(number=2), director)
    tournament_services.advance_to_next_game(event, director)
    return event


@pytest.fixture
def small_event(director):
    """Eight teams, game 1 played and game 2 seated."""
    event = make_event(director, teams=8, standings_published=True, name="Small")
    play_all(event.rounds.get(number=1), director)
    tournament_services.advance_to_next_game(event, director)
    return event


@pytest.mark.parametrize("which", ["small_event", "big_event"])
def test_public_standings_page(client, request, which, django_assert_max_num_queries):
    event = request.getfixturevalue(which)
    with django_assert_max_num_queries(BOUND["standings"]):
        response = client.get(f"/e/{event.pk}/standings/")
    assert response.status_code == 200
    assert response.content.count(b"<tr data-team=") == event.teams.count()
    with django_assert_max_num_queries(4):
        assert client.get(f"/e/{event.pk}/standings/", HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


@pytest.mark.parametrize("which", ["small_event", "big_event"])
def test_standings_api(client, request, which, django_assert_max_num_queries):
    event = request.getfixturevalue(which)
    with django_assert_max_num_queries(BOUND["standings"]):
        response = client.get(f"/api/v1/events/{event.pk}/standings/")
    assert len(response.json()["rows"]) == event.teams.count()


@pytest.mark.parametrize("which", ["small_event", "big_event"])
def test_table_submission_and_acceptance(client, request, which, django_assert_max_num_queries):
    event = request.getfixturevalue(which)
    game = Game.objects.filter(round__event=event, status=Game.Status.SCHEDULED).order_by("-round__number").first()
    url = f"/api/v1/tables/{game.table.token}/sheet/"
    with django_assert_max_num_queries(BOUND["submit"]):
        response = client.post(url, data=json.dumps(sheet()), content_type="application/json",
                               HTTP_IDEMPOTENCY_KEY="k1")
    assert response.status_code == 201
    with django_assert_max_num_queries(BOUND["submit"]):
        assert client.post(url, data=json.dumps(sheet()), content_type="application/json",
                           HTTP_IDEMPOTENCY_KEY="k1").status_code == 201
    code = game.ew_team.code
    with django_assert_max_num_queries(BOUND["accept"]):
        assert client.post(url + "accept/", data=json.dumps({"code": code}),
                           content_type="application/json").status_code == 200


@pytest.mark.parametrize("which", ["small_event", "big_event"])
def test_director_board_and_table_page(client, director, request, which, django_assert_max_num_queries):
    event = request.getfixturevalue(which)
    round_ = event.rounds.order_by("-number").first()
    games = list(Game.objects.filter(round=round_, status=Game.Status.SCHEDULED).select_related("round__event"))
    services.submit_sheet(games[0], sheet(), "a")
    drafts.save_draft(games[-1], {"hands": []})
    client.force_login(director)
    # + session, user, messages; + the board's version and its event, when it is computed (published)
    with django_assert_max_num_queries(BOUND["board"] + 4 + 2):
        response = client.get(f"/director/events/{event.pk}/board/")
    assert response.status_code == 200
    with django_assert_max_num_queries(BOUND["board"] + 4):
        assert client.get(f"/api/v1/events/{event.pk}/board/").status_code == 200
    with django_assert_max_num_queries(BOUND["table_page"]):
        assert client.get(f"/t/{games[0].table.token}/").status_code == 200


@pytest.mark.parametrize("which", ["small_event", "big_event"])
def test_the_board_of_an_earlier_game(client, director, request, which, django_assert_max_num_queries):
    """?round=N costs what the latest game's board costs, however many games and calls the event has."""
    event = request.getfixturevalue(which)
    round_ = event.rounds.order_by("-number").first()
    for game in Game.objects.filter(round=round_, status=Game.Status.SCHEDULED).select_related(
            "round__event", "table")[:3]:
        services.submit_sheet(game, sheet(), f"k{game.pk}")
        services.dispute_sheet(game, reason="wrong count")
    earlier = Game.objects.filter(round__event=event, round__number=1).select_related("round__event").first()
    services.director_correct(earlier, sheet(), director, reason="paper sheet")
    client.force_login(director)
    with django_assert_max_num_queries(BOUND["board"] + 4):
        response = client.get(f"/director/events/{event.pk}/board/?round=1")
    assert response.status_code == 200 and b"Score sheets: game 1" in response.content
    assert b"3 need you" in response.content  # the current game's disputes, linked from game 1's board
    with django_assert_max_num_queries(BOUND["board"] + 4):
        body = client.get(f"/api/v1/events/{event.pk}/board/?round=1").json()
    assert body["round"] == 1 and body["rounds"][-1] == {"round": round_.number, "needs_director": 3}
