"""The `fibonacci21_solitaire` rule set: Solitaire Fibonacci 21 on Deck 21 ("Solitaire Fibonacci 21",
rules-sources/fibonacci21.md), as docs/rulesets/fibonacci21_solitaire.md specifies it.

One player (`side_counts (1,)`); a hand of the sheet is a deal, and its line holds the deal's result: the
cards in the discard pile once six sets are collected and the hand added to it ("The fewer the number of
cards in the discard pile the more skillful the player"), and, when written, the turns it took. The
running total adds the discards; fewest is best, so the totals' winner logic is "fewest".
"""

from rules.answer import Verdict
from rules.fibonacci21_solitaire import line as line_module
from rules.fibonacci21_solitaire import options as options_module
from rules.fibonacci21_solitaire.checks import check_cumulative, check_deal, check_end
from rules.fibonacci21_solitaire.codes import CODES, violation
from rules.fibonacci21_solitaire.examples import EXAMPLE
from rules.fibonacci21_solitaire.line import discards
from rules.fibonacci21_solitaire.options import HANDS_CEILING, SolitaireOptions
from rules.registry import register
from rules.room import FEWEST_CARDS, PLAYERS, Room
from rules.sides import RunningTotals, SidesSheet, arithmetic
from rules.sides.ruleset import SidesRuleset

from ..language import _

__all__ = ["CODES", "RULESET", "SolitaireOptions", "SolitaireRuleset"]


class SolitaireRuleset(SidesRuleset):
    name = "fibonacci21_solitaire"

    @property
    def title(self) -> str:
        """The rule set's name for people, in the current language."""
        return _("Solitaire Fibonacci 21 (one player, the fewest discards)")

    side_counts = (1,)
    entrants = "players"
    room = Room(PLAYERS, (1, 1), FEWEST_CARDS)  # each alone; the fewest discards ranks first

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


RULESET = register(SolitaireRuleset(options=options_module, line=line_module, codes=CODES, example=EXAMPLE))
