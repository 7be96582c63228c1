"""Every violation code of the nvso rule set: the rules section it enforces, its severity, and what it
means. Codes are stable identifiers that programs (the director's dashboard, the API) may rely on.
"""

from rules.violations import ERROR, INFO, WARNING, violation_for

# The hand cap is B's 3 hands by default, else `hands_per_game` or the ceiling of 100: the contract's.
HANDS = "B, or Canasta TD, docs/rulesets/nvso.md, Caps"

# code: (rule section of nvso-canasta-tournament-rules.md, severity, what it checks)
CODES = {
    # count
    "count-not-multiple-of-five": ("C", ERROR, "a count is a multiple of 5"),
    "count-positive-without-canasta": ("K", ERROR, "with no completed canasta the count is never positive"),
    "count-mismatch": ("K", ERROR, "count = table points - hand points (all minus without a canasta)"),
    "points-not-multiple-of-five": ("C", ERROR, "table and hand points are multiples of 5"),
    "counts-exceed-deck": ("C", ERROR, "both teams' counts together fit the 1,160 points of the cards"),
    "card-points-exceed-deck": ("C", ERROR, "both teams' table and hand points together fit the cards"),
    # (one team's table and hand points against its canastas, melds and stuck players; checks_points.py)
    "table-points-below-melds": ("E", ERROR, "table points at least what the canastas and melds hold"),
    "hand-points-below-stuck": ("G", ERROR, "hand points at least the 3 aces (60) or sevens (15) a stuck player holds"),
    "hand-points-exceed-hands": ("K", ERROR, "hand points at most what the hands hold (the partner's after going out)"),
    # base
    "base-mismatch": ("K", ERROR, "the base equals what the details add up to"),
    "base-impossible": ("K", ERROR, "a base written without details is one the formula can produce"),
    "base-not-itemised": ("K", INFO, "only base and count were written, so less can be checked"),
    # going out
    "went-out-both": ("K", ERROR, "at most one team went out"),
    "went-out-without-two-canastas": ("E", ERROR, "going out needs at least two completed canastas"),
    # special hands
    "special-hand-both": ("F", ERROR, "at most one special hand in a hand"),
    "special-hand-and-went-out": ("F", ERROR, "after a special hand the other team did not go out"),
    "special-hand-with-other-details": ("F", ERROR, "a team with a special hand has no other details"),
    "special-hand-count": ("F", ERROR, "a team with a special hand has a count of 0"),
    # the deck, across both teams
    # (the card ledger: the least each detail takes, per pool of cards, across both teams; cards.py)
    "threes-exceed-deck": ("C", ERROR, "at most 4 red and 4 black threes between the teams"),
    "sevens-exceed-deck": ("G", ERROR, "the sevens the canastas, melds and stuck players need fit the 8"),
    "aces-exceed-deck": ("G", ERROR, "the aces the canastas, melds and stuck players need fit the 8"),
    "wilds-exceed-deck": ("H", ERROR, "the wild cards the canastas and melds need fit the 12 (4 jokers, 8 deuces)"),
    "natural-canastas-exceed-deck": ("E", ERROR, "one canasta per rank: 9 pure, 10 with mixed, 11 in all"),
    "stuck-after-going-out": ("E", ERROR, "a team that went out has at most one player stuck per rank"),
    # meld requirements
    "meld-requirement-by-hand": ("B", ERROR, "the written meld requirement is 125, 155, 180 by hand"),
    "meld-requirement-by-score": ("D", ERROR, "the written meld requirement follows the running total"),
    # arithmetic and the game
    "total-mismatch": ("K", ERROR, "total = base + count"),
    "cumulative-mismatch": ("K", ERROR, "running total = previous running total + total"),
    "final-mismatch": ("K", ERROR, "the final total is the running total after the last hand"),
    "winner-mismatch": ("A", ERROR, "the winner has the higher final total"),
    "tie-for-director": ("A", WARNING, "equal final totals are a tie the director resolves"),
    "no-hands": (HANDS, ERROR, "a game has at least one hand"),
    "too-many-hands": (HANDS, ERROR, "no more hands than the game has (3 with meld requirements by hand)"),
    "hand-after-target": ("A", ERROR, "no hand after a team reached the target score"),
}


violation = violation_for(CODES)
