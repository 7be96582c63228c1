"""What the two decks hold (nvso-ruleset.md, "Deck and values"): the limits of the cross-team checks."""

DECKS_CARDS_PER_RANK = 8  # two decks
# "Only 8 cards of a rank" (nvso-ruleset.md): a canasta needs at least 5 natural cards of its rank (E), so
# two canastas of one rank would need 10 of its 8 cards: at most one canasta per rank in a hand, across
# both teams. With the format's definitions (score-sheet-format.md, details) that gives three bounds:
NATURAL_RANKS = 11  # every natural canasta (pure, mixed, sevens, aces): the eleven ranks 4 to ace
PURE_RANKS = 9  # pure_canastas exclude sevens and aces: only 4, 5, 6, 8, 9, 10, J, Q, K are left
# pure_canastas + mixed_canastas: those nine ranks plus aces (a mixed aces canasta from the initial meld
# counts as mixed; sevens are never mixed); only the nine when a pure aces canasta took the aces (a second
# aces canasta would need at least 7 + 5 of the 8 aces).
PURE_AND_MIXED_RANKS = 10
WILD_CARDS = 12  # 8 deuces and 4 jokers
THREES_PER_COLOUR = 4
WILDS_IN_WILD_CANASTA = 7
# The fewest wild cards an unfinished wild-card meld holds: a meld has at least 3 cards (D); four jokers.
MIN_WILDS_IN_INCOMPLETE = {None: 0, "other": 3, "four_jokers": 4}
