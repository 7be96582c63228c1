"""The nvso scoring functions, figure by figure: every value of the base formula, the count and the
breakdown a player reads, asserted whole, so a changed number, sign or word fails a test."""

import pytest

from rules.fields import Details
from rules.nvso import scoring


@pytest.mark.parametrize(("details", "expected"), [
    (Details(), 0),
    (Details(pure_canastas=2), 2),
    (Details(mixed_canastas=3), 3),
    (Details(sevens_canasta=True), 1),
    (Details(aces_canasta=True), 1),
    (Details(wild_canasta="mixed"), 1),
    (Details(pure_canastas=1, mixed_canastas=2, sevens_canasta=True, aces_canasta=True,
             wild_canasta="four_jokers", incomplete_sevens=True, incomplete_wilds="other"), 6),
])
def test_every_kind_of_completed_canasta_counts_once_and_unfinished_melds_not_at_all(details, expected):
    assert scoring.canastas(details) == expected


@pytest.mark.parametrize(("red", "black", "value"), [
    (0, 0, 0), (1, 0, 100), (2, 0, 300), (3, 0, 500), (4, 0, 1000), (0, 1, 100), (0, 4, 1000), (2, 3, 800),
])
def test_threes_count_for_a_team_with_two_canastas_and_against_one_with_none(red, black, value):
    d = Details(red_threes=red, black_threes=black)
    assert scoring.threes_points(d, 2) == value
    assert scoring.threes_points(d, 3) == value
    assert scoring.threes_points(d, 0) == -value
    assert scoring.threes_points(d, 1) == 0


def test_each_player_stuck_with_aces_or_sevens_costs_1500():
    assert scoring.stuck_penalty(Details()) == 0
    assert scoring.stuck_penalty(Details(stuck_aces=1)) == 1500
    assert scoring.stuck_penalty(Details(stuck_sevens=2)) == 3000
    assert scoring.stuck_penalty(Details(stuck_aces=1, stuck_sevens=1)) == 3000


@pytest.mark.parametrize(("kind", "flat", "value"), [
    (None, False, 0), (None, True, 0), ("four_jokers", False, 2500), ("other", False, 2000),
    ("four_jokers", True, 2500), ("other", True, 2500),
])
def test_an_unfinished_wild_meld_costs_by_its_jokers_or_a_flat_2500(kind, flat, value):
    assert scoring.incomplete_wilds_penalty(kind, flat) == value


@pytest.mark.parametrize(("details", "value"), [
    (Details(), 0),
    (Details(went_out=True, pure_canastas=2), 1100),
    (Details(pure_canastas=1), 500),
    (Details(mixed_canastas=1), 300),
    (Details(pure_canastas=2, mixed_canastas=1), 1300),
    (Details(sevens_canasta=True), 2500),
    (Details(aces_canasta=True), 2500),
    (Details(wild_canasta="all_deuces"), 3000),
    (Details(wild_canasta="four_jokers"), 2500),
    (Details(wild_canasta="mixed"), 2000),
    (Details(pure_canastas=1, wild_canasta="mixed"), 2500),
    (Details(incomplete_sevens=True), -2500),
    (Details(incomplete_aces=True), -2500),
    (Details(incomplete_wilds="four_jokers"), -2500),
    (Details(incomplete_wilds="other"), -2000),
    (Details(stuck_aces=1), -1500),
    (Details(stuck_sevens=1), -1500),
    (Details(red_threes=1), -100),
    (Details(red_threes=1, pure_canastas=1), 500),
    (Details(red_threes=4, black_threes=4, pure_canastas=2), 3000),
    (Details(red_threes=3, black_threes=2, pure_canastas=2, mixed_canastas=1, went_out=True), 2200),
    (Details(pure_canastas=2, sevens_canasta=True, incomplete_aces=True, stuck_sevens=2), -2000),
])
def test_the_base_adds_every_part_of_the_formula_with_its_sign(details, value):
    assert scoring.base(details) == value


@pytest.mark.parametrize(("special", "value"), [
    ("pairs", 2000), ("pairs_natural", 2500), ("garbage", 2000), ("straight", 3000),
])
def test_a_special_hand_scores_its_value_alone(special, value):
    d = Details(special_hand=special, pure_canastas=2, red_threes=4, stuck_aces=2)
    assert scoring.base(d) == value
    assert scoring.base(d, False, True, completed=0) == value


def test_with_penalties_in_the_count_the_stuck_players_leave_the_base_alone():
    d = Details(pure_canastas=2, stuck_aces=1, stuck_sevens=1)
    assert scoring.base(d, penalties_in_base=True) == 1000 - 3000
    assert scoring.base(d, penalties_in_base=False) == 1000


