"""The walk through the hands (rules/five_player/__init__.py): which totals are checked when the counts
do not fit the pack, the deals the fast pass carries beside those it does not, and the notes."""

from tests.rules.five_player.builders import HAND, SECOND, answer, details, errors, lines, sheet
from tests.rules.five_player.test_checks_game import with_line

# Asha and Bina wrote counts without card points, and the five counts do not fit the pack.
UNFIT = lines(details(asha={"table_points": None, "opening_points": None},
                      bina={"table_points": None, "hand_points": None, "opening_points": None}),
              asha={"count": 500}, bina={"count": -400})
UNFIT_MESSAGE = ("Hand 1: the counts add up to 1,070 with their signs ignored, but all the cards together are "
                 "worth only 980.")


def test_when_the_counts_do_not_fit_a_total_resting_on_card_points_is_still_checked():
    found = answer(sheet(with_line(UNFIT, "chandra", total=205)))
    assert [(v["code"], v["side"], v["message"]) for v in found["violations"]] == [
        ("counts-exceed-deck", None, UNFIT_MESSAGE),
        ("total-mismatch", "chandra", "Hand 1, Chandra: the total should be 200, the base plus the count, not "
                                      "205.")]


def test_a_clean_deal_after_a_slipped_one_is_still_checked_against_the_slip():
    # Asha's first running total is written 430: the second deal is clean on its own numbers, carried
    # from the written 430, and only the first slip is reported
    first = with_line(lines(HAND), "asha", cumulative=430)
    second = with_line(lines(SECOND), "asha", cumulative=560)
    found = answer(sheet(first, second))
    assert [(v["code"], v["hand"], v["side"]) for v in errors(found)] == [("cumulative-mismatch", 1, "asha")]

