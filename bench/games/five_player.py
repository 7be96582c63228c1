"""Sheets of five-player partnership canasta for bench/rules_bench.py: three deals at a table of five,
every player's line with details (canastas, kitties, finishing, table, hand and opening points) that the
pack allows, scored by rules.five_player's own scoring; every fifth sheet has one written number changed.
"""

import copy
import random

from rules.five_player import deck, scoring
from rules.five_player.examples import PLAYERS, build_sheet, scored_line

SIDES = [side for side, _ in PLAYERS]
HANDS = 3


def _canastas(rng: random.Random, cards_left: int) -> tuple[dict, int]:
    """One player's canastas, within the cards the others left."""
    d = {"pure_canastas": rng.choice((0, 0, 1, 1, 2)), "impure_canastas": rng.choice((0, 0, 1, 1, 2))}
    if rng.random() < 0.05:
        d["pure_super_canastas" if rng.random() < 0.5 else "impure_super_canastas"] = 1
    full = {name: d.get(name, 0) for name in scoring.CANASTA_FIELDS}
    used = deck.canasta_cards(*full.values())
    if used > cards_left:
        return {}, 0
    return d, used


def plausible_hand(rng: random.Random) -> dict:
    """One deal's details for the five players, within every limit of the pack and the rules."""
    details, cards = {}, deck.CARDS
    for side in SIDES:
        details[side], used = _canastas(rng, cards)
        cards -= used
    for _ in range(rng.choice((0, 1, 1, 2))):
        side = rng.choice(SIDES)
        details[side]["kitties"] = details[side].get("kitties", 0) + 1
    finisher = rng.choice((*range(5), None))
    if finisher is not None:
        mine, mate = details[SIDES[finisher]], details[SIDES[deck.partner(finisher)]]
        if any(mine.values()) and (mine.get("pure_canastas") or mine.get("impure_canastas")
                                   or mine.get("pure_super_canastas") or mine.get("impure_super_canastas")
                                   or mate.get("pure_canastas") or mate.get("impure_canastas")):
            mine["went_out"] = True
    points_left = deck.DECK_POINTS
    for seat, side in enumerate(SIDES):
        d = details[side]
        least = deck.least_canasta_points(*(d.get(name, 0) for name in scoring.CANASTA_FIELDS))
        table = least + 5 * rng.randint(0, 16) if least or rng.random() < 0.8 else 0
        hand = 0 if d.get("went_out") else 5 * rng.randint(1, 16)
        if table + hand > points_left // (5 - seat):  # keep room for the players still to come
            table, hand = least, 0 if d.get("went_out") else 5
        points_left -= table + hand
        d["table_points"], d["hand_points"] = table, hand
    for seat, side in enumerate(SIDES):
        d = details[side]
        mate = details[SIDES[deck.partner(seat)]]
        least = scoring.opening_minimum({"kitties": d.get("kitties", 0), "went_out": d.get("went_out", False)},
                                        any(mate.get(name) for name in scoring.CANASTA_FIELDS))
        if d["table_points"] >= least:
            d["opening_points"] = least + 5 * rng.randint(0, (d["table_points"] - least) // 5)
    return details


def legal_sheet(rng: random.Random, hands: int = HANDS) -> dict:
    return build_sheet([{side: scored_line(d) for side, d in plausible_hand(rng).items()}
                        for _ in range(hands)], options={})


FIELDS = ("base", "count", "total", "cumulative", "credited", "final")


def spoil(rng: random.Random, sheet: dict) -> tuple[dict, tuple]:
    """The sheet with one written number changed, and where: (hand or None, side, field)."""
    sheet = copy.deepcopy(sheet)
    field = rng.choice(FIELDS)
    side = rng.choice(SIDES)
    delta = rng.choice((5, 10, 50, 100, -5, -50))
    if field == "final":
        sheet["final"][side] += delta
        return sheet, (None, side, field)
    index = rng.randrange(len(sheet["hands"]))
    sheet["hands"][index][side][field] += delta
    return sheet, (index + 1, side, field)


def sheets(rng: random.Random, count: int) -> list[dict]:
    """`count` sheets of three deals, every fifth with one written number changed."""
    out = []
    for i in range(count):
        sheet = legal_sheet(rng)
        out.append(spoil(rng, sheet)[0] if i % 5 == 4 else sheet)
    return out
