"""One sheet per check of the crazy_canasta rule set (every violation code): each differs from a valid
sheet as little as possible and fails that check only (an `info` note aside where a line is written as
base and count), at the expected hand, side and field, with the whole message asserted."""

import copy

import pytest

import rules
from rules.crazy_canasta.codes import CODES
from tests.rules.crazy_canasta.builders import DEAL_1, DEAL_2, DEAL_3, build, deals, good, plain, replace_deal, scored


def _edit(sheet: dict, hand: int, side: str, **fields) -> dict:
    """A copy of the sheet with fields of one line replaced (hand counts from 1)."""
    sheet = copy.deepcopy(sheet)
    sheet["hands"][hand - 1][side].update(fields)
    return sheet


def _deal(n: int, a: dict | None = None, b: dict | None = None) -> dict:
    """The good sheet with one or both sides of deal n scored from other details, totals carried on."""
    old_a, old_b = deals()[n - 1]
    return replace_deal(n, old_a if a is None else scored(a), old_b if b is None else scored(b))


def _plain_third(a: dict, b: dict) -> dict:
    """The good sheet with deal 3 written as base and count only."""
    hands = deals()
    hands[2] = (a, b)
    return build(*hands)


def _tied() -> dict:
    """Four deals that end level: the fourth written so that Brown / Green catch up exactly."""
    first = build(*deals()[:3])
    a, b = first["final"]["a"], first["final"]["b"]
    gap = a + 1500 + 180 - b
    return build(*deals()[:3], (plain(1500, 180), plain(gap - gap % 100, gap % 100)))


# code: (the sheet, (hand, side, field), the message)
CASES = {
    "base-mismatch": lambda: (
        _edit(good(), 1, "a", base=5900), (1, "a", "base"),
        "Hand 1, Smith / Jones: the base should be 5,800 (1 book 5,000, 1 clean canasta 500, 2 red threes 200 "
        "and going out 100), not 5,900."),
    "base-impossible": lambda: (
        _plain_third(plain(1550, 220), plain(800, -40)), (3, "a", "base"),
        "Hand 3, Smith / Jones: a base of 1,550 is impossible; every bonus comes in hundreds."),
    "base-not-itemised": lambda: (
        _plain_third(plain(1500, 220), deals()[2][1]), (3, "a", "details"),
        "Hand 3, Smith / Jones: only base and count are written, so the checks confirm the arithmetic and that "
        "the base is possible, but not the books, canastas and threes behind it."),
    "count-not-multiple-of-five": lambda: (
        _plain_third(plain(1500, 220), plain(800, -42)), (3, "b", "count"),
        "Hand 3, Brown / Green: a count of -42 is impossible; every card is worth a multiple of 5."),
    "points-not-multiple-of-five": lambda: (
        _deal(1, a={**DEAL_1[0], "hand_points": 47}), (1, "a", "details.hand_points"),
        "Hand 1, Smith / Jones: hand points of 47 are impossible; every card is worth a multiple of 5."),
    "count-mismatch": lambda: (
        replace_deal(1, {**scored(DEAL_1[0]), "count": 580}, scored(DEAL_1[1])), (1, "a", "count"),
        "Hand 1, Smith / Jones: the count should be 575 (620 on the table minus 45 in hand), not 580."),
    "table-points-below-canastas": lambda: (
        _deal(1, a={**DEAL_1[0], "table_points": 250}), (1, "a", "details.table_points"),
        "Hand 1, Smith / Jones: table points of 250 are too few; the 1 book and 1 clean canasta recorded hold "
        "at least 295 points of cards."),
    "book-not-grouped": lambda: (
        _deal(2, b={"clean_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1,
                    "table_points": 500, "hand_points": 60}), (2, "b", "details.books"),
        "Hand 2, Brown / Green: a clean, a dirty, a sevens and a wild-card canasta outside a book make one more "
        "book (5,000 rather than 4,800), so books should be 1, not 0."),
    "went-out-without-book": lambda: (
        _deal(3, b={**DEAL_3[1], "went_out": True}), (3, "b", "details.went_out"),
        "Hand 3, Brown / Green: a side needs at least one book to go out, and this side records none."),
    "meld-below-minimum": lambda: (
        _deal(2, a={"red_threes": 1, "table_points": 80, "hand_points": 200}), (2, "a", "details.table_points"),
        "Hand 2, Smith / Jones: table points of 80 are below the 90 a side must meld first in deal 2, and every "
        "melded card stays on the table."),
    "went-out-both": lambda: (
        _deal(1, b={**DEAL_1[1], "books": 1, "went_out": True, "table_points": 670}),
        (1, None, "details.went_out"),
        "Hand 1: Smith / Jones and Brown / Green both record going out, but play ends when the first player "
        "goes out."),
    "threes-exceed-deck": lambda: (
        _deal(1, a={**DEAL_1[0], "red_threes": 8}, b={**DEAL_1[1], "red_threes": 7}),
        (1, None, "details.red_threes"),
        "Hand 1: the sides record 15 red threes, but the decks hold only 14."),
    "sevens-exceed-deck": lambda: (
        _deal(2, a={"books": 2, "sevens_canastas": 1, "table_points": 900},
              b={"sevens_canastas": 2, "table_points": 300}), (2, None, "details.sevens_canastas"),
        "Hand 2: the books and canastas of sevens recorded need 35 sevens (seven each), but the decks hold "
        "only 28."),
    "wilds-exceed-deck": lambda: (
        _deal(2, a={"wild_canastas": 3, "dirty_canastas": 1, "table_points": 600},
              b={"wild_canastas": 3, "table_points": 500}), (2, None, "details.wild_canastas"),
        "Hand 2: the books, wild-card canastas and dirty canastas recorded need 43 wild cards (seven in a wild "
        "canasta, one in a dirty one, eight in a book), but the decks hold only 42."),
    "naturals-exceed-deck": lambda: (
        _deal(2, a={"clean_canastas": 20, "table_points": 1000}, b={"clean_canastas": 21, "table_points": 1100}),
        (2, None, "details.clean_canastas"),
        "Hand 2: the clean and dirty canastas recorded need 287 natural cards (seven and six each, thirteen in "
        "a book), but the decks hold only 280 aces, 4s, 5s, 6s, 8s, 9s, 10s, jacks, queens and kings."),
    "card-points-exceed-deck": lambda: (
        _deal(2, a={**DEAL_2[0], "table_points": 2000, "hand_points": 100},
              b={**DEAL_2[1], "table_points": 1500, "hand_points": 400}), (2, None, "details.table_points"),
        "Hand 2: the table and hand points recorded come to 4,000, but all the cards but the threes are worth "
        "only 3,920."),
    "counts-exceed-deck": lambda: (
        _plain_third(plain(1500, 2000), plain(800, -2000)), (3, None, "count"),
        "Hand 3: counts of 2,000 for Smith / Jones and -2,000 for Brown / Green cannot all be right; the cards "
        "they count are worth only 3,920."),
    "meld-requirement-by-deal": lambda: (
        _edit(good(), 2, "a", meld_requirement=50), (2, "a", "meld_requirement"),
        "Hand 2, Smith / Jones: the first meld in deal 2 needs 90 points, not 50."),
    "total-mismatch": lambda: (
        _edit(good(), 1, "a", total=6400), (1, "a", "total"),
        "Hand 1, Smith / Jones: the total should be 6,375 (base 5,800 plus count 575), not 6,400."),
    "cumulative-mismatch": lambda: (
        _edit(good(), 2, "b", cumulative=9700), (2, "b", "cumulative"),
        "Hand 2, Brown / Green: the running total should be 9,720 (1,550 before this deal plus 8,170), not "
        "9,700."),
    "final-mismatch": lambda: (
        {**good(), "final": {"a": 12700, "b": 18130}}, (None, "a", "final"),
        "The final total for Smith / Jones should be 12,840, the running total after the last deal, not "
        "12,700."),
    "winner-mismatch": lambda: (
        {**good(), "winner": "a"}, (None, None, "winner"),
        "The winner is Brown / Green with 18,130 against 12,840, not Smith / Jones as written."),
    "winner-before-end": lambda: (
        build(*deals()[:3], winner="b"), (None, None, "winner"),
        "The sheet names Brown / Green as the winner after 3 deals, but the game is decided after four."),
    "tie-for-director": lambda: (
        _tied(), (None, None, "winner"),
        "The game ended in a tie at 12,840 each, which the event director resolves."),
    "no-hands": lambda: (
        build(), (None, None, "hands"), "The sheet has no deals; a game needs at least one."),
    "too-many-hands": lambda: (
        build(*deals(), deals()[0]), (5, None, "hands"),
        "Hand 5: a game has four deals, so this deal should not be on the sheet."),
}


