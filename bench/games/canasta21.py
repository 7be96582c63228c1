"""Plausible Canasta 21 sheets for bench/rules_bench.py and the property tests: hands built from legal
details and scored by the formula of docs/rulesets/canasta21.md, written out here apart from the rule set.

Every random choice goes through `pick(low, high)` (a whole number from low to high), so the bench drives
the generator with random.Random and the property tests with Hypothesis (tests/rules/canasta21).
"""

import copy
import random

FORMAT2 = "canasta-td/score-sheet@2"
SIDES = ("ana", "bo", "cy", "di")
WILDS = 3  # the default deck: one deck, three wild cards
TARGET = 5000
KINDS = ("pure_base_canastas", "mixed_base_canastas", "pure_standard_canastas", "mixed_standard_canastas")
BONUS = {"pure_base_canastas": 200, "mixed_base_canastas": 150, "pure_standard_canastas": 100,
         "mixed_standard_canastas": 50}


def meld_base_cards(before: int) -> int:
    return 1 if before < 0 else 2 if before < 1500 else 3 if before < 3000 else 4


def _canastas(pick, closed: int, wilds_left: int, based_at_least: int = 0) -> dict:
    """`closed` canastas of random kinds, at least `based_at_least` started by a base card, no more mixed
    than the wild cards left."""
    counts = dict.fromkeys(KINDS, 0)
    for index in range(closed):
        based = index < based_at_least or pick(0, 1) == 1
        mixed = wilds_left > 0 and pick(0, 3) == 0
        wilds_left -= mixed
        counts[KINDS[(0 if based else 2) + mixed]] += 1
    return counts


def _closed_points(pick, counts: dict) -> int:
    """Card points within what the kinds allow: 21 each by number, a base card up to 13 more, 37 to 48 for
    each wild card (one per mixed canasta here)."""
    points = 0
    for kind, number in counts.items():
        for _ in range(number):
            points += 21 + (pick(0, 13) if "base" in kind else 0) + (pick(37, 48) if "mixed" in kind else 0)
    return points


def side_details(pick, went_out: bool, wilds_left: int) -> dict:
    """One side's legal details; the points always written (a side that did not go out holds cards)."""
    if went_out:
        counts = _canastas(pick, 5, wilds_left, based_at_least=2)
        d = {**counts, "went_out": True, "cards_21": pick(1, 3)}
        if pick(0, 3) == 0:
            d["concealed"] = True
        if counts["pure_base_canastas"] + counts["mixed_base_canastas"] == 5:
            d["bigollo"] = True
        d["closed_points"] = _closed_points(pick, counts)
        return d
    counts = _canastas(pick, pick(0, 4), wilds_left)
    d = {kind: number for kind, number in counts.items() if number}
    if pick(0, 2) == 0:
        d["cards_21"] = pick(1, 2)
    if d:
        d["closed_points"] = _closed_points(pick, counts)
    d["table_points"] = pick(0, 60)
    d["hand_points"] = pick(2, 90)
    return d


def scored_line(details: dict) -> dict:
    base = sum(BONUS[kind] * details.get(kind, 0) for kind in KINDS)
    base += 100 * details.get("went_out", False) + 200 * details.get("concealed", False)
    base += 200 * details.get("bigollo", False)
    count = details.get("closed_points", 0) - details.get("table_points", 0) - details.get("hand_points", 0)
    return {"base": base, "count": count, "details": details}


def legal_sheet(pick, sides: int = 3, hands: int = 3) -> dict:
    """A valid sheet of `sides` players and up to `hands` hands (fewer when one reaches 5,000)."""
    ids = SIDES[:sides]
    running = dict.fromkeys(ids, 0)
    written_hands = []
    for _ in range(hands):
        out = pick(-1, sides - 1)  # -1: nobody went out
        wilds_left, hand = WILDS, {}
        for index, side in enumerate(ids):
            details = side_details(pick, index == out, wilds_left)
            wilds_left -= details.get("mixed_base_canastas", 0) + details.get("mixed_standard_canastas", 0)
            line = scored_line(details)
            if pick(0, 9) == 0:  # now and then a line of base and count only
                del line["details"]
            line["meld_base_cards"] = meld_base_cards(running[side])
            running[side] += line["base"] + line["count"]
            line["total"] = line["base"] + line["count"]
            line["cumulative"] = running[side]
            hand[side] = line
        written_hands.append(hand)
        if max(running.values()) >= TARGET:
            break
    best = max(running.values())
    leaders = [side for side in ids if running[side] == best]
    return {"format": FORMAT2, "ruleset": "canasta21",
            "sides": [{"id": side, "label": side.capitalize()} for side in ids], "hands": written_hands,
            "final": dict(running), "winner": leaders[0] if len(leaders) == 1 else "tie"}


SPOILABLE = ("base", "count", "total", "cumulative", "meld_base_cards", "final")


def spoil(pick, sheet: dict) -> tuple[dict, tuple]:
    """The sheet with one written number changed, and where: (hand or None, side, field). Base and count
    are changed only on itemised lines (on a line of base and count alone a changed count shows at its
    total, and nothing says which of the two is wrong)."""
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
    if field == "meld_base_cards":
        line[field] = line[field] % 4 + 1
    else:
        line[field] += delta
    return sheet, (index + 1, side, field)


def sheets(rng: random.Random, count: int) -> list[dict]:
    """`count` two-player, three-hand sheets (the chapter's game: "Deck 21 is used for Canasta 21 with two
    players"; fewer hands when one reaches 5,000), every fifth with one
    written number changed."""
    def pick(low: int, high: int) -> int:
        return rng.randint(low, high)

    made = []
    for i in range(count):
        sheet = legal_sheet(pick, sides=2)
        made.append(spoil(pick, sheet)[0] if i % 5 == 4 else sheet)
    return made
