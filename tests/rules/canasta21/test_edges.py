"""The canasta21 checks at the edges the one-case-per-code tests leave out: bounds at their last allowed
value and one past it, the messages of the other branches whole, a slip reported once, the options that
change the deck, and the example built afresh."""

import copy
import importlib

import pytest

import rules
from rules.canasta21 import examples, scoring
from rules.canasta21.codes import CODES, RULES
from rules.canasta21.line import describe_line
from rules.canasta21.options import Canasta21Options
from tests.rules.canasta21.builders import NONE, OUT, TWO, build, plain, scored
from tests.rules.canasta21.test_checks import hand1


@pytest.fixture(autouse=True)
def _fresh_cache():
    """achievable_bases is cached: each test works it out again."""
    scoring.achievable_bases.cache_clear()


def error(hand, side, field, code, message) -> dict:
    return {"severity": CODES[code][1], "hand": hand, "side": side, "field": field, "code": code,
            "rule": RULES[code], "message": message}


def violations(sheet: dict) -> list[dict]:
    """The violations, without the note on lines of base and count only."""
    return [v for v in rules.validate(sheet)["violations"] if v["code"] != "base-not-itemised"]


def test_hands_after_the_target_are_told_once_however_many_follow():
    """Two hands or more after the game was over: told once, at the first (it once raised a KeyError)."""
    later = hand1(ana=scored(TWO), bo=scored(TWO))
    sheet = build(hand1(), later, later, later, options={"target_score": 1000})
    assert violations(sheet) == [error(2, None, "hands", "hand-after-target", "Hand 2: the game was over after "
                                       "hand 1, when Ana reached 1,110 of the 1,000 needed, so no more hands are "
                                       "played.")]


AS_PLAYED = {"total": 298, "cumulative": 298}  # Bo's line as the players had it: 300 + -2
FINAL = {"final": {"ana": 1110, "bo": 298, "cy": -52}}


def test_a_plain_line_s_wrong_total_is_told_with_its_parts():
    assert violations(build(hand1(bo=plain(300, -2, total=290)))) == [error(
        1, "bo", "total", "total-mismatch", "Hand 1, Bo: the total should be 298 (base 300 plus count -2), not 290.")]


@pytest.mark.parametrize(("line", "slip"), [
    (plain(325, -2, **AS_PLAYED), ("base", "base-impossible", "a base of 325 is impossible; every bonus is a "
                                                              "multiple of 50")),
    (plain(300, 500, **AS_PLAYED), ("count", "count-impossible", "a count of 500 is impossible; five closed "
                                                                 "canastas hold at most 314 in card points")),
])
def test_an_impossible_base_or_count_is_told_once_not_again_at_the_total(line, slip):
    field, code, text = slip
    assert violations(build(hand1(bo=line), **FINAL)) == [error(1, "bo", field, code, f"Hand 1, Bo: {text}.")]


@pytest.mark.parametrize(("base", "reason"), [
    (-100, "the bonuses are never negative; cards against a side go in its count"),
    (1550, "no side scores more than 1,500 in bonuses in one hand"),
])
def test_the_reason_a_written_base_is_impossible(base, reason):
    assert violations(build(hand1(bo=plain(base, -2)))) == [error(
        1, "bo", "base", "base-impossible", f"Hand 1, Bo: a base of {base:,} is impossible; {reason}.")]


def test_the_count_at_its_bounds():
    assert violations(build(hand1(bo=plain(300, 314)))) == []
    assert violations(build(hand1(bo=plain(0, -2350)))) == []
    assert violations(build(hand1(bo=plain(0, -2351)))) == [error(
        1, "bo", "count", "count-impossible", "Hand 1, Bo: a count of -2,351 is impossible; all the cards of the "
                                              "decks are worth at most 2,350.")]


@pytest.mark.parametrize(("options", "most"), [({"decks": 2}, 458), ({"wild_cards": 5}, 410)])
def test_the_most_count_follows_the_wild_cards_in_play(options, most):
    assert violations(build(hand1(bo=plain(300, most)), options=options)) == []
    assert violations(build(hand1(bo=plain(300, most + 1)), options=options)) == [error(
        1, "bo", "count", "count-impossible", f"Hand 1, Bo: a count of {most + 1} is impossible; five closed "
                                              f"canastas hold at most {most} in card points.")]


def test_with_closed_canastas_scoring_their_bonus_only_no_count_is_above_0():
    options = {"closed_canasta_cards": "bonus_only"}
    lines = {"ana": scored(OUT, counts_closed=False), "bo": plain(300, 0), "cy": scored(NONE)}
    assert violations(build(lines, options=options)) == []
    assert violations(build(lines | {"bo": plain(300, 1)}, options=options)) == [error(
        1, "bo", "count", "count-impossible", "Hand 1, Bo: a count of 1 is impossible; with closed canastas scoring "
                                              "their bonus only, cards only count against a side.")]


