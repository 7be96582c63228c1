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
    sheet = {**K_SHEET, "hands": [{"ns": dict(K_SHEET["hands"][0]["ns"], total=2552),
                                   "ew": K_SHEET["hands"][0]["ew"]}]}
    answer = rules.validate(sheet)
    assert not answer["valid"]
    [v] = find(answer, "total-mismatch")
    assert v["message"] == ("Hand 1, North-South: the total should be 2,525 (base 2,200 plus count 325), "
                            "not 2,552.")
    [v] = find(answer, "cumulative-mismatch")
    assert v["field"] == "cumulative"
