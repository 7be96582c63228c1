"""One failing sheet for every check (every violation code) of the fibonacci21 rule set, each next to a
valid sheet it differs from as little as possible: the failing one carries that code alone, with its
whole message, hand (round), side (player) and field."""

import copy

import pytest

import rules
from rules.fibonacci21.codes import CODES
from tests.rules.builders import error_lines
from tests.rules.canasta21.builders import build as build_any
from tests.rules.canasta21.builders import plain

NOTE = "base-not-itemised"
# Ana closes six sets (one mixed) and goes out: base 1,250, count 170.
OUT = {"pure_sets": 5, "mixed_sets": 1, "went_out": True, "closed_points": 170}
# Bo: three sets closed, open sets (nothing) and a hand (against): base 600, count 70 - 25 = 45.
THREE = {"pure_sets": 3, "closed_points": 70, "table_points": 40, "hand_points": 25}


def scored(d: dict, open_against: bool = False, **fields) -> dict:
    """A line scored by our reading, written out apart from the rule set."""
    base = 200 * d.get("pure_sets", 0) + 150 * d.get("mixed_sets", 0) + 100 * d.get("went_out", False)
    count = d.get("closed_points", 0) - d.get("hand_points", 0) - (d.get("table_points", 0) if open_against else 0)
    return {"base": base, "count": count, "details": dict(d), **fields}


def build(*hands, **top):
    return build_any(*hands, ruleset="fibonacci21", **top)


def round1(**lines) -> dict:
    return {"ana": scored(OUT), "bo": scored(THREE)} | lines


def case_base_mismatch():
    good = build(round1())
    bad = copy.deepcopy(good)
    bad["hands"][0]["ana"]["base"] = 1200
    return bad, good, (1, "ana", "base", "Hand 1, Ana: the base should be 1,250 (5 pure sets 1,000, 1 mixed set 150 "
                       "and going out 100), not 1,200.")


def case_base_impossible():
    good = build(round1(bo=plain(600, 45)))
    bad = build(round1(bo=plain(610, 45)))
    return bad, good, (1, "bo", "base", "Hand 1, Bo: a base of 610 is impossible; every bonus is a positive "
                       "multiple of 50.")


def case_base_not_itemised():
    good = build(round1())
    bad = build(round1(bo=plain(600, 45)))
    return bad, good, (1, "bo", "details", "Hand 1, Bo: only base and count are written, so the checks confirm the "
                       "arithmetic and that the numbers are possible, but not the sets, going out and cards behind "
                       "them.")


def case_count_mismatch():
    good = build(round1())
    bad = build(round1(bo=scored(THREE) | {"count": 5}))
    return bad, good, (1, "bo", "count", "Hand 1, Bo: the count should be 45 (70 in closed sets less 25 in hand; open "
                       "sets count for nothing), not 5.")


def case_count_impossible():
    good = build(round1(bo=plain(600, 300)))
    bad = build(round1(bo=plain(600, 400)))
    return bad, good, (1, "bo", "count", "Hand 1, Bo: a count of 400 is impossible; six closed sets hold at most 348 "
                       "in card points.")


def case_count_positive_without_set():
    good = build(round1(bo={"base": 0, "count": -20, "details": {}}))
    bad = build(round1(bo={"base": 0, "count": 20, "details": {}}))
    return bad, good, (1, "bo", "count", "Hand 1, Bo: with no closed set no card counts for the player, so a count of "
                       "20 is impossible.")


def case_closed_points_impossible():
    good = build(round1(bo=scored(THREE | {"closed_points": 102})))
    bad = build(round1(bo=scored(THREE | {"closed_points": 103})))
    return bad, good, (1, "bo", "details.closed_points", "Hand 1, Bo: 3 closed sets of these kinds hold between 63 "
                       "and 102 in card points, not 103.")


def case_sets_exceed_six():
    good = build(round1(bo=scored(THREE | {"pure_sets": 3, "mixed_sets": 1, "closed_points": 120})))
    bad = build(round1(bo=scored(THREE | {"pure_sets": 6, "mixed_sets": 1, "closed_points": 190})))
    return bad, good, (1, "bo", "details", "Hand 1, Bo: a player has one set for each base card 2, 3, 5, 8 and 13 and "
                       "one of card 21, so at most six, not 7.")


def case_went_out_several():
    other = OUT | {"mixed_sets": 0, "pure_sets": 6, "closed_points": 140}
    good = build(round1(bo=scored(other | {"went_out": False})))
    bad = build(round1(bo=scored(other)))
    return bad, good, (1, None, "details.went_out", "Hand 1: the round stops when the first player goes out, so Ana "
                       "and Bo cannot both have gone out.")


