"""The table form's calculator (rules/calculator.py): the numbers it gives under each option, and its
refusals, which carry every problem with its path."""

import pytest

from rules import calculator
from rules.fields import Details

K_NS = {"red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1, "went_out": True,
        "table_points": 335, "hand_points": 10}
STUCK = {"pure_canastas": 2, "stuck_aces": 1, "incomplete_wilds": "other", "table_points": 400, "hand_points": 50}


def test_base_and_count_by_default_and_under_each_option():
    assert calculator.base_from_details(K_NS) == 2200
    assert calculator.count_from_details(K_NS) == 325
    assert calculator.base_from_details(STUCK) == 1000 - 2000 - 1500
    assert calculator.count_from_details(STUCK) == 350
    assert calculator.base_from_details(STUCK, {"penalties_in": "count"}) == 1000 - 2000
    assert calculator.count_from_details(STUCK, {"penalties_in": "count"}) == 350 - 1500
    assert calculator.base_from_details(STUCK, {"incomplete_wilds_penalty": "flat_2500"}) == 1000 - 2500 - 1500


def test_details_already_read_are_taken_as_they_are():
    assert calculator.base_from_details(Details(pure_canastas=2, went_out=True)) == 1100
    assert calculator.count_from_details(Details(pure_canastas=1)) is None


def test_the_breakdown_follows_the_options():
    assert calculator.base_breakdown(STUCK) == [("canastas", 1000), ("the unfinished wild cards", -2000),
                                                ("cards stuck in hand", -1500)]
    assert calculator.base_breakdown(STUCK, {"penalties_in": "count", "incomplete_wilds_penalty": "flat_2500"}) == [
        ("canastas", 1000), ("the unfinished wild cards", -2500)]


def test_the_count_from_points():
    assert calculator.count_from_points(335, 10, True) == 325
    assert calculator.count_from_points(60, 40, False) == -100


def test_the_option_defaults():
    assert calculator.option_defaults() == {"meld_requirement": "by_hand", "target_score": 8500,
                                            "hands_per_game": 3, "penalties_in": "base",
                                            "incomplete_wilds_penalty": "by_jokers"}


def test_a_bad_option_is_refused_with_its_message_and_path():
    with pytest.raises(calculator.CalculatorInputError) as refused:
        calculator.base_from_details(K_NS, {"penalties_in": "x"})
    message = 'The option "penalties_in" must be base or count, not the text "x".'
    assert str(refused.value) == message
    assert [(p.path, p.message) for p in refused.value.problems] == [("$.options.penalties_in", message)]


def test_every_problem_of_the_details_is_in_the_refusal():
    with pytest.raises(calculator.CalculatorInputError) as refused:
        calculator.count_from_details({"red_threes": 9, "nonsense": 1})
    problems = refused.value.problems
    assert [p.path for p in problems] == ["$.details.red_threes", "$.details.nonsense"]
    assert all(p.message.startswith("In the details: ") for p in problems)
    assert str(refused.value) == " ".join(p.message for p in problems)
    assert isinstance(refused.value, ValueError)
