"""Checks across the sides in one hand: at most one went out (the hand stops when the first player goes
out), and what the decks hold (a mixed canasta holds a wild card; the card points of every side together
fit the cards). Only sides with details are counted: a side of base and count alone says nothing of its
cards.
"""

from rules.canasta21.codes import violation
from rules.words import either, points, sentence, team_name


def check_hand(n: int, went_out: list, mixed: int, card_points: int, options, out: list) -> None:
    """The sides that went out, and the mixed canastas and card points of every side with details."""
    if len(went_out) > 1:
        names = either([team_name(side) for side in went_out], "and")
        every = "both" if len(went_out) == 2 else "all"
        out.append(violation("went-out-several", n, None, "details.went_out", sentence(
            n, None, f"the hand stops when the first player goes out, so {names} cannot {every} have gone out.")))
    deck = options.deck
    if mixed > deck.wilds:
        out.append(violation("wilds-exceed-deck", n, None, "details", sentence(
            n, None, f"every mixed canasta holds a wild card, and the sides record {mixed} mixed canastas with "
                     f"only {deck.wilds} wild cards in the {_decks(deck.decks)}.")))
    if card_points > deck.most_points:
        out.append(violation("card-points-exceed-deck", n, None, "details", sentence(
            n, None, f"the sides' card points add up to {points(card_points)}, more than the "
                     f"{points(deck.most_points)} every card of the {_decks(deck.decks)} could be worth.")))


def _decks(decks: int) -> str:
    return "deck" if decks == 1 else f"{decks} decks"
