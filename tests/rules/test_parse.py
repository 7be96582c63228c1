"""Malformed documents: every problem, with its JSON path, in plain words; no checks run."""

import json

import pytest

import rules
from rules.document import parse
from rules.registry import ruleset_names
from rules.sheet import Details, Sheet
from rules.words import either
from tests.rules.builders import FORMAT, K_EW, K_NS, build, scored

GOOD = build((scored(K_NS), scored(K_EW)))


def problems(document) -> dict[str, str]:
    answer = rules.validate(document)
    assert rules.is_malformed(answer), answer
    assert answer["valid"] is False and answer["violations"] == [] and answer["computed"] is None
    return {p["path"]: p["message"] for p in answer["problems"]}


def test_a_good_sheet_parses_into_typed_objects():
    sheet, found = parse(GOOD)
    assert found == []
    assert isinstance(sheet, Sheet)
    assert sheet.ruleset == "nvso"
    assert sheet.hands[0].ns.base == 2200 and isinstance(sheet.hands[0].ns.details, Details)
    assert sheet.hands[0].ns.details.red_threes == 3 and sheet.hands[0].ns.details.wild_canasta is None
    assert sheet.options.meld_requirement == "by_hand" and sheet.options.hands_per_game == 3


def test_text_and_bytes_are_accepted():
    assert rules.validate(json.dumps(GOOD))["valid"]
    assert rules.validate(json.dumps(GOOD).encode())["valid"]
    assert not rules.is_malformed(rules.validate(json.dumps(GOOD)))


def test_not_json():
    found = problems('{"format": "canasta-td/score-sheet@1",\n "ruleset": "nvso" "hands": []}')
    assert list(found) == ["$"]
    assert "line 2, column 20" in found["$"]


@pytest.mark.parametrize("text", ["", "   ", b"\xff\xfe\x00", "[1, 2]", "42", "null", '"a sheet"',
                                  '{"hands": NaN}'])
def test_not_a_sheet_at_all(text):
    found = problems(text)
    assert list(found) == ["$"]


def test_every_problem_is_reported_with_its_path():
    document = {
        "format": "canasta-td/score-sheet@3",
        "ruleset": "nvso",
        "options": {"meld_requirement": "by_luck", "colour": "red"},
        "teams": {"ns": 7},
        "hands": [
            {"ns": {"base": "2200", "count": 325}, "ew": {"base": 1800, "cont": 275}},
            {"ns": {"base": 1.5, "count": True, "details": {"red_threes": 5, "went_out": "yes",
                                                            "wild_canasta": "jokers", "canastas": 2}},
             "ew": {"base": 0, "count": 0, "meld_requirement": 150}, "north": {}},
            "hand three",
        ],
        "final": {"ns": 1},
        "winner": "North-South",
        "date": "2023-09-21",
    }
    found = problems(document)
    assert set(found) == {
        "$.date", "$.format", "$.options.meld_requirement", "$.options.colour", "$.teams.ns",
        "$.hands[0].ns.base", "$.hands[0].ew.count", "$.hands[0].ew.cont",
        "$.hands[1].ns.base", "$.hands[1].ns.count", "$.hands[1].ns.details.red_threes",
        "$.hands[1].ns.details.went_out", "$.hands[1].ns.details.wild_canasta", "$.hands[1].ns.details.canastas",
        "$.hands[1].ew.meld_requirement", "$.hands[1].north", "$.hands[2]", "$.final.ew", "$.winner",
    }
    assert found["$.hands[0].ns.base"] == 'Hand 1, North-South: "base" must be a whole number, not the text "2200".'
    assert found["$.hands[0].ew.count"].startswith('Hand 1, East-West: the field "count" is missing')
    assert "check the spelling" in found["$.hands[0].ew.cont"]
    assert found["$.hands[1].ns.details.red_threes"] == (
        'Hand 2, North-South, details: "red_threes" must be a whole number between 0 and 4, not the number 5.')
    assert found["$.hands[1].ns.count"].endswith("not true.")


@pytest.mark.parametrize("missing", ["format", "ruleset", "hands"])
def test_required_fields(missing):
    document = {key: value for key, value in GOOD.items() if key != missing}
    assert list(problems(document)) == [f"$.{missing}"]


