"""Small builders for score sheets in tests: lines scored with the calculator, sheets whose totals,
running totals, final and winner are filled in consistently unless a test overrides them."""

import copy

from rules.calculator import base_from_details, count_from_details

FORMAT = "canasta-td/score-sheet@1"

# Section K's worked example, with details that add up to it.
K_NS = {"red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1, "went_out": True,
        "table_points": 335, "hand_points": 10}  # base 2,200, count 325
K_EW = {"black_threes": 2, "pure_canastas": 3, "table_points": 300, "hand_points": 25}  # base 1,800, count 275


def scored(details: dict, count: int | None = None, options: dict | None = None, **fields) -> dict:
    """A team's line with the base (and, with table and hand points, the count) the calculator gives."""
    computed = count_from_details(details, options)
    line = {"base": base_from_details(details, options), "count": computed if count is None else count,
            "details": dict(details)}
    line.update(fields)
    return line


def plain(base: int, count: int, **fields) -> dict:
    """A line with only base and count (and whatever fields are given)."""
    return {"base": base, "count": count, **fields}


def build(*hands: tuple[dict, dict], options: dict | None = None, totals: bool = True, **top) -> dict:
    """A sheet from (ns line, ew line) pairs; totals, running totals, final and winner filled in."""
    sheet = {"format": FORMAT, "ruleset": "nvso", "hands": []}
    if options is not None:
        sheet["options"] = options
    running = {"ns": 0, "ew": 0}
    for ns, ew in hands:
        hand = {}
        for team, line in (("ns", ns), ("ew", ew)):
            line = copy.deepcopy(line)
            running[team] += line["base"] + line["count"]
            if totals:
                line.setdefault("total", line["base"] + line["count"])
                line.setdefault("cumulative", running[team])
            hand[team] = line
        sheet["hands"].append(hand)
    if totals and hands:
        sheet["final"] = dict(running)
        ns, ew = running["ns"], running["ew"]
        sheet["winner"] = "ns" if ns > ew else "ew" if ew > ns else "tie"
    sheet.update(top)
    return sheet


def codes(answer: dict, severity: str | None = None) -> list[str]:
    return [v["code"] for v in answer["violations"] if severity is None or v["severity"] == severity]


def errors(answer: dict) -> list[str]:
    return codes(answer, "error")


def error_lines(answer: dict) -> list[tuple]:
    """Each error as hand, side, field, code and message: what a test of one message asserts whole."""
    return [(v["hand"], v["side"], v["field"], v["code"], v["message"]) for v in answer["violations"]
            if v["severity"] == "error"]


def find(answer: dict, code: str) -> list[dict]:
    return [v for v in answer["violations"] if v["code"] == code]


def with_line(sheet: dict, hand: int, team: str, **fields) -> dict:
    """A copy of the sheet with fields of one line replaced (hand counts from 1)."""
    sheet = copy.deepcopy(sheet)
    sheet["hands"][hand - 1][team].update(fields)
    return sheet


def with_details(sheet: dict, hand: int, team: str, **fields) -> dict:
    """A copy of the sheet with details of one line replaced (hand counts from 1)."""
    sheet = copy.deepcopy(sheet)
    sheet["hands"][hand - 1][team]["details"].update(fields)
    return sheet
