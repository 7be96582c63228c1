"""The totals of rules/five_player/totals.py: built from a parsed sheet, or from the runs the fast pass has
already added up (`from_runs`); either way the same totals, so an answer does not depend on which pass
made it."""

import rules
from rules.five_player.options import FivePlayerOptions
from rules.five_player.totals import FivePlayerTotals
from tests.rules.five_player.builders import HAND, SECOND, details, lines, sheet


def parsed():
    found, problems = rules.parse(sheet(lines(HAND), lines(SECOND)))
    assert problems == []
    return found


def test_totals_from_the_fast_passs_runs_are_the_totals_of_the_sheet():
    document = parsed()
    for reading in (True, False):
        whole = FivePlayerTotals(document, reading)
        own = whole.own
        fast = FivePlayerTotals.from_runs(document.sides, reading, [own.totals[s] for s in document.sides],
                                          [own.cumulative[s] for s in document.sides])
        assert (fast.own.sides, fast.own.fewest_wins, fast.own.totals, fast.own.cumulative) == (
            own.sides, False, own.totals, own.cumulative)
        assert (fast.sides, fast.credited_reading, fast.credited) == (whole.sides, reading, whole.credited)
        assert fast.own.winner() == own.winner() == "bina"  # the highest own running total, 570
        assert fast.as_dict() == whole.as_dict()


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
