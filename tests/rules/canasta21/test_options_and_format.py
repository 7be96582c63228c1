"""The canasta21 options (each reading of docs/rulesets/canasta21.md), the malformed sheets of this game
with their JSON paths, the example sheet and the line a form is built from."""

import rules
from rules.canasta21 import RULESET
from tests.rules.canasta21.builders import NONE, OUT, TWO, build, codes, only, plain, scored


def hand1(**lines) -> dict:
    return {"ana": scored(OUT), "bo": scored(TWO), "cy": scored(NONE)} | lines


def paths(answer: dict) -> dict:
    assert answer["malformed"] is True, answer
    return {p["path"]: p["message"] for p in answer["problems"]}


# --- options ---------------------------------------------------------------------------------------------
def test_with_bonus_only_the_closed_canastas_cards_do_not_count():
    options = {"closed_canasta_cards": "bonus_only"}
    answer = rules.validate(build(hand1(ana=scored(OUT, counts_closed=False), bo=scored(TWO, counts_closed=False)),
                                  options=options))
    assert answer["valid"] and answer["violations"] == []
    assert answer["computed"]["final"] == {"ana": 950, "bo": 253, "cy": -52}


def test_with_bonus_only_a_count_with_the_closed_points_is_wrong():
    answer = rules.validate(build(hand1(), options={"closed_canasta_cards": "bonus_only"}))
    assert [(v["code"], v["side"]) for v in answer["violations"]] == [("count-mismatch", "ana"),
                                                                      ("count-mismatch", "bo")]
    assert answer["violations"][1]["message"] == (
        "Hand 1, Bo: the count should be -47 (closed canastas score their bonus only; 30 in open sets and 17 in "
        "hand count against), not -2.")


def test_with_bonus_only_no_count_is_positive():
    answer = rules.validate(build(hand1(bo=plain(300, 5)), options={"closed_canasta_cards": "bonus_only"}))
    found = [v for v in answer["violations"] if v["code"] == "count-impossible"]
    assert [v["message"] for v in found] == [
        "Hand 1, Bo: a count of 5 is impossible; with closed canastas scoring their bonus only, cards only count "
        "against a side."]


def test_in_a_partnership_the_partner_of_the_one_who_went_out_may_hold_cards():
    lines = {"ana": scored(OUT | {"hand_points": 20}), "bo": scored(TWO)}
    assert codes(rules.validate(build(lines))) == ["went-out-with-cards"]
    assert rules.validate(build(lines, options={"partnerships": True}))["violations"] == []


def test_in_a_partnership_the_side_that_went_out_has_no_open_sets():
    lines = {"ana": scored(OUT | {"table_points": 20}), "bo": scored(TWO)}
    violation = only(rules.validate(build(lines, options={"partnerships": True})))
    assert (violation["code"], violation["field"]) == ("went-out-with-cards", "details.table_points")
    assert violation["message"] == ("Hand 1, Ana: the player who went out has no cards left in open sets, so "
                                    "these cannot be worth 20.")


def test_two_decks_hold_twice_the_wild_cards():
    four_mixed = hand1(bo=scored({"mixed_standard_canastas": 3, "closed_points": 180}))
    assert codes(rules.validate(build(four_mixed))) == ["wilds-exceed-deck"]
    assert rules.validate(build(four_mixed, options={"decks": 2}))["violations"] == []


def test_the_wild_cards_of_a_deck_are_an_option():
    violation = only(rules.validate(build(hand1(), options={"wild_cards": 0})))
    assert violation["code"] == "wilds-exceed-deck"
    assert violation["message"] == ("Hand 1: every mixed canasta holds a wild card, and the sides record 1 mixed "
                                    "canastas with only 0 wild cards in the deck.")


def test_without_wild_cards_a_mixed_canastas_base_is_impossible():
    answer = rules.validate(build({"ana": plain(50, 0), "bo": scored(TWO)}, options={"wild_cards": 0}))
    assert codes(answer) == ["base-impossible", "base-not-itemised"]
    assert answer["violations"][0]["message"] == (
        "Hand 1, Ana: a base of 50 is impossible; no mix of closed canastas, going out and its bonuses makes it "
        "with 0 wild cards in play.")


def test_the_target_score_is_an_option():
    two_hands = build(hand1(), hand1(ana=scored(TWO), bo=scored(TWO)))
    assert rules.validate(two_hands)["violations"] == []
    assert codes(rules.validate({**two_hands, "options": {"target_score": 1110}})) == ["hand-after-target"]


def test_the_options_and_their_defaults_are_listed():
    assert RULESET.options == {"closed_canasta_cards": "count", "partnerships": False, "target_score": 5000,
                               "decks": 1, "wild_cards": 3}


def test_a_bad_or_unknown_option_is_malformed_at_its_path():
    found = paths(rules.validate(build(hand1(), options={"decks": 3, "bigollo": True})))
    assert found == {
        "$.options.decks": 'The option "decks" must be a whole number from 1 to 2, not the number 3.',
        "$.options.bigollo": 'The canasta21 rule set has no option "bigollo"; its options are '
                             '"closed_canasta_cards", "partnerships", "target_score", "decks" and "wild_cards".'}


# --- malformed sheets ------------------------------------------------------------------------------------
def test_one_side_or_five_is_the_wrong_number_for_canasta_21():
    for sides in (["ana"], ["ana", "bo", "cy", "di", "ed"]):
        sheet = build({side: scored(NONE) for side in sides})
        assert paths(rules.validate(sheet)) == {"$.sides": (
            f'The rule set "canasta21" is played by 2, 3 or 4 sides; this sheet lists {len(sides)}.')}


def test_a_line_with_an_unknown_field_is_malformed():
    sheet = build(hand1(bo=scored(TWO) | {"red_threes": 1}))
    assert list(paths(rules.validate(sheet))) == ["$.hands[0].bo.red_threes"]


def test_a_bad_detail_is_malformed_at_its_path():
    sheet = build(hand1())
    sheet["hands"][0]["ana"]["details"].update(pure_base_canastas=6, went_out="yes", cards_21=-1)
    assert sorted(paths(rules.validate(sheet))) == ["$.hands[0].ana.details.cards_21",
                                                    "$.hands[0].ana.details.pure_base_canastas",
                                                    "$.hands[0].ana.details.went_out"]


def test_a_line_for_a_side_not_listed_or_a_missing_line_is_malformed():
    sheet = build(hand1())
    sheet["hands"][0]["di"] = sheet["hands"][0].pop("cy")
    assert sorted(paths(rules.validate(sheet))) == ["$.hands[0].cy", "$.hands[0].di"]


def test_a_line_without_its_count_is_malformed():
    sheet = build(hand1())
    del sheet["hands"][0]["bo"]["count"]
    assert list(paths(rules.validate(sheet))) == ["$.hands[0].bo.count"]


# --- the example and the form ----------------------------------------------------------------------------
def test_the_example_sheet_validates():
    answer = rules.validate(RULESET.example())
    assert answer["valid"] and answer["violations"] == []


def test_the_line_description_names_every_field_the_parser_reads():
    described = RULESET.describe_line()
    spec = RULESET.line_spec(None)
    assert [f["name"] for f in described] == [*spec.fields, *spec.details]
    assert {f["name"]: f["label"] for f in described}["bigollo"] == "Bigollo! (200)"
    assert all(f["min"] <= f["max"] for f in described if f["kind"] == "whole_number")
