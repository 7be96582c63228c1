"""The worked example sheet (rules/examples.py): the text the check page starts from is the example itself,
indented two spaces a level, and a sheet the rules accept (hand 2 noted as written without details)."""

import json

import rules
from rules.examples import EXAMPLE_SHEET, example_text


def test_the_example_text_is_the_example_indented_two_spaces():
    text = example_text()
    assert json.loads(text) == EXAMPLE_SHEET
    assert text.splitlines()[:4] == ['{', '  "format": "canasta-td/score-sheet@1",', '  "ruleset": "nvso",',
                                     '  "options": {},']
    assert text == json.dumps(EXAMPLE_SHEET, indent=2)


def test_the_example_text_is_a_valid_sheet_of_section_k():
    answer = rules.validate(example_text())
    assert answer["valid"] is True
    assert [(v["severity"], v["hand"], v["code"]) for v in answer["violations"]] == [
        ("info", 2, "base-not-itemised")]
    assert answer["computed"]["final"] == {"ns": 2945, "ew": 1690}
    assert answer["computed"]["winner"] == "ns"
