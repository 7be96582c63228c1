"""Every message is one plain sentence for the players: it names the hand and the team, writes numbers as
a player does (2,525), and never shows Python (reprs, None, True, exception text)."""

import re

import pytest

import rules
from rules.nvso.codes import CODES, HANDS
from rules.words import TEAM_NAMES
from tests.rules.test_checks import CASES
from tests.rules.test_parse import GOOD

PYTHON_LEAKS = re.compile(r"None|True|False|Traceback|Error\b|Exception|\{'|'\}|\[\'|<|>|\\x|\bns\b|\bew\b")
BIG_NUMBER_WITHOUT_COMMA = re.compile(r"(?<![\d,.])-?\d{4,}(?![\d,])")


def _plain(message: str) -> None:
    assert message[:1].isupper(), message
    assert message.endswith("."), message
    assert "\n" not in message
    assert not PYTHON_LEAKS.search(message), message
    assert not BIG_NUMBER_WITHOUT_COMMA.search(message), message


@pytest.mark.parametrize("code", sorted(CASES))
def test_violation_messages(code):
    failing, _, _ = CASES[code]()
    answer = rules.validate(failing)
    assert answer["violations"]
    for v in answer["violations"]:
        _plain(v["message"])
        if v["hand"] is not None:
            assert v["message"].startswith(f"Hand {v['hand']}"), v
        if v["team"] is not None:
            assert TEAM_NAMES[v["team"]] in v["message"], v
        assert v["rule"] == CODES[v["code"]][0]
        assert (v["rule"] in "ABCDEFGHIJKL" and len(v["rule"]) == 1) or v["rule"] == HANDS  # or the hand cap's
        assert v["severity"] in ("error", "warning", "info")


MALFORMED = [
    "{", "", b"\x81", "[]", '{"format": 1}',
    {"format": "x", "ruleset": 5, "hands": "many", "final": [], "winner": 3, "teams": "us"},
    {**GOOD, "options": {"target_score": "high", 7: 1}},
    {**GOOD, "hands": [{"ns": None, "ew": {"base": None, "count": [1], "details": {"wild_canasta": {"a": 1}}}}]},
    {**GOOD, "hands": [{"ns": {"base": 1, "count": 2, "details": {"red_threes": True, "went_out": 1,
                                                                  "special_hand": 2, 5: 1}}}]},
]


@pytest.mark.parametrize("document", MALFORMED)
def test_problem_messages(document):
    answer = rules.validate(document)
    assert rules.is_malformed(answer)
    for problem in answer["problems"]:
        assert problem["path"].startswith("$")
        message = problem["message"]
        assert message[:1].isupper() and message.endswith("."), message
        assert not re.search(r"None|Traceback|Exception|\{'|'\}|\\x", message), message
        if problem["path"].startswith("$.hands["):
            assert message.startswith("Hand "), message
