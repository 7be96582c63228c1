"""How one player scores one hand (source, "Scoring"): the bonuses that make the base, the count of the
cards, and the bases that the bonuses can make at all.

These functions are the single source of the numbers: the checks compare what was written with them, the
achievable-base table is built from them, and the example sheet and the benchmark's generator use them.
"""

from functools import cache

from rules.five_player import deck

from ..language import _

PURE_CANASTA, IMPURE_CANASTA = 100, 50
PURE_SUPER, IMPURE_SUPER = 500, 300
KITTY = 50  # "picking up a kitty or finishing gives you 50 extra points"
FINISHING = 50
OPENING, OPENING_HELPED = 75, 25  # 25 "if you also pick up kitty", when finishing, or with a partner's canasta
TARGET = 4000

# The details of a line, as the sheet names them (line.py declares their kinds and bounds).
CANASTA_FIELDS = ("pure_canastas", "impure_canastas", "pure_super_canastas", "impure_super_canastas")


def base(d: dict, plus_canasta: bool = False) -> int:
    """The bonuses these details add up to. With `plus_canasta` a Super Canasta is a canasta too."""
    value = (PURE_CANASTA * d["pure_canastas"] + IMPURE_CANASTA * d["impure_canastas"]
             + PURE_SUPER * d["pure_super_canastas"] + IMPURE_SUPER * d["impure_super_canastas"]
             + KITTY * d["kitties"] + FINISHING * d["went_out"])
    if plus_canasta:
        value += PURE_CANASTA * d["pure_super_canastas"] + IMPURE_CANASTA * d["impure_super_canastas"]
    return value


def breakdown(d: dict, plus_canasta: bool = False) -> list[tuple[str, int]]:
    """The base as parts a player recognises, for messages; parts worth nothing are left out."""
    super_extra = (PURE_CANASTA, IMPURE_CANASTA) if plus_canasta else (0, 0)
    parts = [
        (_("canastas"), PURE_CANASTA * d["pure_canastas"] + IMPURE_CANASTA * d["impure_canastas"]),
        (_("Super Canastas"), (PURE_SUPER + super_extra[0]) * d["pure_super_canastas"]
         + (IMPURE_SUPER + super_extra[1]) * d["impure_super_canastas"]),
        (_("kitties"), KITTY * d["kitties"]),
        (_("finishing"), FINISHING * d["went_out"]),
    ]
    return [(label, value) for label, value in parts if value]


def canastas(d: dict) -> int:
    """The player's canastas of every kind (a Super Canasta is a canasta: it has at least 7 cards)."""
    return d["pure_canastas"] + d["impure_canastas"] + d["pure_super_canastas"] + d["impure_super_canastas"]


def count(d: dict) -> int | None:
    """Table points minus hand points, or None when neither was recorded (a missing detail is 0, and a
    player with nothing on the table and nothing in hand does not happen: 0 and 0 say nothing)."""
    table, hand = d["table_points"], d["hand_points"]
    if not table and not hand:
        return None
    return table - hand


def opening_minimum(d: dict, partner_has_canasta: bool) -> int:
    """The least an opening meld may be worth: 75, or 25 with a kitty, when finishing, or when the partner
    has a canasta (the 50 of the kitty, the finish or the canasta make up the rest)."""
    if d["kitties"] or d["went_out"] or partner_has_canasta:
        return OPENING_HELPED
    return OPENING


@cache
def achievable_bases(plus_canasta: bool) -> frozenset[int]:
    """Every base one player can score in one hand: each mix of canastas the 110 cards can hold, with 0 to
    2 kitties and finishing or not. Built once per reading (a few thousand mixes)."""
    bases = set()
    most_supers = min(deck.SUPER_CANASTAS, deck.CARDS // deck.SUPER_CANASTA_CARDS)
    for pure_super in range(most_supers + 1):
        for impure_super in range(most_supers + 1 - pure_super):
            left = deck.CARDS - deck.canasta_cards(0, 0, pure_super, impure_super)
            for pure in range(left // deck.CANASTA_CARDS + 1):
                for impure in range(left // deck.CANASTA_CARDS + 1 - pure):
                    d = {"pure_canastas": pure, "impure_canastas": impure, "pure_super_canastas": pure_super,
                         "impure_super_canastas": impure_super, "kitties": 0, "went_out": False}
                    value = base(d, plus_canasta)
                    for extra in range(0, (deck.KITTIES + 1) * KITTY + FINISHING, KITTY):
                        bases.add(value + extra)
    return frozenset(bases)
