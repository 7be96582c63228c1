"""A solitaire deal's line (docs/rulesets/fibonacci21_solitaire.md, "The line"): the result is the number
of cards in the discard pile at the end, fewer is better; not points, so no base and count."""

from rules.deck21.composition import CARDS
from rules.deck21.lines import describe
from rules.fields import NUMBER_LIMIT, WHOLE_NUMBER
from rules.sides import LineSpec

from ..language import _

MOST_DECKS = 2
FIELDS = {
    "discards": (WHOLE_NUMBER, 0, CARDS * MOST_DECKS),
    "turns": (WHOLE_NUMBER, 0, CARDS * MOST_DECKS),
    "cumulative": (WHOLE_NUMBER, 0, NUMBER_LIMIT),
}
SPEC = LineSpec(fields=FIELDS, required=frozenset({"discards"}))


def labels() -> dict:
    """Each field's words for a form, in the current language."""
    return {"discards": _("Cards in the discard pile"), "turns": _("Turns"), "cumulative": _("Running total")}


def line_spec(options) -> LineSpec:
    return SPEC


def discards(line: dict) -> int:
    """A deal's result, what the running totals add up."""
    return line["discards"]


def describe_line() -> list[dict]:
    return describe(SPEC, labels())
