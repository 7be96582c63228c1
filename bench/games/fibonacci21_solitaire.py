"""Plausible Solitaire Fibonacci 21 sheets for bench/rules_bench.py and the property tests: deals of one
player whose turns and discards keep the bounds of docs/rulesets/fibonacci21_solitaire.md (at least eight
turns; at most 2 x turns - 7 cards in the pile, and at most 74), written out here apart from the rule set.
Every random choice goes through `pick(low, high)`, as in bench/games/canasta21.py."""

import copy
import random

FORMAT2 = "canasta-td/score-sheet@2"


def legal_sheet(pick, hands: int = 3) -> dict:
    running, deals = 0, []
    for _ in range(hands):
        turns = pick(8, 60)
        pile = pick(1, min(2 * turns - 7, 74))
        running += pile
        line = {"discards": pile, "cumulative": running}
        if pick(0, 3):
            line["turns"] = turns
        deals.append({"ana": line})
    return {"format": FORMAT2, "ruleset": "fibonacci21_solitaire", "sides": [{"id": "ana", "label": "Ana"}],
            "hands": deals, "final": {"ana": running}, "winner": "ana"}


def spoil(pick, sheet: dict, fields: tuple = ("discards", "cumulative", "final")) -> tuple[dict, tuple]:
    """The sheet with one written number changed, and where: a running total, the final, or a deal's
    discards (which shows at that deal's running total, or at the discards when it leaves their bounds)."""
    sheet = copy.deepcopy(sheet)
    field = fields[pick(0, len(fields) - 1)]
    delta = (1, 7, 13)[pick(0, 2)]
    if field == "final":
        sheet["final"]["ana"] += delta
        return sheet, (None, "ana", "final")
    index = pick(0, len(sheet["hands"]) - 1)
    sheet["hands"][index]["ana"][field] += delta
    return sheet, (index + 1, "ana", field)


def sheets(rng: random.Random, count: int) -> list[dict]:
    """`count` three-deal sheets, every fifth with a running total or the final changed (a changed pile
    is caught only where it leaves the running total, so the bench changes the totals)."""
    def pick(low: int, high: int) -> int:
        return rng.randint(low, high)

    made = []
    for i in range(count):
        sheet = legal_sheet(pick)
        if i % 5 == 4:
            sheet, _ = spoil(pick, sheet, ("cumulative", "final"))  # a changed pile may still add up
        made.append(sheet)
    return made