def case_went_out_without_six_sets():
    five = OUT | {"pure_sets": 4, "closed_points": 150}
    good = build(round1(ana=scored(five | {"went_out": False})))
    bad = build(round1(ana=scored(five)))
    return bad, good, (1, "ana", "details.went_out", "Hand 1, Ana: going out needs all six sets closed, and the player "
                       "has 5.")


def case_went_out_with_cards():
    good = build(round1())
    bad = build(round1(ana=scored(OUT | {"table_points": 8})))
    return bad, good, (1, "ana", "details.table_points", "Hand 1, Ana: the player who went out has no cards left in "
                       "open sets, so these cannot be worth 8.")


def case_wilds_exceed_deck():
    mixed = THREE | {"pure_sets": 0, "mixed_sets": 3, "closed_points": 160}
    good = build(round1(bo=scored(mixed | {"mixed_sets": 2, "pure_sets": 1})))
    bad = build(round1(bo=scored(mixed)))
    return bad, good, (1, None, "details", "Hand 1: every mixed set holds a wild card, and the players record 4 mixed "
                       "sets with only 3 wild cards in the deck.")


def case_card_points_exceed_deck():
    good = build(round1(bo=scored(THREE | {"hand_points": 2000})))
    bad = build(round1(bo=scored(THREE | {"hand_points": 2200})))
    return bad, good, (1, None, "details", "Hand 1: the players' card points add up to 2,480, more than the 2,350 "
                       "every card of the deck could be worth.")


def case_total_mismatch():
    good = build(round1())
    bad = copy.deepcopy(good)
    bad["hands"][0]["bo"]["total"] = 650
    return bad, good, (1, "bo", "total", "Hand 1, Bo: the total should be 645 (base 600 plus count 45), not 650.")


def case_cumulative_mismatch():
    good = build(round1(), round1(ana=scored(THREE), bo=scored(OUT | {"closed_points": 180})))
    bad = copy.deepcopy(good)
    bad["hands"][1]["bo"]["cumulative"] = 2000
    return bad, good, (2, "bo", "cumulative", "Hand 2, Bo: the running total should be 2,075 (645 before this hand "
                       "plus 1,430), not 2,000.")


def case_final_mismatch():
    good = build(round1())
    return build(round1(), final={"ana": 1420, "bo": 600}), good, (
        None, "bo", "final", "The final total for Bo should be 645, the running total after the last hand, not 600.")


def case_winner_mismatch():
    good = build(round1())
    return build(round1(), winner="bo"), good, (None, None, "winner", "The winner is Ana with the most points, 1,420, "
                                                                      "not Bo as written.")


def case_tie_for_director():
    good = build(round1())
    bad = build(round1(ana=scored(THREE)))
    return bad, good, (None, None, "winner", "The game ended in a tie at 645, which the event director resolves.")


def case_no_hands():
    good = build(round1())
    bad = {**copy.deepcopy(good), "hands": [], "final": None, "winner": None}
    return bad, good, (None, None, "hands", "The sheet has no hands; a game needs at least one hand.")


def case_too_many_hands():
    line = {"ana": scored({"hand_points": 5}), "bo": scored({"hand_points": 8})}
    good = build(*[line] * 100, totals=False)
    bad = build(*[line] * 102, totals=False)
    return bad, good, (101, None, "hands", "Hand 101: a sheet can list at most 100 hands, so hands 101 to 102 should "
                       "not be on it; the hands were not checked.")


def case_hand_after_target():
    good = build(round1(), options={"target_score": 1000})
    bad = build(round1(), round1(), options={"target_score": 1000})
    return bad, good, (2, None, "hands", "Hand 2: the game was over after hand 1, when Ana reached 1,420 of the 1,000 "
                       "needed, so no more hands are played.")


CASES = {name[len("case_"):].replace("_", "-"): fn for name, fn in globals().items() if name.startswith("case_")}


def test_every_code_has_a_case():
    assert sorted(CASES) == sorted(CODES)


def _failures(answer: dict, code: str) -> list[dict]:
    return [v for v in answer["violations"] if v["code"] == code or v["code"] != NOTE]


@pytest.mark.parametrize("code", sorted(CASES))
def test_the_check_fails_only_its_sheet(code):
    bad, good, (hand, side, field, message) = CASES[code]()
    assert _failures(rules.validate(good), code) == [], code
    found = _failures(rules.validate(bad), code)
    assert found == [{"severity": CODES[code][1], "hand": hand, "side": side, "field": field, "code": code,
                      "rule": CODES[code][0], "message": message}]


def test_with_two_decks_the_card_points_bound_names_them():
    """case_card_points_exceed_deck words the bound of one deck; with two the sentence is another."""
    bad = build(round1(bo=scored(THREE | {"hand_points": 4600})), options={"decks": 2})
    assert error_lines(rules.validate(bad)) == [(1, None, "details", "card-points-exceed-deck", (
        "Hand 1: the players' card points add up to 4,880, more than the 4,700 "
        "every card of the 2 decks could be worth."))]
