"""The crazy_canasta checks at the edges the one-case-per-code tests leave out: bounds at their last allowed
value and one past it, the messages of the other branches whole, a slip reported once, and the options
that change the deck built at run time (the defaults are built at import, where no test sees them)."""

import pytest

import rules
from rules.crazy_canasta import deck, scoring
from rules.crazy_canasta.codes import CODES
from rules.crazy_canasta.options import CrazyOptions
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


# checks_deal: the decks full to the last card, and one card more

# Two sides that hold the seven decks to the last card between them: 14 red and 14 black threes, 28 sevens
# (a book's 7 and three canastas of sevens), 42 wild cards (a book's 8, four wild canastas, six dirty
# ones), 280 naturals (a book's 13, six dirty canastas' 36, 33 clean ones' 231) and
# 3,920 card points; one side went out.
FULL_A = {"books": 1, "sevens_canastas": 3, "wild_canastas": 4, "red_threes": 7, "black_threes": 7, "went_out": True,
          "table_points": 925, "hand_points": 770}
FULL_B = {"dirty_canastas": 6, "clean_canastas": 33, "red_threes": 7, "black_threes": 7, "table_points": 1455,
          "hand_points": 770}
# One side alone holding them all (the other writes base and count only).
FULL_ONE = {"sevens_canastas": 4, "wild_canastas": 6, "clean_canastas": 40, "red_threes": 14, "black_threes": 14,
            "table_points": 2380, "hand_points": 1540}


def _more(details: dict, **changes) -> dict:
    """The details with some numbers changed by the amounts given."""
    return {**details, **{name: details.get(name, 0) + by for name, by in changes.items()}}


NATURALS = "aces, 4s, 5s, 6s, 8s, 9s, 10s, jacks, queens and kings"
# One card too many of each kind (the table points kept at the canastas' least, the card points at 3,920):
# (changes, field, message).
ONE_MORE = {
    "red": ({"red_threes": 1}, "details.red_threes",
            "Hand 1: the sides record 15 red threes, but the decks hold only 14."),
    "black": ({"black_threes": 1}, "details.black_threes",
              "Hand 1: the sides record 15 black threes, but the decks hold only 14."),
    "sevens": ({"sevens_canastas": 1, "table_points": 35, "hand_points": -35}, "details.sevens_canastas",
               "Hand 1: the books and canastas of sevens recorded need 35 sevens (seven each), but the decks hold "
               "only 28."),
    "wilds": ({"dirty_canastas": 1, "clean_canastas": -1, "table_points": 15, "hand_points": -15},
              "details.wild_canastas",
              "Hand 1: the books, wild-card canastas and dirty canastas recorded need 43 wild cards (seven in a "
              "wild canasta, one in a dirty one, eight in a book), but the decks hold only 42."),
    "naturals": ({"clean_canastas": 1, "table_points": 35, "hand_points": -35}, "details.clean_canastas",
                 f"Hand 1: the clean and dirty canastas recorded need 287 natural cards (seven and six each, "
                 f"thirteen in a book), but the decks hold only 280 {NATURALS}."),
    "card points": ({"hand_points": 5}, "details.table_points",
                    "Hand 1: the table and hand points recorded come to 3,925, but all the cards but the threes "
                    "are worth only 3,920."),
}
# Which side of FULL_A, FULL_B takes each change: the side with the canastas it changes.
_TAKER = {"red": 0, "black": 1, "sevens": 0, "wilds": 1, "naturals": 1, "card points": 0}


def test_the_decks_full_to_the_last_card_are_accepted():
    for a, b in ((FULL_A, FULL_B), (FULL_B, FULL_A)):
        assert rules.validate(replace_deal(1, scored(a), scored(b)))["violations"] == []
    for a, b in ((scored(FULL_ONE), plain(0, 0)), (plain(0, 0), scored(FULL_ONE))):
        assert violations(replace_deal(1, a, b)) == []


@pytest.mark.parametrize("kind", sorted(ONE_MORE))
@pytest.mark.parametrize("swapped", [False, True])
def test_one_card_more_of_a_kind_is_told_alone_the_others_full_to_the_last(kind, swapped):
    """Only the kind that overflows is told: the others, exactly full, are not (nor going out, done by one
    side only), whichever side holds what."""
    changes, field, message = ONE_MORE[kind]
    pair = [FULL_A, FULL_B]
    pair[_TAKER[kind]] = _more(pair[_TAKER[kind]], **changes)
    a, b = reversed(pair) if swapped else pair
    assert violations(replace_deal(1, scored(a), scored(b))) == [error(1, None, field, _code(field), message)]


