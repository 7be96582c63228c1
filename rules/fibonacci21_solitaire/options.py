"""The fibonacci21_solitaire rule set's one option (docs/rulesets/fibonacci21_solitaire.md, "Options"): how
many decks (the text names one). The game sets no number of deals, so a sheet is read only this far.
"""

from rules.sides.options import Whole
from rules.sides.options import parse_options as read_options

HANDS_CEILING = 100


class SolitaireOptions:
    """One option: how many decks (the text names one)."""

    __slots__ = ("decks",)

    def __init__(self, decks: int = 1):
        self.decks = decks

    def as_dict(self) -> dict:
        return {"decks": self.decks}


KINDS = {"decks": Whole(1, 2)}
DEFAULTS = SolitaireOptions()


def parse_options(raw: dict | None, problems: list) -> SolitaireOptions | None:
    return read_options(raw, problems, "fibonacci21_solitaire", KINDS, DEFAULTS)


def hand_cap(options) -> int:
    return HANDS_CEILING
