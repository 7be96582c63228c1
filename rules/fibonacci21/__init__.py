"""The `fibonacci21` rule set: Fibonacci 21 for two to four players on Deck 21 ("The Rules of the Game
Fibonacci 21", rules-sources/fibonacci21.md), as docs/rulesets/fibonacci21.md specifies it.

Each player is a side of the @2 sheet; a hand of the sheet is a round. The source says players "tally
their scores" and refers to a scoring section it does not contain, so the scoring is our reading
(scoring.py), with Canasta 21's values; the deck is rules/deck21's, shared with canasta21, and the
running arithmetic rules/sides/arithmetic.py's, shared with every @2 game of base and count. The checks
run round by round: each line on its own (checks_line), the players together (checks_round), the
arithmetic; then the end at a target score (an option; none by default), the final totals and the winner.
"""

from rules.answer import Verdict
from rules.fibonacci21 import line as line_module
from rules.fibonacci21 import options as options_module
from rules.fibonacci21.checks_line import check_detailed_line, check_written_line
from rules.fibonacci21.checks_round import check_round
from rules.fibonacci21.codes import CODES, violation
from rules.fibonacci21.examples import EXAMPLE
from rules.fibonacci21.options import HANDS_CEILING, Fibonacci21Options
from rules.registry import register
from rules.room import MOST_POINTS, PLAYERS, Room
from rules.sides import RunningTotals, SidesSheet, arithmetic
from rules.sides.ruleset import SidesRuleset

from ..language import _

__all__ = ["CODES", "RULESET", "Fibonacci21Options", "Fibonacci21Ruleset"]


class Fibonacci21Ruleset(SidesRuleset):
    name = "fibonacci21"

    @property
    def title(self) -> str:
        """The rule set's name for people, in the current language."""
        return _("Fibonacci 21 on the Fibonacci Deck 21 (two to four players)")

    side_counts = (2, 3, 4)
    entrants = "players"
    room = Room(PLAYERS, (2, 4), MOST_POINTS)

    def validate(self, sheet: SidesSheet) -> Verdict:
        """Every check of docs/rulesets/fibonacci21.md on a well-formed sheet."""
        return Verdict(arithmetic.check_game(sheet, HANDS_CEILING, violation, _check_rounds), RunningTotals(sheet))


def _check_rounds(sheet: SidesSheet, options: Fibonacci21Options, out: list) -> tuple[dict, dict]:
    """Round by round: each player's line and its arithmetic, then the players together; no round after
    the target (when there is one). Returns the running totals after the last round as written and as
    recomputed."""
    sides = sheet.sides
    carried = dict.fromkeys(sides, 0)
    running = dict.fromkeys(sides, 0)
    last, over, target = len(sheet.hands), None, options.target_score
    wilds, most_points = options.deck.wilds, options.deck.most_points
    for n, hand in enumerate(sheet.hands, 1):
        if over:  # a side's id (never empty) until reported, then False
            out.append(arithmetic.hand_after_target(n, over, running[over], target, violation))
            over = False  # reported once
        itemised_not, went_out, mixed, card_points = None, [], 0, 0
        for side in sides:
            line = hand[side]
            d = line["details"]
            if d is None:
                recomputed, parts = check_written_line(n, side, line, options, out)
                itemised_not = [*(itemised_not or ()), side]
            else:
                recomputed, parts = check_detailed_line(n, side, line, options, out)
                if d["went_out"]:
                    went_out.append(side)
                mixed += d["mixed_sets"]
                card_points += (d["closed_points"] or 0) + (d["table_points"] or 0) + (d["hand_points"] or 0)
            carried[side], running[side] = arithmetic.check_line(
                n, side, line, recomputed, parts, carried[side], running[side], violation, out)
        if len(went_out) > 1 or mixed > wilds or card_points > most_points:
            check_round(n, went_out, mixed, card_points, options, out)
        if itemised_not:
            out.append(arithmetic.base_not_itemised(n, itemised_not, len(sides), violation, "player", "sets"))
        if over is None and n < last:
            over = arithmetic.reached(sides, carried, running, target)
    return carried, running


RULESET = register(Fibonacci21Ruleset(options=options_module, line=line_module, codes=CODES, example=EXAMPLE))