def test_every_code_has_a_case():
    assert set(CASES) == set(CODES)


def test_the_sheet_the_cases_start_from_is_valid_without_a_note():
    answer = rules.validate(good())
    assert (answer["valid"], answer["violations"], answer["computed"]["winner"]) == (True, [], "b")


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_check_fails_its_sheet_at_its_field_with_its_message(code):
    sheet, (hand, side, field), message = CASES[code]()
    answer = rules.validate(sheet)
    found = [v for v in answer["violations"] if v["severity"] != "info" or v["code"] == code]
    rule, severity, _ = CODES[code]
    assert found == [{"severity": severity, "hand": hand, "side": side, "field": field, "code": code,
                      "rule": rule, "message": message}]
    assert answer["valid"] is (severity != "error")


def test_a_tie_with_a_side_named_asks_the_director_to_confirm_the_decision():
    answer = rules.validate({**_tied(), "winner": "a"})
    assert [(v["code"], v["message"]) for v in answer["violations"] if v["severity"] != "info"] == [(
        "tie-for-director", "The game ended in a tie at 12,840 each, which the event director resolves; the "
                            "sheet names Smith / Jones, so check that the director decided so.")]


@pytest.mark.parametrize("base, reason", [
    (42_000, "no side can score more than 41,500 in bonuses in one deal with these decks"),
    (-1_500, "no side can lose more than 1,400 in one deal's bonuses"),
])
def test_a_base_beyond_what_the_decks_allow_says_how_far_they_go(base, reason):
    answer = rules.validate(_plain_third(plain(base, 220), plain(800, -40)))
    assert [v["message"] for v in answer["violations"] if v["code"] == "base-impossible"] == [
        f"Hand 3, Smith / Jones: a base of {base:,} is impossible; {reason}."]


def test_a_slip_in_a_total_is_reported_once_and_the_running_totals_after_it_follow_the_written_one():
    sheet = _edit(good(), 1, "a", total=6400, cumulative=6400)
    for hand in sheet["hands"][1:]:
        hand["a"]["cumulative"] += 25
    sheet["final"]["a"] += 25
    answer = rules.validate(sheet)
    assert [(v["code"], v["hand"], v["field"]) for v in answer["violations"]] == [(
        "total-mismatch", 1, "total")]
