"""Buchholz, median-Buchholz and head-to-head on results made by hand, and the ranking they give."""

import pytest

from tournament.core.tiebreaks import LOSS, TIE, WIN, Entrant, Meeting, buchholz, head_to_head, median_buchholz, rank


def team(number, wins=0, ties=0, met=(), **kw):
    return Entrant(number=number, wins=wins, ties=ties, meetings=tuple(
        m if isinstance(m, Meeting) else Meeting(m) for m in met), **kw)


# Four rounds among five teams: 1 met 2, 3, 4, 5; the scores are 3, 2.5, 2, 1, 0.5.
FIELD = [
    team(1, wins=3, met=(2, 3, 4, 5)),
    team(2, wins=2, ties=1, met=(1, 3, 4)),
    team(3, wins=2, met=(1, 2, 5)),
    team(4, wins=1, met=(1, 2)),
    team(5, ties=1, met=(1, 3)),
]


def test_buchholz_sums_the_scores_of_the_opponents_met():
    assert buchholz(FIELD) == {1: 2.5 + 2 + 1 + 0.5, 2: 3 + 2 + 1, 3: 3 + 2.5 + 0.5, 4: 3 + 2.5, 5: 3 + 2}


def test_buchholz_counts_a_team_met_twice_twice():
    assert buchholz([team(1, met=(2, 2)), team(2, wins=2, met=(1, 1))]) == {1: 4, 2: 0}


def test_median_buchholz_drops_the_best_and_the_worst_opponent():
    values = median_buchholz(FIELD)
    assert values[1] == 3  # 2.5, 2, 1, 0.5 without 2.5 and 0.5
    assert values[2] == 2  # 3, 2, 1 without 3 and 1
    assert values[3] == 2.5  # 3, 2.5, 0.5 without 3 and 0.5


def test_median_buchholz_with_fewer_than_three_opponents_is_the_buchholz():
    assert median_buchholz(FIELD)[4] == buchholz(FIELD)[4] == 5.5


def test_head_to_head_counts_only_known_results_inside_the_group():
    field = [
        team(1, wins=2, met=(Meeting(2, WIN), Meeting(3, LOSS), Meeting(4, WIN))),
        team(2, wins=2, met=(Meeting(1, LOSS), Meeting(3, TIE), 4)),
        team(3, wins=2, met=(Meeting(1, WIN), Meeting(2, TIE))),
        team(4, met=(Meeting(1, LOSS), 2)),
    ]
    assert head_to_head([1, 2, 3], field) == {1: 1.0, 2: 0.5, 3: 1.5}
    assert head_to_head([1, 2], field) == {1: 1.0, 2: 0.0}
    assert head_to_head([2, 4], field) == {2: 0.0, 4: 0.0}  # they met, the result is not known


def test_rank_applies_the_keys_in_order():
    assert [e.number for e in rank(FIELD)] == [1, 2, 3, 4, 5]
    # Buchholz 6, 6, 6, 5.5, 5: the score orders the three teams tied on it.
    assert [e.number for e in rank(FIELD, ["buchholz", "score"])] == [1, 2, 3, 4, 5]
    # median-Buchholz 3, 2, 2.5, 5.5, 5
    assert [e.number for e in rank(FIELD, ["median_buchholz"])] == [4, 5, 1, 3, 2]


def test_head_to_head_breaks_a_tie_that_buchholz_leaves():
    field = [team(7, wins=1, met=(Meeting(9, LOSS),)), team(9, wins=1, met=(Meeting(7, WIN),))]
    assert [e.number for e in rank(field, ["score", "buchholz"])] == [7, 9]  # equal: by number
    assert [e.number for e in rank(field, ["score", "buchholz", "head_to_head"])] == [9, 7]


def test_points_then_number_settle_the_rest():
    field = [team(3, points=10), team(1, points=10), team(2, points=20)]
    assert [e.number for e in rank(field, ["points"])] == [2, 1, 3]


def test_an_unknown_key_is_refused():
    with pytest.raises(ValueError, match="Unknown ranking key 'elo'"):
        rank(FIELD, ["score", "elo"])
