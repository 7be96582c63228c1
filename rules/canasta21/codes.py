"""Every violation code of the canasta21 rule set: the section of the source it enforces (the chapter
"Playing Canasta 21 or Bigollo!" of "Playing Fibonacci Games", rules-sources/canasta21-fibonacci-deck.md),
its severity, and what it checks. Codes are stable identifiers programs may rely on.
"""

from rules.violations import ERROR, INFO, WARNING, violation_for

GAME = "Canasta 21"
MELDS = "Melds and Canastas"
INITIAL = "A Players Turn and Initial Melds"
GOING_OUT = "Going Out"
POINTS = "Scoring, Points"
SCORING = "Scoring"
PARTNERSHIP = "Playing in Partnership"
DECK = "Playing Canasta 21 (Deck 21)"
# The number of hands on a sheet is ours, not the game's (it sets none): the contract's section, cited as is.
HANDS = "Canasta TD, docs/rulesets/canasta21.md, Hands on a sheet"

# code: (section, severity, what it checks)
CODES = {
    # one side's line
    "base-mismatch": (POINTS, ERROR, "the base equals the bonuses the details record"),
    "base-impossible": (POINTS, ERROR, "a base written without details is one the bonuses can make"),
    "base-not-itemised": (POINTS, INFO, "only base and count were written, so less can be checked"),
    "count-mismatch": (SCORING, ERROR, "count = closed canastas' card points - open sets - cards in hand"),
    "count-impossible": (POINTS, ERROR, "a count within what the cards can make"),
    "count-positive-without-canasta": (SCORING, ERROR, "without a closed canasta no card counts for a side"),
    "closed-points-impossible": (POINTS, ERROR, "closed canastas' card points fit their kinds"),
    "canastas-exceed-line-up": (MELDS, ERROR, "at most five closed canastas, one per number of the line-up"),
    # going out
    "went-out-several": (GOING_OUT, ERROR, "the hand stops when the first player goes out: one side at most"),
    "went-out-without-five-canastas": (GOING_OUT, ERROR, "going out needs all five canastas closed"),
    "went-out-without-card-21": (GOING_OUT, ERROR, "going out needs at least one card 21"),
    "went-out-without-two-base-canastas": (MELDS, ERROR, "going out needs two canastas started by a base card"),
    "went-out-with-cards": (GOING_OUT, ERROR, "the player who went out has no cards left in hand or open"),
    "bonus-without-going-out": (GOING_OUT, ERROR, "going out concealed or Bigollo! needs going out"),
    "bigollo-without-five-base-canastas": (GOING_OUT, ERROR, "Bigollo! is five canastas started by base cards"),
    "bigollo-unclaimed": (GOING_OUT, WARNING, "a Bigollo! achieved but not recorded: its 200 is the player's"),
    # the deck, across the sides
    "wilds-exceed-deck": (DECK, ERROR, "every mixed canasta holds a wild card: no more than the decks hold"),
    "card-points-exceed-deck": (DECK, ERROR, "the sides' card points together fit the decks"),
    # the game
    "meld-base-cards": (INITIAL, ERROR, "the initial meld's base cards follow the cumulative score"),
    "partnership-sides": (PARTNERSHIP, ERROR, "a partnership game has two sides"),
    "total-mismatch": (SCORING, ERROR, "total = base + count"),
    "cumulative-mismatch": (SCORING, ERROR, "running total = previous running total + total"),
    "final-mismatch": (SCORING, ERROR, "the final total is the running total after the last hand"),
    "winner-mismatch": (SCORING, ERROR, "the winner has the highest final total"),
    "tie-for-director": (SCORING, WARNING, "equal highest totals are a tie the director resolves"),
    "no-hands": (HANDS, ERROR, "a game has at least one hand"),
    "too-many-hands": (HANDS, ERROR, "no more hands than a sheet can list"),
    "hand-after-target": (SCORING, ERROR, "no hand after a player reached 5,000"),
}


# cited as "Canasta 21, <section>", but for the contract's own section
RULES = {code: section if section == HANDS else f"{GAME}, {section}" for code, (section, _, _) in CODES.items()}
violation = violation_for(CODES, RULES)
