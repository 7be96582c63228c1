"""Sheets of five-player canasta for the tests: the example's first deal as a hand with nothing to report,
changed one detail or one number at a time, so each test's sheet fails only the check it is about."""

import copy

import rules
from rules.five_player.examples import EXAMPLE_DETAILS, build_sheet, scored_line

SOURCE = "Five-player canasta"
# Seats: asha 0, bina 1, chandra 2, dev 3, esha 4. Partners: asha-chandra, bina-dev, chandra-esha,
# dev-asha, esha-bina (each is the partner's rentrap).
HAND = EXAMPLE_DETAILS[0]
SECOND = EXAMPLE_DETAILS[1]


def details(hand: dict = HAND, **changes: dict) -> dict:
    """A copy of a hand's details with some players' details replaced or updated: `asha={"kitties": 2}`
    updates Asha's; a value of None for a key removes that detail."""
    out = copy.deepcopy(hand)
    for side, change in changes.items():
        for name, value in change.items():
            if value is None:
                out[side].pop(name, None)
            else:
                out[side][name] = value
    return out


def lines(hand_details: dict, **overrides: dict) -> dict:
    """Lines scored from the details; `overrides` replace written fields of a player's line
    (`bina={"count": 60}`), or the whole line when given a "plain" key (no details)."""
    hand = {side: scored_line(d) for side, d in hand_details.items()}
    for side, fields in overrides.items():
        if fields.pop("plain", False):
            hand[side] = {}
        hand[side].update(fields)
    return hand


def sheet(*hands: dict, options: dict | None = None, credited: bool = True, **top) -> dict:
    """A sheet of these hands with totals, running totals, credited figures, final and winner filled in
    from what is written; `top` replaces envelope fields (final, winner)."""
    built = build_sheet(list(hands), options=options, credited=credited)
    built.update(top)
    return built


def answer(document: dict) -> dict:
    return rules.validate(document)


def errors(found: dict) -> list[dict]:
    """The violations that block (errors and warnings), without the `info` notes."""
    return [v for v in found["violations"] if v["severity"] != "info"]


def violation(code: str, hand: int | None, side: str | None, field: str, section: str, message: str,
              severity: str = "error") -> dict:
    return {"severity": severity, "hand": hand, "side": side, "field": field, "code": code,
            "rule": section if section.startswith("Canasta TD") else f"{SOURCE}, {section}", "message": message}


def only(document: dict, code: str, hand: int | None, side: str | None, field: str, section: str, message: str,
         severity: str = "error") -> dict:
    """Assert that the sheet's answer has exactly this one violation besides any `info` notes."""
    found = answer(document)
    assert errors(found) == [violation(code, hand, side, field, section, message, severity)]
    assert found["valid"] is (severity != "error")
    return found


def walked(hand: dict) -> list[tuple]:
    """The errors of a sheet of this hand (own reading) with Asha's total written 5 too high: a deal with a
    doubt, which the checks walk line by line rather than the fast pass carrying it."""
    asha = hand["asha"]
    slipped = {**hand, "asha": {**asha, "total": asha["base"] + asha["count"] + 5}}
    found = answer(sheet(slipped, options={"game_end_counts": "own"}, credited=False))
    return [(v["code"], v["side"], v["field"]) for v in errors(found)]


SLIP = [("total-mismatch", "asha", "total")]
