"""docs/score-sheet-format.md's examples are what the rules app reads and answers, so the contract and the
code cannot drift apart unseen."""

import copy
import json
import re
from pathlib import Path

import rules

DOC = (Path(__file__).resolve().parents[2] / "docs" / "score-sheet-format.md").read_text()
BLOCKS = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", DOC, re.S)]
SHEETS = [block for block in BLOCKS if "format" in block]


def test_the_doc_shows_a_sheet_of_each_format_and_both_are_valid():
    assert [sheet["format"] for sheet in SHEETS] == [rules.FORMAT, rules.FORMAT2]
    for sheet in SHEETS:
        answer = rules.validate(sheet)
        assert answer["valid"] and answer["computed"]["final"] == sheet["final"], answer


def test_the_at2_answer_shown_is_the_answer_to_the_at2_sheet_with_a_count_of_283():
    sheet = copy.deepcopy(SHEETS[1])
    line = sheet["hands"][0]["ns"]
    line.update(count=283, total=None, cumulative=None)
    sheet["final"] = sheet["winner"] = None
    shown = next(block for block in BLOCKS if "valid" in block and block["violations"]
                 and "side" in block["violations"][0])
    answer = rules.validate(sheet)
    answer["violations"] = [v for v in answer["violations"] if v["severity"] == "error"]
    assert answer == shown


def test_the_malformed_answer_shown_is_the_parsers_words():
    shown = next(block for block in BLOCKS if block.get("malformed"))
    hand = {"ns": {"base": 0, "count": 0}, "ew": {"base": 0, "count": 0}}
    sheet = {"format": rules.FORMAT, "ruleset": "nvso", "hands": [hand, {**hand, "ns": {"base": 0,
                                                                                          "count": "lots"}}]}
    assert rules.validate(sheet) == shown
