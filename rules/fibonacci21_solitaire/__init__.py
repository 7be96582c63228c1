"""The `fibonacci21_solitaire` rule set: Solitaire Fibonacci 21 on Deck 21 ("Solitaire Fibonacci 21",
rules-sources/fibonacci21.md), as docs/rulesets/fibonacci21_solitaire.md specifies it.

One player (`side_counts (1,)`); a hand of the sheet is a deal, and its line holds the deal's result: the
cards in the discard pile once six sets are collected and the hand added to it ("The fewer the number of
cards in the discard pile the more skillful the player"), and, when written, the turns it took. The
running total adds the discards; fewest is best, so the totals' winner logic is "fewest".
"""

from rules.answer import Verdict
from rules.fibonacci21_solitaire import examples
from rules.fibonacci21_solitaire.checks import check_cumulative, check_deal, check_end
from rules.fibonacci21_solitaire.codes import CODES, violation
from rules.fibonacci21_solitaire.line import describe_line, discards, line_spec
from rules.registry import register
from rules.sides import FORMAT2, RunningTotals, SidesSheet, arithmetic
from rules.sides.options import Whole
from rules.sides.options import parse_options as read_options

__all__ = ["CODES", "RULESET", "SolitaireOptions", "SolitaireRuleset"]

HANDS_CEILING = 100


class SolitaireOptions:
    """One option: how many decks (the text names one)."""

    __slots__ = ("decks",)

    def __init__(self, decks: int = 1):
        self.decks = decks

    def as_dict(self) -> dict:
        return {"decks": self.decks}


KINDS = {"decks": Whole(1, 2)}
DEFAULTS = SolitaireOptions()


def parse_options(raw: dict | None, problems: list) -> SolitaireOptions | None:
    return read_options(raw, problems, "fibonacci21_solitaire", KINDS, DEFAULTS)


class SolitaireRuleset:
    name = "fibonacci21_solitaire"
    title = "Solitaire Fibonacci 21 (one player, the fewest discards)"
    options = DEFAULTS.as_dict()
    codes = CODES
    formats = (FORMAT2,)
    side_counts = (1,)
    entrants = "players"

    parse_options = staticmethod(parse_options)
    line_spec = staticmethod(line_spec)
    describe_line = staticmethod(describe_line)
    example = staticmethod(examples.example)

    @staticmethod
    def hand_cap(options) -> int:
        return HANDS_CEILING

    def validate(self, sheet: SidesSheet) -> Verdict:
        totals = RunningTotals(sheet, hand_total=discards, fewest_wins=True)
        out: list = []
        if sheet.hands_over_cap:
            out.append(arithmetic.too_many_hands(sheet, HANDS_CEILING, violation))
            return Verdict(out, totals)
        if arithmetic.check_no_hands(sheet, violation, out):
            side, decks = sheet.sides[0], sheet.options.decks
            carried = running = 0
            for n, hand in enumerate(sheet.hands, 1):
                line = hand[side]
                ok = check_deal(n, side, line, decks, out)
                carried, running = check_cumulative(n, side, line, carried, running, ok, out)
            check_end(sheet, carried, running, out)
        if out:
            out.sort(key=arithmetic.hand_order)
        return Verdict(out, totals)


RULESET = register(SolitaireRuleset())
