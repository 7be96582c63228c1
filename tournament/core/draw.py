"""The high-card draw that decides which team picks its seat, as plain functions.

Each team draws one card from a shuffled 52-card deck; the higher rank wins, and equal ranks are
settled by suit (spades, hearts, diamonds, clubs, the order card players use for cutting).
"""

import random
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

RANKS = "23456789TJQKA"
SUITS = "CDHS"  # low to high
RANK_NAMES = {
    "2": pgettext_lazy("card", "Two"), "3": pgettext_lazy("card", "Three"), "4": pgettext_lazy("card", "Four"),
    "5": pgettext_lazy("card", "Five"), "6": pgettext_lazy("card", "Six"), "7": pgettext_lazy("card", "Seven"),
    "8": pgettext_lazy("card", "Eight"), "9": pgettext_lazy("card", "Nine"), "T": pgettext_lazy("card", "Ten"),
    "J": pgettext_lazy("card", "Jack"), "Q": pgettext_lazy("card", "Queen"), "K": pgettext_lazy("card", "King"),
    "A": pgettext_lazy("card", "Ace"),
}
SUIT_NAMES = {"C": pgettext_lazy("card", "Clubs"), "D": pgettext_lazy("card", "Diamonds"),
              "H": pgettext_lazy("card", "Hearts"), "S": pgettext_lazy("card", "Spades")}
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)


@dataclass(frozen=True)
class DrawResult:
    card_a: str
    card_b: str

    @property
    def a_wins(self) -> bool:
        return card_strength(self.card_a) > card_strength(self.card_b)


def normalise_card(text: str) -> str:
    """Accept what a director types ('10h', 'K S', 'qs') and return the canonical two letters ('TH')."""
    cleaned = "".join(text.split()).upper().replace("10", "T")
    if len(cleaned) != 2 or cleaned[0] not in RANKS or cleaned[1] not in SUITS:
        raise ValueError(
            _("'%(text)s' is not a card: write the rank (2-10, J, Q, K, A) then the suit (C, D, H, S), for "
              "example KS or 10H.") % {"text": text.strip()}
        )
    return cleaned


def card_strength(card: str) -> int:
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def card_name(card: str) -> str:
    return pgettext("card", "%(rank)s of %(suit)s") % {"rank": RANK_NAMES[card[0]], "suit": SUIT_NAMES[card[1]]}


def draw_cards(rng: random.Random | None = None) -> DrawResult:
    """Two different cards from one deck, so the draw always has a winner."""
    rng = rng or random.SystemRandom()
    card_a, card_b = rng.sample(DECK, 2)
    return DrawResult(card_a, card_b)


def judge_cards(card_a: str, card_b: str) -> DrawResult:
    """A draw made with real cards, typed by the director."""
    a, b = normalise_card(card_a), normalise_card(card_b)
    if a == b:
        raise ValueError(_("Both teams cannot hold the same card from one deck: draw again."))
    return DrawResult(a, b)


def draw_order(entrants: list, rng: random.Random | None = None) -> list[tuple[object, str]]:
    """The high-card draw for the seats of a table of single players (the five-player text): each draws a
    card from one deck, the highest card takes the first seat, the next highest sits on their left, and so
    on round the table. Each entrant with their card, in seat order."""
    rng = rng or random.SystemRandom()
    cards = rng.sample(DECK, len(entrants))
    return sorted(zip(entrants, cards, strict=True), key=lambda pair: card_strength(pair[1]), reverse=True)