def test_the_flat_option_makes_every_unfinished_wild_meld_cost_2500():
    assert scoring.base(Details(incomplete_wilds="other"), flat_wilds=True) == -2500
    assert scoring.base(Details(incomplete_wilds="other"), flat_wilds=False) == -2000


def test_the_caller_s_canasta_count_decides_how_the_threes_count():
    d = Details(red_threes=2, pure_canastas=2)
    assert scoring.base(d, completed=2) == 1300
    assert scoring.base(d, completed=1) == 1000
    assert scoring.base(d, completed=0) == 700


def test_the_count_is_table_minus_hand_with_a_canasta_and_all_minus_without():
    assert scoring.count_from_points(335, 10, True) == 325
    assert scoring.count_from_points(60, 40, False) == -100


@pytest.mark.parametrize(("details", "in_base", "expected"), [
    (Details(special_hand="garbage", table_points=100), True, 0),
    (Details(pure_canastas=2), True, None),
    (Details(pure_canastas=2, table_points=335, hand_points=10), True, 325),
    (Details(pure_canastas=2, table_points=335), True, 335),
    (Details(pure_canastas=2, hand_points=10), True, -10),
    (Details(table_points=60, hand_points=40), True, -100),
    (Details(table_points=60), True, -60),
    (Details(pure_canastas=2, table_points=400, hand_points=50, stuck_aces=1), True, 350),
    (Details(pure_canastas=2, table_points=400, hand_points=50, stuck_aces=1), False, -1150),
    (Details(table_points=60, hand_points=40, stuck_sevens=2), False, -3100),
])
def test_the_expected_count_from_the_details(details, in_base, expected):
    assert scoring.expected_count(details, in_base) == expected


def test_by_default_the_stuck_penalties_stay_out_of_the_count():
    d = Details(pure_canastas=2, table_points=400, hand_points=50, stuck_aces=1)
    assert scoring.expected_count(d) == 350


@pytest.mark.parametrize(("special", "words", "value"), [
    ("pairs", "a pairs hand", 2000), ("pairs_natural", "a pairs hand without wild cards", 2500),
    ("garbage", "a garbage hand", 2000), ("straight", "a straight", 3000),
])
def test_a_special_hand_is_its_whole_breakdown(special, words, value):
    assert scoring.breakdown(Details(special_hand=special, pure_canastas=2)) == [(words, value)]


def test_the_breakdown_names_every_part_in_order_and_leaves_out_the_zeros():
    d = Details(red_threes=2, black_threes=1, pure_canastas=1, mixed_canastas=1, sevens_canasta=True,
                aces_canasta=True, wild_canasta="all_deuces", went_out=True, stuck_aces=1, stuck_sevens=1)
    assert scoring.breakdown(d) == [
        ("threes", 400), ("canastas", 800), ("the sevens canasta", 2500), ("the aces canasta", 2500),
        ("the wild canasta", 3000), ("going out", 100), ("cards stuck in hand", -3000),
    ]
    assert scoring.breakdown(d, penalties_in_base=False) == [
        ("threes", 400), ("canastas", 800), ("the sevens canasta", 2500), ("the aces canasta", 2500),
        ("the wild canasta", 3000), ("going out", 100),
    ]


def test_the_breakdown_of_unfinished_melds_is_minus():
    d = Details(red_threes=1, incomplete_sevens=True, incomplete_aces=True, incomplete_wilds="other")
    assert scoring.breakdown(d) == [
        ("threes", -100), ("the unfinished sevens", -2500), ("the unfinished aces", -2500),
        ("the unfinished wild cards", -2000),
    ]
    assert scoring.breakdown(d, flat_wilds=True)[-1] == ("the unfinished wild cards", -2500)
    assert scoring.breakdown(Details(incomplete_wilds="four_jokers")) == [("the unfinished wild cards", -2500)]


@pytest.mark.parametrize(("kind", "value"), [("all_deuces", 3000), ("four_jokers", 2500), ("mixed", 2000)])
def test_the_breakdown_values_each_wild_canasta(kind, value):
    assert scoring.breakdown(Details(wild_canasta=kind)) == [("the wild canasta", value)]


def test_one_canasta_leaves_the_threes_out_of_the_breakdown():
    assert scoring.breakdown(Details(red_threes=4, pure_canastas=1)) == [("canastas", 500)]


def test_nothing_that_scores_has_an_empty_breakdown():
    assert scoring.breakdown(Details()) == []
