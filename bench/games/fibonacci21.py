"""Plausible Fibonacci 21 sheets for bench/rules_bench.py and the property tests: rounds built from legal
details and scored by our reading of docs/rulesets/fibonacci21.md (closed sets 200 pure, 150 mixed, going
out 100; closed sets' card points for, cards in hand against, open sets nothing), written out here apart
from the rule set. Every random choice goes through `pick(low, high)`, as in bench/games/canasta21.py.
"""

import copy
import random

FORMAT2 = "canasta-td/score-sheet@2"
SIDES = ("ana", "bo", "cy", "di")
WILDS = 3


def _closed_points(pick, pure: int, mixed: int) -> int:
    """Each set 21 by number; a base card up to 13 more; a wild card 29 to 48 more (one per mixed set)."""
    return sum(21 + pick(0, 13) for _ in range(pure)) + sum(21 + pick(29, 48) for _ in range(mixed))


def player_details(pick, went_out: bool, wilds_left: int) -> dict:
    sets = 6 if went_out else pick(0, 5)
    mixed = min(pick(0, 1) if sets else 0, wilds_left, sets)
    d = {}
    if sets - mixed:
        d["pure_sets"] = sets - mixed
    if mixed:
        d["mixed_sets"] = mixed
    if went_out:
        d["went_out"] = True
    if sets:
        d["closed_points"] = _closed_points(pick, sets - mixed, mixed)
    if not went_out:
        d["table_points"] = pick(0, 60)
        d["hand_points"] = pick(2, 90)
    return d


def scored_line(d: dict) -> dict:
    base = 200 * d.get("pure_sets", 0) + 150 * d.get("mixed_sets", 0) + 100 * d.get("went_out", False)
    count = d.get("closed_points", 0) - d.get("hand_points", 0)
    return {"base": base, "count": count, "details": d}


def legal_sheet(pick, sides: int = 2, hands: int = 3) -> dict:
    ids = SIDES[:sides]
    running = dict.fromkeys(ids, 0)
    rounds = []
    for _ in range(hands):
        out = pick(-1, sides - 1)
        wilds_left, hand = WILDS, {}
        for index, side in enumerate(ids):
            d = player_details(pick, index == out, wilds_left)
            wilds_left -= d.get("mixed_sets", 0)
            line = scored_line(d)
            if pick(0, 9) == 0:
                del line["details"]
            running[side] += line["base"] + line["count"]
            line["total"] = line["base"] + line["count"]
            line["cumulative"] = running[side]
            hand[side] = line
        rounds.append(hand)
    best = max(running.values())
    leaders = [side for side in ids if running[side] == best]
    return {"format": FORMAT2, "ruleset": "fibonacci21",
            "sides": [{"id": side, "label": side.capitalize()} for side in ids], "hands": rounds,
            "final": dict(running), "winner": leaders[0] if len(leaders) == 1 else "tie"}


SPOILABLE = ("base", "count", "total", "cumulative", "final")


def spoil(pick, sheet: dict) -> tuple[dict, tuple]:
    """The sheet with one written number changed, and where (hand or None, side, field); base and count only
    on itemised lines, as in bench/games/canasta21.py."""
    sheet = copy.deepcopy(sheet)
    ids = [side["id"] for side in sheet["sides"]]
    side = ids[pick(0, len(ids) - 1)]
    field = SPOILABLE[pick(0, len(SPOILABLE) - 1)]
    delta = (1, 7, -3, 50, -100, 13)[pick(0, 5)]
    if field == "final":
        sheet["final"][side] += delta
        return sheet, (None, side, "final")
    index = pick(0, len(sheet["hands"]) - 1)
    line = sheet["hands"][index][side]
    if field in ("base", "count") and "details" not in line:
        field = "total"
    line[field] += delta
    return sheet, (index + 1, side, field)


def sheets(rng: random.Random, count: int) -> list[dict]:
    """`count` two-player, three-round sheets, every fifth with one written number changed."""
    def pick(low: int, high: int) -> int:
        return rng.randint(low, high)

    made = []
    for i in range(count):
        sheet = legal_sheet(pick)
        made.append(spoil(pick, sheet)[0] if i % 5 == 4 else sheet)
    return made
