"""The totals of rules/five_player/totals.py: built from a parsed sheet, or from the runs the fast pass has
already added up (`from_runs`); either way the same totals, so an answer does not depend on which pass
made it."""

import rules
from rules.five_player.options import FivePlayerOptions
from rules.five_player.totals import FivePlayerTotals
from tests.rules.five_player.builders import HAND, SECOND, lines, sheet


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
