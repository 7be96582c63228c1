"""A player's line in five-player canasta: what the @2 parser accepts (`line_spec`) and how a form
describes it (`describe_line`, the shape of rules/registry.py's docstring).

The bounds are what one player can show in one hand under the pack of deck.py: at most 15 canastas (7
cards each of 110), 8 Super Canastas (one per suit of two packs), 2 kitties, and card points within the
pack's 980. What the five players show together is left to the checks (checks_table.py), which say why.
"""

from rules.fields import CHOICE, NUMBER_LIMIT, WHOLE_NUMBER, YES_NO
from rules.five_player import deck, scoring
from rules.sides import LineSpec
from rules.words import points

from ..language import _

NUMBER = (WHOLE_NUMBER, -NUMBER_LIMIT, NUMBER_LIMIT)
CARD_POINTS = (WHOLE_NUMBER, 0, deck.DECK_POINTS)
LINE_FIELDS = {"base": NUMBER, "count": NUMBER, "total": NUMBER, "cumulative": NUMBER, "credited": NUMBER}
DETAILS = {
    "pure_canastas": (WHOLE_NUMBER, 0, deck.CARDS // deck.CANASTA_CARDS),
    "impure_canastas": (WHOLE_NUMBER, 0, deck.CARDS // deck.CANASTA_CARDS),
    "pure_super_canastas": (WHOLE_NUMBER, 0, deck.SUPER_CANASTAS),
    "impure_super_canastas": (WHOLE_NUMBER, 0, deck.SUPER_CANASTAS),
    "kitties": (WHOLE_NUMBER, 0, deck.KITTIES),
    "went_out": (YES_NO,),
    "table_points": CARD_POINTS,
    "hand_points": CARD_POINTS,
    "opening_points": CARD_POINTS,
}
SPEC = LineSpec(fields=LINE_FIELDS, required=frozenset({"base", "count"}), details=DETAILS)



def labels() -> dict:
    """Each field's words for a form, in the current language."""
    return {
        "base": _("Base (bonuses)"),
        "count": _("Count (table minus hand)"),
        "total": _("Score this hand"),
        "cumulative": _("Own running total"),
        "credited": _("Credited (own plus partner's)"),
        "pure_canastas": _("Pure canastas (%(points)s)") % {"points": points(scoring.PURE_CANASTA)},
        "impure_canastas": _("Impure canastas (%(points)s)") % {"points": points(scoring.IMPURE_CANASTA)},
        "pure_super_canastas": _("Pure Super Canastas (%(points)s)") % {"points": points(scoring.PURE_SUPER)},
        "impure_super_canastas": _("Impure Super Canastas (%(points)s)") % {"points": points(scoring.IMPURE_SUPER)},
        "kitties": _("Kitties picked up (%(points)s each)") % {"points": points(scoring.KITTY)},
        "went_out": _("Finished the deal (%(points)s)") % {"points": points(scoring.FINISHING)},
        "table_points": _("Table points"),
        "hand_points": _("Hand points"),
        "opening_points": _("Opening meld points"),
    }


# The words in English, the source language (a field added to the line without words of its own in labels()
# is described by these).
LABELS = labels()

# The table's form copies the paper sheet's numbers and asks what the bonuses are made of; the card
# points behind the count, and the opening, are for a scorekeeper who counts them.
NOT_ASKED = frozenset({"total", "cumulative", "credited", "table_points", "hand_points", "opening_points"})


def line_spec(options) -> LineSpec:
    """The same line under every option: the options change what the numbers must add up to, not the
    fields."""
    return SPEC


def _describe(name: str, part: str, spec: tuple, words: dict) -> dict:
    field = {"name": name, "part": part, "label": words[name], "kind": spec[0], "asked": name not in NOT_ASKED}
    if spec[0] == WHOLE_NUMBER:
        field["min"], field["max"] = spec[1], spec[2]
    elif spec[0] == CHOICE:  # none yet: kept so a choice added to DETAILS is described, not dropped
        field["choices"] = [{"value": value, "label": value or "None"} for value in (None, *spec[1])]
    return field


def describe_line() -> list[dict]:
    """A player's line as plain data: the line's numbers, then every detail, in the order a form shows."""
    words = {**LABELS, **labels()}
    return ([_describe(name, "line", spec, words) for name, spec in LINE_FIELDS.items()]
            + [_describe(name, "details", spec, words) for name, spec in DETAILS.items()])
