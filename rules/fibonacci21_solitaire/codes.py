"""Every violation code of the fibonacci21_solitaire rule set: the part of the source it enforces
("Solitaire Fibonacci 21", rules-sources/fibonacci21.md), its severity, and what it checks."""

from rules.violations import ERROR, violation_for

SOLITAIRE = "Fibonacci 21, Solitaire Fibonacci 21"
TURNS = "Fibonacci 21, The Rules of the Game (a turn)"
# The number of deals on a sheet is ours, not the text's (it sets none): the contract's section.
HANDS = "Canasta TD, docs/rulesets/fibonacci21_solitaire.md, Hands on a sheet"

CODES = {
    "discards-impossible": (SOLITAIRE, ERROR, "a discard pile of at least one card and at most the cards not in "
                                              "six sets"),
    "turns-too-few": (TURNS, ERROR, "six sets take at least 15 cards, and a turn gains one card"),
    "turns-exceed-stock": (TURNS, ERROR, "every turn draws from the stock, so no more turns than it holds"),
    "discards-exceed-turns": (TURNS, ERROR, "no more discards than the turns drew cards to make"),
    "cumulative-mismatch": (SOLITAIRE, ERROR, "running total = previous running total + discards"),
    "final-mismatch": (SOLITAIRE, ERROR, "the final total is the running total after the last deal"),
    "winner-mismatch": (SOLITAIRE, ERROR, "the one player is the winner (fewer discards are better)"),
    "no-hands": (HANDS, ERROR, "a sheet has at least one deal"),
    "too-many-hands": (HANDS, ERROR, "no more deals than a sheet can list"),
}


violation = violation_for(CODES)
