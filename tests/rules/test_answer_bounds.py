"""Bounded work and bounded answers whatever the input: a too-long number found in one pass, no hands read
beyond the rule set's cap, at most LISTED_AT_MOST problems listed then a count, and one slip reported once."""

import time
from types import SimpleNamespace

import pytest

import rules
from rules.answer import LISTED_AT_MOST, Verdict, malformed_answer
from rules.totals import Totals
from rules.violations import Problem, Violation
from tests.rules.builders import build, plain

RUNS = 58  # runs of 4,300 digits: about 250 KB of text


def test_a_text_of_long_digit_runs_is_answered_in_one_pass_at_the_too_long_number():
    text = "[" + ",".join(["7" * 4300] * RUNS) + ",\n " + "8" * 4301 + "]"
    started = time.process_time()
    answer = rules.validate(text)
    spent = time.process_time() - started
    assert answer["problems"] == [{"path": "$", "message": (
        "The number at line 2, column 2 is far too long to be a score (4,301 digits); a score has at most "
        "7 digits.")}]
    assert spent < 0.5  # the backtracking search took seconds on this text; one pass takes milliseconds


def test_a_sheet_one_hand_over_the_cap_gets_one_violation():
    hands = [(plain(300, 100), plain(500, 100))] * 4
    answer = rules.validate(build(*hands))
    assert answer["violations"] == [{
        "severity": "error", "hand": 4, "team": None, "field": "hands", "code": "too-many-hands",
        "rule": "B, or Canasta TD, docs/rulesets/nvso.md, Caps",
        "message": "Hand 4: a game has only 3 hands, opening at 125, 155 and 180, so this hand should not be "
                   "on the sheet."}]
    assert not answer["valid"]


def test_a_sheet_of_100000_hands_is_read_to_the_cap_and_answered_with_one_violation():
    hands = [(plain(333, 3), plain(500, 100))] * 100_000  # every hand wrong twice over, were it read
    answer = rules.validate(build(*hands, totals=False))
    assert [v["message"] for v in answer["violations"]] == [
        "Hand 4: a game has only 3 hands, opening at 125, 155 and 180, so hands 4 to 100,000 should not be on "
        "the sheet; the hands were not checked."]
    assert len(answer["computed"]["hands"]) == 3  # the hands up to the cap


def test_a_game_without_a_hand_limit_is_read_to_the_documented_ceiling():
    hands = [(plain(300, 100), plain(500, 100))] * 150
    answer = rules.validate(build(*hands, totals=False, options={"meld_requirement": "by_score"}))
    assert [v["message"] for v in answer["violations"]] == [
        "Hand 101: a sheet can list at most 100 hands, so hands 101 to 150 should not be on the sheet; the "
        "hands were not checked."]


def test_more_problems_than_the_cap_are_listed_up_to_it_then_counted():
    # Three findings in each of 60 hands (an impossible base, a count not in fives, the note that only base
    # and count are written), and one hand after the target (East-West passes it after hand 15): 181.
    hands = [(plain(333, 3), plain(500, 100))] * 60
    answer = rules.validate(build(*hands, options={"hands_per_game": None}))
    listed = answer["violations"]
    assert len(listed) == LISTED_AT_MOST + 1
    assert [v["code"] for v in listed[:4]] == ["count-not-multiple-of-five", "base-impossible",
                                               "base-not-itemised", "count-not-multiple-of-five"]  # hand by hand
    assert listed[-1] == {
        "severity": "error", "hand": None, "team": None, "field": "hands", "code": "more-violations", "rule": "",
        "message": "And 81 more mistakes, not listed here; correct the ones above and check again."}
    assert not answer["valid"]


def test_more_malformed_problems_than_the_cap_are_listed_up_to_it_then_counted():
    hands = [{"ns": {"base": "x", "count": 0}, "ew": {"base": 0, "count": 0}}] * 3
    sheet = {"format": rules.FORMAT, "ruleset": "nvso", "hands": hands, **{f"extra{i}": 1 for i in range(120)}}
    problems = rules.validate(sheet)["problems"]
    assert len(problems) == LISTED_AT_MOST + 1
    assert problems[-1] == {"path": "$", "message": "And 23 more mistakes, not listed here; correct the ones "
                                                    "above and check again."}


def test_one_impossible_base_gives_one_message():
    # 9,050 (not in hundreds) would put North-South past the target and change the next meld requirement;
    # both rest on the figure already reported.
    sheet = build((plain(9050, 0, meld_requirement=125), plain(500, 100, meld_requirement=125)),
                  (plain(300, 100, meld_requirement=125), plain(500, 100, meld_requirement=125)),
                  options={"meld_requirement": "by_score"})
    answer = rules.validate(sheet)
    assert [(v["code"], v["message"]) for v in answer["violations"] if v["severity"] == "error"] == [
        ("base-impossible", "Hand 1, North-South: a base of 9,050 is impossible; base points always come in "
                            "hundreds.")]


def _violations(*severities: str) -> list[Violation]:
    return [Violation(s, 1, "ns", "count", "a-code", "K", "Hand 1, North-South: a text.") for s in severities]


def _answer(violations: list[Violation]) -> dict:
    return Verdict(violations, Totals(SimpleNamespace(hands=[]))).as_answer()


def test_exactly_the_cap_of_violations_is_listed_whole():
    answer = _answer(_violations(*["error"] * LISTED_AT_MOST))
    assert len(answer["violations"]) == LISTED_AT_MOST
    assert [v["code"] for v in answer["violations"]] == ["a-code"] * LISTED_AT_MOST


def test_one_violation_over_the_cap_is_one_mistake_more():
    answer = _answer(_violations(*["error"] * (LISTED_AT_MOST + 1)))
    assert answer["violations"][-1]["message"] == (
        "And 1 more mistake, not listed here; correct the ones above and check again.")
    two_over = _answer(_violations(*["error"] * (LISTED_AT_MOST + 2)))
    assert two_over["violations"][-1]["message"] == (
        "And 2 more mistakes, not listed here; correct the ones above and check again.")


@pytest.mark.parametrize(("left_out", "worst"), [
    (["info", "warning", "info"], "warning"),  # a warning is more serious than a note, whatever the alphabet
    (["info", "info"], "info"),
    (["warning", "error", "info"], "error"),
])
def test_the_count_of_those_left_out_has_the_severity_of_the_most_serious(left_out, worst):
    answer = _answer(_violations(*["info"] * LISTED_AT_MOST, *left_out))
    assert answer["violations"][-1]["severity"] == worst
    assert answer["valid"] is (worst != "error")  # decided by every violation, listed or not


def test_exactly_the_cap_of_problems_is_listed_whole():
    problems = [Problem(f"$.extra{i}", "A text.") for i in range(LISTED_AT_MOST)]
    answer = malformed_answer(problems)
    assert answer["problems"] == [{"path": f"$.extra{i}", "message": "A text."} for i in range(LISTED_AT_MOST)]
    over = malformed_answer([*problems, Problem("$.one_more", "A text.")])
    assert over["problems"][-1] == {"path": "$", "message": (
        "And 1 more mistake, not listed here; correct the ones above and check again.")}
