"""Seating a game of single players: the day's plan stored once, each game seated from it by the draw,
sit-outs recorded, and read back in one query whatever the field."""

import random

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_players_event
from tournament.core import selectors, services
from tournament.core.draw import card_strength
from tournament.core.errors import TournamentError
from tournament.core.models import Seat
from tournament.core.players_movement import players_movement, players_plan_to_json

pytestmark = pytest.mark.django_db


def read_back(round_) -> tuple[list[list[int]], list[int]]:
    """Each table's entrants (by number) in seat order, and who sits out, as the selector reads them."""
    seating = selectors.players_seating(round_)
    number = dict(round_.event.teams.values_list("pk", "number"))
    tables = [[number[seat["entrant"]] for seat in table["seats"]] for table in seating["tables"]]
    return tables, sorted(number[out["entrant"]] for out in seating["sitting_out"])


def play_the_day(event, director) -> list:
    rounds = [event.latest_round()]
    while len(rounds) < event.games:
        rounds.append(services.advance_to_next_game(event, director, force=True))
    return rounds


def test_fifteen_players_of_the_five_player_game_sit_five_to_a_table_for_three_games(director):
    event = make_players_event(director, ruleset="five_player", players=15, seed=3)
    rounds = play_the_day(event, director)
    expected = players_movement(15, "5", 3, rng=random.Random(random.Random(3).random()))
    assert event.seating_plan.plan == players_plan_to_json(expected)  # the plan of the whole day, stored
    for round_, planned in zip(rounds, expected.games, strict=True):
        tables, sitting_out = read_back(round_)
        assert [len(table) for table in tables] == [5, 5, 5] and sitting_out == []
        assert sorted(p for table in tables for p in table) == list(range(1, 16))
        assert [set(table) for table in tables] == [set(table.seats) for table in planned.tables]


def test_the_seats_at_a_table_follow_the_high_card_draw(director):
    event = make_players_event(director, ruleset="five_player", players=15)
    for table in selectors.players_seating(event.latest_round())["tables"]:
        assert [seat["seat"] for seat in table["seats"]] == [1, 2, 3, 4, 5]
        strengths = [card_strength(seat["card"]) for seat in table["seats"]]
        assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 5


def test_ten_players_of_canasta21_at_tables_of_three_or_four_all_play_every_game(director):
    event = make_players_event(director, ruleset="canasta21", players=10, table_seats="3-4")
    assert event.tables.count() == 3
    for round_ in play_the_day(event, director):
        tables, sitting_out = read_back(round_)
        assert sorted(len(table) for table in tables) == [3, 3, 4] and sitting_out == []
        assert sorted(p for table in tables for p in table) == list(range(1, 11))


def test_nine_solitaire_players_each_play_alone_at_their_own_table(director):
    event = make_players_event(director, ruleset="fibonacci21_solitaire", players=9)
    assert event.tables.count() == 9
    for round_ in play_the_day(event, director):
        tables, sitting_out = read_back(round_)
        assert sorted(tables) == [[p] for p in range(1, 10)] and sitting_out == []


def test_the_players_who_sit_out_are_recorded_and_take_their_turn(director):
    event = make_players_event(director, ruleset="five_player", players=12)
    outs = []
    for round_ in play_the_day(event, director):
        tables, sitting_out = read_back(round_)
        assert [len(table) for table in tables] == [5, 5] and len(sitting_out) == 2
        assert Seat.objects.filter(round=round_, game=None).count() == 2
        outs += sitting_out
    assert len(set(outs)) == 6  # no one sits out twice before everyone has sat out once


def test_game_two_is_the_plan_s_game_two_not_a_new_plan(director):
    event = make_players_event(director, ruleset="fibonacci21", players=8, table_seats="4")
    plan = event.seating_plan.plan
    round2 = services.advance_to_next_game(event, director, force=True)
    tables, _ = read_back(round2)
    entrants = event.seating_plan.entrants
    number = dict(event.teams.values_list("pk", "number"))
    planned = [{number[entrants[p - 1]] for p in table["seats"]} for table in plan["games"][1]["tables"]]
    assert [set(table) for table in tables] == planned
    assert event.seating_plan.plan == plan  # read, not made again


def test_a_player_who_withdraws_before_the_go_ahead_leaves_their_seat_and_the_next_games(director):
    event = make_players_event(director, ruleset="five_player", players=15)
    player = event.teams.get(number=4)
    services.withdraw_team(player, director)
    assert not Seat.objects.filter(team=player).exists()
    round2 = services.advance_to_next_game(event, director, force=True)
    tables, sitting_out = read_back(round2)
    assert 4 not in [p for table in tables for p in table] + sitting_out
    # Their table of the plan is left with four: too few for the five-player game, so those four sit out.
    assert [len(table) for table in tables] == [5, 5] and len(sitting_out) == 4


