"""Standings by victory points as plain computation: VP first, then the configured order; sit-outs' VP."""

from dataclasses import dataclass

import pytest

from scoring.standings import GameVp, PlayedGame, SatOut, event_order, order_labels, rank_teams
from tournament.core.victory import PRESETS, Band

BURRACO_3 = list(PRESETS["burraco_3"].bands)   # 0-50 10-10 ... 1255-1500 19-1, 1505+ 20-0


@dataclass(frozen=True)
class T:
    pk: str


A, B, C, D, P, Q = (T(x) for x in "ABCDPQ")


def ranked(rows):
    return [(row.rank, row.team.pk) for row in rows]


def by_team(rows):
    return {row.team.pk: row for row in rows}


GAMES = [
    PlayedGame("A", "B", 3000, 1000, round=1),   # A by 2,000: 20-0
    PlayedGame("C", "D", 1100, 1000, round=1),   # C by 100: 11-9
    PlayedGame("A", "C", 1000, 1060, round=2),   # C by 60: A 9, C 11
    PlayedGame("B", "D", 1000, 900, round=2),    # B by 100: 11-9
]


def test_victory_points_rank_above_wins():
    by_wins = rank_teams([A, B, C, D], GAMES, [])
    assert ranked(by_wins)[0] == (1, "C")   # two wins
    rows = rank_teams([A, B, C, D], GAMES, [], order=["vp", "wins", "points"], vp_scale=BURRACO_3)
    assert ranked(rows) == [(1, "A"), (2, "C"), (3, "D"), (4, "B")]   # D's 18 VP beat B's win and 11 VP
    rows = by_team(rows)
    assert {pk: row.vp for pk, row in rows.items()} == {"A": 29, "C": 22, "D": 18, "B": 11}
    assert rows["A"].games == [GameVp(1, 20), GameVp(2, 9)]
    assert rows["D"].games == [GameVp(1, 9), GameVp(2, 9)]


def test_every_game_shares_out_the_scale_s_total():
    rows = rank_teams([A, B, C, D], GAMES, [], order=["vp"], vp_scale=BURRACO_3)
    assert sum(row.vp for row in rows) == 20 * len(GAMES)


def test_without_a_scale_no_victory_points_are_counted():
    rows = rank_teams([A, B, C, D], GAMES, [])
    assert all(row.vp == 0 and row.games == [] for row in rows)


# P: two narrow wins (10 + 10 VP, difference +90); Q: a big win and a big loss (20 + 0 VP, difference +400).
TIED_ON_VP = [PlayedGame("P", "X", 1050, 1000, 1), PlayedGame("P", "Y", 1040, 1000, 2),
              PlayedGame("Q", "X", 3000, 1000, 1), PlayedGame("Q", "Y", 1000, 2600, 2)]


@pytest.mark.parametrize("order, first", [(["vp", "wins", "difference"], "P"), (["vp", "difference", "wins"], "Q"),
                                          (["vp", "points"], "Q")])
def test_teams_equal_on_victory_points_are_ordered_by_the_configured_tiebreaks(order, first):
    rows = rank_teams([P, Q], TIED_ON_VP, [], order=order, vp_scale=BURRACO_3)
    assert [row.vp for row in rows] == [20, 20]
    assert ranked(rows) == [(1, first), (2, "Q" if first == "P" else "P")]


def test_teams_equal_on_victory_points_and_every_tiebreak_share_a_rank():
    games = [PlayedGame("A", "B", 1000, 1000, 1), PlayedGame("C", "D", 2000, 2000, 1)]
    rows = rank_teams([A, B, C, D], games, [], order=["vp", "wins"], vp_scale=BURRACO_3)
    assert [(row.rank, row.vp) for row in rows] == [(1, 10), (1, 10), (1, 10), (1, 10)]


# --- sit-outs -----------------------------------------------------------------------------------------

