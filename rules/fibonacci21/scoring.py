"""How a Fibonacci 21 player scores in one round, by our reading (docs/rulesets/fibonacci21.md, "Scoring"):
the source's "See scoring" points to a section it does not contain, so the values are Canasta 21's, the
same deck's only Points table. Every set of Fibonacci 21 starts with a base card (or a wild card or the
bonus card 2B in its place), so a closed set scores as a base canasta does: pure 200, mixed 150; going out
scores 100. The cards: the closed sets' card points count for the player and the cards in hand against;
the cards in open sets count for nothing by default ("it is advantageous to have cards on the table
rather than in one's hand"), against with the option `open_sets: against`.
"""

from functools import lru_cache

from rules.deck21.cards import CANASTA_SUM, MOST_BASE_EXTRA, MOST_WILD_EXTRA, WILD_POINTS
from rules.words import points

from ..language import _, ngettext

PURE_SET = 200
MIXED_SET = 150
GOING_OUT = 100
SETS = 6  # one per base card 2, 3, 5, 8, 13, and the set of card 21
MOST_CLOSED = CANASTA_SUM + MOST_BASE_EXTRA  # a closed set's card points without a wild card, at most
# A wild card adds 50 less the number it is given: at least 29, given 21 as the set of card 21.
LEAST_WILD_EXTRA = WILD_POINTS - CANASTA_SUM


def base(d: dict, bonuses: bool) -> int:
    if not bonuses:
        return 0
    return PURE_SET * d["pure_sets"] + MIXED_SET * d["mixed_sets"] + GOING_OUT * d["went_out"]


def breakdown(d: dict) -> list[str]:
    """The parts of the base in words, for a message."""
    parts = []
    pure, mixed = d["pure_sets"], d["mixed_sets"]
    if pure:
        parts.append(ngettext("%(n)s pure set %(points)s", "%(n)s pure sets %(points)s", pure) % {
            "n": pure, "points": points(pure * PURE_SET)})
    if mixed:
        parts.append(ngettext("%(n)s mixed set %(points)s", "%(n)s mixed sets %(points)s", mixed) % {
            "n": mixed, "points": points(mixed * MIXED_SET)})
    if d["went_out"]:
        parts.append(_("going out %(points)s") % {"points": points(GOING_OUT)})
    return parts


def closed_points_range(sets: int, mixed: int, wilds: int) -> tuple[int, int]:
    """The least and most card points `sets` closed sets, `mixed` of them with a wild card, can hold."""
    return (CANASTA_SUM * sets + LEAST_WILD_EXTRA * mixed,
            MOST_CLOSED * sets + (MOST_WILD_EXTRA * wilds if mixed else 0))


def most_count(wilds: int) -> int:
    return MOST_CLOSED * SETS + MOST_WILD_EXTRA * wilds


@lru_cache(maxsize=16)
def achievable_bases(wilds: int, bonuses: bool) -> frozenset[int]:
    """Every base one player can score in a round: at most six closed sets, no more mixed than wild cards,
    going out only with all six."""
    if not bonuses:
        return frozenset({0})
    found = set()
    for pure in range(SETS + 1):
        for mixed in range(min(SETS - pure, wilds) + 1):
            found.add(PURE_SET * pure + MIXED_SET * mixed)
            if pure + mixed == SETS:
                found.add(PURE_SET * pure + MIXED_SET * mixed + GOING_OUT)
    return frozenset(found)
