"""The totals of rules/five_player/totals.py: built from a parsed sheet, or by the fast pass as it reads
the lines (`rules.sides.usual`); either way the same totals, so an answer does not depend on which pass
made it."""

import pytest

import rules
from rules.five_player.options import FivePlayerOptions
from rules.five_player.totals import FivePlayerTotals
from rules.sides.usual import usual_answer
from tests.rules.five_player.builders import HAND, SECOND, details, lines, sheet


def parsed():
    found, problems = rules.parse(sheet(lines(HAND), lines(SECOND)))
    assert problems == []
    return found


@pytest.mark.parametrize("credited", [True, False], ids=["credited", "own"])
def test_the_fast_pass_computes_the_totals_of_the_parsed_sheet(credited):
    options = None if credited else {"game_end_counts": "own"}
    document = sheet(lines(HAND), lines(SECOND), options=options, credited=credited)
    found, problems = rules.parse(document)
    assert problems == []
    whole = FivePlayerTotals(found, credited).as_dict()
    fast = usual_answer(document)
    assert fast is not None and fast["valid"] is True
    assert fast["computed"] == whole
    assert fast["computed"]["winner"] == "bina"  # the highest own running total, 570, credited or not


def test_the_options_as_data_are_each_options_value():
    assert FivePlayerOptions(game_end_counts="own", target_score=5000, super_canasta_bonus="plus_canasta",
                             play_to_target=True).as_dict() == {
        "game_end_counts": "own", "target_score": 5000, "super_canasta_bonus": "plus_canasta",
        "play_to_target": True}


ZEROS = {"asha": 0, "bina": 0, "chandra": 0, "dev": 0, "esha": 0}


def test_a_sheet_without_hands_computes_finals_of_zero_and_no_winner():
    assert rules.validate(sheet())["computed"] == {
        "hands": [], "final": ZEROS, "own_final": ZEROS, "credited_final": ZEROS, "game_end_counts": "credited",
        "winner": None}


def test_a_tie_is_computed_as_a_tie_not_as_the_first_of_the_leaders():
    # Bina 565 + Dev 285 = Dev 285 + Asha 565: 850 each
    tied = lines(details(SECOND, bina={"table_points": 210}))
    computed = rules.validate(sheet(lines(HAND), tied))["computed"]
    assert (computed["credited_final"]["bina"], computed["credited_final"]["dev"], computed["winner"]) == (
        850, 850, "tie")


def test_the_own_reading_is_named_in_the_computed_totals():
    computed = rules.validate(sheet(lines(HAND), options={"game_end_counts": "own"}, credited=False))["computed"]
    assert (computed["game_end_counts"], computed["final"], computed["winner"]) == (
        "own", {"asha": 435, "bina": 105, "chandra": 200, "dev": 5, "esha": -15}, "asha")
