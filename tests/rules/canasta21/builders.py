"""Builders for canasta21 sheets in tests: lines scored from their details by the formula of
docs/rulesets/canasta21.md (written out here, apart from the rule set's code), and sheets whose totals,
running totals, final and winner are filled in consistently unless a test overrides them."""

import copy

FORMAT2 = "canasta-td/score-sheet@2"
BONUS = {"pure_base_canastas": 200, "mixed_base_canastas": 150, "pure_standard_canastas": 100,
         "mixed_standard_canastas": 50, "went_out": 100, "concealed": 200, "bigollo": 200}
LABELS = {"ana": "Ana", "bo": "Bo", "cy": "Cy", "di": "Di"}

# Going out with five canastas, four started by a base card (one mixed): base 950, count 160.
OUT = {"pure_base_canastas": 3, "mixed_base_canastas": 1, "pure_standard_canastas": 1, "went_out": True,
       "cards_21": 1, "closed_points": 160}
# Two closed canastas and cards against: base 300, count 45 - 30 - 17 = -2.
TWO = {"pure_base_canastas": 1, "pure_standard_canastas": 1, "closed_points": 45, "table_points": 30,
       "hand_points": 17}
# Nothing closed: base 0, count -52.
NONE = {"table_points": 12, "hand_points": 40}


def scored(details: dict, counts_closed: bool = True, **fields) -> dict:
    """A line whose base and count are what the details give."""
    base = sum(value * int(details.get(name, 0)) for name, value in BONUS.items())
    closed = details.get("closed_points", 0) if counts_closed else 0
    count = closed - details.get("table_points", 0) - details.get("hand_points", 0)
    return {"base": base, "count": count, "details": dict(details), **fields}


def plain(base: int, count: int, **fields) -> dict:
    return {"base": base, "count": count, **fields}


def build(*hands: dict, options: dict | None = None, totals: bool = True, fewest: bool = False, **top) -> dict:
    """A sheet from hands ({side: line}); the sides are those of the first hand, labelled."""
    sides = list(hands[0]) if hands else ["ana", "bo"]
    sheet = {"format": FORMAT2, "ruleset": top.pop("ruleset", "canasta21"),
             "sides": [{"id": side, "label": LABELS.get(side)} for side in sides], "hands": []}
    if options is not None:
        sheet["options"] = options
    running = dict.fromkeys(sides, 0)
    for hand in hands:
        written = {}
        for side, line in hand.items():
            line = copy.deepcopy(line)
            running[side] += line["base"] + line["count"]
            if totals:
                line.setdefault("total", line["base"] + line["count"])
                line.setdefault("cumulative", running[side])
            written[side] = line
        sheet["hands"].append(written)
    if totals and hands:
        sheet["final"] = dict(running)
        best = (min if fewest else max)(running.values())
        leaders = [side for side, value in running.items() if value == best]
        sheet["winner"] = leaders[0] if len(leaders) == 1 else "tie"
    sheet.update(top)
    return sheet


def codes(answer: dict) -> list[str]:
    return [v["code"] for v in answer["violations"]]


def only(answer: dict) -> dict:
    """The one violation of an answer (a failure shows them all)."""
    assert not answer.get("malformed"), answer
    assert len(answer["violations"]) == 1, answer["violations"]
    return answer["violations"][0]
