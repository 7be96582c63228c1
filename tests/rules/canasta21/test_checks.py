"""One failing sheet for every check (every violation code) of the canasta21 rule set, each next to a
valid sheet it differs from as little as possible: the failing one carries that code alone, with its
whole message, hand, side and field."""

import copy

import pytest

import rules
from rules.canasta21.codes import CODES, RULES
from tests.rules.builders import error_lines
from tests.rules.canasta21.builders import NONE, OUT, TWO, build, plain, scored

NOTE = "base-not-itemised"


def hand1(**lines) -> dict:
    """Hand 1 of the usual three players (Ana goes out), with some lines replaced."""
    return {"ana": scored(OUT), "bo": scored(TWO), "cy": scored(NONE)} | lines


def both(**lines) -> tuple[dict, dict]:
    return hand1(), hand1(**lines)


def case_base_mismatch():
    good = build(hand1())
    bad = copy.deepcopy(good)
    bad["hands"][0]["ana"]["base"] = 900  # total and running total still the right 1,110
    return bad, good, (1, "ana", "base", "Hand 1, Ana: the base should be 950 (3 pure base canastas 600, 1 mixed "
                       "base canasta 150, 1 pure standard canasta 100 and going out 100), not 900.")


def case_base_impossible():
    good = build(hand1(bo=plain(300, -2)))
    bad = build(hand1(bo=plain(325, -2)))
    return bad, good, (1, "bo", "base", "Hand 1, Bo: a base of 325 is impossible; every bonus is a multiple of 50.")


def case_base_not_itemised():
    good = build(hand1())
    bad = build(hand1(bo=plain(300, -2)))
    return bad, good, (1, "bo", "details", "Hand 1, Bo: only base and count are written, so the checks confirm "
                       "the arithmetic and that the numbers are possible, but not the canastas, going out and "
                       "cards behind them.")


def case_count_mismatch():
    good = build(hand1())
    bad = build(hand1(ana=scored(OUT) | {"count": 150}))
    return bad, good, (1, "ana", "count", "Hand 1, Ana: the count should be 160 (160 in closed canastas less 0 "
                       "in open sets and 0 in hand), not 150.")


def case_count_impossible():
    good = build(hand1(bo=plain(300, 300)))
    bad = build(hand1(bo=plain(300, 500)))
    return bad, good, (1, "bo", "count", "Hand 1, Bo: a count of 500 is impossible; five closed canastas hold at "
                       "most 314 in card points.")


def case_count_positive_without_canasta():
    good = build(hand1(cy={"base": 0, "count": -10, "details": {}}))
    bad = build(hand1(cy={"base": 0, "count": 10, "details": {}}))
    return bad, good, (1, "cy", "count", "Hand 1, Cy: with no closed canasta every card counts against the side, "
                       "so a count of 10 is impossible.")


def case_closed_points_impossible():
    good = build(hand1(bo=scored(TWO | {"closed_points": 68})))
    bad = build(hand1(bo=scored(TWO | {"closed_points": 80})))
    return bad, good, (1, "bo", "details.closed_points", "Hand 1, Bo: 2 closed canastas of these kinds hold "
                       "between 42 and 68 in card points, not 80.")


def case_canastas_exceed_line_up():
    five = {"pure_base_canastas": 4, "pure_standard_canastas": 1, "closed_points": 120}
    good = build(hand1(bo=scored(five)))
    bad = build(hand1(bo=scored(five | {"pure_standard_canastas": 2, "closed_points": 140})))
    return bad, good, (1, "bo", "details", "Hand 1, Bo: a line-up holds one canasta for each of the numbers 2, 3, "
                       "5, 8 and 13, so at most five, not 6.")


def case_went_out_several():
    other = OUT | {"closed_points": 170}
    good = build(hand1(bo=scored(other | {"went_out": False})))
    bad = build(hand1(bo=scored(other)))
    return bad, good, (1, None, "details.went_out", "Hand 1: the hand stops when the first player goes out, so "
                       "Ana and Bo cannot both have gone out.")