def test_a_sit_out_by_average_win_gets_the_vp_of_the_team_s_average_difference():
    games = [PlayedGame("A", "B", 2000, 1000, 1), PlayedGame("A", "C", 1200, 1000, 2)]  # A: +1,000, +200
    rows = by_team(rank_teams([A, B, C], games, [SatOut("A", 3)], order=["vp"], vp_scale=BURRACO_3))
    a = rows["A"]   # average +600: 505-650, 15 VP
    assert a.games == [GameVp(1, 17), GameVp(2, 12), GameVp(3, 15, sat_out=True)]
    assert (a.vp, a.wins, a.sit_outs, a.difference) == (17 + 12 + 15, 3, 1, 1200)


def test_a_sit_out_never_gives_fewer_victory_points_than_a_tie():
    games = [PlayedGame("A", "B", 1000, 2000, 1)]   # A lost by 1,000: 3 VP, an average of -1,000
    rows = by_team(rank_teams([A, B, C], games, [SatOut("A", 2), SatOut("C", 1)], order=["vp"],
                              vp_scale=BURRACO_3))
    assert rows["A"].games == [GameVp(1, 3), GameVp(2, 10, sat_out=True)]   # a losing average: a tie's 10
    assert rows["C"].games == [GameVp(1, 10, sat_out=True)]                   # nothing played yet: a tie's


def test_a_sit_out_s_average_difference_is_placed_in_the_scale_as_a_win_by_that_much():
    """An average of +51 is past burraco_3's tie band (0-50): the winner's 11, not a tie's 10. On a scale
    whose tie band is 0 alone, an average of +1 is already a win's VP."""
    games = [PlayedGame("A", "B", 1051, 1000, 1)]
    rows = by_team(rank_teams([A, B], games, [SatOut("A", 2)], order=["vp"], vp_scale=BURRACO_3))
    assert rows["A"].games == [GameVp(1, 11), GameVp(2, 11, sat_out=True)]
    narrow = [Band(0, 0, 10, 10), Band(5, None, 12, 8)]
    rows = by_team(rank_teams([A, B], [PlayedGame("A", "B", 1001, 1000, 1)], [SatOut("A", 2)], order=["vp"],
                              vp_scale=narrow))
    assert rows["A"].games == [GameVp(1, 12), GameVp(2, 12, sat_out=True)]


def test_a_sit_out_by_the_other_rules():
    games = [PlayedGame("A", "B", 3000, 1000, 1)]
    no_points = by_team(rank_teams([A, B], games, [SatOut("A", 2)], sit_out_rule="win_no_points",
                                   order=["vp"], vp_scale=BURRACO_3))
    assert no_points["A"].games == [GameVp(1, 20), GameVp(2, 10, sat_out=True)]
    ignored = by_team(rank_teams([A, B], games, [SatOut("A", 2)], sit_out_rule="not_counted",
                                 order=["vp"], vp_scale=BURRACO_3))
    assert (ignored["A"].games, ignored["A"].vp, ignored["A"].sit_outs) == ([GameVp(1, 20)], 20, 1)


def test_a_sit_out_given_as_a_plain_team_key_still_counts():
    rows = by_team(rank_teams([A, B], [PlayedGame("A", "B", 1000, 900, 1)], ["B"], order=["vp"],
                              vp_scale=BURRACO_3))
    assert (rows["B"].sit_outs, rows["B"].vp) == (1, 9 + 10)


# --- the event's order ----------------------------------------------------------------------------------

@dataclass
class Event:
    standings_order: str
    rank_by_vp: bool
    ruleset: str = ""
    rule_options: dict | None = None


def test_the_event_s_order_puts_victory_points_before_its_configured_order():
    assert event_order(Event("wins,points,difference", True)) == ["vp", "wins", "points", "difference"]
    assert event_order(Event("wins,points,difference", False)) == ["wins", "points", "difference"]
    assert event_order(Event("vp,points", False)) == ["points"]
    assert order_labels(Event("points,wins", True)) == ["Victory points", "Total points", "Wins"]
