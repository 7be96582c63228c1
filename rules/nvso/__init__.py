"""The `nvso` rule set: the NVSO event's canasta rules (American Canasta Society rules with the event's
exceptions), as specified in nvso-ruleset.md. Section letters in violations are those of
nvso-canasta-tournament-rules.md.

Where the contract leaves a number to us: a sheet lists at most `hands_per_game` hands, or 100 when the
game sets no limit (options.UNLIMITED_HANDS_CEILING; a sheet with more gets one `too-many-hands` and no
other check). What the decks hold is one card ledger (rules/ledger.py) over the pools of cards.py: the
threes by colour, the sevens, the aces, the wild cards, and the jokers and deuces among them (a wild
canasta of four jokers beside an unfinished meld of the four jokers needs 8 of the 4 jokers). It replaces
the codes sevens-canasta-twice, aces-canasta-twice, wild-canasta-twice and completed-and-incomplete-*:
those slips are now sevens-, aces- or wilds-exceed-deck, whose message says what each team recorded.

It reads both formats: @1, the NVSO table's own sheet, and @2, whose two sides are the table's fixed
seats "ns" and "ew" and whose lines are @1's team lines (sides.py); an @2 sheet becomes the @1 Sheet and
meets the same checks.

One team's table and hand points are held to what its canastas, melds and stuck players hold, and to what
its hands can hold (checks_points.py; docs/nvso-checks.md says why each bound is the rules').
"""

import copy

from rules.answer import Verdict
from rules.examples import EXAMPLE_SHEET
from rules.fields import FORMAT, FORMAT2
from rules.language import _
from rules.nvso.bases import achievable_bases
from rules.nvso.checks_deck import check_hand_deck, counts_problem, points_fit
from rules.nvso.checks_game import (
    check_arithmetic,
    check_final,
    check_game_length,
    check_meld,
    check_winner,
    meld_guide,
    too_many_hands,
)
from rules.nvso.checks_line import check_base_possible, check_count_multiple, check_detailed_line
from rules.nvso.codes import CODES, violation
from rules.nvso.line import describe_line
from rules.nvso.options import DEFAULTS, NvsoOptions, hand_cap, parse_options
from rules.nvso.sides import LINE_SPEC, SEATS, as_sheet, as_v2
from rules.registry import register
from rules.room import MOST_POINTS, TEAMS, Room
from rules.sheet import MELD_REQUIREMENTS as BY_HAND_MELDS
from rules.sheet import Sheet, TeamLine
from rules.sides import LineSpec, SidesSheet
from rules.sides.arithmetic import hand_order
from rules.totals import Totals
from rules.violations import Violation
from rules.words import sentence

__all__ = ["CODES", "RULESET", "NvsoOptions", "NvsoRuleset"]


def _not_itemised(n: int, ns_missing: bool, ew_missing: bool) -> Violation:
    """The `info` note for a hand whose base is not itemised: what could and could not be checked."""
    if ns_missing and ew_missing:
        team = None
        text = _("only base and count are written for both teams, so the checks confirm the arithmetic and that "
                 "each base is possible, but not the threes, canastas and penalties behind it.")
    else:
        team = "ns" if ns_missing else "ew"
        text = _("only base and count are written, so the checks confirm the arithmetic and that the base is "
                 "possible, but not the threes, canastas and penalties behind it.")
    return violation("base-not-itemised", n, team, "details", sentence(n, team, text))


class NvsoRuleset:
    name = "nvso"

    @property
    def title(self) -> str:
        """The rule set's name for people, in the current language."""
        return _("NVSO canasta (American Canasta Society rules with the event's exceptions)")

    options = DEFAULTS.as_dict()
    codes = CODES
    formats = (FORMAT, FORMAT2)
    side_counts = (2,)
    entrants = "teams"
    room = Room(TEAMS, (2, 2), MOST_POINTS)  # two partnerships, North-South and East-West
    seats = SEATS  # an @2 sheet's two sides are "ns" and "ew"; messages name them so without labels

    @staticmethod
    def parse_options(raw: dict | None, problems: list) -> NvsoOptions | None:
        return parse_options(raw, problems)

    hand_cap = staticmethod(hand_cap)  # the function itself: the parser asks it once per sheet

    @staticmethod
    def describe_line() -> list[dict]:
        return describe_line()

    meld_guide = staticmethod(meld_guide)  # the printed sheet's initial-meld minimums (scoring.paper)

    @staticmethod
    def line_spec(options) -> LineSpec:
        """A side's line on an @2 sheet: @1's team line, whatever the options."""
        return LINE_SPEC

    @staticmethod
    def example() -> dict:
        """The worked example (rules/examples.py) as an @2 sheet: a new copy each time."""
        return copy.deepcopy(as_v2(EXAMPLE_SHEET))

    def validate(self, sheet: Sheet | SidesSheet) -> Verdict:
        """Every check of nvso-ruleset.md on a well-formed sheet: the game's length, each hand, then the
        final totals and the winner the hands lead to. An @2 sheet is checked as the @1 sheet it equals."""
        if type(sheet) is SidesSheet:
            sheet = as_sheet(sheet)
        options = sheet.options
        totals = Totals(sheet)
        if sheet.hands_over_cap:
            return Verdict([too_many_hands(sheet, options)], totals)
        out: list[Violation] = []
        carried, running, proven = _check_hands(sheet, options, out)
        check_game_length(sheet, proven, options, out)
        check_final(sheet, carried, running, out)
        check_winner(sheet, totals, carried, running, out)
        out.sort(key=hand_order)
        return Verdict(out, totals)


