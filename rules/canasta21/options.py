"""The canasta21 rule set's options (docs/rulesets/canasta21.md, "Options"): where the chapter is silent or
ambiguous, our reading is the default and the others are options.
"""

from dataclasses import dataclass, field

from rules.canasta21 import scoring
from rules.deck21.cards import MOST_WILD_EXTRA
from rules.deck21.composition import CARDS, PUBLISHER_WILD_CARDS, Deck
from rules.sides.options import Choice, Whole, YesNo
from rules.sides.options import as_dict as options_dict
from rules.sides.options import parse_options as read_options

COUNT, BONUS_ONLY = "count", "bonus_only"
TARGET = 5000  # "The game is over when any one player reaches a cumulative score of 5,000."
# The game sets no number of hands; a sheet is read only this far (the game is over at 5,000 long before).
HANDS_CEILING = 100


@dataclass(frozen=True, slots=True)
class Canasta21Options:
    closed_canasta_cards: str = COUNT
    partnerships: bool = False
    target_score: int = TARGET
    decks: int = 1
    wild_cards: int = PUBLISHER_WILD_CARDS
    # Derived once, read in the hot path.
    counts_closed: bool = field(init=False, repr=False, compare=False)
    deck: Deck = field(init=False, repr=False, compare=False)
    achievable_bases: frozenset = field(init=False, repr=False, compare=False)
    most_count: int = field(init=False, repr=False, compare=False)
    least_count: int = field(init=False, repr=False, compare=False)
    most_wild_extra: int = field(init=False, repr=False, compare=False)  # the decks' wild cards, at their most

    def __post_init__(self):
        deck = Deck(self.decks, self.wild_cards)
        counts_closed = self.closed_canasta_cards == COUNT
        for name, value in (("counts_closed", counts_closed), ("deck", deck),
                            ("achievable_bases", scoring.achievable_bases(deck.wilds)),
                            ("most_count", scoring.most_count(deck.wilds, counts_closed)),
                            ("least_count", -deck.most_points),
                            ("most_wild_extra", MOST_WILD_EXTRA * deck.wilds)):
            object.__setattr__(self, name, value)

    def as_dict(self) -> dict:
        return options_dict(self, KINDS)


KINDS = {
    "closed_canasta_cards": Choice((COUNT, BONUS_ONLY)),
    "partnerships": YesNo(),
    "target_score": Whole(1, 1_000_000),
    "decks": Whole(1, 2),
    "wild_cards": Whole(0, CARDS - 1),
}
DEFAULTS = Canasta21Options()


def parse_options(raw: dict | None, problems: list) -> Canasta21Options | None:
    """The options a sheet chose, with the defaults filled in; None after reporting each bad one."""
    return read_options(raw, problems, "canasta21", KINDS, DEFAULTS)


def hand_cap(options: Canasta21Options) -> int:
    """The most hands a sheet lists: the game sets no number, so the documented ceiling."""
    return HANDS_CEILING
