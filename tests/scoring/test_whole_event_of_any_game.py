"""A whole day of Canasta 21 and of Crazy Canasta, through the services the director's pages use, to final
rankings worked out by hand in the comments (the five-player game and the solitaire are in
test_players_standings.py, NVSO in test_whole_event.py).

Canasta 21: 10 single players at tables of 3 or 4 for three games, each seat's points entered at the
director's *Results of game N* page (`record_seat_results`). Crazy Canasta: 12 teams of two, NVSO
Mitchell movement, each table's four-deal sheet (score-sheet@2, sides "ns" and "ew") entered by the
director as a paper sheet (`director_enter_paper_sheet`, the service behind the director's sheet page).
"""

import copy
import json
import random

import pytest

from rules.registry import example
from scoring import services as scoring
from scoring.standings import compute_standings
from tests.factories import make_event, make_players_event
from tournament.core import services
from tournament.core.draw import draw_order
from tournament.core.models import Event, Game
from tournament.core.services import players as players_service

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixed_draw(monkeypatch):
    """The high-card draw of the games after the first is the system's chance: seeded here, so the seats
    are known."""
    seeded = random.Random(7)
    monkeypatch.setattr(players_service, "draw_order", lambda entrants, rng=None: draw_order(entrants, rng or seeded))


def seating_of(event) -> list[list[list[int]]]:
    return [[[seat.team.number for seat in game.seats.order_by("position")]
             for game in round_.games.order_by("table__number")] for round_ in event.rounds.order_by("number")]


SEAT_POINTS = [400, 300, 200, 100]  # by seat, seat 1 first; each table adds 10 times its number


def test_ten_players_of_canasta21_at_tables_of_three_or_four_three_games_ranked_by_points(director, fixed_draw):
    event = make_players_event(director, ruleset="canasta21", players=10, table_seats="3-4", games=3, seed=1)
    for number in (1, 2, 3):
        if number > 1:
            services.advance_to_next_game(event, director)  # refused unless every result is in
        for game in event.latest_round().games.select_related("table"):
            services.record_seat_results(game, {seat: SEAT_POINTS[seat.position - 1] + 10 * game.table.number
                                                for seat in game.seats.all()}, director)
    # The seating of seed 1 by seat (checked, so a new movement says why the ranking below moved):
    assert seating_of(event) == [[[10, 8, 9, 1], [2, 6, 5], [3, 4, 7]],
                                 [[10, 6, 8, 4], [5, 3, 1], [7, 9, 2]],
                                 [[7, 5, 8, 10], [1, 4, 2], [9, 3, 6]]]
    # By hand, seat by seat: table 1 scores 410 310 210 110, table 2 420 320 220, table 3 430 330 230.
    #   3: 430 + 320 + 330 = 1080 (won game 1)        7: 230 + 430 + 410 = 1070 (won games 2 and 3)
    #   9: 210 + 330 + 430 = 970  (won game 3)         5: 220 + 420 + 310 = 950  (won game 2)
    #  10: 410 + 410 + 110 = 930  (won games 1, 2)     2: 420 + 230 + 220 = 870  (won game 1)
    #   6: 320 + 310 + 230 = 860                       4: 330 + 110 + 320 = 760
    #   1: 110 + 220 + 420 = 750  (won game 3)         8: 310 + 210 + 210 = 730
    # Canasta 21 ranks by most points first, whatever the wins.
    rows = compute_standings(event)
    assert [(row.rank, row.team.number, row.points, row.wins) for row in rows] == [
        (1, 3, 1080, 1), (2, 7, 1070, 2), (3, 9, 970, 1), (4, 5, 950, 1), (5, 10, 930, 2), (6, 2, 870, 1),
        (7, 6, 860, 0), (8, 4, 760, 0), (9, 1, 750, 1), (10, 8, 730, 0)]
    # Player 3's difference: +100 over 330 in game 1, -100 behind 420 and behind 430 in games 2 and 3.
    assert (rows[0].played, rows[0].losses, rows[0].difference) == (3, 2, -100)
    assert sum(row.wins for row in rows) == 9 and all(row.sit_outs == 0 for row in rows)
    event.refresh_from_db()
    assert event.latest_round().number == 3 and event.next_game_refusal(event.latest_round())


