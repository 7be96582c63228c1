"""Every violation code of the fibonacci21 rule set: the part of the source it enforces ("The Rules of the
Game Fibonacci 21", rules-sources/fibonacci21.md, which has no numbered sections, so the part is named by
its subject), its severity, and what it checks.

The text's "See scoring" points to a section it does not contain; the scoring checks enforce our reading
(docs/rulesets/fibonacci21.md), which takes its values from Canasta 21's Points table, and say so.
"""

from rules.violations import ERROR, INFO, WARNING, violation_for

RULES = "Fibonacci 21, The Rules of the Game"
SETS = f"{RULES} (sets)"
GOING_OUT = f"{RULES} (going out)"
SCORING = "Fibonacci 21, scoring (our reading, from Canasta 21, Scoring, Points)"
DECK = "Fibonacci 21, the deck (Deck 21)"
# The number of rounds on a sheet is ours, not the text's (it sets none): the contract's section.
HANDS = "Canasta TD, docs/rulesets/fibonacci21.md, Hands on a sheet"

# code: (part of the source, severity, what it checks)
CODES = {
    "base-mismatch": (SCORING, ERROR, "the base equals the bonuses the details record"),
    "base-impossible": (SCORING, ERROR, "a base written without details is one the bonuses can make"),
    "base-not-itemised": (SCORING, INFO, "only base and count were written, so less can be checked"),
    "count-mismatch": (SCORING, ERROR, "count = closed sets' card points - cards in hand (- open sets)"),
    "count-impossible": (SCORING, ERROR, "a count within what the cards can make"),
    "count-positive-without-set": (SCORING, ERROR, "without a closed set no card counts for a player"),
    "closed-points-impossible": (SCORING, ERROR, "closed sets' card points fit how many there are"),
    "sets-exceed-six": (SETS, ERROR, "at most six closed sets: one per base card 2, 3, 5, 8, 13, and card 21"),
    "went-out-several": (GOING_OUT, ERROR, "the round stops when the first player goes out: one at most"),
    "went-out-without-six-sets": (GOING_OUT, ERROR, "going out needs all six sets closed"),
    "went-out-with-cards": (GOING_OUT, ERROR, "the player who went out has discarded every surplus card"),
    "wilds-exceed-deck": (DECK, ERROR, "every mixed set holds a wild card: no more than the decks hold"),
    "card-points-exceed-deck": (DECK, ERROR, "the players' card points together fit the decks"),
    "total-mismatch": (SCORING, ERROR, "total = base + count"),
    "cumulative-mismatch": (SCORING, ERROR, "running total = previous running total + total"),
    "final-mismatch": (SCORING, ERROR, "the final total is the running total after the last round"),
    "winner-mismatch": (SCORING, ERROR, "the winner has the highest final total"),
    "tie-for-director": (SCORING, WARNING, "equal highest totals are a tie the director resolves"),
    "no-hands": (HANDS, ERROR, "a game has at least one round"),
    "too-many-hands": (HANDS, ERROR, "no more rounds than a sheet can list"),
    "hand-after-target": (SCORING, ERROR, "with a target score, no round after a player reached it"),
}


violation = violation_for(CODES)
