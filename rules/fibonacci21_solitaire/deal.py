"""What one solitaire deal of Fibonacci 21 can leave in the discard pile, from the text's rules of a turn
(docs/rulesets/fibonacci21_solitaire.md, "Bounds"):

- seven cards are dealt and one turned up to start the discard pile, so the stock holds the rest (81);
- a turn picks up two cards, at most one of them the top of the discard pile, so at least one comes from
  the stock, and discards one: the player gains one card a turn;
- six sets hold at least 13 cards (2B with 13; 3, 13, 5; 5, 8, 8; 8, 13; 13, 8; the card 21);
- when six sets are collected the hand goes onto the discard pile, which is then counted.

So the pile ends with 8 + (cards drawn from the stock) - (cards in the sets) cards: at least one (every
turn ends with a discard), at most the cards not in six sets; and with T turns at most 2T - 5 (at most two
cards from the stock a turn, at least 13 in the sets), with T at least 6 and at most the stock.
"""

from rules.deck21.composition import CARDS

DEALT = 7
TURNED_UP = 1
LEAST_IN_SIX_SETS = 13


def stock(decks: int) -> int:
    return CARDS * decks - DEALT - TURNED_UP


def most_discards(decks: int) -> int:
    return CARDS * decks - LEAST_IN_SIX_SETS


LEAST_TURNS = LEAST_IN_SIX_SETS - DEALT  # one card gained a turn


def most_discards_after(turns: int) -> int:
    """At most two cards from the stock a turn: 8 + 2T - 13."""
    return DEALT + TURNED_UP + 2 * turns - LEAST_IN_SIX_SETS
