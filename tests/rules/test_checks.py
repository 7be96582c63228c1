"""One failing and one passing sheet for every check (every violation code) of the nvso rule set.

Each case builds a passing sheet that is fully valid and a failing sheet that differs from it as little as
possible; the failing one must carry the code at the expected hand, team and field.
"""

import copy

import pytest

import rules
from rules.nvso.codes import CODES
from tests.rules.builders import K_EW, K_NS, build, codes, find, plain, scored, with_details, with_line

K_HAND = (scored(K_NS), scored(K_EW))


def case_count_not_multiple_of_five():
    good = build((plain(2200, 325), plain(1800, 275)), (plain(300, 100), plain(500, 280)))
    bad = build((plain(2200, 325), plain(1800, 275)), (plain(300, 100), plain(500, 283)))
    return bad, good, (2, "ew", "count")


def case_count_positive_without_canasta():
    good = build((scored({"red_threes": 1}, count=-50), scored({"pure_canastas": 2}, count=200)))
    bad = build((scored({"red_threes": 1}, count=50), scored({"pure_canastas": 2}, count=200)))
    return bad, good, (1, "ns", "count")


def case_count_mismatch():
    good = build(K_HAND)
    return with_line(good, 1, "ew", count=280, total=2080, cumulative=2080), good, (1, "ew", "count")


def case_points_not_multiple_of_five():
    good = build(K_HAND)
    bad = with_details(good, 1, "ns", table_points=333)
    return with_line(bad, 1, "ns", count=323, total=2523, cumulative=2523), good, (1, "ns", "details.table_points")


def case_counts_exceed_deck():
    good = build((plain(2200, 700), plain(600, -400)))
    return build((plain(2200, 900), plain(600, -400))), good, (1, None, "count")


def case_card_points_exceed_deck():
    ns = {"pure_canastas": 2, "table_points": 600}
    good = build((scored(ns), scored({"pure_canastas": 2, "table_points": 500})))
    bad = build((scored(ns), scored({"pure_canastas": 2, "table_points": 600})))
    return bad, good, (1, None, "details.table_points")


def case_table_points_below_melds():
    # Three pure canastas hold at least 105 (7 cards each of 4s, 5s and 6s, 5 points a card).
    ew = {"pure_canastas": 1, "table_points": 100}
    bad = build((scored({"pure_canastas": 3, "table_points": 100}), scored(ew)))
    good = build((scored({"pure_canastas": 3, "table_points": 105}), scored(ew)))
    return bad, good, (1, "ns", "details.table_points")


def case_hand_points_below_stuck():
    # A team that went out, its partner stuck with aces: at least three aces, 60, in hand.
    out = {"pure_canastas": 2, "went_out": True, "stuck_aces": 1, "table_points": 200}
    ew = {"pure_canastas": 1, "table_points": 100}
    bad = build((scored({**out, "hand_points": 55}), scored(ew)))
    good = build((scored({**out, "hand_points": 60}), scored(ew)))
    return bad, good, (1, "ns", "details.hand_points")


def case_hand_points_exceed_hands():
    # After going out only the partner holds cards, at most two aces and two sevens: 940 at the most here.
    out = {"pure_canastas": 2, "went_out": True, "table_points": 70}
    bad = build((scored({**out, "hand_points": 945}), scored({"table_points": 0})))
    good = build((scored({**out, "hand_points": 940}), scored({"table_points": 0})))
    return bad, good, (1, "ns", "details.hand_points")


def case_base_mismatch():
    good = build(K_HAND)
    return with_line(good, 1, "ns", base=2300, total=2625, cumulative=2625), good, (1, "ns", "base")


def case_base_impossible():
    good = build((plain(2200, 325), plain(1800, 275)))
    return build((plain(2250, 325), plain(1800, 275))), good, (1, "ns", "base")


def case_base_not_itemised():
    # An info note, not an error: both sheets are valid; only the one without details carries it.
    return build((plain(2200, 325), plain(1800, 275))), build(K_HAND), (1, None, "details")


