"""Checks across the players in one round: at most one went out (the first to go out ends the round:
"wins the round providing no other player finishes earlier"), and what the decks hold (a mixed set holds
a wild card; the players' card points together fit the cards)."""

from rules.fibonacci21.codes import violation
from rules.words import either, points, sentence, team_name

from ..language import _


def check_round(n: int, went_out: list, mixed: int, card_points: int, options, out: list) -> None:
    if len(went_out) > 1:
        names = either([team_name(side) for side in went_out], "and")
        text = (_("the round stops when the first player goes out, so %(names)s cannot both have gone out.")
                if len(went_out) == 2 else
                _("the round stops when the first player goes out, so %(names)s cannot all have gone out."))
        out.append(violation("went-out-several", n, None, "details.went_out", sentence(
            n, None, text % {"names": names})))
    deck = options.deck
    if mixed > deck.wilds:
        text = (_("every mixed set holds a wild card, and the players record %(mixed)s mixed sets with only "
                  "%(wilds)s wild cards in the deck.") if deck.decks == 1 else
                _("every mixed set holds a wild card, and the players record %(mixed)s mixed sets with only "
                  "%(wilds)s wild cards in the %(decks)s decks."))
        out.append(violation("wilds-exceed-deck", n, None, "details", sentence(
            n, None, text % {"mixed": mixed, "wilds": deck.wilds, "decks": deck.decks})))
    if card_points > deck.most_points:
        text = (_("the players' card points add up to %(points)s, more than the %(most)s every card of the deck "
                  "could be worth.") if deck.decks == 1 else
                _("the players' card points add up to %(points)s, more than the %(most)s every card of the "
                  "%(decks)s decks could be worth."))
        out.append(violation("card-points-exceed-deck", n, None, "details", sentence(
            n, None, text % {"points": points(card_points), "most": points(deck.most_points), "decks": deck.decks})))
