"""The canasta21 checks at the edges the one-case-per-code tests leave out: bounds at their last allowed
value and one past it, the messages of the other branches whole, a slip reported once, the options that
change the deck, and the example built afresh."""

import rules
from rules.canasta21.codes import CODES, RULES
from tests.rules.canasta21.builders import TWO, build, scored
from tests.rules.canasta21.test_checks import hand1


def error(hand, side, field, code, message) -> dict:
    return {"severity": CODES[code][1], "hand": hand, "side": side, "field": field, "code": code,
            "rule": RULES[code], "message": message}


def violations(sheet: dict) -> list[dict]:
    """The violations, without the note on lines of base and count only."""
    return [v for v in rules.validate(sheet)["violations"] if v["code"] != "base-not-itemised"]


def test_hands_after_the_target_are_told_once_however_many_follow():
    """Two hands or more after the game was over: told once, at the first (it once raised a KeyError)."""
    later = hand1(ana=scored(TWO), bo=scored(TWO))
    sheet = build(hand1(), later, later, later, options={"target_score": 1000})
    assert violations(sheet) == [error(2, None, "hands", "hand-after-target", "Hand 2: the game was over after "
                                       "hand 1, when Ana reached 1,110 of the 1,000 needed, so no more hands are "
                                       "played.")]
