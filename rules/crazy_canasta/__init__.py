"""The `crazy_canasta` rule set: Crazy Canasta for two partnerships over four deals, as specified in
docs/rulesets/crazy_canasta.md. The `rule` of each violation names the section of crazy-canasta.md it
enforces ("Crazy Canasta, Cards & Scoring", "Meld", "Going Out", "Deal").

A sheet is `canasta-td/score-sheet@2` with exactly two sides and at most four hands (one per deal). Each
deal is checked side by side (checks_line), then across the sides (checks_deal: going out and the decks),
then its arithmetic (checks_game), which carries the running totals on to the final and the winner.
"""

from rules.answer import Verdict
from rules.crazy_canasta import scoring
from rules.crazy_canasta.checks_deal import check_deal, counts_problem
from rules.crazy_canasta.checks_game import (
    check_arithmetic,
    check_final,
    check_meld_requirement,
    check_winner,
    no_hands,
    too_many_hands,
)
from rules.crazy_canasta.checks_line import MELD_MINIMUMS, check_detailed_line, check_written_numbers
from rules.crazy_canasta.codes import CODES, violation
from rules.crazy_canasta.example import EXAMPLE
from rules.crazy_canasta.line import describe_line, line_spec
from rules.crazy_canasta.options import DEFAULTS, CrazyOptions, hand_cap, parse_options
from rules.crazy_canasta.totals import SideTotals
from rules.registry import register
from rules.sides import FORMAT2, RunningTotals, SidesSheet
from rules.violations import Violation
from rules.words import sentence

__all__ = ["CODES", "RULESET", "CrazyCanastaRuleset", "CrazyOptions"]


class CrazyCanastaRuleset:
    name = "crazy_canasta"
    title = "Crazy Canasta (two partnerships, four deals, seven decks)"
    options = DEFAULTS.as_dict()
    codes = CODES
    formats = (FORMAT2,)
    side_counts = (2,)
    entrants = "teams"

    parse_options = staticmethod(parse_options)
    hand_cap = staticmethod(hand_cap)
    line_spec = staticmethod(line_spec)
    describe_line = staticmethod(describe_line)

    @staticmethod
    def example() -> dict:
        """A valid example sheet: four deals, one of them written as base and count only."""
        import copy

        return copy.deepcopy(EXAMPLE)

    def validate(self, sheet: SidesSheet) -> Verdict:
        """Every check of docs/rulesets/crazy_canasta.md on a well-formed sheet: each deal, then the final
        totals and the winner the deals lead to."""
        if sheet.hands_over_cap:
            return Verdict([too_many_hands(sheet.hands_over_cap)], RunningTotals(sheet))
        if not sheet.hands:
            return Verdict([no_hands()], RunningTotals(sheet))
        out: list[Violation] = []
        totals, carried, running = _check_deals(sheet, out)
        check_final(sheet.final, carried, running, out)
        computed = {side: totals.final(side) for side in sheet.sides}
        check_winner(sheet.winner, len(sheet.hands), sheet.final, computed, carried, running, out)
        if out:
            out.sort(key=_hand_order)
        return Verdict(out, totals)


def _check_deals(sheet: SidesSheet, out: list[Violation]) -> tuple[SideTotals, dict, dict]:
    """Deal by deal: each line on its own, the counts no points explain against the decks, the arithmetic
    that carries the running totals on, then the deal across the two sides. Returns the totals as written
    (the answer's `computed`), and the running totals after the last deal as written (`carried`) and as
    recomputed (`running`). Written out for the two sides the game has: this loop is the hot path."""
    options = sheet.options
    first, second = sheet.sides
    totals = SideTotals(sheet.sides)
    carried_a = carried_b = running_a = running_b = 0
    for n, hand in enumerate(sheet.hands, 1):
        a, b = hand[first], hand[second]
        da, db = a["details"], b["details"]
        ra = _check_line(n, first, a, options, out)
        rb = _check_line(n, second, b, options, out)
        if (da is None or db is None or not (da["table_points"] or da["hand_points"])
                or not (db["table_points"] or db["hand_points"])):
            ra, rb = _check_counts(n, hand, sheet.sides, options, ra, rb, out)
        carried_a, running_a = check_arithmetic(n, first, a, ra, options, carried_a, running_a, out)
        carried_b, running_b = check_arithmetic(n, second, b, rb, options, carried_b, running_b, out)
        if da is not None and db is not None:
            check_deal(n, ((first, da), (second, db)), options, out)
        else:
            if da is not None or db is not None:
                check_deal(n, ((first, da),) if db is None else ((second, db),), options, out)
            out.append(_not_itemised(n, [side for side in sheet.sides if hand[side]["details"] is None], 2))
        totals.add(a["base"] + a["count"], b["base"] + b["count"])
    return totals, {first: carried_a, second: carried_b}, {first: running_a, second: running_b}


def _check_line(n: int, side: str, line: dict, options, out: list[Violation]) -> int | None:
    """One side's line on its own, and its written meld requirement; the total it should have."""
    if line["details"] is None:
        recomputed = check_written_numbers(n, side, line, scoring.achievable_bases(options), out)
    else:
        recomputed = check_detailed_line(n, side, line, options, out)
    meld = line["meld_requirement"]
    if meld is not None and meld != MELD_MINIMUMS[n - 1]:
        check_meld_requirement(n, side, meld, out)
    return recomputed


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
        side, who, base = None, " for both sides", "each base"
    else:
        side, who, base = missing[0], "", "the base"
    return violation("base-not-itemised", n, side, "details", sentence(
        n, side, f"only base and count are written{who}, so the checks confirm the arithmetic and that "
                 f"{base} is possible, but not the books, canastas and threes behind it."))


def _hand_order(v: Violation) -> int:
    """Violations deal by deal; those about the sheet as a whole come last (a stable sort keeps the rest)."""
    return v.hand if v.hand is not None else 1_000_000


RULESET = register(CrazyCanastaRuleset())
