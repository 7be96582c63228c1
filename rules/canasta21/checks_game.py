"""Checks of the game as a whole that only Canasta 21 has: the initial meld's base cards by cumulative
score, and a partnership game's two sides. (The running arithmetic, the end at 5,000 and the winner are
rules/sides/arithmetic.py's, shared with Fibonacci 21.)
"""

from rules.canasta21.codes import violation
from rules.words import points, sentence

from ..language import _, ngettext

# A Players Turn and Initial Melds: negative 1; 0 - 1,495 2; 1,500 - 2,995 3; 3,000 or more 4. The table's
# gaps (1,495 to 1,500) are read as steps at 0, 1,500 and 3,000 (docs/rulesets/canasta21.md).
MELD_STEPS = ((3000, 4), (1500, 3), (0, 2))
NEGATIVE_MELD = 1


def meld_base_cards(before: int) -> int:
    """The base cards the initial meld needs with a cumulative score of `before`."""
    for threshold, cards in MELD_STEPS:
        if before >= threshold:
            return cards
    return NEGATIVE_MELD


def check_meld(n: int, side: str, written: int, before: int, written_before: int, out: list) -> None:
    """The written base cards against the cumulative score before the hand (as recomputed, `before`, or as
    written, `written_before`: a slip in a running total is reported there, not again here)."""
    expected = meld_base_cards(before)
    if written == expected or written == meld_base_cards(written_before):
        return
    out.append(violation("meld-base-cards", n, side, "meld_base_cards", sentence(n, side, ngettext(
        "with a cumulative score of %(score)s before this hand the initial meld needs %(expected)s base card, "
        "not %(written)s.",
        "with a cumulative score of %(score)s before this hand the initial meld needs %(expected)s base cards, "
        "not %(written)s.", expected) % {"score": points(before), "expected": expected, "written": written})))


def check_partnership_sides(sides: tuple, options, out: list) -> None:
    """Partners sit opposite each other, four players in two partnerships: a partnership sheet has two
    sides."""
    if options.partnerships and len(sides) != 2:
        out.append(violation("partnership-sides", None, None, "sides", _(
            "A partnership game is four players in two partnerships, so the sheet lists two sides, not "
            "%(sides)s.") % {"sides": len(sides)}))
