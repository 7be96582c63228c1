"""Checks of the sheet's arithmetic and of the game: totals, running totals, meld requirements, how many
hands, the end at the target score, the final totals and the winner (A, B, D, K).

Arithmetic is checked link by link, as the scorekeeper wrote it: a total against that hand's base and
count, a running total against the previous *written* running total plus this hand's written total, the
final against the last written running total. So one slip is reported once, where it was made, rather
than again at every later line. The game checks (meld by score, the target, the winner) use the totals
the written bases and counts add up to (`computed` in the answer).
"""

from rules.nvso.codes import violation
from rules.nvso.options import BY_HAND, HANDS_BY_HAND
from rules.sheet import MELD_REQUIREMENTS, Sheet, TeamLine
from rules.totals import Totals
from rules.violations import Violation
from rules.words import points, sentence, team_name

ORDINALS = ("first", "second", "third")
SCORE_STEPS = ((5000, 180), (3000, 155))  # D: 155 from 3,000, 180 from 5,000 (ruleset contract)


def check_arithmetic(n: int, team: str, line: TeamLine, carried: int, out: list[Violation]) -> int:
    """Total and running total of one line; returns the running total carried to the next hand."""
    total = line.base + line.count
    if line.total is not None and line.total != total:
        out.append(violation("total-mismatch", n, team, "total", sentence(
            n, team, f"the total should be {points(total)} (base {points(line.base)} plus count "
                     f"{points(line.count)}), not {points(line.total)}.")))
    written_total = total if line.total is None else line.total
    expected = carried + written_total
    if line.cumulative is None:
        return expected
    if line.cumulative != expected:
        if n == 1:
            text = (f"the running total after the first hand is that hand's total, {points(expected)}, "
                    f"not {points(line.cumulative)}.")
        else:
            text = (f"the running total should be {points(expected)} ({points(carried)} before this hand "
                    f"plus {points(written_total)}), not {points(line.cumulative)}.")
        out.append(violation("cumulative-mismatch", n, team, "cumulative", sentence(n, team, text)))
    return line.cumulative


def meld_requirement(index: int, before: int, options) -> int:
    """The initial-meld minimum for hand `index` (0-based) and a running total of `before` (B or D)."""
    if options.meld_requirement == BY_HAND:
        return MELD_REQUIREMENTS[min(index, len(MELD_REQUIREMENTS) - 1)]
    for threshold, requirement in SCORE_STEPS:
        if before >= threshold:
            return requirement
    return MELD_REQUIREMENTS[0]


def check_meld(n: int, team: str, written: int, before: int, options, out: list[Violation]) -> None:
    expected = meld_requirement(n - 1, before, options)
    if written == expected:
        return
    if options.meld_requirement == BY_HAND:
        if n <= len(ORDINALS):
            which = f"the {ORDINALS[n - 1]} hand of a game"
        else:
            which = "every hand after the third"
        out.append(violation("meld-requirement-by-hand", n, team, "meld_requirement", sentence(
            n, team, f"{which} opens at {expected}, not {written}.")))
    else:
        out.append(violation("meld-requirement-by-score", n, team, "meld_requirement", sentence(
            n, team, f"with {points(before)} points before this hand the initial meld is {expected}, "
                     f"not {written}.")))


def check_game_length(sheet: Sheet, totals: Totals, options, out: list[Violation]) -> None:
    """At least one hand; no more than the game has; none after a team reached the target (A, B)."""
    count = len(sheet.hands)
    if count == 0:
        out.append(violation("no-hands", None, None, "hands",
                             "The sheet has no hands; a game needs at least one hand."))
        return
    limit = options.hands_per_game
    if limit is not None and count > limit:
        if options.meld_requirement == BY_HAND and limit == HANDS_BY_HAND:
            why = "a game has only 3 hands, opening at 125, 155 and 180"
        else:
            why = f"this game has at most {limit} hand{'s' if limit > 1 else ''}"
        out.append(violation("too-many-hands", limit + 1, None, "hands", sentence(
            limit + 1, None, f"{why}, so this hand should not be on the sheet.")))
    target = options.target_score
    for index in range(1, count):
        ns, ew = totals.ns_cumulative[index - 1], totals.ew_cumulative[index - 1]
        if ns >= target or ew >= target:
            if ns >= target and ew >= target:
                who = f"both teams had passed {points(target)}"
            else:
                leader = "ns" if ns >= target else "ew"
                who = f"{team_name(leader)} reached {points(max(ns, ew))} of the {points(target)} needed"
            out.append(violation("hand-after-target", index + 1, None, "hands", sentence(
                index + 1, None, f"the game was over after hand {index}, when {who}, so no more hands are "
                                 "played.")))
            return


def check_final(sheet: Sheet, carried: dict, out: list[Violation]) -> None:
    """The written final totals against the running totals after the last hand."""
    if sheet.final is None:
        return
    for team in ("ns", "ew"):
        written, expected = sheet.final[team], carried[team]
        if written != expected:
            out.append(violation("final-mismatch", None, team, "final", (
                f"The final total for {team_name(team)} should be {points(expected)}, the running total "
                f"after the last hand, not {points(written)}.")))


def check_winner(sheet: Sheet, totals: Totals, out: list[Violation]) -> None:
    """The team with the higher final total wins; a tie is the director's to resolve (A)."""
    computed = totals.winner()
    if computed is None:
        return
    ns, ew = totals.final("ns"), totals.final("ew")
    if computed == "tie":
        named = ""
        if sheet.winner in ("ns", "ew"):
            named = f"; the sheet names {team_name(sheet.winner)}, so check that the director decided so"
        out.append(violation("tie-for-director", None, None, "winner", (
            f"The game ended in a tie at {points(ns)} each, which the event director resolves{named}.")))
        return
    if sheet.winner is not None and sheet.winner != computed:
        written = "a tie" if sheet.winner == "tie" else team_name(sheet.winner)
        high, low = max(ns, ew), min(ns, ew)
        out.append(violation("winner-mismatch", None, None, "winner", (
            f"The winner is {team_name(computed)} with {points(high)} against {points(low)}, not {written} "
            "as written.")))
