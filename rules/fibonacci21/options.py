"""The fibonacci21 rule set's options (docs/rulesets/fibonacci21.md, "Options"): the source gives no
scoring, so our reading is the default and the others are options.
"""

from dataclasses import dataclass, field

from rules.deck21.cards import MOST_WILD_EXTRA
from rules.deck21.composition import CARDS, PUBLISHER_WILD_CARDS, Deck
from rules.fibonacci21 import scoring
from rules.sides.options import Choice, Whole
from rules.sides.options import as_dict as options_dict
from rules.sides.options import parse_options as read_options

BONUSES, CARDS_ONLY = "bonuses", "cards_only"
FREE, AGAINST = "free", "against"
HANDS_CEILING = 100  # the source sets no number of rounds; a sheet is read this far


@dataclass(frozen=True, slots=True)
class Fibonacci21Options:
    scoring: str = BONUSES
    open_sets: str = FREE
    target_score: int | None = None
    decks: int = 1
    wild_cards: int = PUBLISHER_WILD_CARDS
    # Derived once, read in the hot path.
    bonuses: bool = field(init=False, repr=False, compare=False)
    open_against: bool = field(init=False, repr=False, compare=False)
    deck: Deck = field(init=False, repr=False, compare=False)
    achievable_bases: frozenset = field(init=False, repr=False, compare=False)
    most_count: int = field(init=False, repr=False, compare=False)
    most_wild_extra: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        deck = Deck(self.decks, self.wild_cards)
        bonuses = self.scoring == BONUSES
        for name, value in (("bonuses", bonuses), ("open_against", self.open_sets == AGAINST), ("deck", deck),
                            ("achievable_bases", scoring.achievable_bases(deck.wilds, bonuses)),
                            ("most_count", scoring.most_count(deck.wilds)),
                            ("most_wild_extra", MOST_WILD_EXTRA * deck.wilds)):
            object.__setattr__(self, name, value)

    def as_dict(self) -> dict:
        return options_dict(self, KINDS)


KINDS = {
    "scoring": Choice((BONUSES, CARDS_ONLY)),
    "open_sets": Choice((FREE, AGAINST)),
    "target_score": Whole(1, 1_000_000, nullable=True),
    "decks": Whole(1, 2),
    "wild_cards": Whole(0, CARDS - 1),
}
DEFAULTS = Fibonacci21Options()


def parse_options(raw: dict | None, problems: list) -> Fibonacci21Options | None:
    return read_options(raw, problems, "fibonacci21", KINDS, DEFAULTS)


def hand_cap(options: Fibonacci21Options) -> int:
    return HANDS_CEILING
