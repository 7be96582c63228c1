"""The `crazy_canasta` rule set: Crazy Canasta for two partnerships over four deals, as specified in
docs/rulesets/crazy_canasta.md. The `rule` of each violation names the section of crazy-canasta.md it
enforces ("Crazy Canasta, Cards & Scoring", "Meld", "Going Out", "Deal").

A sheet is `canasta-td/score-sheet@2` with exactly two sides and at most four hands (one per deal). Each
deal is checked side by side (checks_line), then across the sides (checks_deal: going out and the decks),
then its arithmetic (checks_game), which carries the running totals on to the final and the winner.
"""

from rules.answer import Verdict
from rules.crazy_canasta import line as line_module
from rules.crazy_canasta import options as options_module
from rules.crazy_canasta import scoring
from rules.crazy_canasta.checks_deal import check_both_sides, check_deal, counts_problem
from rules.crazy_canasta.checks_game import (
    check_arithmetic,
    check_meld_requirement,
    check_winner,
    no_hands,
    too_many_hands,
)
from rules.crazy_canasta.checks_line import MELD_MINIMUMS, check_detailed_line, check_written_numbers
from rules.crazy_canasta.codes import CODES, violation
from rules.crazy_canasta.example import EXAMPLE
from rules.crazy_canasta.options import CrazyOptions
from rules.crazy_canasta.totals import SideTotals
from rules.registry import register
from rules.room import MOST_POINTS, TEAMS, Room
from rules.sides import RunningTotals, SidesSheet, arithmetic
from rules.sides.ruleset import SidesRuleset
from rules.violations import Violation
from rules.words import sentence

from ..language import _

__all__ = ["CODES", "RULESET", "CrazyCanastaRuleset", "CrazyOptions"]


class CrazyCanastaRuleset(SidesRuleset):
    """The rule-set protocol (rules/registry.py) for Crazy Canasta on the @2 sheet. Its example has four
    deals, one of them written as base and count only."""

    name = "crazy_canasta"

    @property
    def title(self) -> str:
        """The rule set's name for people, in the current language."""
        return _("Crazy Canasta (two partnerships, four deals, seven decks)")

    side_counts = (2,)
    entrants = "teams"
    room = Room(TEAMS, (2, 2), MOST_POINTS)

    def validate(self, sheet: SidesSheet) -> Verdict:
        """Every check of docs/rulesets/crazy_canasta.md on a well-formed sheet: each deal, then the final
        totals and the winner the deals lead to."""
        if sheet.hands_over_cap:
            return Verdict([too_many_hands(sheet.hands_over_cap)], RunningTotals(sheet))
        if not sheet.hands:
            return Verdict([no_hands()], RunningTotals(sheet))
        out: list[Violation] = []
        totals, carried, running = _check_deals(sheet, out)
        arithmetic.check_final(sheet, carried, running, violation, out, "deal")
        computed = totals.finals()
        check_winner(sheet.winner, len(sheet.hands), sheet.final, computed, carried, running, out)
        if out:
            out.sort(key=arithmetic.hand_order)
        return Verdict(out, totals)