def test_a_late_player_is_refused_with_the_reason_once_the_day_is_planned(director):
    event = make_players_event(director, ruleset="five_player", players=15)
    with pytest.raises(TournamentError, match="a late player cannot join it now"):
        services.add_team(event, director, player1="Late Comer", player2="")


@pytest.mark.parametrize("ruleset, seats, words", [
    ("five_player", "3-4", "This game seats 5 players at a table, so 3-4 is not possible."),
    ("canasta21", "5", "This game seats 2-4 players at a table, so 5 is not possible."),
    ("nvso", "4", "Teams of two sit two to a table"),
    ("canasta21", "four", "Seats must be a number such as 4 or a range such as 3-4"),
])
def test_seats_a_game_cannot_have_are_refused_in_words(director, ruleset, seats, words):
    with pytest.raises(ValidationError, match=words):
        services.create_event(director=director, name="E", date="2026-11-20", ruleset=ruleset, table_seats=seats)


def test_too_few_players_to_fill_a_table_are_told_so_before_the_tables_are_numbered(director):
    event = services.create_event(director=director, name="E", date="2026-11-20", ruleset="five_player")
    services.import_teams(event, "Ann\nBob\nCarol\nDora\n", director)
    with pytest.raises(TournamentError, match="4 players cannot fill a table of 5"):
        services.number_tables(event, director)


@pytest.mark.parametrize("ruleset, small, large", [("five_player", 10, 40), ("canasta21", 8, 32)])
def test_reading_the_seating_costs_one_query_whatever_the_field(director, django_assert_num_queries, ruleset,
                                                                 small, large):
    for players in (small, large):
        event = make_players_event(director, ruleset=ruleset, players=players, name=f"E{players}")
        round_ = event.latest_round()
        with django_assert_num_queries(1):
            seating = selectors.players_seating(round_)
        assert sum(len(t["seats"]) for t in seating["tables"]) + len(seating["sitting_out"]) == players


def test_seating_the_next_game_costs_the_same_queries_whatever_the_field(director):
    counts = []
    for players in (10, 40):
        event = make_players_event(director, ruleset="five_player", players=players, name=f"E{players}")
        with CaptureQueriesContext(connection) as queries:
            services.advance_to_next_game(event, director, force=True)
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_director_s_pages_show_the_players_in_seat_order_and_who_sits_out(client, director):
    event = make_players_event(director, ruleset="five_player", players=12)
    client.force_login(director)
    seating = selectors.players_seating(event.latest_round())
    first = seating["tables"][0]
    in_order = ", ".join(f"{seat['seat']}. {seat['name']}" for seat in first["seats"])
    out = ", ".join(player["name"] for player in seating["sitting_out"])
    for url in (f"/director/events/{event.pk}/", f"/director/events/{event.pk}/seating/"):
        page = client.get(url).content.decode()
        assert in_order in page and f"Sitting out: {out}" in page


def test_the_director_s_event_page_costs_the_same_queries_whatever_the_field(client, director):
    counts = []
    for players in (10, 40):
        event = make_players_event(director, ruleset="five_player", players=players, name=f"E{players}")
        client.force_login(director)
        client.get(f"/director/events/{event.pk}/")  # sessions and caches settled
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/director/events/{event.pk}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_players_event_page_offers_no_paper_made_for_two_sides(client, director):
    """The paper sheets and guide cards are drawn for North-South and East-West: a game of single players
    is offered neither (its results are entered per seat from the seating page)."""
    players = make_players_event(director, ruleset="five_player", players=10, seed=1)
    client.force_login(director)
    page = client.get(f"/director/events/{players.pk}/").content.decode()
    assert "Score sheets on paper" not in page and "Guide cards" not in page


@pytest.mark.parametrize(("setting", "message"), [
    ({"paired_rounds": 2}, "Games paired by the standings are for teams of two: single players are seated by "
                           "their own movement in every game."),
    ({"rank_by_vp": True}, "Victory points rank teams of two: single players are ranked by their game's own "
                           "measure."),
])
def test_a_players_event_refuses_what_only_teams_of_two_can_have(director, setting, message):
    players = make_players_event(director, ruleset="five_player", players=10, seat=False)
    with pytest.raises(TournamentError) as refused:
        services.update_event(players, director, setting)
    assert refused.value.message == message
    players.refresh_from_db()
    assert (players.paired_rounds, players.rank_by_vp) == (0, False)


def test_a_knockout_refuses_paired_games_whoever_sets_them(director):
    """The rule is the event's, not only its form's: a service (the demo, the API) meets it too."""
    from tests.factories import make_event

    event = make_event(director, teams=4, seat=False, format="knockout")
    with pytest.raises(TournamentError) as refused:
        services.update_event(event, director, {"paired_rounds": 1})
    assert refused.value.message == ("A knockout pairs its games by the bracket: set the paired games to 0, or "
                                     "choose rotation games.")