# Crazy Canasta's own example sheet, its sides named "ns" and "ew": 12,740 for North-South, 18,270 for East-West.
EXAMPLE = json.loads(json.dumps(example("crazy_canasta")).replace('"a"', '"ns"').replace('"b"', '"ew"'))


def crazy_sheet(winner: str, loser_extra: int) -> dict:
    """Four deals: the winner 18,270, the loser 12,740 + `loser_extra` (hand 3's base, written plainly)."""
    sheet = copy.deepcopy(EXAMPLE)
    loser = sheet["hands"][2]["ns"]
    loser["base"] += loser_extra
    loser["total"] += loser_extra
    for hand in sheet["hands"][2:]:
        hand["ns"]["cumulative"] += loser_extra
    sheet["final"]["ns"] += loser_extra
    if winner == "ns":
        sheet["hands"] = [{"ns": hand["ew"], "ew": hand["ns"]} for hand in sheet["hands"]]
        sheet["final"] = {"ns": sheet["final"]["ew"], "ew": sheet["final"]["ns"]}
        sheet["winner"] = "ns"
    return sheet


def test_twelve_teams_of_crazy_canasta_three_games_ranked_by_wins_then_points(director):
    event = make_event(director, teams=12, ruleset="crazy_canasta", games=3, seed=5)
    for number in (1, 2, 3):
        if number > 1:
            services.advance_to_next_game(event, director)
        for game in event.latest_round().games.select_related("table", "ns_team", "ew_team"):
            winner = "ns" if game.ns_team.number < game.ew_team.number else "ew"  # the lower number wins
            version = scoring.director_enter_paper_sheet(game, crazy_sheet(winner, 100 * game.table.number),
                                                         director)
            assert version.validation["valid"], version.validation
            game.refresh_from_db()
            assert game.status == Game.Status.FINAL and game.winner == winner
    # The Mitchell movement of seed 5 (table: North-South v East-West), checked so the hand count below holds:
    assert [[(g.table.number, g.ns_team.number, g.ew_team.number) for g in r.games.order_by("table__number")]
            for r in event.rounds.order_by("number")] == [
        [(1, 1, 7), (2, 2, 8), (3, 3, 9), (4, 4, 10), (5, 5, 11), (6, 12, 6)],
        [(1, 1, 6), (2, 2, 7), (3, 3, 8), (4, 4, 9), (5, 5, 10), (6, 12, 11)],
        [(1, 1, 11), (2, 2, 6), (3, 3, 7), (4, 4, 8), (5, 5, 9), (6, 12, 10)]]
    # By hand: a winner scores 18,270, a loser at table t 12,740 + 100 t, so a win's margin is 5,530 - 100 t.
    #  1 to 5 win all three at their own table t: 54,810 each; differences 3 x (5,530 - 100 t): 16,290,
    #    15,990, 15,690, 15,390, 15,090, so 1, 2, 3, 4, 5 in that order.
    #  One win: 10 = 13,140 + 13,240 + 18,270 = 44,650; 11 = 13,240 + 18,270 + 12,840 = 44,350;
    #    6 = 18,270 + 12,840 + 12,940 = 44,050.
    #  None: 12 = 3 x 13,340 = 40,020; 9 = 13,040 + 13,140 + 13,240 = 39,420; 8 = 12,940 + 13,040 + 13,140 =
    #    39,120; 7 = 12,840 + 12,940 + 13,040 = 38,820.
    rows = compute_standings(event)
    assert [(row.rank, row.team.number, row.wins, row.points) for row in rows] == [
        (1, 1, 3, 54810), (2, 2, 3, 54810), (3, 3, 3, 54810), (4, 4, 3, 54810), (5, 5, 3, 54810),
        (6, 10, 1, 44650), (7, 11, 1, 44350), (8, 6, 1, 44050),
        (9, 12, 0, 40020), (10, 9, 0, 39420), (11, 8, 0, 39120), (12, 7, 0, 38820)]
    assert [row.difference for row in rows[:5]] == [16290, 15990, 15690, 15390, 15090]
    assert rows[7].difference == (18270 - 13340) - (18270 - 12840) - (18270 - 12940)  # 6: -5,830
    event.refresh_from_db()
    assert event.ruleset == "crazy_canasta" and event.status == Event.Status.RUNNING

