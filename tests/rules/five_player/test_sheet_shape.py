"""The five_player rule set as the registry and the parser see it: what it declares, its options and
their readings, the example, and malformed sheets answered with their JSON paths."""

import json

import pytest

import rules
from rules.fields import CHOICE
from rules.five_player import line as line_module
from rules.registry import example as registered_example
from rules.registry import get_ruleset
from tests.rules.five_player.builders import HAND, answer, errors, lines, sheet

RULESET = get_ruleset("five_player")


def paths(document: dict) -> dict:
    found = rules.validate(document)
    assert found["malformed"] is True, found
    return {problem["path"]: problem["message"] for problem in found["problems"]}


def test_the_rule_set_declares_five_players_and_its_options():
    assert RULESET.side_counts == (5,) and RULESET.entrants == "players"
    assert RULESET.formats == ("canasta-td/score-sheet@2",)
    assert RULESET.options == {"game_end_counts": "credited", "target_score": 4000,
                               "super_canasta_bonus": "alone", "play_to_target": False}


def test_the_example_validates_without_a_violation():
    found = rules.validate(RULESET.example())
    assert found["valid"] is True and found["violations"] == []


def test_the_example_is_valid_json_text_too():
    assert rules.validate(json.dumps(RULESET.example()))["valid"] is True


def test_the_line_description_names_every_field_once():
    names = [field["name"] for field in RULESET.describe_line()]
    assert names == ["base", "count", "total", "cumulative", "credited", "pure_canastas", "impure_canastas",
                     "pure_super_canastas", "impure_super_canastas", "kitties", "went_out", "table_points",
                     "hand_points", "opening_points"]


def test_the_own_reading_decides_the_final_and_the_winner_by_own_scores():
    found = answer(sheet(lines(HAND), options={"game_end_counts": "own"}, credited=False))
    assert found["valid"] is True
    assert found["computed"]["final"] == found["computed"]["own_final"]
    assert found["computed"]["winner"] == "asha"  # 435 own; by credited, Asha's 635 also leads


def test_under_the_own_reading_a_credited_final_is_wrong():
    document = sheet(lines(HAND), options={"game_end_counts": "own"})  # finals written as credited
    found = answer(document)
    assert [(v["code"], v["side"]) for v in errors(found)][:1] == [("final-mismatch", "asha")]
    assert errors(found)[0]["message"] == ("The final for Asha should be 435, the own running total after the "
                                           "last hand, not 635.")


def test_a_super_canasta_scores_alone_or_with_the_canasta_bonus():
    hand = {side: {} for side in HAND}
    hand["asha"] = {"pure_super_canastas": 1, "impure_super_canastas": 1}
    assert lines(hand)["asha"]["base"] == 800
    written = {**lines(hand), "asha": {**lines(hand)["asha"], "base": 950}}
    found = answer(sheet(written, options={"super_canasta_bonus": "plus_canasta"}))
    assert found["valid"] is True  # (Asha and Dev, her rentrap, tie at 950: a warning)
    found = answer(sheet(written))
    assert errors(found)[0]["message"] == ("Hand 1, Asha: the base should be 800 (Super Canastas 800), not "
                                           "950.")


def test_four_sides_are_malformed():
    document = sheet(lines(HAND))
    document["sides"].pop()
    assert paths(document) == {"$.sides": 'The rule set "five_player" is played by 5 sides; this sheet lists 4.'}


@pytest.mark.parametrize("change, path", [
    (lambda d: d["hands"][0]["asha"].update(bonus=50), "$.hands[0].asha.bonus"),
    (lambda d: d["hands"][0]["bina"]["details"].update(kitties=3), "$.hands[0].bina.details.kitties"),
    (lambda d: d["hands"][0]["bina"]["details"].update(went_out="yes"), "$.hands[0].bina.details.went_out"),
    (lambda d: d["hands"][0]["dev"]["details"].update(red_threes=1), "$.hands[0].dev.details.red_threes"),
    (lambda d: d["hands"][0]["dev"]["details"].update(table_points=985), "$.hands[0].dev.details.table_points"),
    (lambda d: d["hands"][0].update(zed={"base": 0, "count": 0}), "$.hands[0].zed"),
    (lambda d: d["hands"][0].pop("esha"), "$.hands[0].esha"),
    (lambda d: d["hands"][0]["esha"].pop("count"), "$.hands[0].esha.count"),
    (lambda d: d.update(options={"speed": 1}), "$.options.speed"),
    (lambda d: d.update(options={"game_end_counts": "rentrap"}), "$.options.game_end_counts"),
    (lambda d: d.update(options={"target_score": 4001}), "$.options.target_score"),
    (lambda d: d.update(options={"play_to_target": "yes"}), "$.options.play_to_target"),
])
def test_a_malformed_sheet_names_the_path_of_what_is_wrong(change, path):
    document = sheet(lines(HAND))
    change(document)
    assert list(paths(document)) == [path]


def test_an_unknown_option_is_named_with_the_options_there_are():
    document = sheet(lines(HAND), options={"speed": 1})
    assert paths(document)["$.options.speed"] == (
        'The five_player rule set has no option "speed"; its options are "game_end_counts", "target_score", '
        '"super_canasta_bonus" and "play_to_target".')