def _check_deals(sheet: SidesSheet, out: list[Violation]) -> tuple[SideTotals, dict, dict]:
    """Deal by deal: each line on its own, the counts no points explain against the decks, the arithmetic
    that carries the running totals on, then the deal across the two sides. Returns the totals as written
    (the answer's `computed`), and the running totals after the last deal as written (`carried`) and as
    recomputed (`running`). Written out for the two sides the game has: this loop is the hot path."""
    options = sheet.options
    first, second = sheet.sides
    computed = []  # the answer's per-deal totals, as written
    sum_a = sum_b = 0
    carried_a = carried_b = running_a = running_b = 0
    for n, hand in enumerate(sheet.hands, 1):
        a, b = hand[first], hand[second]
        da, db = a["details"], b["details"]
        ra = check_detailed_line(n, first, a, options, out) if da is not None else _plain(n, first, a, options, out)
        rb = check_detailed_line(n, second, b, options, out) if db is not None else _plain(n, second, b, options, out)
        minimum = MELD_MINIMUMS[n - 1]
        if a["meld_requirement"] not in (None, minimum):
            check_meld_requirement(n, first, a["meld_requirement"], out)
        if b["meld_requirement"] not in (None, minimum):
            check_meld_requirement(n, second, b["meld_requirement"], out)
        if (da is None or db is None or (da["table_points"] is None and da["hand_points"] is None)
                or (db["table_points"] is None and db["hand_points"] is None)):
            ra, rb = _check_counts(n, hand, sheet.sides, options, ra, rb, out)
        total_a, total_b = a["base"] + a["count"], b["base"] + b["count"]
        # The usual case, every number right so far, settled without a call (the hot path).
        if ra == total_a and carried_a == running_a and a["total"] in (total_a, None) and a["cumulative"] in (
                carried_a + total_a, None):
            carried_a = running_a = carried_a + total_a
        else:
            carried_a, running_a = check_arithmetic(n, first, a, ra, options, carried_a, running_a, out)
        if rb == total_b and carried_b == running_b and b["total"] in (total_b, None) and b["cumulative"] in (
                carried_b + total_b, None):
            carried_b = running_b = carried_b + total_b
        else:
            carried_b, running_b = check_arithmetic(n, second, b, rb, options, carried_b, running_b, out)
        if da is not None and db is not None:
            check_both_sides(n, first, da, second, db, options, out)
        else:
            if da is not None or db is not None:
                check_deal(n, ((first, da),) if db is None else ((second, db),), options, out)
            out.append(_not_itemised(n, [side for side in sheet.sides if hand[side]["details"] is None], 2))
        sum_a += total_a
        sum_b += total_b
        computed.append({first: {"total": total_a, "cumulative": sum_a},
                         second: {"total": total_b, "cumulative": sum_b}})
    totals = SideTotals(sheet.sides, computed, {first: sum_a, second: sum_b})
    return totals, {first: carried_a, second: carried_b}, {first: running_a, second: running_b}


def _plain(n: int, side: str, line: dict, options, out: list[Violation]) -> int | None:
    """A line of base and count only, against the bases the sheet's decks allow."""
    return check_written_numbers(n, side, line, scoring.achievable_bases(options), out)


def _check_counts(n: int, hand: dict, sides: tuple, options, ra: int | None, rb: int | None,
                  out: list[Violation]) -> tuple[int | None, int | None]:
    """The counts against the decks, each as the rules know it (from the points when written); when they
    cannot all be right, nothing says which, so a total resting on a written count is not checked.
    Returns the two recomputed totals, None where that is so."""
    counts, written = {}, []
    for side in sides:
        line = hand[side]
        d = line["details"]
        count = None if d is None else scoring.count(d, options)
        if count is None:
            count = line["count"]
            written.append(side)
        counts[side] = count
    if counts_problem(n, counts, options, out):
        return (None if sides[0] in written else ra), (None if sides[1] in written else rb)
    return ra, rb


def _not_itemised(n: int, missing: list[str], sides: int) -> Violation:
    """The `info` note for a deal whose base is not itemised: what could and could not be checked."""
    if len(missing) == sides:
        side = None
        text = _("only base and count are written for both sides, so the checks confirm the arithmetic and that "
                 "each base is possible, but not the books, canastas and threes behind it.")
    else:
        side = missing[0]
        text = _("only base and count are written, so the checks confirm the arithmetic and that the base is "
                 "possible, but not the books, canastas and threes behind it.")
    return violation("base-not-itemised", n, side, "details", sentence(n, side, text))


RULESET = register(CrazyCanastaRuleset(options=options_module, line=line_module, codes=CODES, example=EXAMPLE))
