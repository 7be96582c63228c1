"""Crazy Canasta's scoring on its own: the base and count formulas, the set of bases one side can score
(against a brute force written out independently), and what each option changes on a sheet."""

import itertools

import pytest

import rules
from rules.crazy_canasta import scoring
from rules.crazy_canasta.options import DEFAULTS, CrazyOptions
from tests.rules.crazy_canasta.builders import build, codes, deals, full, good, scored


def test_the_bonuses_of_each_kind():
    d = full({"books": 2, "sevens_canastas": 1, "wild_canastas": 1, "clean_canastas": 3, "dirty_canastas": 2,
              "red_threes": 4, "black_threes": 3, "went_out": True})
    assert scoring.base(d, DEFAULTS) == 10_000 + 2_000 + 2_000 + 1_500 + 600 + 400 + 100 - 300


def test_a_book_is_worth_two_hundred_more_than_its_four_canastas():
    book = full({"books": 1})
    apart = full({"clean_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1})
    assert scoring.base(book, DEFAULTS) - scoring.base(apart, DEFAULTS) == 200


def test_the_count_is_melded_minus_in_hand_and_red_threes_only_with_the_option():
    d = full({"red_threes": 2, "table_points": 300, "hand_points": 85})
    assert scoring.count(d, DEFAULTS) == 215
    assert scoring.count(d, CrazyOptions(red_three_points="bonus_and_card")) == 415
    assert scoring.count(full({"red_threes": 2}), DEFAULTS) is None  # no points written


def test_the_breakdown_names_each_part():
    d = full({"books": 1, "dirty_canastas": 1, "black_threes": 2, "went_out": True})
    assert scoring.breakdown(d, DEFAULTS) == [("1 book", 5000), ("1 dirty canasta", 300), ("going out", 100),
                                              ("2 black threes", -200)]


def _brute_bases(decks: int, black_sign: int) -> set[int]:
    """Every base by trying every combination the decks allow (small decks only)."""
    sevens, wilds, naturals, threes = 4 * decks, 6 * decks, 40 * decks, 2 * decks
    found = set()
    for b, s, w, d, c in itertools.product(range(5), range(5), range(7), range(wilds + 1), range(naturals // 7 + 1)):
        if 7 * (b + s) > sevens or 8 * b + 7 * w + d > wilds or 13 * b + 7 * c + 6 * d > naturals:
            continue
        for r, k, out in itertools.product(range(threes + 1), range(threes + 1), (0, 1)):
            found.add(5000 * b + 2000 * (s + w) + 500 * c + 300 * d + 100 * (r + out) + black_sign * 100 * k)
    return found


@pytest.mark.parametrize("decks, black", [(1, "penalty"), (2, "penalty"), (2, "card_value_subtracted")])
def test_the_achievable_bases_are_exactly_what_the_decks_allow(decks, black):
    options = CrazyOptions(decks=decks, black_three_points=black)
    assert scoring.achievable_bases(options) == _brute_bases(decks, options.black_sign)


def test_seven_decks_reach_from_minus_1_400_to_41_500():
    # 14 black threes at worst; at best 4 canastas of sevens, 6 of wild cards, 40 clean, 14 red threes and
    # going out (books are worth less than the canastas their cards would make apart).
    assert scoring.base_bounds(DEFAULTS) == (-1400, 41_500)


def test_red_threes_as_card_points_too_change_the_count():
    options = {"red_three_points": "bonus_and_card"}
    sheet = good(options)
    assert rules.validate(sheet)["valid"]
    assert sheet["hands"][0]["a"]["count"] == 575 + 200
    assert codes(rules.validate({**good(), "options": options}))[0] == "count-mismatch"


def test_black_threes_read_literally_add_a_hundred_each():
    options = {"black_three_points": "card_value_subtracted"}
    sheet = good(options)
    assert sheet["hands"][0]["b"]["base"] == 1300 + 200
    assert rules.validate(sheet)["valid"]


def test_books_as_written_accept_four_canastas_left_apart():
    apart = scored({"clean_canastas": 1, "dirty_canastas": 1, "sevens_canastas": 1, "wild_canastas": 1,
                    "table_points": 500, "hand_points": 60})
    hands = deals()
    hands[1] = (hands[1][0], apart)
    assert codes(rules.validate(build(*hands))) == ["book-not-grouped"]
    assert rules.validate(build(*hands, options={"books": "as_written"}))["valid"]


def test_two_jokers_in_all_leave_thirty_wild_cards():
    wilds = {"wild_canastas": 2, "dirty_canastas": 2, "table_points": 400}  # 16 wild cards each side
    hands = deals()
    hands[2] = (scored(wilds), scored(wilds))
    assert rules.validate(build(*hands))["valid"]
    answer = rules.validate(build(*hands, options={"jokers": "two"}))
    assert codes(answer) == ["wilds-exceed-deck"]
    assert answer["violations"][0]["message"].endswith("need 32 wild cards (seven in a wild canasta, one in a "
                                                       "dirty one, eight in a book), but the decks hold only 30.")


def test_fewer_decks_lower_every_bound():
    answer = rules.validate(build(*deals(), options={"decks": 2}))
    assert [(v["code"], v["hand"]) for v in answer["violations"]] == [
        ("card-points-exceed-deck", 1), ("sevens-exceed-deck", 2), ("wilds-exceed-deck", 2),
        ("card-points-exceed-deck", 2), ("sevens-exceed-deck", 4)]
    assert answer["violations"][1]["message"] == (
        "Hand 2: the books and canastas of sevens recorded need 14 sevens (seven each), but the decks hold "
        "only 8.")


def test_a_side_that_melded_nothing_counts_its_threes_and_its_hand():
    line = scored({"red_threes": 1, "black_threes": 2, "hand_points": 230})
    hands = deals()
    hands[2] = (hands[2][0], line)
    assert (line["base"], line["count"]) == (-100, -230)
    assert rules.validate(build(*hands))["valid"]


def test_points_left_out_are_not_counted_but_points_written_as_0_are():
    hands = deals()
    hands[2] = (hands[2][0], {**scored({"red_threes": 1}), "count": 50})
    assert rules.validate(build(*hands))["valid"]  # no points written: the count stands as written
    hands[2] = (hands[2][0], {**scored({"red_threes": 1, "table_points": 0, "hand_points": 0}), "count": 50})
    assert codes(rules.validate(build(*hands))) == ["count-mismatch"]


def test_the_hot_paths_one_reading_gives_the_base_count_and_least_points_of_the_separate_functions():
    from rules.crazy_canasta.deck import least_table_points

    for details in ({"books": 1, "clean_canastas": 2, "red_threes": 3, "black_threes": 1, "went_out": True,
                     "table_points": 700, "hand_points": 15},
                    {"sevens_canastas": 2, "wild_canastas": 1, "dirty_canastas": 4},
                    {"hand_points": 230}):
        for options in (DEFAULTS, CrazyOptions(red_three_points="bonus_and_card",
                                               black_three_points="card_value_subtracted")):
            d = full(details)
            assert scoring.reading(d, options) == (scoring.base(d, options), scoring.count(d, options),
                                                   least_table_points(d))
