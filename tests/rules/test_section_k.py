"""Section K's worked example: Base 2,200 / Count 325 / Total 2,525 against 1,800 / 275 / 2,075."""

import rules
from rules.calculator import base_breakdown, base_from_details, count_from_points
from tests.rules.builders import FORMAT, K_EW, K_NS, errors, find

K_SHEET = {
    "format": FORMAT,
    "ruleset": "nvso",
    "teams": {"ns": "We", "ew": "They"},
    "hands": [{"ns": {"base": 2200, "count": 325, "total": 2525, "cumulative": 2525},
               "ew": {"base": 1800, "count": 275, "total": 2075, "cumulative": 2075}}],
    "final": {"ns": 2525, "ew": 2075},
    "winner": "ns",
}


def test_the_worked_example_as_written_is_valid():
    answer = rules.validate(K_SHEET)
    assert answer["valid"]
    assert errors(answer) == []
    assert answer["computed"] == {
        "hands": [{"ns": {"total": 2525, "cumulative": 2525}, "ew": {"total": 2075, "cumulative": 2075}}],
        "final": {"ns": 2525, "ew": 2075},
        "winner": "ns",
    }
    # Only base and count are written: the answer says what that leaves unchecked.
    [note] = find(answer, "base-not-itemised")
    assert note["severity"] == "info"


def test_the_worked_example_base_from_its_parts():
    # "3 red threes and 2 black threes = 800 ... 2 pure canastas and 1 impure = 1,300 ... going out 100".
    details = {"red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1, "went_out": True}
    assert base_from_details(details) == 2200
    assert base_breakdown(details) == [("threes", 800), ("canastas", 1300), ("going out", 100)]
    assert count_from_points(335, 10, True) == 325


def test_the_worked_example_with_details_is_valid():
    sheet = {**K_SHEET, "hands": [{"ns": dict(K_SHEET["hands"][0]["ns"], details=K_NS),
                                   "ew": dict(K_SHEET["hands"][0]["ew"], details=K_EW)}]}
    answer = rules.validate(sheet)
    assert answer["valid"] and answer["violations"] == []


def test_the_worked_example_with_a_slip_in_the_total():
    # Total written 2,552 (true 2,525) next to a correct running total of 2,525: one slip, one error, at
    # the total; the running total is not told to become 2,552.
    sheet = {**K_SHEET, "hands": [{"ns": dict(K_SHEET["hands"][0]["ns"], total=2552),
                                   "ew": K_SHEET["hands"][0]["ew"]}]}
    answer = rules.validate(sheet)
    assert not answer["valid"]
    [v] = find(answer, "total-mismatch")
    assert v["message"] == ("Hand 1, North-South: the total should be 2,525 (base 2,200 plus count 325), "
                            "not 2,552.")
    assert errors(answer) == ["total-mismatch"]


def test_the_worked_example_with_the_slip_carried_to_the_running_total():
    # The wrong total carried on faithfully: still reported once, at the total.
    sheet = {**K_SHEET, "hands": [{"ns": dict(K_SHEET["hands"][0]["ns"], total=2552, cumulative=2552),
                                   "ew": K_SHEET["hands"][0]["ew"]}], "final": {"ns": 2552, "ew": 2075}}
    assert errors(rules.validate(sheet)) == ["total-mismatch"]


def test_the_worked_example_with_a_slip_in_the_running_total():
    # Running total written 2,552 next to a correct final of 2,525: one error, at the running total; the
    # final is not told to become 2,552.
    sheet = {**K_SHEET, "hands": [{"ns": dict(K_SHEET["hands"][0]["ns"], cumulative=2552),
                                   "ew": K_SHEET["hands"][0]["ew"]}]}
    answer = rules.validate(sheet)
    [v] = find(answer, "cumulative-mismatch")
    assert v["message"] == ("Hand 1, North-South: the running total after the first hand is that hand's "
                            "total, 2,525, not 2,552.")
    assert errors(answer) == ["cumulative-mismatch"]


def test_a_final_matching_neither_the_written_nor_the_true_running_total_quotes_the_true_one():
    sheet = {**K_SHEET, "hands": [{"ns": dict(K_SHEET["hands"][0]["ns"], cumulative=2552),
                                   "ew": K_SHEET["hands"][0]["ew"]}], "final": {"ns": 2255, "ew": 2075}}
    answer = rules.validate(sheet)
    assert errors(answer) == ["cumulative-mismatch", "final-mismatch"]
    [v] = find(answer, "final-mismatch")
    assert v["message"] == ("The final total for North-South should be 2,525, the running total after the "
                            "last hand, not 2,255.")
