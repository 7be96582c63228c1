"""Score sheets for the tests, built from score-sheet-format.md's example and extended to three hands."""

import copy

# (base, count) per hand for North-South and East-West; hand 1 is the format document's example.
HANDS = [((2200, 325), (1800, 275)), ((1500, 250), (900, 130)), ((2900, 410), (1100, -60))]


def sheet(hands=HANDS, *, teams=None, final=True) -> dict:
    """A valid sheet (NS 7,585, EW 4,145) with totals and running totals as a scorekeeper writes them."""
    running = {"ns": 0, "ew": 0}
    lines = []
    for ns, ew in hands:
        hand = {}
        for side, (base, count) in (("ns", ns), ("ew", ew)):
            running[side] += base + count
            hand[side] = {"base": base, "count": count, "total": base + count, "cumulative": running[side]}
        lines.append(hand)
    document = {"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "options": {}, "hands": lines}
    if teams:
        document["teams"] = teams
    if final:
        document["final"] = dict(running)
        document["winner"] = "tie" if running["ns"] == running["ew"] else max(running, key=running.get)
    return document


def with_bad_count(document: dict | None = None) -> dict:
    """Hand 2, East-West: a count of 283 (not a multiple of 5), totals kept consistent with it."""
    bad = copy.deepcopy(document or sheet())
    line = bad["hands"][1]["ew"]
    line["count"] = 283
    line["total"] = line["base"] + 283
    line["cumulative"] = bad["hands"][0]["ew"]["cumulative"] + line["total"]
    bad["hands"][2]["ew"]["cumulative"] = line["cumulative"] + bad["hands"][2]["ew"]["total"]
    bad["final"]["ew"] = bad["hands"][2]["ew"]["cumulative"]
    return bad


NS_TOTAL, EW_TOTAL = 7585, 4145