def case_went_out_without_five_canastas():
    four = OUT | {"pure_standard_canastas": 0, "closed_points": 139}
    good = build(hand1(ana=scored(four | {"went_out": False})))
    bad = build(hand1(ana=scored(four)))
    return bad, good, (1, "ana", "details.went_out", "Hand 1, Ana: going out needs all five canastas closed, and "
                       "the side has 4.")


def case_went_out_without_card_21():
    good = build(hand1())
    bad = build(hand1(ana=scored(OUT | {"cards_21": 0})))
    return bad, good, (1, "ana", "details.cards_21", "Hand 1, Ana: going out needs at least one card 21 "
                       "collected, and the side records none.")


def case_went_out_without_two_base_canastas():
    one = {"pure_base_canastas": 1, "pure_standard_canastas": 4, "went_out": True, "cards_21": 1,
           "closed_points": 110}
    good = build(hand1(ana=scored(one | {"pure_base_canastas": 2, "pure_standard_canastas": 3})))
    bad = build(hand1(ana=scored(one)))
    return bad, good, (1, "ana", "details.went_out", "Hand 1, Ana: going out needs two canastas started by a "
                       "base card, and the side has only one.")


def case_went_out_with_cards():
    good = build(hand1())
    bad = build(hand1(ana=scored(OUT | {"hand_points": 5})))
    return bad, good, (1, "ana", "details.hand_points", "Hand 1, Ana: the player who went out has no cards left "
                       "in hand, so these cannot be worth 5.")


def case_bonus_without_going_out():
    good = build(hand1())
    bad = build(hand1(bo=scored(TWO | {"concealed": True})))
    return bad, good, (1, "bo", "details.concealed", "Hand 1, Bo: the side did not go out, so it cannot score "
                       "the bonus for going out concealed.")


def case_bigollo_without_five_base_canastas():
    good = build(hand1())
    bad = build(hand1(ana=scored(OUT | {"bigollo": True})))
    return bad, good, (1, "ana", "details.bigollo", "Hand 1, Ana: a Bigollo! is going out with all five canastas "
                       "started by a base card, and the side has 4.")


def case_bigollo_unclaimed():
    five = OUT | {"pure_base_canastas": 4, "pure_standard_canastas": 0}
    good = build(hand1(ana=scored(five | {"bigollo": True})))
    bad = build(hand1(ana=scored(five)))
    return bad, good, (1, "ana", "details.bigollo", "Hand 1, Ana: the side went out with five canastas started by "
                       "a base card, a Bigollo!, but its 200 bonus is not recorded; check that the player did "
                       "not claim it.")


def case_wilds_exceed_deck():
    mixed = {"mixed_standard_canastas": 3, "closed_points": 180}
    good = build(hand1(bo=scored(mixed | {"mixed_standard_canastas": 2, "pure_standard_canastas": 1})))
    bad = build(hand1(bo=scored(mixed)))
    return bad, good, (1, None, "details", "Hand 1: every mixed canasta holds a wild card, and the sides record 4 "
                       "mixed canastas with only 3 wild cards in the deck.")


def case_card_points_exceed_deck():
    good = build(hand1(cy=scored(NONE | {"hand_points": 2000})))
    bad = build(hand1(cy=scored(NONE | {"hand_points": 2300})))
    return bad, good, (1, None, "details", "Hand 1: the sides' card points add up to 2,564, more than the 2,350 "
                       "every card of the deck could be worth.")


def case_meld_base_cards():
    second = {"ana": scored(TWO, meld_base_cards=2), "bo": scored(TWO, meld_base_cards=2),
              "cy": scored(NONE, meld_base_cards=1)}
    good = build(hand1(), second)
    bad = build(hand1(), second | {"cy": scored(NONE, meld_base_cards=2)})
    return bad, good, (2, "cy", "meld_base_cards", "Hand 2, Cy: with a cumulative score of -52 before this hand "
                       "the initial meld needs 1 base card, not 2.")


def case_partnership_sides():
    good = build({"ana": scored(OUT), "bo": scored(TWO)}, options={"partnerships": True})
    bad = build(hand1(), options={"partnerships": True})
    return bad, good, (None, None, "sides", "A partnership game is four players in two partnerships, so the sheet "
                       "lists two sides, not 3.")


