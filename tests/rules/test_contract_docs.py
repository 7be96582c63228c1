"""The project's contracts, docs/score-sheet-format.md and docs/rulesets/nvso.md, against the code: the
examples are what the rules app reads and answers, the codes and caps are the rule set's, so a contract
and the code cannot drift apart unseen."""

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


RULESET_DOC = (Path(__file__).resolve().parents[2] / "docs" / "rulesets" / "nvso.md").read_text()


def test_the_nvso_page_lists_every_code_with_its_rule_and_severity():
    from rules.nvso.codes import CODES

    rows = re.findall(r"^\| `([a-z0-9-]+)` \| ([^|]+) \| (error|warning|info) \| (.+) \|$", RULESET_DOC, re.M)
    assert {code: (rule, severity, what) for code, rule, severity, what in rows} == CODES


def test_the_nvso_page_gives_the_caps_the_code_has():
    from rules.answer import LISTED_AT_MOST
    from rules.nvso.options import UNLIMITED_HANDS_CEILING

    assert f"or {UNLIMITED_HANDS_CEILING} when the game sets no limit" in RULESET_DOC
    assert f"at most {LISTED_AT_MOST} violations" in RULESET_DOC


def test_the_readme_links_both_contracts_where_it_speaks_of_the_rules():
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text()
    for link in ("docs/score-sheet-format.md", "docs/rulesets/nvso.md"):
        assert f"]({link})" in readme and (root / link).is_file()