@pytest.mark.parametrize("kind", sorted(ONE_MORE))
@pytest.mark.parametrize("side", ["a", "b"])
def test_one_card_more_of_a_kind_recorded_by_the_only_side_with_details(kind, side):
    changes, field, message = ONE_MORE[kind]
    if kind == "wilds":  # a dirty canasta beside the sevens, wild and clean ones would make a book
        changes = {**changes, "sevens_canastas": -4, "table_points": 15 - 140, "hand_points": 125}
    lines = [scored(_more(FULL_ONE, **changes)), plain(0, 0)]
    a, b = lines if side == "a" else reversed(lines)
    assert violations(replace_deal(1, a, b)) == [error(1, None, field, _code(field), message)]


def _code(field: str) -> str:
    return {"details.red_threes": "threes-exceed-deck", "details.black_threes": "threes-exceed-deck",
            "details.sevens_canastas": "sevens-exceed-deck", "details.wild_canastas": "wilds-exceed-deck",
            "details.clean_canastas": "naturals-exceed-deck",
            "details.table_points": "card-points-exceed-deck"}[field]


def test_points_left_unwritten_count_as_none_against_the_full_decks():
    """A side that wrote no table or hand points adds nothing to the card points: beside a side holding
    all 3,920, only the red three too many is told."""
    full = scored(_more(FULL_ONE, red_threes=1))
    for other in ({}, {"hand_points": 0}, {"table_points": 0}):
        for a, b in ((full, scored(other)), (scored(other), full)):
            assert violations(replace_deal(1, a, b)) == [error(1, None, "details.red_threes", "threes-exceed-deck",
                                                               ONE_MORE["red"][2])]


# checks_line: the other branches of the base's and the count's messages


@pytest.mark.parametrize("options, expected", [
    (None, "the base should be -200 (2 black threes -200), not 0."),
    ({"black_three_points": "card_value_subtracted"}, "the base should be 200 (2 black threes 200), not 0."),
])
def test_a_wrong_base_with_black_threes_counts_them_by_the_option(options, expected):
    line = {**scored({"black_threes": 2, "hand_points": 30}, options), "base": 0}
    sheet = replace_deal(1, line, scored(DEAL_1[1], options), options=options)
    assert violations(sheet) == [error(1, "a", "base", "base-mismatch", f"Hand 1, Smith / Jones: {expected}")]


def test_a_base_written_for_details_that_score_nothing():
    sheet = replace_deal(1, {**scored({}), "base": 100}, scored(DEAL_1[1]))
    assert violations(sheet) == [error(1, "a", "base", "base-mismatch", "Hand 1, Smith / Jones: the details record "
                                       "nothing that scores, so the base should be 0, not 100.")]


@pytest.mark.parametrize("details, count, why", [
    ({"hand_points": 45}, 45, "-45 (0 on the table minus 45 in hand)"),
    ({"books": 1, "table_points": 300}, 200, "300 (300 on the table minus 0 in hand)"),
])
def test_a_wrong_count_with_one_of_the_points_unwritten_reads_it_as_0(details, count, why):
    sheet = replace_deal(1, {**scored(details), "count": count}, scored(DEAL_1[1]))
    assert violations(sheet) == [error(1, "a", "count", "count-mismatch", f"Hand 1, Smith / Jones: the count "
                                       f"should be {why}, not {count}.")]


def test_a_wrong_count_with_red_threes_in_the_count_says_what_they_add():
    options = {"red_three_points": "bonus_and_card"}
    sheet = replace_deal(1, {**scored(DEAL_1[0], options), "count": 580}, scored(DEAL_1[1], options), options=options)
    assert violations(sheet) == [error(1, "a", "count", "count-mismatch", "Hand 1, Smith / Jones: the count should "
                                       "be 775 (620 on the table minus 45 in hand, plus 200 for the red threes' card "
                                       "points), not 580.")]


# A slip told once, and what a total's message quotes


