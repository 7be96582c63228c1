"""Every violation code of the crazy_canasta rule set: the section of crazy-canasta.md it enforces, its
severity, and what it checks. Codes are stable identifiers that programs may rely on.
"""

from rules.violations import ERROR, INFO, WARNING, violation_for

SCORING = "Crazy Canasta, Cards & Scoring"
MELD = "Crazy Canasta, Meld"
GOING_OUT = "Crazy Canasta, Going Out"
DEAL = "Crazy Canasta, Deal"

# code: (section, severity, what it checks)
CODES = {
    # one side's line
    "base-mismatch": (SCORING, ERROR, "the base equals what the details add up to"),
    "base-impossible": (SCORING, ERROR, "a base written without details is one the bonuses can make"),
    "base-not-itemised": (SCORING, INFO, "only base and count were written, so less can be checked"),
    "count-not-multiple-of-five": (SCORING, ERROR, "a count is a multiple of 5"),
    "points-not-multiple-of-five": (SCORING, ERROR, "table and hand points are multiples of 5"),
    "count-mismatch": (SCORING, ERROR, "count = table points - hand points"),
    "table-points-below-canastas": (SCORING, ERROR, "the table points hold at least the canastas' cards"),
    "book-not-grouped": (SCORING, ERROR, "a clean, a dirty, a sevens and a wild canasta are a book"),
    "went-out-without-book": (SCORING, ERROR, "a side needs at least one book to go out"),
    "meld-below-minimum": (MELD, ERROR, "a side that melded has at least the deal's minimum on the table"),
    # the deal, across both sides
    "went-out-both": (GOING_OUT, ERROR, "only one side goes out: play ends when it does"),
    "threes-exceed-deck": (SCORING, ERROR, "the red and the black threes fit the decks (14 each)"),
    "sevens-exceed-deck": (SCORING, ERROR, "the sevens in books and canastas fit the decks (28)"),
    "wilds-exceed-deck": (SCORING, ERROR, "the wild cards in books and canastas fit the decks (42)"),
    "naturals-exceed-deck": (SCORING, ERROR, "the natural cards of clean and dirty canastas fit the decks"),
    "card-points-exceed-deck": (SCORING, ERROR, "both sides' table and hand points fit the cards' points"),
    "counts-exceed-deck": (SCORING, ERROR, "both sides' counts fit the cards' points"),
    # meld requirements
    "meld-requirement-by-deal": (MELD, ERROR, "the written meld requirement is 50, 90, 120, 150 by deal"),
    # arithmetic and the game
    "total-mismatch": (SCORING, ERROR, "total = base + count"),
    "cumulative-mismatch": (SCORING, ERROR, "running total = previous running total + total"),
    "final-mismatch": (GOING_OUT, ERROR, "the final total is the running total after the last deal"),
    "winner-mismatch": (GOING_OUT, ERROR, "the winner has the most points after four deals"),
    "winner-before-end": (GOING_OUT, ERROR, "a winner is named only after the four deals"),
    "tie-for-director": (GOING_OUT, WARNING, "equal final totals are a tie the director resolves"),
    "no-hands": (DEAL, ERROR, "a game has at least one deal"),
    "too-many-hands": (DEAL, ERROR, "a game has four deals"),
}


violation = violation_for(CODES)