def case_total_mismatch():
    good = build(hand1())
    bad = copy.deepcopy(good)
    bad["hands"][0]["ana"]["total"] = 1100
    return bad, good, (1, "ana", "total", "Hand 1, Ana: the total should be 1,110 (base 950 plus count 160), not "
                       "1,100.")


def case_cumulative_mismatch():
    good = build(hand1(), hand1(ana=scored(TWO), bo=scored(OUT | {"closed_points": 170})))
    bad = copy.deepcopy(good)
    bad["hands"][1]["ana"]["cumulative"] = 1418
    return bad, good, (2, "ana", "cumulative", "Hand 2, Ana: the running total should be 1,408 (1,110 before this "
                       "hand plus 298), not 1,418.")


def case_final_mismatch():
    good = build(hand1())
    return build(hand1(), final={"ana": 1000, "bo": 298, "cy": -52}), good, (
        None, "ana", "final", "The final total for Ana should be 1,110, the running total after the last hand, "
                              "not 1,000.")


def case_winner_mismatch():
    good = build(hand1())
    return build(hand1(), winner="bo"), good, (None, None, "winner", "The winner is Ana with the most points, "
                                                                     "1,110, not Bo as written.")


def case_tie_for_director():
    good = build(hand1())
    bad = build(hand1(ana=scored(TWO)))
    return bad, good, (None, None, "winner", "The game ended in a tie at 298, which the event director resolves.")


def case_no_hands():
    good = build(hand1())
    bad = {**copy.deepcopy(good), "hands": [], "final": None, "winner": None}
    return bad, good, (None, None, "hands", "The sheet has no hands; a game needs at least one hand.")


def case_too_many_hands():
    line = {"ana": scored({"hand_points": 5}), "bo": scored({"hand_points": 8})}
    good = build(*[line] * 100, totals=False)
    bad = build(*[line] * 101, totals=False)
    return bad, good, (101, None, "hands", "Hand 101: a sheet can list at most 100 hands, so hand 101 should not "
                       "be on it; the hands were not checked.")


def case_hand_after_target():
    good = build(hand1(), options={"target_score": 1000})
    bad = build(hand1(), hand1(ana=scored(TWO), bo=scored(TWO)), options={"target_score": 1000})
    return bad, good, (2, None, "hands", "Hand 2: the game was over after hand 1, when Ana reached 1,110 of the "
                       "1,000 needed, so no more hands are played.")


CASES = {name[len("case_"):].replace("_", "-"): fn for name, fn in globals().items() if name.startswith("case_")}


def test_every_code_has_a_case():
    assert sorted(CASES) == sorted(CODES)


def _failures(answer: dict, code: str) -> list[dict]:
    """The violations, without the note on lines of base and count only (unless that note is the check)."""
    return [v for v in answer["violations"] if v["code"] == code or v["code"] != NOTE]


@pytest.mark.parametrize("code", sorted(CASES))
def test_the_check_fails_only_its_sheet(code):
    bad, good, (hand, side, field, message) = CASES[code]()
    assert _failures(rules.validate(good), code) == [], code
    found = _failures(rules.validate(bad), code)
    assert found == [{"severity": CODES[code][1], "hand": hand, "side": side, "field": field, "code": code,
                      "rule": RULES[code], "message": message}]


def test_the_rule_names_the_section_of_canasta_21():
    assert RULES["went-out-without-card-21"] == "Canasta 21, Going Out"
    assert RULES["meld-base-cards"] == "Canasta 21, A Players Turn and Initial Melds"


def test_with_two_decks_the_card_points_bound_names_them():
    """case_card_points_exceed_deck words the bound of one deck; with two the sentence is another."""
    bad = build(hand1(cy=scored(NONE | {"hand_points": 4500})), options={"decks": 2})
    assert error_lines(rules.validate(bad)) == [(1, None, "details", "card-points-exceed-deck", (
        "Hand 1: the sides' card points add up to 4,764, more than the 4,700 "
        "every card of the 2 decks could be worth."))]