def _hand(sheet: dict, n: int) -> list[tuple[str, str | None, str]]:
    return [(v["code"], v["side"], v["message"]) for v in rules.validate(sheet)["violations"] if v["hand"] == n]


def test_an_impossible_base_leaves_the_total_beside_it_unchecked():
    """Nothing says what the base should be, so a total that is not base plus count is not told again with a
    made-up fix."""
    sheet = replace_deal(1, plain(1550, 220, total=1800, cumulative=1800), scored(DEAL_1[1]))
    assert _hand(sheet, 1) == [
        ("base-impossible", "a", "Hand 1, Smith / Jones: a base of 1,550 is impossible; every bonus comes in "
                                 "hundreds."),
        ("base-not-itemised", "a", "Hand 1, Smith / Jones: only base and count are written, so the checks confirm "
                                   "the arithmetic and that the base is possible, but not the books, canastas and "
                                   "threes behind it.")]


def test_a_wrong_total_beside_a_wrong_count_quotes_the_count_the_points_give():
    sheet = replace_deal(1, {**scored(DEAL_1[0]), "count": 580, "total": 6400, "cumulative": 6400},
                         scored(DEAL_1[1]))
    assert _hand(sheet, 1) == [
        ("count-mismatch", "a", "Hand 1, Smith / Jones: the count should be 575 (620 on the table minus 45 in "
                                "hand), not 580."),
        ("total-mismatch", "a", "Hand 1, Smith / Jones: the total should be 6,375 (base 5,800 plus count 575), "
                                "not 6,400.")]


@pytest.mark.parametrize("options", [
    {}, {"decks": 1}, {"decks": 2, "jokers": "two"}, {"decks": 20},
    {"decks": 3, "aces": "not_meldable", "black_three_points": "card_value_subtracted"}])
def test_every_hundred_between_the_lowest_and_highest_base_is_achievable(options):
    """So a base in hundreds within the bounds is never impossible: check_base_possible's last reason ("no
    mix ... makes it") is there for decks that would leave a gap, and no options do."""
    bases = scoring.achievable_bases(CrazyOptions(**options))
    assert bases == frozenset(range(min(bases), max(bases) + 1, 100))


# The counts against the decks, and the note for deals of base and count

BOTH_PLAIN = ("base-not-itemised", None, "Hand 1: only base and count are written for both sides, so the checks "
                                         "confirm the arithmetic and that each base is possible, but not the books, "
                                         "canastas and threes behind it.")


@pytest.mark.parametrize("options, most", [(None, 3920), ({"red_three_points": "bonus_and_card"}, 5320)])
def test_counts_worth_the_whole_decks_pass_and_five_more_do_not(options, most):
    """The red threes' card points count towards the most only with the option that counts them."""
    half = most // 2
    assert _hand(replace_deal(1, plain(1500, half), plain(800, -half), options=options), 1) == [BOTH_PLAIN]
    assert _hand(replace_deal(1, plain(1500, half + 5), plain(800, -half), options=options), 1) == [
        ("counts-exceed-deck", None, f"Hand 1: counts of {half + 5:,} for Smith / Jones and {-half:,} for Brown / "
                                     f"Green cannot all be right; the cards they count are worth only {most:,}."),
        BOTH_PLAIN]


_NOT_ITEMISED = "only base and count are written, so the checks confirm the arithmetic and that the base is " \
                "possible, but not the books, canastas and threes behind it."


def test_counts_that_cannot_all_be_right_leave_only_the_written_counts_total_unchecked():
    """The count a side's points give is proven, so its total is still checked; the written count is not,
    so the total resting on it is not told again. In either seat; the message counts the points' count."""
    detailed = {**scored({"table_points": 1500}), "count": 1000, "total": 0, "cumulative": 0}
    written = plain(800, -2425, total=0, cumulative=0)
    assert _hand(replace_deal(1, detailed, written), 1) == [
        ("count-mismatch", "a", "Hand 1, Smith / Jones: the count should be 1,500 (1,500 on the table minus 0 in "
                                "hand), not 1,000."),
        ("counts-exceed-deck", None, "Hand 1: counts of 1,500 for Smith / Jones and -2,425 for Brown / Green "
                                     "cannot all be right; the cards they count are worth only 3,920."),
        ("total-mismatch", "a", "Hand 1, Smith / Jones: the total should be 1,500 (base 0 plus count 1,500), "
                                "not 0."),
        ("base-not-itemised", "b", f"Hand 1, Brown / Green: {_NOT_ITEMISED}")]
    detailed = {**scored({"table_points": 1500}), "total": 0, "cumulative": 0}
    assert _hand(replace_deal(1, written, detailed), 1) == [
        ("counts-exceed-deck", None, "Hand 1: counts of -2,425 for Smith / Jones and 1,500 for Brown / Green "
                                     "cannot all be right; the cards they count are worth only 3,920."),
        ("total-mismatch", "b", "Hand 1, Brown / Green: the total should be 1,500 (base 0 plus count 1,500), "
                                "not 0."),
        ("base-not-itemised", "a", f"Hand 1, Smith / Jones: {_NOT_ITEMISED}")]


