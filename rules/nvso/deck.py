"""What the two decks hold (nvso-ruleset.md, "Deck and values"): the limits of the cross-team checks."""

DECKS_CARDS_PER_RANK = 8  # two decks
NATURAL_RANKS = 11  # 4 to ace: one canasta per rank, since a canasta needs 5+ naturals of 8 (E)
WILD_CARDS = 12  # 8 deuces and 4 jokers
THREES_PER_COLOUR = 4
WILDS_IN_WILD_CANASTA = 7
# The fewest wild cards an unfinished wild-card meld holds: a meld has at least 3 cards (D); four jokers.
MIN_WILDS_IN_INCOMPLETE = {None: 0, "other": 3, "four_jokers": 4}
