"""Builders for Crazy Canasta sheets in tests: lines scored by the rule set's own scoring functions, and
sheets whose totals, running totals, meld requirements, final and winner are filled in consistently
unless a test overrides them."""

import copy

from rules.crazy_canasta import scoring
from rules.crazy_canasta.checks_line import MELD_MINIMUMS
from rules.crazy_canasta.line import DETAILS, SPEC
from rules.crazy_canasta.options import CrazyOptions
from rules.sides import FORMAT2

SIDES = [{"id": "a", "label": "Smith / Jones"}, {"id": "b", "label": "Brown / Green"}]
A, B = "Smith / Jones", "Brown / Green"

# Four ordinary deals, with details that add up (the rule set's example, itemised throughout).
DEAL_1 = ({"books": 1, "clean_canastas": 1, "red_threes": 2, "went_out": True, "table_points": 620,
           "hand_points": 45},
          {"clean_canastas": 2, "dirty_canastas": 1, "red_threes": 1, "black_threes": 1, "table_points": 410,
           "hand_points": 160})
DEAL_2 = ({"sevens_canastas": 1, "dirty_canastas": 2, "red_threes": 1, "table_points": 350, "hand_points": 85},
          {"books": 1, "wild_canastas": 1, "red_threes": 3, "went_out": True, "table_points": 800,
           "hand_points": 30})
DEAL_3 = ({"clean_canastas": 2, "dirty_canastas": 1, "red_threes": 2, "table_points": 330, "hand_points": 10},
          {"dirty_canastas": 2, "black_threes": 1, "table_points": 260, "hand_points": 140})
DEAL_4 = ({"clean_canastas": 3, "red_threes": 2, "black_threes": 2, "table_points": 300, "hand_points": 120},
          {"books": 1, "sevens_canastas": 1, "went_out": True, "table_points": 690})
DEALS = (DEAL_1, DEAL_2, DEAL_3, DEAL_4)


def full(details: dict) -> dict:
    """The details as the parser hands them on: every declared detail, 0 or false where left out (table
    and hand points None: not counted separately)."""
    return {name: details.get(name, None if name in SPEC.nullable else False if spec[0] == "yes_no" else 0)
            for name, spec in DETAILS.items()}


def scored(details: dict, options: dict | None = None, **fields) -> dict:
    """A side's line with the base and count the details give (count as written when no points)."""
    chosen = CrazyOptions(**(options or {}))
    d = full(details)
    count = scoring.count(d, chosen)
    line = {"base": scoring.base(d, chosen), "count": 0 if count is None else count, "details": dict(details)}
    line.update(fields)
    return line


def plain(base: int, count: int, **fields) -> dict:
    """A line with only base and count (and whatever fields are given)."""
    return {"base": base, "count": count, **fields}


def deals(options: dict | None = None) -> list[tuple[dict, dict]]:
    """The four ordinary deals as scored lines."""
    return [(scored(a, options), scored(b, options)) for a, b in DEALS]


def build(*hands: tuple[dict, dict], options: dict | None = None, totals: bool = True, **top) -> dict:
    """A sheet from (a line, b line) pairs; totals, running totals, meld requirements, final and winner
    filled in from the written base and count (a winner only after four deals)."""
    sheet = {"format": FORMAT2, "ruleset": "crazy_canasta", "sides": copy.deepcopy(SIDES), "hands": []}
    if options is not None:
        sheet["options"] = options
    running = {"a": 0, "b": 0}
    for index, pair in enumerate(hands):
        hand = {}
        for side, line in zip(("a", "b"), pair, strict=True):
            line = copy.deepcopy(line)
            running[side] += line["base"] + line["count"]
            if totals:
                line.setdefault("total", line["base"] + line["count"])
                line.setdefault("cumulative", running[side])
                if index < len(MELD_MINIMUMS):
                    line.setdefault("meld_requirement", MELD_MINIMUMS[index])
            hand[side] = line
        sheet["hands"].append(hand)
    if totals and hands:
        sheet["final"] = dict(running)
        if len(hands) >= 4:
            a, b = running["a"], running["b"]
            sheet["winner"] = "a" if a > b else "b" if b > a else "tie"
    sheet.update(top)
    return sheet


def good(options: dict | None = None) -> dict:
    """A valid four-deal sheet, every line itemised."""
    return build(*deals(options), options=options)


def replace_deal(n: int, a: dict, b: dict, options: dict | None = None) -> dict:
    """The good sheet with deal `n` (1-based) replaced by these lines, totals carried on consistently."""
    hands = deals(options)
    hands[n - 1] = (a, b)
    return build(*hands, options=options)


def codes(answer: dict, severity: str | None = None) -> list[str]:
    return [v["code"] for v in answer["violations"] if severity is None or v["severity"] == severity]
