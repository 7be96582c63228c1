"""The crazy_canasta checks at the edges the one-case-per-code tests leave out: bounds at their last allowed
value and one past it, the messages of the other branches whole, a slip reported once, and the options
that change the deck built at run time (the defaults are built at import, where no test sees them)."""

import pytest

import rules
from rules.crazy_canasta import deck, scoring
from rules.crazy_canasta.codes import CODES
from tests.rules.crazy_canasta.builders import DEAL_1, DEAL_2, build, deals, plain, replace_deal, scored


@pytest.fixture(autouse=True)
def _fresh_caches():
    """The deck and the achievable bases are cached: each test works them out again."""
    deck.deck_for.cache_clear()
    scoring._achievable.cache_clear()


def error(hand, side, field, code, message) -> dict:
    return {"severity": CODES[code][1], "hand": hand, "side": side, "field": field, "code": code,
            "rule": CODES[code][0], "message": message}


def violations(sheet: dict) -> list[dict]:
    """The violations, without the note on lines of base and count only."""
    return [v for v in rules.validate(sheet)["violations"] if v["code"] != "base-not-itemised"]


# checks_line: the table and hand points


def test_table_points_not_a_multiple_of_five_are_told_at_the_table_points():
    sheet = replace_deal(1, scored({**DEAL_1[0], "table_points": 623}), scored(DEAL_1[1]))
    assert violations(sheet) == [error(1, "a", "details.table_points", "points-not-multiple-of-five",
                                       "Hand 1, Smith / Jones: table points of 623 are impossible; every card is "
                                       "worth a multiple of 5.")]


def test_table_points_exactly_the_least_the_canastas_hold_are_enough():
    """1 book and 1 clean canasta hold at least 260 + 35 points; the hand points' slip makes the check run."""
    sheet = replace_deal(1, scored({**DEAL_1[0], "table_points": 295, "hand_points": 47}), scored(DEAL_1[1]))
    assert violations(sheet) == [error(1, "a", "details.hand_points", "points-not-multiple-of-five",
                                       "Hand 1, Smith / Jones: hand points of 47 are impossible; every card is "
                                       "worth a multiple of 5.")]
    sheet = replace_deal(1, scored({**DEAL_1[0], "table_points": 290}), scored(DEAL_1[1]))
    assert [v["message"] for v in violations(sheet)] == [
        "Hand 1, Smith / Jones: table points of 290 are too few; the 1 book and 1 clean canasta recorded hold "
        "at least 295 points of cards."]


# checks_game: the parts a total's message quotes


def test_a_wrong_total_beside_a_wrong_base_quotes_the_base_the_details_give():
    sheet = replace_deal(1, {**scored(DEAL_1[0]), "base": 5900, "total": 6400, "cumulative": 6400},
                         scored(DEAL_1[1]))
    assert violations(sheet)[:2] == [
        error(1, "a", "base", "base-mismatch", "Hand 1, Smith / Jones: the base should be 5,800 (1 book 5,000, 1 "
              "clean canasta 500, 2 red threes 200 and going out 100), not 5,900."),
        error(1, "a", "total", "total-mismatch", "Hand 1, Smith / Jones: the total should be 6,375 (base 5,800 "
              "plus count 575), not 6,400.")]


def test_a_wrong_total_on_details_without_points_quotes_the_written_count():
    line = {**scored({"books": 1, "red_threes": 2, "went_out": True}), "count": 300, "base": 5400, "total": 6000,
            "cumulative": 6000}
    assert violations(replace_deal(1, line, scored(DEAL_1[1])))[:2] == [
        error(1, "a", "base", "base-mismatch", "Hand 1, Smith / Jones: the base should be 5,300 (1 book 5,000, 2 "
              "red threes 200 and going out 100), not 5,400."),
        error(1, "a", "total", "total-mismatch", "Hand 1, Smith / Jones: the total should be 5,600 (base 5,300 "
              "plus count 300), not 6,000.")]


def test_a_wrong_total_on_a_line_of_base_and_count_quotes_them():
    sheet = replace_deal(1, plain(5800, 575, total=6400, cumulative=6400), scored(DEAL_1[1]))
    assert violations(sheet) == [
        error(1, "a", "total", "total-mismatch", "Hand 1, Smith / Jones: the total should be 6,375 (base 5,800 "
              "plus count 575), not 6,400.")]


def test_the_first_meld_at_its_minimum_and_nothing_melded_pass_beside_a_slip_in_hand():
    """Deal 2's minimum is 90: table points of 90, or of 0 (nothing melded), are no meld below it; the hand
    points' slip makes the check run."""
    for table in (90, 0):
        sheet = replace_deal(2, scored({"red_threes": 1, "table_points": table, "hand_points": 47}),
                             scored(DEAL_2[1]))
        assert violations(sheet) == [error(2, "a", "details.hand_points", "points-not-multiple-of-five",
                                           "Hand 2, Smith / Jones: hand points of 47 are impossible; every card "
                                           "is worth a multiple of 5.")]


def test_table_points_of_one_are_no_multiple_of_five_and_below_the_meld():
    sheet = replace_deal(1, scored({"red_threes": 1, "table_points": 1}), scored(DEAL_1[1]))
    assert [(v["code"], v["message"]) for v in violations(sheet)] == [
        ("points-not-multiple-of-five", "Hand 1, Smith / Jones: table points of 1 are impossible; every card is "
                                        "worth a multiple of 5."),
        ("meld-below-minimum", "Hand 1, Smith / Jones: table points of 1 are below the 50 a side must meld first "
                               "in deal 1, and every melded card stays on the table.")]
