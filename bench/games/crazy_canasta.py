"""Crazy Canasta sheets for bench/rules_bench.py: four deals between two partnerships, every line
itemised, drawn within what seven decks hold and scored with the rule set's own formulas; every fifth
sheet then has one written number changed (base, count, total, running total or final)."""

import random

from rules.crazy_canasta import scoring
from rules.crazy_canasta.checks_line import MELD_MINIMUMS
from rules.crazy_canasta.deck import least_table_points
from rules.crazy_canasta.line import DETAILS
from rules.crazy_canasta.options import DEFAULTS

SIDES = ("a", "b")
LABELS = {"a": "Smith / Jones", "b": "Brown / Green"}
# Per side and deal, canastas a partnership commonly shows: (books, sevens, wilds, clean, dirty).
SHAPES = ((0, 0, 0, 1, 0), (0, 0, 0, 1, 1), (0, 0, 0, 2, 1), (0, 1, 0, 1, 2), (0, 0, 1, 2, 0), (1, 0, 0, 0, 0),
          (1, 0, 0, 1, 1), (1, 1, 0, 2, 0), (1, 0, 1, 0, 2), (2, 0, 0, 1, 0), (0, 0, 0, 0, 0))
NAMES = ("books", "sevens_canastas", "wild_canastas", "clean_canastas", "dirty_canastas")


def _details(rng: random.Random, deal: int, may_go_out: bool) -> dict:
    d = dict.fromkeys(DETAILS, 0)
    d.update(zip(NAMES, rng.choice(SHAPES), strict=True))
    d["went_out"] = may_go_out and d["books"] > 0 and rng.random() < 0.6
    d["red_threes"], d["black_threes"] = rng.randint(0, 4), rng.choice((0, 0, 0, 1, 2))
    least = least_table_points(d)
    melded = least > 0 or rng.random() < 0.5
    d["table_points"] = max(least, MELD_MINIMUMS[deal - 1]) + 5 * rng.randint(0, 60) if melded else 0
    d["hand_points"] = 5 * rng.randint(0 if d["table_points"] else 1, 60)
    return d


def _written(d: dict) -> dict:
    """Details as a scorekeeper writes them: what is 0 or false left out."""
    return {name: value for name, value in d.items() if value}


def legal_sheet(rng: random.Random) -> dict:
    """A valid four-deal sheet with details for both sides."""
    hands, running = [], dict.fromkeys(SIDES, 0)
    for deal in range(1, 5):
        first = rng.choice(SIDES)
        hand = {}
        gone = False
        for side in sorted(SIDES, key=lambda s: s != first):
            d = _details(rng, deal, not gone)
            gone = gone or d["went_out"]
            base, count = scoring.base(d, DEFAULTS), scoring.count(d, DEFAULTS)
            running[side] += base + count
            hand[side] = {"base": base, "count": count, "total": base + count, "cumulative": running[side],
                          "meld_requirement": MELD_MINIMUMS[deal - 1], "details": _written(d)}
        hands.append({side: hand[side] for side in SIDES})
    a, b = running["a"], running["b"]
    return {"format": "canasta-td/score-sheet@2", "ruleset": "crazy_canasta",
            "sides": [{"id": side, "label": LABELS[side]} for side in SIDES], "hands": hands,
            "final": dict(running), "winner": "a" if a > b else "b" if b > a else "tie"}


def _slip(rng: random.Random, sheet: dict) -> None:
    """Change one written number: every such change is a mistake the checks catch."""
    field = rng.choice(("base", "count", "total", "cumulative", "final"))
    side = rng.choice(SIDES)
    delta = rng.choice((-100, -10, -5, 5, 10, 100))
    if field == "final":
        sheet["final"][side] += delta
    else:
        sheet["hands"][rng.randrange(4)][side][field] += delta


def sheets(rng: random.Random, count: int) -> list[dict]:
    """`count` sheets, every fifth with one written number changed."""
    made = []
    while len(made) < count:
        sheet = legal_sheet(rng)
        if sheet["winner"] == "tie":
            continue  # a tie is a warning, and the bench counts valid sheets exactly
        if len(made) % 5 == 4:
            _slip(rng, sheet)
        made.append(sheet)
    return made
