"""What Deck 21 holds, as far as the sources say, and the bounds a sheet's numbers must keep.

The book's chapter on Canasta 21 says only that Deck 21 has eighty-nine cards. The deck's publisher
(fibonaccigame.com) adds that, "except for three wild cards and two bonus cards", each card carries one of
the six numbers. How the other 84 divide among the numbers, and how many of them are base cards, neither
says. So the composition has two readings (docs/rulesets/canasta21.md, "Deck 21"): the default takes the
publisher's three wild cards; the option `wild_cards` gives another count (a club's deck, or none known).
The split of the numbered cards is never guessed: the checks use only what holds for any split (each
numbered card is worth at most 26, a base 13).

A game may be played with more than one deck (option `decks`): every bound scales with it.
"""

from dataclasses import dataclass, field

from rules.deck21.cards import BONUS_BASE_POINTS, HIGHEST_NUMBERED, WILD_POINTS

CARDS = 89
PUBLISHER_WILD_CARDS = 3
BONUS_CARDS = 2


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards of the decks in play: how many, how many wild, how many bonus base cards, and the most card
    points they hold (every wild 50, every bonus card 8, every numbered card at most 26, a base 13, whatever
    the split of the numbered cards). Plain attributes, computed once: the checks read them per hand."""

    decks: int = 1
    wild_cards: int = PUBLISHER_WILD_CARDS  # per deck
    cards: int = field(init=False)
    wilds: int = field(init=False)
    bonus_cards: int = field(init=False)  # the publisher's two per deck, fewer if the wild cards leave no room
    numbered: int = field(init=False)
    most_points: int = field(init=False)

    def __post_init__(self):
        cards, wilds = CARDS * self.decks, self.wild_cards * self.decks
        bonus = min(BONUS_CARDS, CARDS - self.wild_cards) * self.decks
        numbered = cards - wilds - bonus
        most = wilds * WILD_POINTS + bonus * BONUS_BASE_POINTS + numbered * HIGHEST_NUMBERED
        for name, value in (("cards", cards), ("wilds", wilds), ("bonus_cards", bonus), ("numbered", numbered),
                            ("most_points", most)):
            object.__setattr__(self, name, value)
