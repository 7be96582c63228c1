"""The high-card draw that decides which team picks its seat, as plain functions.

Each team draws one card from a shuffled 52-card deck; the higher rank wins, and equal ranks are
settled by suit (spades, hearts, diamonds, clubs, the order card players use for cutting).
"""

import random
from dataclasses import dataclass

RANKS = "23456789TJQKA"
SUITS = "CDHS"  # low to high
RANK_NAMES = {
    "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight",
    "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace",
}
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
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
            f"'{text.strip()}' is not a card: write the rank (2-10, J, Q, K, A) then the suit (C, D, H, S), "
            "for example KS or 10H."
        )
    return cleaned


def card_strength(card: str) -> int:
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def card_name(card: str) -> str:
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def draw_cards(rng: random.Random | None = None) -> DrawResult:
    """Two different cards from one deck, so the draw always has a winner."""
    rng = rng or random.SystemRandom()
    card_a, card_b = rng.sample(DECK, 2)
    return DrawResult(card_a, card_b)


def judge_cards(card_a: str, card_b: str) -> DrawResult:
    """A draw made with real cards, typed by the director."""
    a, b = normalise_card(card_a), normalise_card(card_b)
    if a == b:
        raise ValueError("Both teams cannot hold the same card from one deck: draw again.")
    return DrawResult(a, b)


def draw_order(entrants: list, rng: random.Random | None = None) -> list[tuple[object, str]]:
    """The high-card draw for the seats of a table of single players (the five-player text): each draws a
    card from one deck, the highest card takes the first seat, the next highest sits on their left, and so
    on round the table. Each entrant with their card, in seat order."""
    rng = rng or random.SystemRandom()
    cards = rng.sample(DECK, len(entrants))
    return sorted(zip(entrants, cards, strict=True), key=lambda pair: card_strength(pair[1]), reverse=True)
