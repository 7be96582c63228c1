"""The table's sheet of every game but NVSO, through the table's endpoints: the five-player game, a Canasta 21
table of three, the solitaire (single players: one side per seat, confirmed by another player), and Crazy
Canasta (two partnerships, confirmed by East-West as NVSO is)."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

import rules.registry
from scoring.models import SheetDecision, SheetDraft, SheetVersion
from scoring.seat_sheets import side_id, table_seats
from tests.factories import make_director, make_event, make_players_event
from tests.scoring.conftest import post_sheet
from tournament.core import services
from tournament.core.models import DirectorAction, Game

pytestmark = pytest.mark.django_db


def renamed(example: dict, ids: list[str], labels: list[str]) -> dict:
    """The rule set's own example sheet with its sides renamed to the table's (in order)."""
    old = [side["id"] for side in example["sides"]]
    assert len(old) == len(ids)
    mapping = dict(zip(old, ids, strict=True))
    return {"format": example["format"], "ruleset": example["ruleset"], "options": example.get("options"),
            "sides": [{"id": new, "label": label} for new, label in zip(ids, labels, strict=True)],
            "hands": [{mapping[key]: line for key, line in hand.items()} for hand in example["hands"]]}


def table_game(event, number=1) -> Game:
    return Game.objects.select_related("round__event", "table", "ns_team", "ew_team").get(
        round__event=event, round__number=1, table__number=number)


def seat_sheet(game, ruleset) -> dict:
    seats = table_seats(game)
    if ruleset == "fibonacci21_solitaire":
        return {"format": "canasta-td/score-sheet@2", "ruleset": ruleset, "sides": [{"id": "s1", "label": "Me"}],
                "hands": [{"s1": {"discards": 14}}]}
    return renamed(rules.registry.example(ruleset), [side_id(s.position) for s in seats],
                   [s.team.name for s in seats])


@pytest.fixture
def api():
    return APIClient()


def accept(api, game, **body):
    return api.post(f"/api/v1/tables/{game.table.token}/sheet/accept/?game={game.pk}", data=json.dumps(body),
                    content_type="application/json")


PLAYER_GAMES = [("five_player", 5, ""), ("canasta21", 3, "3"), ("fibonacci21_solitaire", 2, "")]


@pytest.mark.parametrize(("ruleset", "players", "seats"), PLAYER_GAMES)
def test_a_table_of_single_players_submits_and_another_player_confirms_with_their_code(api, ruleset, players,
                                                                                       seats):
    event = make_players_event(make_director(), ruleset=ruleset, players=players, table_seats=seats,
                               require_opponent_code=True)
    game = table_game(event)
    seats_ = table_seats(game)
    document = seat_sheet(game, ruleset)
    response = post_sheet(api, game.table.token, document, key="k1", query=f"?game={game.pk}&keeper=1")
    assert response.status_code == 201, response.json()
    version = SheetVersion.objects.get(game=game)
    assert version.keeper == 1 and version.status == "submitted"
    # A retry with the key is answered, not stored.
    again = post_sheet(api, game.table.token, document, key="k1", query=f"?game={game.pk}&keeper=1")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert SheetVersion.objects.filter(game=game).count() == 1
    if len(seats_) > 1:  # the scorekeeper's own code is refused, and counts as no wrong code
        own = accept(api, game, code=seats_[0].team.code, version=1)
        assert own.status_code == 400 and "cannot confirm their own sheet" in own.json()["detail"]
        confirmer = seats_[1]
    else:  # the solitaire: the player alone confirms their number with their own code
        confirmer = seats_[0]
    wrong = accept(api, game, code="0000" if confirmer.team.code != "0000" else "9999", version=1)
    assert wrong.status_code == 403
    assert accept(api, game, code=confirmer.team.code, version=1).status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.FINAL
    version.refresh_from_db()
    assert version.status == "accepted" and version.wrong_codes == 1
    computed = version.validation["computed"]
    own = computed.get("own_final") or computed["final"]
    assert {s.position: s.score for s in table_seats(game)} == {s.position: own[side_id(s.position)] for s in seats_}
    decision = SheetDecision.objects.get(version=version)
    assert decision.seat == confirmer.position and decision.code_checked
    assert DirectorAction.objects.filter(event=event, action="record_seat_results").count() == 1
    # Accepting again answers the same and records nothing more.
    assert accept(api, game, code=confirmer.team.code, version=1).status_code == 200
    assert DirectorAction.objects.filter(event=event, action="record_seat_results").count() == 1
    # The page now shows the result.
    page = api.get(f"/t/{game.table.token}/")
    assert b"sides_sheet.js" in page.content


def test_without_codes_a_player_names_their_seat_and_the_scorekeeper_cannot(api):
    event = make_players_event(make_director(), ruleset="five_player", players=5, require_opponent_code=False)
    game = table_game(event)
    assert post_sheet(api, game.table.token, seat_sheet(game, "five_player"), query=f"?game={game.pk}&keeper=3"
                      ).status_code == 201
    assert accept(api, game).status_code == 400                     # who confirms? not said
    assert accept(api, game, seat=3).json()["code"] == "own_sheet"  # the scorekeeper
    assert accept(api, game, seat=4).status_code == 200
    assert SheetDecision.objects.get().seat == 4


def test_refusals_change_nothing(api):
    event = make_players_event(make_director(), ruleset="canasta21", players=3, table_seats="3")
    game = table_game(event)
    good = seat_sheet(game, "canasta21")
    # A scorekeeper who is not at the table, sides that are not the table's seats, a sheet with errors.
    assert post_sheet(api, game.table.token, good, query=f"?game={game.pk}&keeper=4").status_code == 400
    typo = post_sheet(api, game.table.token, good, query=f"?game={game.pk}&keeper=one")
    assert typo.status_code == 400 and typo.json()["fields"]["keeper"].startswith("The scorekeeper is named")
    wrong_sides = {**good, "sides": [{**side, "id": f"p{n}"} for n, side in enumerate(good["sides"])],
                   "hands": [{f"p{n}": line for n, line in enumerate(hand.values())} for hand in good["hands"]]}
    refused = post_sheet(api, game.table.token, wrong_sides, key="k2", query=f"?game={game.pk}")
    assert refused.status_code == 400 and refused.json()["problems"][0]["path"] == "$.sides"
    bad = json.loads(json.dumps(good))
    bad["hands"][0]["s1"]["count"] += 1
    bad["hands"][0]["s1"].pop("total", None)
    assert post_sheet(api, game.table.token, bad, key="k3", query=f"?game={game.pk}").status_code == 422
    assert not SheetVersion.objects.exists()
    # A key used again for another sheet is refused; a sheet for a table of another event too.
    assert post_sheet(api, game.table.token, good, key="k4", query=f"?game={game.pk}").status_code == 201
    assert post_sheet(api, game.table.token, bad, key="k4", query=f"?game={game.pk}").status_code in (409, 422)
    assert SheetVersion.objects.count() == 1
    assert Game.objects.get(pk=game.pk).status == Game.Status.SCHEDULED


def test_a_dispute_calls_the_director_and_the_table_cannot_send_again(api):
    event = make_players_event(make_director(), ruleset="five_player", players=5)
    game = table_game(event)
    post_sheet(api, game.table.token, seat_sheet(game, "five_player"), query=f"?game={game.pk}")
    disputed = api.post(f"/api/v1/tables/{game.table.token}/sheet/dispute/?game={game.pk}",
                        data=json.dumps({"reason": "Hand 2 is wrong", "seat": 2}), content_type="application/json")
    assert disputed.status_code == 200 and disputed.json()["status"] == "disputed"
    assert post_sheet(api, game.table.token, seat_sheet(game, "five_player"), key="k9",
                      query=f"?game={game.pk}").status_code == 409
    assert Game.objects.get(pk=game.pk).status == Game.Status.SCHEDULED


def test_drafts_are_shared_and_a_phone_that_is_behind_gets_the_newer_draft(api):
    event = make_players_event(make_director(), ruleset="fibonacci21_solitaire", players=2)
    game = table_game(event)
    url = f"/api/v1/tables/{game.table.token}/draft/?game={game.pk}"
    sheet = seat_sheet(game, "fibonacci21_solitaire")
    first = api.put(url, data=json.dumps({"form": {"hands": [{"s1": {"discards": "14"}}]}, "sheet": sheet,
                                          "revision": 0}), content_type="application/json")
    assert first.status_code == 200 and first.json()["revision"] == 1
    assert first.json()["validation"]["valid"] is True
    behind = api.put(url, data=json.dumps({"form": {"hands": [{"s1": {"discards": "9"}}]}, "revision": 0}),
                     content_type="application/json")
    assert behind.status_code == 409 and behind.json()["draft"]["form"]["hands"][0]["s1"]["discards"] == "14"
    assert SheetDraft.objects.get(game=game).data["hands"][0]["s1"]["discards"] == "14"


def test_crazy_canasta_sides_are_the_two_partnerships_and_east_west_confirms(api):
    event = make_event(make_director(), teams=4, ruleset="crazy_canasta", require_opponent_code=True)
    game = table_game(event)
    document = renamed(rules.registry.example("crazy_canasta"), ["ns", "ew"],
                       [game.ns_team.name, game.ew_team.name])
    page = api.get(f"/t/{game.table.token}/")
    config = json.loads(page.content.split(b'id="sheet-config" type="application/json">')[1].split(b"</script>")[0])
    assert [side["id"] for side in config["sides"]] == ["ns", "ew"]
    assert config["format"] == "canasta-td/score-sheet@2"
    assert {f["name"] for f in config["line"] if f["required"]} == {"base", "count"}
    assert post_sheet(api, game.table.token, document, query=f"?game={game.pk}").status_code == 201
    assert accept(api, game, code=game.ns_team.code).status_code == 403
    assert accept(api, game, code=game.ew_team.code).status_code == 200
    game.refresh_from_db()
    final = SheetVersion.objects.get(game=game).validation["computed"]["final"]
    assert game.status == Game.Status.FINAL and (game.ns_total, game.ew_total) == (final["ns"], final["ew"])


def test_a_knockout_of_single_players_two_to_a_table_is_scored_as_two_sides(api, director):
    """Fibonacci 21 two to a table may play a knockout: its bracket's games seat North-South and East-West, not
    seats, so the table sends a two-side sheet, East-West confirms it, and the director corrects it as such."""
    import random

    from scoring import seat_sheets
    from tournament.knockout.services.drawing import create_bracket

    event = make_players_event(director, ruleset="fibonacci21", players=4, table_seats="2", seat=False,
                               format="knockout", require_opponent_code=True)
    create_bracket(event, director, list(event.teams.order_by("number").values_list("pk", flat=True)),
                   seeded_by="standings", rng=random.Random(1))
    game = Game.objects.select_related("round__event", "table", "ns_team", "ew_team").filter(
        round__event=event).order_by("table__number").first()
    page = api.get(f"/t/{game.table.token}/")
    config = json.loads(page.content.split(b'id="sheet-config" type="application/json">')[1].split(b"</script>")[0])
    assert [side["id"] for side in config["sides"]] == ["ns", "ew"] and config["players"] is False
    document = renamed(rules.registry.example("fibonacci21"), ["ns", "ew"], [game.ns_team.name, game.ew_team.name])
    assert post_sheet(api, game.table.token, document, query=f"?game={game.pk}").status_code == 201
    assert accept(api, game, code=game.ew_team.code).status_code == 200
    game.refresh_from_db()
    final = SheetVersion.objects.get(game=game).validation["computed"]["final"]
    assert game.status == Game.Status.FINAL and (game.ns_total, game.ew_total) == (final["ns"], final["ew"])
    flipped = renamed(rules.registry.example("fibonacci21"), ["ew", "ns"], [game.ew_team.name, game.ns_team.name])
    seat_sheets.director_correct_any(game, flipped, director, reason="paper sheet", replace_result=True)
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (final["ew"], final["ns"])


def test_the_solitaire_page_asks_one_number():
    event = make_players_event(make_director(), ruleset="fibonacci21_solitaire", players=2)
    game = table_game(event)
    page = APIClient().get(f"/t/{game.table.token}/")
    config = json.loads(page.content.split(b'id="sheet-config" type="application/json">')[1].split(b"</script>")[0])
    assert config["oneNumber"] is True and config["players"] is True
    assert [f["name"] for f in config["line"] if f["required"]] == ["discards"]
    assert config["sides"] == [{"id": "s1", "label": table_seats(game)[0].team.name, "seat": 1}]


@pytest.mark.parametrize("ruleset", ["five_player", "nvso"])
def test_the_table_page_reads_as_many_queries_for_10_as_for_40_entrants(client, ruleset,
                                                                         django_assert_max_num_queries):
    counts = []
    for n, players in enumerate((10, 40)):
        director = make_director(f"d{n}")
        event = (make_players_event(director, ruleset=ruleset, players=players, name=f"E{n}") if ruleset != "nvso"
                 else make_event(director, teams=players, name=f"E{n}"))
        game = table_game(event)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/t/{game.table.token}/").status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(counts[0]):
        client.get(f"/t/{game.table.token}/")


def test_a_sheet_waiting_at_the_table_cannot_replace_the_results_the_director_entered(api):
    director = make_director()
    event = make_players_event(director, ruleset="canasta21", players=3, table_seats="3")
    game = table_game(event)
    post_sheet(api, game.table.token, seat_sheet(game, "canasta21"), query=f"?game={game.pk}")
    services.record_seat_results(game, {seat: 100 for seat in table_seats(game)}, director)
    refused = accept(api, game, code=table_seats(game)[1].team.code)
    assert refused.status_code == 409 and "already entered" in refused.json()["detail"]
    assert [seat.score for seat in table_seats(game)] == [100, 100, 100]


def test_sending_and_confirming_a_players_sheet_reads_as_many_queries_for_10_as_for_40_players(api):
    counts = []
    for n, players in enumerate((10, 40)):
        event = make_players_event(make_director(f"d{n}"), ruleset="five_player", players=players, name=f"E{n}")
        game = table_game(event)
        document, code = seat_sheet(game, "five_player"), table_seats(game)[1].team.code
        with CaptureQueriesContext(connection) as sent:
            assert post_sheet(api, game.table.token, document, query=f"?game={game.pk}").status_code == 201
        with CaptureQueriesContext(connection) as confirmed:
            assert accept(api, game, code=code).status_code == 200
        counts.append((len(sent), len(confirmed)))
    assert counts[0] == counts[1]
