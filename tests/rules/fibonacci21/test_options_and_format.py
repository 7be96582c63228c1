"""The fibonacci21 options (each reading of docs/rulesets/fibonacci21.md), its malformed sheets with their
JSON paths, the example sheet and the line a form is built from."""

import rules
from rules.fibonacci21 import RULESET
from tests.rules.canasta21.builders import codes, only
from tests.rules.fibonacci21.test_checks import OUT, THREE, build, round1, scored


def paths(answer: dict) -> dict:
    assert answer["malformed"] is True, answer
    return {p["path"]: p["message"] for p in answer["problems"]}


def test_with_open_sets_against_the_cards_on_the_table_count_against():
    lines = round1(bo=scored(THREE, open_against=True))
    assert rules.validate(build(lines, options={"open_sets": "against"}))["violations"] == []
    violation = only(rules.validate(build(lines)))
    assert (violation["code"], violation["message"]) == ("count-mismatch", (
        "Hand 1, Bo: the count should be 45 (70 in closed sets less 25 in hand; open sets count for nothing), "
        "not 5."))


def test_with_the_cards_only_scoring_there_are_no_bonuses():
    lines = {"ana": scored(OUT) | {"base": 0}, "bo": scored(THREE) | {"base": 0}}
    assert rules.validate(build(lines, options={"scoring": "cards_only"}))["violations"] == []
    found = rules.validate(build(round1(), options={"scoring": "cards_only"}))["violations"]
    assert [v["code"] for v in found] == ["base-mismatch", "base-mismatch"]
    assert found[1]["message"] == ("Hand 1, Bo: with the cards only scoring there are no bonuses, so the base "
                                   "should be 0, not 600.")


def test_by_default_there_is_no_target_and_with_one_the_game_ends_there():
    two_rounds = build(round1(), round1())
    assert rules.validate(two_rounds)["violations"] == []
    assert codes(rules.validate({**two_rounds, "options": {"target_score": 1420}})) == ["hand-after-target"]


def test_two_decks_hold_twice_the_wild_cards():
    four_mixed = round1(bo=scored(THREE | {"pure_sets": 0, "mixed_sets": 3, "closed_points": 160}))
    assert codes(rules.validate(build(four_mixed))) == ["wilds-exceed-deck"]
    assert rules.validate(build(four_mixed, options={"decks": 2}))["violations"] == []


def test_the_options_and_their_defaults_are_listed():
    assert RULESET.options == {"scoring": "bonuses", "open_sets": "free", "target_score": None, "decks": 1,
                               "wild_cards": 3}


def test_a_bad_or_unknown_option_is_malformed_at_its_path():
    found = paths(rules.validate(build(round1(), options={"open_sets": "sometimes", "bigollo": True})))
    assert found == {
        "$.options.open_sets": 'The option "open_sets" must be "free" or "against", not the text "sometimes".',
        "$.options.bigollo": 'The fibonacci21 rule set has no option "bigollo"; its options are "scoring", '
                             '"open_sets", "target_score", "decks" and "wild_cards".'}


def test_one_player_or_five_is_the_wrong_number_for_fibonacci_21():
    for sides in (["ana"], ["ana", "bo", "cy", "di", "ed"]):
        sheet = build({side: scored(THREE) for side in sides})
        assert paths(rules.validate(sheet)) == {"$.sides": (
            f'The rule set "fibonacci21" is played by 2, 3 or 4 sides; this sheet lists {len(sides)}.')}


def test_a_line_with_an_unknown_field_or_a_bad_detail_is_malformed():
    sheet = build(round1())
    sheet["hands"][0]["bo"]["meld_base_cards"] = 2  # Canasta 21's, not this game's
    sheet["hands"][0]["ana"]["details"]["pure_sets"] = 7
    assert sorted(paths(rules.validate(sheet))) == ["$.hands[0].ana.details.pure_sets",
                                                    "$.hands[0].bo.meld_base_cards"]


def test_a_line_for_a_player_not_listed_is_malformed():
    sheet = build(round1())
    sheet["hands"][0]["cy"] = scored(THREE)
    assert list(paths(rules.validate(sheet))) == ["$.hands[0].cy"]


def test_the_example_sheet_validates():
    answer = rules.validate(RULESET.example())
    assert answer["valid"] and answer["violations"] == []


def test_the_line_description_names_every_field_the_parser_reads():
    spec = RULESET.line_spec(None)
    assert [f["name"] for f in RULESET.describe_line()] == [*spec.fields, *spec.details]
