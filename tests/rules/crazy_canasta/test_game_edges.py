"""The crazy_canasta game checks at the edges the one-case-per-code tests leave out: the winner named early,
as a tie, beside a wrong final or none, beside slips that make every other reading lead the other side; a
slip in either side's arithmetic; an option chosen at run time."""

import pytest

import rules
from tests.rules.crazy_canasta.builders import build, deals, good, replace_deal, scored


def _told(sheet: dict) -> list[tuple]:
    return [(v["code"], v["hand"], v["side"], v["message"]) for v in rules.validate(sheet)["violations"]]


@pytest.mark.parametrize("played, winner, message", [
    (1, "tie", "The sheet names a tie as the winner after 1 deal, but the game is decided after four."),
    (3, "tie", "The sheet names a tie as the winner after 3 deals, but the game is decided after four."),
    (1, "b", "The sheet names Brown / Green as the winner after 1 deal, but the game is decided after four."),
    (2, "a", "The sheet names Smith / Jones as the winner after 2 deals, but the game is decided after four."),
])
def test_a_winner_named_before_the_fourth_deal(played, winner, message):
    assert _told(build(*deals()[:played], winner=winner)) == [("winner-before-end", None, None, message)]


def test_a_tie_written_where_a_side_leads():
    assert _told({**good(), "winner": "tie"}) == [
        ("winner-mismatch", None, None, "The winner is Brown / Green with 18,130 against 12,840, not a tie as "
                                        "written.")]


def test_a_winner_that_follows_a_wrong_final_is_told_at_the_final_only():
    assert _told({**good(), "final": {"a": 20000, "b": 18130}, "winner": "a"}) == [
        ("final-mismatch", None, "a", "The final total for Smith / Jones should be 12,840, the running total after "
                                      "the last deal, not 20,000.")]


@pytest.mark.parametrize("side, field, value, message", [
    ("a", "cumulative", 6375 - 2965, "Hand 2, Smith / Jones: the running total should be 9,340 (6,375 before this "
                                     "deal plus 2,965), not 3,410."),
    ("b", "cumulative", 1550 - 8170, "Hand 2, Brown / Green: the running total should be 9,720 (1,550 before this "
                                     "deal plus 8,170), not -6,620."),
    ("b", "total", 8000, "Hand 2, Brown / Green: the total should be 8,170 (base 7,400 plus count 770), not 8,000."),
])
def test_a_slip_in_either_sides_arithmetic_is_told(side, field, value, message):
    """A running total written as the one before *minus* the deal's total is a slip like any other."""
    sheet = good()
    sheet["hands"][1][side][field] = value
    assert _told(sheet) == [(f"{field}-mismatch", 2, side, message)]


def test_books_grouped_chosen_in_the_options_ask_for_the_book():
    """The option written out builds the options at run time (the defaults are built at import)."""
    apart = scored({"clean_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1,
                    "table_points": 500, "hand_points": 60})
    hands = deals()
    hands[1] = (hands[1][0], apart)
    assert [(v["code"], v["hand"], v["side"]) for v in rules.validate(build(*hands, options={"books": "grouped"}))[
        "violations"]] == [("book-not-grouped", 2, "b")]


def test_a_wrong_winner_on_a_sheet_without_a_final():
    sheet = good()
    del sheet["final"]
    sheet["winner"] = "a"
    assert _told(sheet) == [("winner-mismatch", None, None, "The winner is Brown / Green with 18,130 against 12,840, "
                                                            "not Smith / Jones as written.")]


def test_the_winner_the_written_deals_give_is_not_told_whatever_the_slips_before_it():
    """Brown / Green's deal 2 details score 7,000 less than written and their last running total and final
    are written short: the slips are told where made, and the winner the written deals give is not."""
    sheet = good()
    details = sheet["hands"][1]["b"]["details"]
    sheet["hands"][1]["b"]["details"] = {**{k: v for k, v in details.items() if k not in ("books", "wild_canastas")},
                                         "table_points": 800}
    sheet["hands"][3]["b"]["cumulative"] = sheet["final"]["b"] = 10000
    sheet["winner"] = "b"
    assert [(code, hand, side) for code, hand, side, _ in _told(sheet)] == [
        ("base-mismatch", 2, "b"), ("went-out-without-book", 2, "b"), ("cumulative-mismatch", 4, "b")]


def test_naturals_beyond_the_decks_without_meldable_aces_leave_the_aces_out_of_the_words():
    options = {"aces": "not_meldable"}
    sheet = replace_deal(2, scored({"clean_canastas": 20, "table_points": 1000}, options),
                         scored({"clean_canastas": 21, "table_points": 1100}, options), options=options)
    assert [v for v in _told(sheet) if v[0] == "naturals-exceed-deck"] == [(
        "naturals-exceed-deck", 2, None, "Hand 2: the clean and dirty canastas recorded need 287 natural cards "
        "(seven and six each, thirteen in a book), but the decks hold only 252 4s, 5s, 6s, 8s, 9s, 10s, jacks, "
        "queens and kings.")]
