"""Checks across the sides in one hand: at most one went out (the hand stops when the first player goes
out), and what the decks hold (a mixed canasta holds a wild card; the card points of every side together
fit the cards). Only sides with details are counted: a side of base and count alone says nothing of its
cards.
"""

from rules.canasta21.codes import violation
from rules.words import either, points, sentence, team_name

from ..language import _


def check_hand(n: int, went_out: list, mixed: int, card_points: int, options, out: list) -> None:
    """The sides that went out, and the mixed canastas and card points of every side with details."""
    if len(went_out) > 1:
        names = either([team_name(side) for side in went_out], "and")
        text = (_("the hand stops when the first player goes out, so %(names)s cannot both have gone out.")
                if len(went_out) == 2 else
                _("the hand stops when the first player goes out, so %(names)s cannot all have gone out."))
        out.append(violation("went-out-several", n, None, "details.went_out", sentence(
            n, None, text % {"names": names})))
    deck = options.deck
    if mixed > deck.wilds:
        text = (_("every mixed canasta holds a wild card, and the sides record %(mixed)s mixed canastas with "
                  "only %(wilds)s wild cards in the deck.") if deck.decks == 1 else
                _("every mixed canasta holds a wild card, and the sides record %(mixed)s mixed canastas with "
                  "only %(wilds)s wild cards in the %(decks)s decks."))
        out.append(violation("wilds-exceed-deck", n, None, "details", sentence(
            n, None, text % {"mixed": mixed, "wilds": deck.wilds, "decks": deck.decks})))
    if card_points > deck.most_points:
        text = (_("the sides' card points add up to %(points)s, more than the %(most)s every card of the deck "
                  "could be worth.") if deck.decks == 1 else
                _("the sides' card points add up to %(points)s, more than the %(most)s every card of the "
                  "%(decks)s decks could be worth."))
        out.append(violation("card-points-exceed-deck", n, None, "details", sentence(
            n, None, text % {"points": points(card_points), "most": points(deck.most_points), "decks": deck.decks})))