def case_went_out_both():
    good = build(K_HAND)
    bad = with_details(good, 1, "ew", went_out=True)
    return with_line(bad, 1, "ew", base=1900, total=2175, cumulative=2175), good, (1, None, "details.went_out")


def case_went_out_without_two_canastas():
    good = build((scored({"pure_canastas": 2, "went_out": True}, count=100), scored({}, count=-200)))
    bad = build((scored({"pure_canastas": 1, "went_out": True}, count=100), scored({}, count=-200)))
    return bad, good, (1, "ns", "details.went_out")


def case_special_hand_both():
    good = build((scored({"special_hand": "pairs"}), scored({"red_threes": 1}, count=-300)))
    bad = build((scored({"special_hand": "pairs"}), scored({"special_hand": "garbage"})))
    return bad, good, (1, None, "details.special_hand")


def case_special_hand_and_went_out():
    good = build((scored({"special_hand": "straight"}), scored({"pure_canastas": 2}, count=150)))
    bad = build((scored({"special_hand": "straight"}), scored({"pure_canastas": 2, "went_out": True}, count=150)))
    return bad, good, (1, None, "details.went_out")


def case_special_hand_with_other_details():
    good = build((scored({"special_hand": "pairs_natural"}), scored({}, count=-300)))
    bad = build((scored({"special_hand": "pairs_natural", "red_threes": 1}), scored({}, count=-300)))
    return bad, good, (1, "ns", "details.red_threes")


def case_special_hand_count():
    good = build((scored({"special_hand": "garbage"}), scored({}, count=-300)))
    return with_line(good, 1, "ns", count=50, total=2050, cumulative=2050), good, (1, "ns", "count")


def case_threes_exceed_deck():
    good = build(K_HAND)
    bad = with_details(good, 1, "ew", red_threes=2)
    return with_line(bad, 1, "ew", base=2100, total=2375, cumulative=2375), good, (1, None, "details.red_threes")


def _two_teamswith_line(ns_extra: dict, ew_extra: dict, ew_good: dict) -> tuple[dict, dict]:
    ns = {"pure_canastas": 1, **ns_extra}
    bad = build((scored(ns, count=100), scored({"pure_canastas": 1, **ew_extra}, count=100)))
    good = build((scored(ns, count=100), scored({"pure_canastas": 1, **ew_good}, count=100)))
    return bad, good


def case_sevens_exceed_deck():
    bad, good = _two_teamswith_line({"sevens_canasta": True}, {"incomplete_sevens": True}, {"incomplete_aces": True})
    return bad, good, (1, None, "details.sevens_canasta")


def case_aces_exceed_deck():
    # A pure aces canasta takes 7 aces, each stuck player 3: 7 + 3 does not fit the 8 aces; the canasta
    # beside the other team's sevens does (the field is the larger take's).
    bad, good = _two_teamswith_line({"aces_canasta": True}, {"stuck_aces": 1}, {"stuck_sevens": 1})
    return bad, good, (1, None, "details.aces_canasta")


def case_stuck_after_going_out():
    # The player who went out holds no cards: only the partner can be stuck with sevens.
    bad, good = _two_teamswith_line({"pure_canastas": 2, "went_out": True, "stuck_sevens": 2}, {},
                                {})
    good = build((scored({"pure_canastas": 2, "went_out": True, "stuck_sevens": 1}, count=100),
                  scored({"pure_canastas": 1}, count=100)))
    return bad, good, (1, "ns", "details.stuck_sevens")


def case_natural_canastas_exceed_deck():
    # Good: nine pure canastas (4 to King without sevens) and the sevens canasta, then one mixed canasta,
    # which can only be of aces: every rank's 8 cards make one canasta at most, and all is legal.
    bad, good = _two_teamswith_line({"pure_canastas": 5, "sevens_canasta": True}, {"pure_canastas": 5},
                                {"pure_canastas": 4, "mixed_canastas": 1})
    return bad, good, (1, None, "details.pure_canastas")


