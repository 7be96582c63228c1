"""The crazy_canasta rule set's options (docs/rulesets/crazy_canasta.md, "Options"): where the source text
is silent, ambiguous or contradicts itself, the reading we chose is the default and the others are options.
"""

from dataclasses import dataclass, field

from rules.crazy_canasta.deck import Deck, deck_for
from rules.sides.options import Choice, Whole
from rules.sides.options import parse_options as read_options
from rules.violations import Problem

DEALS = 4  # Going Out: "Four hands have been played, so the game is over."
DECKS_AT_MOST = 20


@dataclass(frozen=True, slots=True)
class CrazyOptions:
    red_three_points: str = "bonus"          # or "bonus_and_card": also 100 in the count
    black_three_points: str = "penalty"      # or "card_value_subtracted": -(-100) = +100 each
    books: str = "grouped"                   # or "as_written": no check that canastas were grouped
    jokers: str = "per_deck"                 # or "two": two jokers in all
    aces: str = "meldable"                   # or "not_meldable" (Meld's list leaves them out)
    decks: int = 7
    # Derived once, read in the hot path.
    red_in_count: bool = field(init=False, repr=False, compare=False)
    black_sign: int = field(init=False, repr=False, compare=False)
    grouped_books: bool = field(init=False, repr=False, compare=False)
    cards: Deck = field(init=False, repr=False, compare=False)  # what the decks hold (deck.py)

    def __post_init__(self):
        object.__setattr__(self, "red_in_count", self.red_three_points == "bonus_and_card")
        object.__setattr__(self, "black_sign", -1 if self.black_three_points == "penalty" else 1)
        object.__setattr__(self, "grouped_books", self.books == "grouped")
        object.__setattr__(self, "cards", deck_for(self.decks, self.jokers, self.aces))

    def as_dict(self) -> dict:
        return {name: getattr(self, name) for name in NAMES}


DEFAULTS = CrazyOptions()
KINDS = {
    "red_three_points": Choice(("bonus", "bonus_and_card"), quoted=False),
    "black_three_points": Choice(("penalty", "card_value_subtracted"), quoted=False),
    "books": Choice(("grouped", "as_written"), quoted=False),
    "jokers": Choice(("per_deck", "two"), quoted=False),
    "aces": Choice(("meldable", "not_meldable"), quoted=False),
    "decks": Whole(1, DECKS_AT_MOST, of="decks"),
}
NAMES = tuple(KINDS)


def hand_cap(options: CrazyOptions) -> int:
    """A game has four deals, so a sheet lists at most four hands."""
    return DEALS


def parse_options(raw: dict | None, problems: list[Problem]) -> CrazyOptions | None:
    """The options a sheet chose, with the defaults filled in; None after reporting each bad one."""
    if not raw:  # the usual sheet, settled without the reader's call (the hot path)
        return DEFAULTS
    return read_options(raw, problems, "crazy_canasta", KINDS, DEFAULTS)
