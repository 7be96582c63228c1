"""The nvso rule set's description of a team's line, for the forms that ask for one (the rule-set
protocol's `describe_line`, registry.py): the words the players read, and what one team can show in one
hand.

No number is written here. The bounds are the format's (rules/fields.py, which the parser enforces),
narrowed by the two decks (deck.py): the form offers at most nine pure canastas because only nine ranks
can make one, where the format accepts any count and leaves the deck to the checks.
"""

from rules.fields import describe_line as describe_fields
from rules.language import _
from rules.nvso.deck import PURE_AND_MIXED_RANKS, PURE_RANKS, THREES_PER_COLOUR, WILD_CARDS
from rules.nvso.scoring import CARD_POINTS, MIXED_CANASTA, PURE_CANASTA
from rules.words import points

LABELS = {
    "base": "Base",
    "count": "Count",
    "red_threes": "Red threes",
    "black_threes": "Black threes",
    "pure_canastas": f"Pure canastas ({points(PURE_CANASTA)})",
    "mixed_canastas": f"Mixed canastas ({points(MIXED_CANASTA)})",
    "sevens_canasta": "Canasta of sevens",
    "aces_canasta": "Pure canasta of aces",
    "wild_canasta": "Wild-card canasta",
    "went_out": "Went out",
    "special_hand": "Special hand",
    "incomplete_sevens": "Unfinished sevens",
    "incomplete_aces": "Unfinished aces",
    "incomplete_wilds": "Unfinished wild cards",
    "stuck_aces": "Players stuck with aces",
    "stuck_sevens": "Players stuck with sevens",
    "table_points": "Table points",
    "hand_points": "Hand points",
}
CHOICE_LABELS = {
    "wild_canasta": {None: "None", "all_deuces": "All deuces", "four_jokers": "Four jokers, three deuces",
                     "mixed": "Jokers with deuces"},
    "special_hand": {None: "None", "pairs": "Pairs", "pairs_natural": "Natural pairs", "garbage": "Garbage",
                     "straight": "Straight"},
    "incomplete_wilds": {None: "None", "four_jokers": "With all four jokers", "other": "Other"},
}
# What one team can show in one hand, where the decks allow less than the format (deck.py): a canasta per
# rank, so nine pure ones and ten pure and mixed; a mixed canasta needs a wild card too (twelve); the
# threes of a colour; the points of every card but the threes.
ONE_TEAM_MOST = {
    "red_threes": THREES_PER_COLOUR,
    "black_threes": THREES_PER_COLOUR,
    "pure_canastas": PURE_RANKS,
    "mixed_canastas": min(PURE_AND_MIXED_RANKS, WILD_CARDS),
    "table_points": CARD_POINTS,
    "hand_points": CARD_POINTS,
}
# The table's form asks what is on the table to fill in the base; the count is copied from the paper
# sheet, so it does not ask for the card points behind it.
NOT_ASKED = frozenset({"table_points", "hand_points"})


def _catalog_words() -> None:  # pragma: no cover, no mutate block - nothing calls it: the words, for the catalogs
    """The labels above as the catalogs list them (rules.fields words each label with `_` as it describes
    the line, so a form reads in its page's language)."""
    _("Base"), _("Count"), _("Red threes"), _("Black threes"), _("Pure canastas (500)"), _("Mixed canastas (300)")
    _("Canasta of sevens"), _("Pure canasta of aces"), _("Wild-card canasta"), _("Went out"), _("Special hand")
    _("Unfinished sevens"), _("Unfinished aces"), _("Unfinished wild cards"), _("Players stuck with aces")
    _("Players stuck with sevens"), _("Table points"), _("Hand points")
    _("None"), _("All deuces"), _("Four jokers, three deuces"), _("Jokers with deuces"), _("Pairs")
    _("Natural pairs"), _("Garbage"), _("Straight"), _("With all four jokers"), _("Other")


def describe_line() -> list[dict]:
    """A team's line as plain data (the shape is in registry.py's docstring)."""
    return describe_fields(LABELS, CHOICE_LABELS, ONE_TEAM_MOST, NOT_ASKED)