def case_wilds_exceed_deck():
    bad, good = _two_teamswith_line({"wild_canasta": "all_deuces", "mixed_canastas": 3}, {"mixed_canastas": 3},
                                {"mixed_canastas": 2})
    return bad, good, (1, None, "details.wild_canasta")  # the largest take of the wild cards


def case_meld_requirement_by_hand():
    good = build((plain(2200, 325, meld_requirement=125), plain(1800, 275, meld_requirement=125)),
                 (plain(300, 100, meld_requirement=155), plain(500, 100, meld_requirement=155)))
    return with_line(good, 2, "ew", meld_requirement=125), good, (2, "ew", "meld_requirement")


def case_meld_requirement_by_score():
    options = {"meld_requirement": "by_score"}
    # North-South has 3,330 after the first hand (K: "We" would need 155), East-West 2,900 (still 125).
    good = build((plain(3000, 330), plain(2700, 200)),
                 (plain(300, 100, meld_requirement=155), plain(500, 100, meld_requirement=125)), options=options)
    return with_line(good, 2, "ns", meld_requirement=125), good, (2, "ns", "meld_requirement")


def case_total_mismatch():
    good = build(K_HAND)
    return with_line(good, 1, "ns", total=2552), good, (1, "ns", "total")


def case_cumulative_mismatch():
    good = build(K_HAND, (plain(300, 100), plain(500, 100)))
    return with_line(good, 2, "ew", cumulative=2775), good, (2, "ew", "cumulative")


def case_final_mismatch():
    good = build(K_HAND)
    bad = copy.deepcopy(good)
    bad["final"]["ew"] = 2175
    return bad, good, (None, "ew", "final")


def case_winner_mismatch():
    good = build(K_HAND)
    return {**good, "winner": "ew"}, good, (None, None, "winner")


def case_tie_for_director():
    # A warning, not an error: both sheets are valid.
    tie = build((plain(2200, 300), plain(2200, 300)))
    return tie, build((plain(2200, 300), plain(2200, 295))), (None, None, "winner")


def case_no_hands():
    return build(), build(K_HAND), (None, None, "hands")


def case_too_many_hands():
    hands = [(plain(300, 100), plain(500, 100))] * 4
    good = build(*hands, options={"hands_per_game": None})
    return build(*hands), good, (4, None, "hands")


def case_hand_after_target():
    hands = [(plain(8200, 300), plain(500, 100)), (plain(300, 100), plain(500, 100))]
    return build(*hands), build(*hands, options={"target_score": 9000}), (2, None, "hands")


CASES = {name[len("case_"):].replace("_", "-"): fn for name, fn in globals().copy().items()
         if name.startswith("case_")}
NOT_ERRORS = {"base-not-itemised", "tie-for-director"}


def test_every_code_has_a_case():
    assert set(CASES) == set(CODES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_check_fails_and_passes(code):
    failing, passing, (hand, team, field) = CASES[code]()
    bad = rules.validate(failing)
    good = rules.validate(passing)
    assert not rules.is_malformed(bad) and not rules.is_malformed(good)
    found = find(bad, code)
    assert found, f"{code} not raised: {bad['violations']}"
    assert (found[0]["hand"], found[0]["team"], found[0]["field"]) == (hand, team, field)
    assert found[0]["rule"] == CODES[code][0]
    assert found[0]["severity"] == CODES[code][1]
    assert code not in codes(good), good["violations"]
    assert good["valid"], good["violations"]
    if code in NOT_ERRORS:
        assert bad["valid"], bad["violations"]
    else:
        assert not bad["valid"]


def bad_violations(sheet: dict) -> list[dict]:
    return rules.validate(sheet)["violations"]


def test_the_format_pages_example_message():
    bad, _, _ = case_count_not_multiple_of_five()
    [violation] = [v for v in bad_violations(bad) if v["code"] == "count-not-multiple-of-five"]
    assert violation == {
        "severity": "error", "hand": 2, "team": "ew", "field": "count", "code": "count-not-multiple-of-five",
        "rule": "C", "message": "Hand 2, East-West: a count of 283 is impossible; every card is worth a multiple of 5.",
    }
