"""What one solitaire deal of Fibonacci 21 can leave in the discard pile, from the text's rules of a turn
(docs/rulesets/fibonacci21_solitaire.md, "Bounds"):

- seven cards are dealt and one turned up to start the discard pile, so the stock holds the rest (81);
- a turn picks up two cards, at most one of them the top of the discard pile, so at least one comes from
  the stock, and discards one: the player gains one card a turn;
- six sets hold at least 15 cards (2, 13, 3, 3; 3, 13, 5; 5, 8, 8; 8, 13; 13, 8; the card 21: a wild card
  or the bonus card 2B starting a set in a base card's place has that card's number, the 2B number 2);
- when six sets are collected the hand goes onto the discard pile, which is then counted.

So the pile ends with 8 + (cards drawn from the stock) - (cards in the sets) cards: at least one (every
turn ends with a discard), at most the cards not in six sets; and with T turns at most 2T - 7 (at most two
cards from the stock a turn, at least 15 in the sets), with T at least 8 and at most the stock.
"""

from rules.deck21.cards import BASE_NUMBERS, CANASTA_SUM, least_cards_adding_to
from rules.deck21.composition import CARDS

DEALT = 7
TURNED_UP = 1
# a set per base number, its start card and the fewest cards that make up the rest of the 21, and the card 21
LEAST_IN_SIX_SETS = 1 + sum(1 + least_cards_adding_to(CANASTA_SUM - number) for number in BASE_NUMBERS)  # 15


def stock(decks: int) -> int:
    return CARDS * decks - DEALT - TURNED_UP


def most_discards(decks: int) -> int:
    return CARDS * decks - LEAST_IN_SIX_SETS


LEAST_TURNS = LEAST_IN_SIX_SETS - DEALT  # one card gained a turn


def most_discards_after(turns: int) -> int:
    """At most two cards from the stock a turn: 8 + 2T - 15."""
    return DEALT + TURNED_UP + 2 * turns - LEAST_IN_SIX_SETS
