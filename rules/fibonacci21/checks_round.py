"""Checks across the players in one round: at most one went out (the first to go out ends the round:
"wins the round providing no other player finishes earlier"), and what the decks hold (a mixed set holds
a wild card; the players' card points together fit the cards)."""

from rules.fibonacci21.codes import violation
from rules.words import either, points, sentence, team_name


def check_round(n: int, went_out: list, mixed: int, card_points: int, options, out: list) -> None:
    if len(went_out) > 1:
        names = either([team_name(side) for side in went_out], "and")
        every = "both" if len(went_out) == 2 else "all"
        out.append(violation("went-out-several", n, None, "details.went_out", sentence(
            n, None, f"the round stops when the first player goes out, so {names} cannot {every} have gone "
                     "out.")))
    deck = options.deck
    where = "deck" if deck.decks == 1 else f"{deck.decks} decks"
    if mixed > deck.wilds:
        out.append(violation("wilds-exceed-deck", n, None, "details", sentence(
            n, None, f"every mixed set holds a wild card, and the players record {mixed} mixed sets with only "
                     f"{deck.wilds} wild cards in the {where}.")))
    if card_points > deck.most_points:
        out.append(violation("card-points-exceed-deck", n, None, "details", sentence(
            n, None, f"the players' card points add up to {points(card_points)}, more than the "
                     f"{points(deck.most_points)} every card of the {where} could be worth.")))