def test_a_bonus_claimed_without_going_out():
    claimed = scored(TWO | {"bigollo": True})
    assert violations(build(hand1(bo=claimed))) == [error(
        1, "bo", "details.bigollo", "bonus-without-going-out", "Hand 1, Bo: the side did not go out, so it cannot "
                                                               "score the bonus for a Bigollo!.")]


def test_a_base_with_no_bonus_recorded():
    assert violations(build(hand1(cy=scored(NONE) | {"base": 50}))) == [error(
        1, "cy", "base", "base-mismatch", "Hand 1, Cy: the details record no bonus, so the base should be 0, not "
                                          "50.")]


def test_the_base_mismatch_names_going_out_concealed_and_bigollo():
    bigollo = OUT | {"pure_base_canastas": 4, "pure_standard_canastas": 0, "concealed": True, "bigollo": True,
                     "closed_points": 170}
    line = scored(bigollo)
    assert violations(build(hand1(ana=line | {"base": line["base"] - 50}))) == [error(
        1, "ana", "base", "base-mismatch", "Hand 1, Ana: the base should be 1,450 (4 pure base canastas 800, 1 mixed "
                                           "base canasta 150, going out 100, concealed 200 and Bigollo! 200), not "
                                           "1,400.")]


@pytest.mark.parametrize(("details", "text"), [
    ({"closed_points": 5}, "with no closed canasta there are no closed canastas' card points, so not 5."),
    ({"pure_standard_canastas": 1, "closed_points": 35}, "1 closed canasta of this kind holds between 21 and 34 in "
                                                         "card points, not 35."),
    ({"pure_base_canastas": 3, "mixed_base_canastas": 1, "mixed_standard_canastas": 1, "closed_points": 178},
     "5 closed canastas of these kinds hold between 179 and 314 in card points, not 178."),
    ({"pure_base_canastas": 3, "mixed_base_canastas": 1, "mixed_standard_canastas": 1, "closed_points": 315},
     "5 closed canastas of these kinds hold between 179 and 314 in card points, not 315."),
])
def test_the_closed_points_message_by_the_canastas(details, text):
    assert violations(build(hand1(bo=scored(TWO | {"pure_base_canastas": 0, "pure_standard_canastas": 0}
                                            | details)))) == [error(
        1, "bo", "details.closed_points", "closed-points-impossible", f"Hand 1, Bo: {text}")]


def test_two_mixed_canastas_at_their_least_card_points():
    two_mixed = TWO | {"pure_base_canastas": 3, "mixed_base_canastas": 1, "mixed_standard_canastas": 1,
                       "pure_standard_canastas": 0, "closed_points": 179}
    assert violations(build(hand1(bo=scored(two_mixed)))) == []


def test_a_count_mismatch_without_closed_points_counts_them_0():
    line = scored(NONE)
    assert violations(build(hand1(cy=line | {"count": -47}))) == [error(
        1, "cy", "count", "count-mismatch", "Hand 1, Cy: the count should be -52 (0 in closed canastas less 12 in "
                                            "open sets and 40 in hand), not -47.")]


def test_three_sides_cannot_all_have_gone_out():
    sheet = build({"ana": scored(OUT), "bo": scored(OUT | {"closed_points": 161}),
                   "cy": scored(OUT | {"closed_points": 162})})
    assert violations(sheet) == [error(
        1, None, "details.went_out", "went-out-several", "Hand 1: the hand stops when the first player goes out, so "
                                                         "Ana, Bo and Cy cannot all have gone out.")]


def test_the_deck_s_limits_are_checked_only_past_them():
    """Two went out (the one slip), with exactly the wild cards and card points the deck holds."""
    ana = OUT  # one mixed canasta, 160
    bo = OUT | {"pure_standard_canastas": 0, "mixed_standard_canastas": 1, "closed_points": 200}  # two mixed
    cy = {"table_points": 1000, "hand_points": 2350 - 160 - 200 - 1000}
    sheet = build({"ana": scored(ana), "bo": scored(bo), "cy": scored(cy)})
    assert violations(sheet) == [error(
        1, None, "details.went_out", "went-out-several", "Hand 1: the hand stops when the first player goes out, so "
                                                         "Ana and Bo cannot both have gone out.")]


def test_two_decks_are_named_as_two():
    mixed = {"mixed_base_canastas": 2, "mixed_standard_canastas": 2, "closed_points": 4 * 60}
    sheet = build({"ana": scored(mixed), "bo": scored(mixed | {"mixed_standard_canastas": 1, "closed_points": 180})},
                  options={"decks": 2})
    assert violations(sheet) == [error(
        1, None, "details", "wilds-exceed-deck", "Hand 1: every mixed canasta holds a wild card, and the sides record "
                                                 "7 mixed canastas with only 6 wild cards in the 2 decks.")]


@pytest.mark.parametrize(("cumulative", "meld", "expected"), [(0, 1, "2 base cards, not 1"),
                                                              (0, 3, "2 base cards, not 3"),
                                                              (1500, 2, "3 base cards, not 2"),
                                                              (1500, 4, "3 base cards, not 4"),
                                                              (3000, 3, "4 base cards, not 3")])
