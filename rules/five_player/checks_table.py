"""Checks across the five players of one hand: what the pack can hold, how many kitties there are, who
finished, and the opening meld, which depends on the partner's canastas.

Sums over the players who recorded details are lower bounds, so the deck limits are checked even when only
some players recorded them; a check about a player's partner needs the partner's details too.
"""

from rules.five_player import deck, scoring
from rules.five_player.codes import violation
from rules.violations import Violation
from rules.words import either, points, sentence, team_name

from ..language import _


def check_hand(n: int, sides: tuple[str, ...], hand: dict, out: list[Violation]) -> None:
    """Every check of the five players together in hand `n` (seat order in `sides`)."""
    details = [hand[side]["details"] for side in sides]
    present = [d for d in details if d is not None]
    if present:
        _check_deck(n, present, out)
        _check_kitties(n, details, out)
        _check_finishing(n, sides, details, out)
        _check_openings(n, sides, details, out)


def check_counts(n: int, sides: tuple[str, ...], hand: dict, out: list[Violation]) -> bool:
    """The five counts, their signs ignored, fit the pack's 980 points; whether they do. Called only when
    every count is possible on its own, so the sum names no single slip twice."""
    size = sum([abs(hand[side]["count"]) for side in sides])
    if size <= deck.DECK_POINTS:
        return True
    out.append(violation("counts-exceed-deck", n, None, "count", sentence(n, None, _(
        "the counts add up to %(size)s with their signs ignored, but all the cards together are worth only "
        "%(most)s.") % {"size": points(size), "most": points(deck.DECK_POINTS)})))
    return False


def _check_deck(n: int, present: list[dict], out: list[Violation]) -> None:
    supers = sum([d["pure_super_canastas"] + d["impure_super_canastas"] for d in present])
    if supers > deck.SUPER_CANASTAS:
        out.append(violation("super-canastas-exceed-deck", n, None, "details.pure_super_canastas", sentence(
            n, None, _("the players show %(supers)s Super Canastas together, but the two packs have only "
                       "%(suits)s suits to make them.") % {"supers": supers, "suits": deck.SUPER_CANASTAS})))
    else:
        cards = sum([deck.canasta_cards(d["pure_canastas"], d["impure_canastas"], d["pure_super_canastas"],
                                        d["impure_super_canastas"]) for d in present])
        if cards > deck.CARDS:
            out.append(violation("canastas-exceed-deck", n, None, "details.pure_canastas", sentence(n, None, _(
                "the canastas recorded hold at least %(cards)s cards together, but the pack has only "
                "%(pack)s.") % {"cards": cards, "pack": deck.CARDS})))
    card_points = sum([d["table_points"] + d["hand_points"] for d in present])
    if card_points > deck.DECK_POINTS:
        out.append(violation("card-points-exceed-deck", n, None, "details.table_points", sentence(n, None, _(
            "the table and hand points recorded add up to %(points)s, but all the cards together are worth only "
            "%(most)s.") % {"points": points(card_points), "most": points(deck.DECK_POINTS)})))


def _check_kitties(n: int, details: list, out: list[Violation]) -> None:
    taken = sum([d["kitties"] for d in details if d is not None])
    if taken > deck.KITTIES:
        out.append(violation("kitties-exceed-two", n, None, "details.kitties", sentence(n, None, _(
            "the players picked up %(taken)s kitties together, but the dealer sets only two aside.") % {
            "taken": taken})))


def _check_finishing(n: int, sides: tuple[str, ...], details: list, out: list[Violation]) -> None:
    """One player at most finishes the deal, and only with a canasta of their own or their partner's."""
    finished = [seat for seat, d in enumerate(details) if d is not None and d["went_out"]]
    if len(finished) > 1:
        names = either([team_name(sides[seat]) for seat in finished], "and")
        text = (_("%(names)s cannot both have finished; the deal ends when the first player finishes.")
                if len(finished) == 2 else
                _("%(names)s cannot all have finished; the deal ends when the first player finishes."))
        out.append(violation("went-out-more-than-one", n, None, "details.went_out", sentence(
            n, None, text % {"names": names})))
        return
    for seat in finished:
        mate = details[deck.partner(seat)]
        if mate is not None and not scoring.canastas(details[seat]) and not scoring.canastas(mate):
            side, partner = sides[seat], sides[deck.partner(seat)]
            out.append(violation("went-out-without-canasta", n, side, "details.went_out", sentence(n, side, _(
                "a player needs a canasta of their own or their partner's to finish, and neither this player nor "
                "%(partner)s, the partner, has one.") % {"partner": team_name(partner)})))


def _check_openings(n: int, sides: tuple[str, ...], details: list, out: list[Violation]) -> None:
    """The opening meld: 75, or 25 with a kitty, when finishing, or with a canasta of the partner. A
    partner who recorded no details may have a canasta, so then 25 is enough."""
    for seat, d in enumerate(details):
        opening = d["opening_points"] if d is not None else 0
        if not opening or opening >= scoring.OPENING:
            continue
        mate = details[deck.partner(seat)]
        least = scoring.opening_minimum(d, mate is None or scoring.canastas(mate) > 0)
        if opening < least:
            side, partner = sides[seat], sides[deck.partner(seat)]
            if least == scoring.OPENING:
                text = _("without a kitty, a finish or a canasta of %(partner)s, the partner, an opening meld needs "
                         "%(least)s, so one worth %(opening)s is too little.")
            else:
                text = _("an opening meld needs %(least)s even with a kitty, a finish or the partner's canasta, so "
                         "one worth %(opening)s is too little.")
            out.append(violation("opening-below-minimum", n, side, "details.opening_points", sentence(
                n, side, text % {"partner": team_name(partner), "least": least, "opening": points(opening)})))