def test_counts_that_cannot_all_be_right_written_on_both_sides_leave_both_totals_unchecked():
    sheet = replace_deal(1, plain(1500, 2000, total=0, cumulative=0), plain(800, -2000, total=0, cumulative=0))
    assert _hand(sheet, 1) == [
        ("counts-exceed-deck", None, "Hand 1: counts of 2,000 for Smith / Jones and -2,000 for Brown / Green "
                                     "cannot all be right; the cards they count are worth only 3,920."),
        BOTH_PLAIN]


def test_a_count_no_multiple_of_five_beside_details_without_points_leaves_the_total_unchecked():
    sheet = replace_deal(1, {**scored({"red_threes": 1}), "count": 42, "total": 0, "cumulative": 0},
                         scored(DEAL_1[1]))
    assert _hand(sheet, 1) == [("count-not-multiple-of-five", "a", "Hand 1, Smith / Jones: a count of 42 is "
                                                                   "impossible; every card is worth a multiple of 5.")]


def test_points_no_multiple_of_five_that_six_divides_are_told():
    """66 is a multiple of 6, not of 5 (the quick test before the points' checks must not let it by)."""
    sheet = replace_deal(1, scored({"table_points": 66}), scored({"hand_points": 66}))
    assert _hand(sheet, 1) == [
        ("points-not-multiple-of-five", "a", "Hand 1, Smith / Jones: table points of 66 are impossible; every card "
                                             "is worth a multiple of 5."),
        ("points-not-multiple-of-five", "b", "Hand 1, Brown / Green: hand points of 66 are impossible; every card "
                                             "is worth a multiple of 5.")]


def test_points_that_overflow_the_decks_are_told_once_not_again_as_counts():
    """Both sides wrote points (one of the two each): the counts they give are weighed only through the
    card points; a count weighed again would tell the same slip twice."""
    for a, b in (({"table_points": 3000}, {"hand_points": 1000}), ({"hand_points": 1000}, {"table_points": 3000})):
        assert _hand(replace_deal(1, scored(a), scored(b)), 1) == [
            ("card-points-exceed-deck", None, "Hand 1: the table and hand points recorded come to 4,000, but all "
                                              "the cards but the threes are worth only 3,920.")]


def test_a_count_written_beside_details_without_points_is_weighed_against_the_decks():
    sheet = replace_deal(1, {**scored({}), "count": 3000}, scored({"hand_points": 1000}))
    assert _hand(sheet, 1) == [
        ("counts-exceed-deck", None, "Hand 1: counts of 3,000 for Smith / Jones and -1,000 for Brown / Green "
                                     "cannot all be right; the cards they count are worth only 3,920.")]


@pytest.mark.parametrize("side", ["a", "b"])
def test_a_final_that_follows_the_details_after_a_wrong_base_is_accepted(side):
    """A base slip carried on faithfully by the running totals: the final written as the details give it
    (the slip's 100 less) is right too, so only the base is told; the recomputed running total is carried
    through every deal after the slip."""
    hands = deals()
    pair = list(hands[0])
    pair["ab".index(side)] = {**pair["ab".index(side)], "base": pair["ab".index(side)]["base"] + 100}
    hands[0] = tuple(pair)
    sheet = build(*hands)
    sheet["final"][side] -= 100
    assert [(v["code"], v["hand"], v["side"]) for v in rules.validate(sheet)["violations"]] == [
        ("base-mismatch", 1, side)]