def test_the_initial_meld_at_each_step(cumulative, meld, expected):
    """A step's first score needs the step's cards: 0 two, 1,500 three, 3,000 four."""
    before = [{"ana": plain(1200, 300), "bo": scored(NONE), "cy": scored(NONE)}] * (cumulative // 1500)
    before = before or [{"ana": plain(0, 0), "bo": scored(NONE), "cy": scored(NONE)}]
    melds = {"ana": scored(TWO, meld_base_cards=meld), "bo": scored(TWO), "cy": scored(TWO)}
    assert violations(build(*before, melds)) == [error(
        len(before) + 1, "ana", "meld_base_cards", "meld-base-cards", f"Hand {len(before) + 1}, Ana: with a "
        f"cumulative score of {cumulative:,} before this hand the initial meld needs {expected}.")]


def test_the_initial_meld_may_follow_the_written_running_total():
    """A slip in Ana's running total is told there; her next meld, right by the total she wrote, is not told
    again."""
    second = {"ana": scored(TWO, meld_base_cards=3), "bo": scored(TWO), "cy": scored(TWO)}
    sheet = build(hand1(), second)
    sheet["hands"][0]["ana"]["cumulative"] = 1600  # 1,110 recomputed
    sheet["hands"][1]["ana"]["cumulative"] = 1600 + 298
    sheet["final"]["ana"] = 1600 + 298
    assert [v["code"] for v in violations(sheet)] == ["cumulative-mismatch"]


def test_the_card_points_are_not_asked_of_a_side():
    assert [f["name"] for f in describe_line() if not f["asked"]] == ["closed_points", "table_points",
                                                                      "hand_points"]


def test_the_options_are_listed_as_chosen():
    assert Canasta21Options(decks=2, partnerships=True).as_dict() == {
        "closed_canasta_cards": "count", "partnerships": True, "target_score": 5000, "decks": 2, "wild_cards": 3}


def test_the_example_built_afresh_validates():
    example = copy.deepcopy(importlib.reload(examples).EXAMPLE)
    assert rules.validate(example)["violations"] == []
    assert example["hands"][0]["cy"] == {"base": 0, "count": -52, "total": -52, "cumulative": -52,
                                         "meld_base_cards": 2, "details": {"table_points": 12, "hand_points": 40}}


def test_going_out_with_no_canasta_started_by_a_base_card():
    standard = OUT | {"pure_base_canastas": 0, "mixed_base_canastas": 0, "pure_standard_canastas": 4,
                      "mixed_standard_canastas": 1}
    assert violations(build(hand1(ana=scored(standard)))) == [error(
        1, "ana", "details.went_out", "went-out-without-two-base-canastas", "Hand 1, Ana: going out needs two "
                                                                           "canastas started by a base card, and "
                                                                           "the side has none.")]


def test_the_note_for_every_side_of_base_and_count_only():
    sheet = build({"ana": plain(950, 160), "bo": plain(300, -2)})
    assert rules.validate(sheet)["violations"] == [error(
        1, None, "details", "base-not-itemised", "Hand 1: only base and count are written for every side, so the "
                                                 "checks confirm the arithmetic and that the numbers are possible, "
                                                 "but not the canastas, going out and cards behind them.")]


UNKNOWN = {"pure_base_canastas": 1, "pure_standard_canastas": 1, "table_points": 30, "hand_points": 17}  # no closed


def test_a_count_of_canastas_whose_points_are_not_written_is_checked_only_for_being_possible():
    assert violations(build(hand1(bo=scored(UNKNOWN) | {"count": -2}))) == []
    assert violations(build(hand1(bo=scored(UNKNOWN) | {"count": 500}))) == [error(
        1, "bo", "count", "count-impossible", "Hand 1, Bo: a count of 500 is impossible; five closed canastas hold at "
                                              "most 314 in card points.")]
    assert violations(build(hand1(bo=scored(UNKNOWN) | {"count": -2, "total": 290}))) == [error(
        1, "bo", "total", "total-mismatch", "Hand 1, Bo: the total should be 298 (base 300 plus count -2), not 290.")]


def test_a_count_above_0_without_a_canasta_is_told_once():
    nothing = {"base": 0, "details": {}}
    assert violations(build(hand1(cy=nothing | {"count": 0}))) == []
    assert violations(build(hand1(cy=nothing | {"count": 1}))) == [error(
        1, "cy", "count", "count-positive-without-canasta", "Hand 1, Cy: with no closed canasta every card counts "
                                                            "against the side, so a count of 1 is impossible.")]
    as_played = nothing | {"count": 20, "total": -20, "cumulative": -20}  # 20 written for -20
    assert violations(build(hand1(cy=as_played), final={"ana": 1110, "bo": 298, "cy": -20})) == [error(
        1, "cy", "count", "count-positive-without-canasta", "Hand 1, Cy: with no closed canasta every card counts "
                                                            "against the side, so a count of 20 is impossible.")]