def _check_hands(sheet: Sheet, options, out: list[Violation]) -> tuple[dict, dict, list]:
    """Hand by hand, in the order played: each line on its own, then the arithmetic that carries the
    running totals on, then what the two decks can hold. Returns the running totals after the last hand
    as written (`carried`) and as recomputed (`running`), for the final and the winner, and after each
    hand the running totals the rules can prove: the sum of every recomputed total so far, or None from
    the first hand whose total nothing proves (a base or count already reported impossible). The checks
    that rest on a running total use those, so a slip already reported is not reported again."""
    carried_ns = carried_ew = running_ns = running_ew = 0
    proven_ns: int | None = 0
    proven_ew: int | None = 0
    proven = []
    for index, hand in enumerate(sheet.hands):
        n = index + 1
        ns, ew = hand.ns, hand.ew
        recomputed_ns = _check_line(n, index, "ns", ns, proven_ns, carried_ns, options, out)
        recomputed_ew = _check_line(n, index, "ew", ew, proven_ew, carried_ew, options, out)
        fit = points_fit(ns.details, ew.details)
        too_much = counts_problem(n, hand, options, fit) if not (fit and options.penalties_in_base) else None
        if too_much is not None:
            # One of the counts is wrong, and nothing says which: a total resting on a written count is
            # not checked until the counts fit.
            if not _count_from_details(ns):
                recomputed_ns = None
            if not _count_from_details(ew):
                recomputed_ew = None
        carried_ns, running_ns = check_arithmetic(n, "ns", ns, recomputed_ns, carried_ns, running_ns, options,
                                                  out)
        carried_ew, running_ew = check_arithmetic(n, "ew", ew, recomputed_ew, carried_ew, running_ew, options,
                                                  out)
        if too_much is not None:
            out.append(too_much)
        proven_ns = None if proven_ns is None or recomputed_ns is None else proven_ns + recomputed_ns
        proven_ew = None if proven_ew is None or recomputed_ew is None else proven_ew + recomputed_ew
        proven.append((proven_ns, proven_ew))
        check_hand_deck(n, hand, out, fit)
        if ns.details is None or ew.details is None:
            out.append(_not_itemised(n, ns.details is None, ew.details is None))
    return {"ns": carried_ns, "ew": carried_ew}, {"ns": running_ns, "ew": running_ew}, proven


def _check_line(n: int, index: int, team: str, line: TeamLine, proven: int | None, carried: int, options,
                out: list[Violation]) -> int | None:
    """One team's line on its own: its base and count (from the details when it has them), then its meld
    requirement (by score, on the running total the rules can prove before this hand, `proven`; not
    checked when nothing proves it, the slip behind that having been reported). Returns the total the
    line should have, or None when nothing says what it should be."""
    if line.details is not None:
        recomputed = check_detailed_line(n, team, line, options, out)
    else:
        recomputed = _check_written_numbers(n, team, line, options, out)
    meld = line.meld_requirement
    # The usual case, by hand and as written, is settled here without a call.
    if (meld is not None and not (options.by_hand and meld == BY_HAND_MELDS[index if index < 3 else 2])
            and (options.by_hand or proven is not None)):
        check_meld(n, team, meld, proven or 0, options, out, carried)
    return recomputed


def _check_written_numbers(n: int, team: str, line: TeamLine, options, out: list[Violation]) -> int | None:
    """A line of base and count only: what they alone can prove. The total they make, or None when one of
    them is impossible."""
    count_ok = check_count_multiple(n, team, line.count, out)
    achievable = achievable_bases(options.penalties_in_base, options.flat_wilds_penalty)
    base_ok = check_base_possible(n, team, line.base, achievable, options, out)
    return line.base + line.count if count_ok and base_ok else None


def _count_from_details(line: TeamLine) -> bool:
    """Whether the details say what the count is (a special hand, or table and hand points)."""
    d = line.details
    return d is not None and (d.special_hand is not None or d.table_points is not None
                              or d.hand_points is not None)


RULESET = register(NvsoRuleset())
