"""A canasta21 side's line (docs/rulesets/canasta21.md, "The line"): what the parser accepts and what a
form shows. Base and count keep @1's meaning: the base is the bonuses, the count the cards.
"""

from rules.canasta21 import scoring
from rules.deck21.composition import CARDS
from rules.deck21.lines import describe
from rules.fields import NUMBER_LIMIT, WHOLE_NUMBER, YES_NO
from rules.sides import LineSpec

from ..language import _

NUMBER = (WHOLE_NUMBER, -NUMBER_LIMIT, NUMBER_LIMIT)
POINTS = (WHOLE_NUMBER, 0, NUMBER_LIMIT)
CANASTAS = (WHOLE_NUMBER, 0, scoring.LINE_UP)
MOST_DECKS = 2

FIELDS = {"base": NUMBER, "count": NUMBER, "total": NUMBER, "cumulative": NUMBER,
          "meld_base_cards": (WHOLE_NUMBER, 1, 4)}
DETAILS = {
    "pure_base_canastas": CANASTAS,
    "mixed_base_canastas": CANASTAS,
    "pure_standard_canastas": CANASTAS,
    "mixed_standard_canastas": CANASTAS,
    "went_out": (YES_NO,),
    "concealed": (YES_NO,),
    "bigollo": (YES_NO,),
    "cards_21": (WHOLE_NUMBER, 0, CARDS * MOST_DECKS),
    "closed_points": POINTS,
    "table_points": POINTS,
    "hand_points": POINTS,
}
# The card points stay None when not written: "not counted separately" is not "counted 0".
POINT_DETAILS = frozenset({"closed_points", "table_points", "hand_points"})
SPEC = LineSpec(fields=FIELDS, required=frozenset({"base", "count"}), details=DETAILS, nullable=POINT_DETAILS)


def labels() -> dict:
    """Each field's words for a form, in the current language."""
    return {
        "base": _("Base (bonuses)"),
        "count": _("Count (cards)"),
        "total": _("Total"),
        "cumulative": _("Cumulative score"),
        "meld_base_cards": _("Base cards for the initial meld"),
        "pure_base_canastas": _("Pure base canastas (200)"),
        "mixed_base_canastas": _("Mixed base canastas (150)"),
        "pure_standard_canastas": _("Pure standard canastas (100)"),
        "mixed_standard_canastas": _("Mixed standard canastas (50)"),
        "went_out": _("Went out (100)"),
        "concealed": _("Went out concealed (200)"),
        "bigollo": _("Bigollo! (200)"),
        "cards_21": _("Cards 21 collected"),
        "closed_points": _("Card points in closed canastas"),
        "table_points": _("Card points in open sets"),
        "hand_points": _("Card points in hand"),
    }


NOT_ASKED = frozenset({"closed_points", "table_points", "hand_points"})


def line_spec(options) -> LineSpec:
    """The line is the same under every option."""
    return SPEC


def describe_line() -> list[dict]:
    return describe(SPEC, labels(), not_asked=NOT_ASKED)
