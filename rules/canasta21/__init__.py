"""The `canasta21` rule set: Canasta 21 (or Bigollo!) on the 89-card Fibonacci Deck 21, from the chapter
"Playing Canasta 21 or Bigollo!" of "Playing Fibonacci Games" (rules-sources/canasta21-fibonacci-deck.md),
as docs/rulesets/canasta21.md specifies it.

Two to four single players, or two partnerships, each a side of the @2 sheet. A side's line is its base
(the bonuses: closed canastas by kind, going out, concealed, Bigollo!) and its count (the cards), with
details that say what they are made of. The checks run hand by hand: each line on its own (checks_line),
then the sides together (checks_hand: one went out at most, the deck), then the arithmetic that carries
the running totals on and the initial meld they decide (checks_game, and rules/sides/arithmetic.py for
what Fibonacci 21 shares), then the game: the end at 5,000, the final totals and the winner.
"""

from rules.answer import Verdict
from rules.canasta21 import line as line_module
from rules.canasta21 import options as options_module
from rules.canasta21.checks_game import check_meld, check_partnership_sides
from rules.canasta21.checks_hand import check_hand
from rules.canasta21.checks_line import check_detailed_line, check_written_line
from rules.canasta21.codes import CODES, violation
from rules.canasta21.examples import EXAMPLE
from rules.canasta21.options import HANDS_CEILING, Canasta21Options
from rules.registry import register
from rules.room import MOST_POINTS, PLAYERS, TEAMS, Room
from rules.sides import RunningTotals, SidesSheet, arithmetic
from rules.sides.ruleset import SidesRuleset

from ..language import _

__all__ = ["CODES", "RULESET", "Canasta21Options", "Canasta21Ruleset"]


class Canasta21Ruleset(SidesRuleset):
    name = "canasta21"

    @property
    def title(self) -> str:
        """The rule set's name for people, in the current language."""
        return _("Canasta 21 (Bigollo!) on the Fibonacci Deck 21")

    side_counts = (2, 3, 4)
    entrants = "either"
    # Single players by default; the option `partnerships` makes it two partnerships of two.
    room = Room(PLAYERS, (2, 4), MOST_POINTS,
                alternatives=(Room(TEAMS, (2, 2), MOST_POINTS, when={"partnerships": True}),))

    def validate(self, sheet: SidesSheet) -> Verdict:
        """Every check of docs/rulesets/canasta21.md on a well-formed sheet."""
        out = arithmetic.check_game(sheet, HANDS_CEILING, violation, _check_hands, check_partnership_sides)
        return Verdict(out, RunningTotals(sheet))


def _check_hands(sheet: SidesSheet, options: Canasta21Options, out: list) -> tuple[dict, dict]:
    """Hand by hand: each side's line, its initial meld and its arithmetic, then the sides together; no
    hand after the game was over. Returns every side's running total after the last hand as written
    (`carried`) and as recomputed (`running`). (Written for speed: it runs for every line of tens of
    thousands of sheets a second.)"""
    sides = sheet.sides
    carried = dict.fromkeys(sides, 0)
    running = dict.fromkeys(sides, 0)
    last, over, target = len(sheet.hands), None, options.target_score
    check_line = arithmetic.check_line
    wilds, most_points = options.deck.wilds, options.deck.most_points
    for n, hand in enumerate(sheet.hands, 1):
        if over:  # a side's id (never empty) until reported, then False
            out.append(arithmetic.hand_after_target(n, over, running[over], target, violation))
            over = False  # reported once, at the first hand too many
        itemised_not, went_out, mixed, card_points = None, None, 0, 0
        for side in sides:
            line = hand[side]
            d = line["details"]
            before = running[side]
            if d is None:
                recomputed, parts = check_written_line(n, side, line, options, out)
                itemised_not = [*(itemised_not or ()), side]
            else:
                recomputed, parts = check_detailed_line(n, side, line, options, out)
                if d["went_out"]:
                    went_out = [*(went_out or ()), side]
                mixed += d["mixed_base_canastas"] + d["mixed_standard_canastas"]
                card_points += (d["closed_points"] or 0) + (d["table_points"] or 0) + (d["hand_points"] or 0)
            meld = line["meld_base_cards"]
            # meld_base_cards(before), inlined: negative 1, below 1,500 2, below 3,000 3, else 4
            if meld is not None and meld != (1 if before < 0 else 2 if before < 1500 else 3 if before < 3000
                                             else 4):
                check_meld(n, side, meld, before, carried[side], out)
            carried[side], running[side] = check_line(n, side, line, recomputed, parts, carried[side], before,
                                                      violation, out)
        if (went_out and len(went_out) > 1) or mixed > wilds or card_points > most_points:
            check_hand(n, went_out or [], mixed, card_points, options, out)
        if itemised_not:
            out.append(arithmetic.base_not_itemised(n, itemised_not, len(sides), violation, "side", "canastas"))
        if over is None and n < last and target <= max(running.values()):
            over = arithmetic.reached(sides, carried, running, target)
    return carried, running


RULESET = register(Canasta21Ruleset(options=options_module, line=line_module, codes=CODES, example=EXAMPLE))
