"""A fibonacci21 player's line (docs/rulesets/fibonacci21.md, "The line"): what the parser accepts and
what a form shows. Base and count keep @1's meaning: the base is the bonuses, the count the cards."""

from rules.deck21.lines import describe
from rules.fibonacci21.scoring import SETS
from rules.fields import NUMBER_LIMIT, WHOLE_NUMBER, YES_NO
from rules.sides import LineSpec

from ..language import _

NUMBER = (WHOLE_NUMBER, -NUMBER_LIMIT, NUMBER_LIMIT)
POINTS = (WHOLE_NUMBER, 0, NUMBER_LIMIT)
FIELDS = {"base": NUMBER, "count": NUMBER, "total": NUMBER, "cumulative": NUMBER}
DETAILS = {
    "pure_sets": (WHOLE_NUMBER, 0, SETS),
    "mixed_sets": (WHOLE_NUMBER, 0, SETS),
    "went_out": (YES_NO,),
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
        "pure_sets": _("Closed sets without a wild card (200)"),
        "mixed_sets": _("Closed sets with a wild card (150)"),
        "went_out": _("Went out (100)"),
        "closed_points": _("Card points in closed sets"),
        "table_points": _("Card points in open sets"),
        "hand_points": _("Card points in hand"),
    }


NOT_ASKED = frozenset({"closed_points", "table_points", "hand_points"})


def line_spec(options) -> LineSpec:
    return SPEC


def describe_line() -> list[dict]:
    return describe(SPEC, labels(), not_asked=NOT_ASKED)
