"""Sheets of five-player canasta built from details: the example sheet (`python -m rules example
five_player`) and the builder that tests and the benchmark's generator use, so a sheet's numbers always
come from scoring.py rather than from a copy of its arithmetic.
"""

from rules.five_player import scoring
from rules.five_player.deck import partner
from rules.sides import FORMAT2

PLAYERS = (("asha", "Asha"), ("bina", "Bina"), ("chandra", "Chandra"), ("dev", "Dev"), ("esha", "Esha"))
DETAIL_DEFAULTS = {"pure_canastas": 0, "impure_canastas": 0, "pure_super_canastas": 0,
                   "impure_super_canastas": 0, "kitties": 0, "went_out": False, "table_points": 0,
                   "hand_points": 0, "opening_points": 0}


def scored_line(details: dict, plus_canasta: bool = False) -> dict:
    """A player's line whose base and count are what `details` (as written: missing ones are 0) give."""
    full = {**DETAIL_DEFAULTS, **details}
    count = scoring.count(full)
    line = {"base": scoring.base(full, plus_canasta), "count": 0 if count is None else count,
            "details": dict(details)}
    return line


def build_sheet(hands: list[dict], sides=PLAYERS, options: dict | None = None, credited: bool = True,
                ruleset: str = "five_player") -> dict:
    """A sheet from hands of {side id: line} (each line with base and count at least): total, running
    total and credited filled in where a line does not say, then the final (by the reading `credited`)
    and the winner."""
    ids = [side for side, _ in sides]
    running = dict.fromkeys(ids, 0)
    written = []
    for hand in hands:
        lines = {side: dict(hand[side]) for side in ids}
        for side in ids:
            line = lines[side]
            running[side] += line["base"] + line["count"]
            line.setdefault("total", line["base"] + line["count"])
            line.setdefault("cumulative", running[side])
        for seat, side in enumerate(ids):
            lines[side].setdefault("credited", running[side] + running[ids[partner(seat)]])
        written.append(lines)
    sheet = {"format": FORMAT2, "ruleset": ruleset, "sides": [{"id": side, "label": label} for side, label in sides],
             "hands": written}
    if options is not None:
        sheet["options"] = options
    if hands:
        final = ({side: running[side] + running[ids[partner(seat)]] for seat, side in enumerate(ids)}
                 if credited else dict(running))
        best = max(final.values())
        leaders = [side for side in ids if final[side] == best]
        sheet["final"] = final
        sheet["winner"] = leaders[0] if len(leaders) == 1 else "tie"
    return sheet


# Two deals at a table of five. Asha's partner is Chandra, Bina's Dev, Chandra's Esha, Dev's Asha and
# Esha's Bina. In the first deal Asha picks up a kitty, opens with 30 (25 is enough with a kitty) and
# finishes with a pure and an impure canasta.
EXAMPLE_DETAILS = [
    {
        "asha": {"pure_canastas": 1, "impure_canastas": 1, "kitties": 1, "went_out": True, "table_points": 185,
                 "opening_points": 30},
        "bina": {"impure_canastas": 1, "table_points": 90, "hand_points": 35, "opening_points": 80},
        "chandra": {"pure_canastas": 1, "table_points": 120, "hand_points": 20, "opening_points": 75},
        "dev": {"table_points": 60, "hand_points": 55, "opening_points": 60},
        "esha": {"kitties": 1, "table_points": 25, "hand_points": 90, "opening_points": 25},
    },
    {
        "asha": {"impure_canastas": 1, "table_points": 95, "hand_points": 15},
        "bina": {"pure_canastas": 2, "went_out": True, "table_points": 215},
        "chandra": {"hand_points": 65},
        "dev": {"pure_canastas": 1, "kitties": 1, "table_points": 140, "hand_points": 10},
        "esha": {"impure_canastas": 1, "table_points": 85, "hand_points": 40},
    },
]


def example() -> dict:
    """A valid sheet of two deals with details."""
    return build_sheet([{side: scored_line(d) for side, d in hand.items()} for hand in EXAMPLE_DETAILS],
                       options={})