def test_unknown_rule_set():
    found = problems({**GOOD, "ruleset": "bridge"})
    known = either([f'"{name}"' for name in ruleset_names()])  # every game registered, nvso among them
    assert '"nvso"' in known
    assert found == {"$.ruleset": f'The rule set "bridge" is not known; the known rule sets are {known}.'}


@pytest.mark.parametrize("options, path", [
    ({"target_score": 8501}, "$.options.target_score"),
    ({"target_score": -5}, "$.options.target_score"),
    ({"hands_per_game": 0}, "$.options.hands_per_game"),
    ({"penalties_in": "hand"}, "$.options.penalties_in"),
    ({"incomplete_wilds_penalty": 2500}, "$.options.incomplete_wilds_penalty"),
    ({"meld_requirement": None}, "$.options.meld_requirement"),
    ({"speed": "fast"}, "$.options.speed"),
])
def test_bad_options(options, path):
    assert list(problems({**GOOD, "options": options})) == [path]


def test_good_options_and_nulls_for_unwritten_fields():
    document = build((scored(K_NS), scored(K_EW)), options={
        "meld_requirement": "by_score", "target_score": 5000, "hands_per_game": None, "penalties_in": "count",
        "incomplete_wilds_penalty": "flat_2500"})
    document["hands"][0]["ns"].update(total=None, cumulative=None, meld_requirement=None)
    document.update(teams=None, final=None, winner=None)
    assert rules.validate(document)["valid"]


def test_a_repeated_field_in_the_text_is_malformed():
    text = json.dumps(GOOD).replace('"count": 325', '"count": 325, "count": 352', 1)
    found = problems(text)
    assert list(found) == ["$.hands[0].ns.count"]
    assert "more than once" in found["$.hands[0].ns.count"]


def test_values_out_of_range():
    document = build((scored(K_NS), scored(K_EW)))
    document["hands"][0]["ns"]["details"]["stuck_aces"] = 3
    document["hands"][0]["ew"]["details"]["pure_canastas"] = -1
    document["hands"][0]["ew"]["base"] = 10**12
    assert set(problems(document)) == {"$.hands[0].ns.details.stuck_aces", "$.hands[0].ew.details.pure_canastas",
                                       "$.hands[0].ew.base"}


def test_a_hand_missing_a_team_and_a_non_dict_line():
    document = {"format": FORMAT, "ruleset": "nvso", "hands": [{"ns": [1, 2]}]}
    found = problems(document)
    assert set(found) == {"$.hands[0].ns", "$.hands[0].ew"}
    assert "not a list" in found["$.hands[0].ns"]


def test_the_document_is_not_modified():
    document = build((scored(K_NS), scored(K_EW)))
    before = json.dumps(document, sort_keys=True)
    rules.validate(document)
    assert json.dumps(document, sort_keys=True) == before


def test_a_number_too_long_to_read_is_called_too_long():
    text = '{"format": "canasta-td/score-sheet@1",\n "hands": [' + "9" * 5000 + "]}"
    found = problems(text)
    assert found == {"$": "The number at line 2, column 12 is far too long to be a score (5,000 digits); a score "
                          "has at most 7 digits."}


@pytest.mark.parametrize("text, words", [
    ('{"hands": NaN}', "it uses NaN, which JSON does not allow"),
    ('{"hands": -Infinity}', "it uses -Infinity, which JSON does not allow"),
    ("[" * 100_000, "its brackets nest too deeply"),
])
def test_values_json_does_not_allow_and_deep_nesting_are_told_apart(text, words):
    assert words in problems(text)["$"]


@pytest.mark.parametrize("text, words", [
    ("2.0", "the number 2.0, which is not written as a whole number (write 2)"),
    ("1e400", "a number too large to read, which is not a whole number"),
    ("2.5", "the number 2.5, which is not a whole number"),
])
def test_numbers_that_are_not_whole_say_so(text, words):
    document = json.dumps(GOOD).replace('"count": 325', f'"count": {text}', 1)
    assert problems(document) == {
        "$.hands[0].ns.count": f'Hand 1, North-South: "count" must be a whole number, not {words}.'}


def test_a_long_number_in_range_checks_is_described_by_its_length():
    document = json.dumps(GOOD).replace('"count": 325', '"count": ' + "1" * 4000, 1)
    assert problems(document)["$.hands[0].ns.count"] == (
        'Hand 1, North-South: "count" must be between -9,999,999 and 9,999,999, not a number with 4,000 digits.')
