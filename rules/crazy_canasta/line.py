"""A Crazy Canasta side's line: the fields the @2 parser reads (`line_spec`), and the same fields described
for forms (`describe_line`, registry.py), with the words players read and what one side can show in one
deal with the standard seven decks.

The parser's bounds are wide on purpose: what the decks allow is the checks' to say, in words, so a slip
such as five books is a violation naming the sevens it needs, not a malformed sheet.
"""

from rules.crazy_canasta import scoring
from rules.crazy_canasta.deck import CANASTA, deck
from rules.crazy_canasta.options import DEFAULTS
from rules.fields import NUMBER_LIMIT, WHOLE_NUMBER, YES_NO
from rules.sides import LineSpec
from rules.words import points

from ..language import _

NUMBER = (WHOLE_NUMBER, -NUMBER_LIMIT, NUMBER_LIMIT)
TALLY = (WHOLE_NUMBER, 0, 999)
CARD_POINTS = (WHOLE_NUMBER, 0, NUMBER_LIMIT)

FIELDS = {"base": NUMBER, "count": NUMBER, "total": NUMBER, "cumulative": NUMBER,
          "meld_requirement": (WHOLE_NUMBER, 0, NUMBER_LIMIT)}
DETAILS = {
    "books": TALLY,
    "sevens_canastas": TALLY,
    "wild_canastas": TALLY,
    "clean_canastas": TALLY,
    "dirty_canastas": TALLY,
    "red_threes": TALLY,
    "black_threes": TALLY,
    "went_out": (YES_NO,),
    "table_points": CARD_POINTS,
    "hand_points": CARD_POINTS,
}
# Table and hand points not written are "not counted separately" (None), not "counted 0".
SPEC = LineSpec(fields=FIELDS, required=frozenset({"base", "count"}), details=DETAILS,
                nullable=frozenset({"table_points", "hand_points"}))



def labels() -> dict:
    """Each field's words for a form, in the current language."""
    return {
        "base": _("Base (bonuses)"),
        "count": _("Count (card points)"),
        "total": _("Total"),
        "cumulative": _("Running total"),
        "meld_requirement": _("Meld requirement"),
        "books": _("Books (%(points)s)") % {"points": points(scoring.BOOK)},
        "sevens_canastas": _("Canastas of sevens, not in a book (%(points)s)") % {
            "points": points(scoring.SEVENS_CANASTA)},
        "wild_canastas": _("Canastas of wild cards, not in a book (%(points)s)") % {
            "points": points(scoring.WILD_CANASTA)},
        "clean_canastas": _("Clean canastas, not in a book (%(points)s)") % {"points": points(scoring.CLEAN_CANASTA)},
        "dirty_canastas": _("Dirty canastas, not in a book (%(points)s)") % {"points": points(scoring.DIRTY_CANASTA)},
        "red_threes": _("Red threes (%(points)s)") % {"points": points(scoring.RED_THREE)},
        "black_threes": _("Black threes left in hand (-%(points)s)") % {"points": points(scoring.BLACK_THREE)},
        "went_out": _("Went out (%(points)s)") % {"points": points(scoring.GOING_OUT)},
        "table_points": _("Card points melded"),
        "hand_points": _("Card points left in hand"),
    }

NOT_ASKED = frozenset({"total", "cumulative"})  # the form computes them


def line_spec(options) -> LineSpec:
    """The same line whatever the options: the decks bound the details in the checks, not the parser."""
    return SPEC


def _most(cards) -> dict[str, int]:
    """What one side can show in one deal with these decks."""
    return {
        "books": cards.sevens // CANASTA,
        "sevens_canastas": cards.sevens // CANASTA,
        "wild_canastas": cards.wilds // CANASTA,
        "clean_canastas": cards.naturals // CANASTA,
        "dirty_canastas": min(cards.wilds, cards.naturals // (CANASTA - 1)),
        "red_threes": cards.red_threes,
        "black_threes": cards.black_threes,
        "table_points": cards.card_points,
        "hand_points": cards.card_points,
    }


def describe_line() -> list[dict]:
    """A side's line as plain data for a form (the shape is in registry.py's docstring), with the default
    decks' limits."""
    most = _most(deck(DEFAULTS))
    words = labels()
    described = []
    for part, specs in (("line", FIELDS), ("details", DETAILS)):
        for name, spec in specs.items():
            field = {"name": name, "part": part, "label": words[name], "kind": spec[0],
                     "asked": name not in NOT_ASKED}
            if spec[0] == WHOLE_NUMBER:
                field["min"], field["max"] = spec[1], min(spec[2], most.get(name, spec[2]))
            described.append(field)
    return described