def test_a_detail_written_as_null_is_its_default_and_a_null_total_is_not_written():
    hand = lines(HAND)
    hand["dev"]["details"]["kitties"] = None
    hand["dev"]["total"] = None
    found = answer(sheet(hand))
    assert found["valid"] is True and found["violations"] == []
    parsed, _ = rules.parse(sheet(hand))
    assert parsed.hands[0]["dev"]["details"]["kitties"] == 0
    assert parsed.hands[0]["dev"]["total"] is None
    assert parsed.hands[0]["dev"]["details"]["went_out"] is False


def test_the_line_description_gives_each_fields_label_bounds_and_whether_the_form_asks_it():
    """What a form builds its fields from, whole: a changed label, bound or key would show on the page."""
    line = {"part": "line", "kind": "whole_number", "min": -9_999_999, "max": 9_999_999}
    count = {"part": "details", "kind": "whole_number", "asked": True, "min": 0}
    card_points = {"part": "details", "kind": "whole_number", "asked": False, "min": 0, "max": 980}
    assert RULESET.describe_line() == [
        {"name": "base", "label": "Base (bonuses)", "asked": True, **line},
        {"name": "count", "label": "Count (table minus hand)", "asked": True, **line},
        {"name": "total", "label": "Score this hand", "asked": False, **line},
        {"name": "cumulative", "label": "Own running total", "asked": False, **line},
        {"name": "credited", "label": "Credited (own plus partner's)", "asked": False, **line},
        {"name": "pure_canastas", "label": "Pure canastas (100)", "max": 15, **count},
        {"name": "impure_canastas", "label": "Impure canastas (50)", "max": 15, **count},
        {"name": "pure_super_canastas", "label": "Pure Super Canastas (500)", "max": 8, **count},
        {"name": "impure_super_canastas", "label": "Impure Super Canastas (300)", "max": 8, **count},
        {"name": "kitties", "label": "Kitties picked up (50 each)", "max": 2, **count},
        {"name": "went_out", "part": "details", "label": "Finished the deal (50)", "kind": "yes_no", "asked": True},
        {"name": "table_points", "label": "Table points", **card_points},
        {"name": "hand_points", "label": "Hand points", **card_points},
        {"name": "opening_points", "label": "Opening meld points", **card_points},
    ]


def test_a_choice_added_to_the_details_is_described_with_its_choices_and_none_first(monkeypatch):
    # No detail is a choice yet; the description already has the branch, so one added is not dropped.
    monkeypatch.setitem(line_module.DETAILS, "colour", (CHOICE, ("red", "black")))
    monkeypatch.setitem(line_module.LABELS, "colour", "Colour of the kitty")
    assert line_module.describe_line()[-1] == {
        "name": "colour", "part": "details", "label": "Colour of the kitty", "kind": "choice", "asked": True,
        "choices": [{"value": None, "label": "None"}, {"value": "red", "label": "red"},
                    {"value": "black", "label": "black"}]}


@pytest.mark.parametrize(("options", "path", "message"), [
    ({"game_end_counts": "rentrap"}, "$.options.game_end_counts",
     'The option "game_end_counts" must be credited or own, not the text "rentrap".'),
    ({"super_canasta_bonus": 300}, "$.options.super_canasta_bonus",
     'The option "super_canasta_bonus" must be alone or plus_canasta, not the number 300.'),
    ({"target_score": 4001}, "$.options.target_score",
     'The option "target_score" must be a positive multiple of 5, such as 4,000, not the number 4,001.'),
    ({"target_score": 0}, "$.options.target_score",
     'The option "target_score" must be a positive multiple of 5, such as 4,000, not the number 0.'),
    ({"target_score": True}, "$.options.target_score",
     'The option "target_score" must be a positive multiple of 5, such as 4,000, not true.'),
    ({"play_to_target": "yes"}, "$.options.play_to_target",
     'The option "play_to_target" must be true or false, not the text "yes".'),
    ({"1st": 1}, '$.options["1st"]',
     'The five_player rule set has no option "1st"; its options are "game_end_counts", "target_score", '
     '"super_canasta_bonus" and "play_to_target".'),
])
def test_a_bad_option_is_told_in_plain_words(options, path, message):
    assert paths(sheet(lines(HAND), options=options)) == {path: message}


def test_a_target_of_a_million_is_the_highest_read():
    assert rules.parse(sheet(lines(HAND), options={"target_score": 1_000_000}))[1] == []
    assert paths(sheet(lines(HAND), options={"target_score": 1_000_005})) == {"$.options.target_score": (
        'The option "target_score" must be a positive multiple of 5, such as 4,000, not the number 1,000,005.')}


def test_a_final_or_a_winner_not_well_formed_is_told_by_the_parser_whatever_the_hands():
    """The usual pass reads the hands only with a final and a winner well formed: either one off, and the
    parser words it, though every deal is clean."""
    document = registered_example("five_player")
    document["final"] = {**document["final"], "asha": "many"}
    assert rules.validate(document)["problems"] == [
        {"path": "$.final.asha", "message": 'In the final totals: "asha" must be a whole number, not the text "many".'}]
    document = {**registered_example("five_player"), "winner": "zed"}
    assert rules.validate(document)["problems"] == [{"path": "$.winner", "message": (
        'The field "winner" must be "asha", "bina", "chandra", "dev", "esha" or "tie", not the text "zed".')}]
