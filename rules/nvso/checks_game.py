"""Checks of the sheet's arithmetic and of the game: totals, running totals, meld requirements, how many
hands, the end at the target score, the final totals and the winner (A, B, D, K).

Arithmetic is checked link by link. Each link (a total, a running total, the final, the winner) is
accepted when it follows from the numbers as written just before it (the previous written running total
plus this hand's written total: a slip carried on faithfully) *or* from the recomputed numbers (what the
details, or the written base and count, add up to: a correct number next to a slip). It is reported only
when it matches neither, and the message quotes the recomputed value. So one slip is reported once, at
the field where it was made, rather than again at a correct neighbour with a wrong fix, or at every later
line. The game checks (meld by score, the target) likewise report only what both readings agree on; the
totals they quote are those the written bases and counts add up to (`computed` in the answer).
"""

from rules.language import _, ngettext
from rules.nvso import scoring
from rules.nvso.codes import violation
from rules.nvso.options import BY_HAND, HANDS_BY_HAND, hand_cap
from rules.sheet import MELD_REQUIREMENTS, Sheet, TeamLine
from rules.sides.arithmetic import cumulative_mismatch
from rules.totals import Totals
from rules.violations import Violation
from rules.words import points, sentence, team_name

ORDINALS = ("first", "second", "third")
SCORE_STEPS = ((5000, 180), (3000, 155))  # D: 155 from 3,000, 180 from 5,000 (ruleset contract)


def _recomputed_parts(line: TeamLine, options) -> tuple[int, int]:
    """The base and count a line should have (from its details when it has them), for a message."""
    d = line.details
    if d is None:
        return line.base, line.count
    base = scoring.base(d, options.penalties_in_base, options.flat_wilds_penalty)
    count = scoring.expected_count(d, options.penalties_in_base)
    return base, line.count if count is None else count


def check_arithmetic(n: int, team: str, line: TeamLine, recomputed: int | None, carried: int, running: int,
                     options, out: list[Violation]) -> tuple[int, int]:
    """Total and running total of one line. `recomputed` is the total the line should have (None when its
    base or count was reported impossible and nothing says what it should be); `carried` is the running
    total as written before this hand, `running` the recomputed one. Returns both for the next hand."""
    written_sum = line.base + line.count
    total = line.total
    if total is not None and total != written_sum and recomputed is not None and total != recomputed:
        base, count = _recomputed_parts(line, options)
        out.append(violation("total-mismatch", n, team, "total", sentence(
            n, team, _("the total should be %(total)s (base %(base)s plus count %(count)s), not %(written)s.")
            % {"total": points(recomputed), "base": points(base), "count": points(count),
               "written": points(total)})))
    as_written = carried + (written_sum if total is None else total)
    running_after = None if recomputed is None else running + recomputed
    cumulative = line.cumulative
    if cumulative is None:
        carried_after = as_written
    else:
        carried_after = cumulative
        if cumulative != as_written and cumulative != running_after:
            if running_after is not None:
                out.append(cumulative_mismatch(n, team, cumulative, running, recomputed, violation))
            elif total is not None:
                out.append(cumulative_mismatch(n, team, cumulative, carried, total, violation))
            # else both ways to it pass through a base or count already reported impossible: nothing to add
    # Without a recomputed total, the recomputed running total continues from the written one.
    return carried_after, carried_after if running_after is None else running_after


def meld_requirement(index: int, before: int, options) -> int:
    """The initial-meld minimum for hand `index` (0-based) and a running total of `before` (B or D)."""
    if options.meld_requirement == BY_HAND:
        return MELD_REQUIREMENTS[min(index, len(MELD_REQUIREMENTS) - 1)]
    for threshold, requirement in SCORE_STEPS:
        if before >= threshold:
            return requirement
    return MELD_REQUIREMENTS[0]


def meld_guide(options, hands: int) -> dict:
    """The initial meld as a printed sheet states it before play: each hand's minimum where the rules fix
    it in advance (by hand; by score only the first hand, when both teams stand at 0), None where it
    follows the team's running total, and the rule in one sentence for the players to apply."""
    known = [meld_requirement(index, 0, options) if options.meld_requirement == BY_HAND or index == 0 else None
             for index in range(hands)]
    if options.meld_requirement == BY_HAND:
        first, second, third = MELD_REQUIREMENTS
        numbers = {"first": first, "second": second, "third": third}
        if hands == 1:
            rule = _("The initial meld needs %(first)s points in hand 1.")
        elif hands == 2:
            rule = _("The initial meld needs %(first)s points in hand 1 and %(second)s in hand 2.")
        elif hands == 3:
            rule = _("The initial meld needs %(first)s points in hand 1, %(second)s in hand 2 and %(third)s in "
                     "hand 3.")
        else:
            rule = _("The initial meld needs %(first)s points in hand 1, %(second)s in hand 2 and %(third)s in "
                     "hand 3 and every later hand.")
        return {"hands": known, "rule": rule % numbers}
    (high, high_meld), (low, low_meld) = SCORE_STEPS
    return {"hands": known, "rule": _(
        "The initial meld needs %(first)s points while the team's running total is below %(low)s, %(low_meld)s "
        "from %(low)s and %(high_meld)s from %(high)s.") % {
            "first": MELD_REQUIREMENTS[0], "low": points(low), "low_meld": low_meld, "high": points(high),
            "high_meld": high_meld}}


def check_meld(n: int, team: str, written: int, before: int, options, out: list[Violation],
               written_before: int | None = None) -> None:
    """The written meld requirement; with `by_score` it may follow the running total as computed
    (`before`) or as written (`written_before`), and the message quotes the computed one."""
    expected = meld_requirement(n - 1, before, options)
    if written == expected:
        return
    if (written_before is not None and written_before != before
            and written == meld_requirement(n - 1, written_before, options)):
        return
    if options.meld_requirement == BY_HAND:
        numbers = {"expected": expected, "written": written}
        if n == 1:
            text = _("the first hand of a game opens at %(expected)s, not %(written)s.") % numbers
        elif n == 2:
            text = _("the second hand of a game opens at %(expected)s, not %(written)s.") % numbers
        elif n == 3:
            text = _("the third hand of a game opens at %(expected)s, not %(written)s.") % numbers
        else:
            text = _("every hand after the third opens at %(expected)s, not %(written)s.") % numbers
        out.append(violation("meld-requirement-by-hand", n, team, "meld_requirement", sentence(n, team, text)))
    else:
        out.append(violation("meld-requirement-by-score", n, team, "meld_requirement", sentence(
            n, team, _("with %(before)s points before this hand the initial meld is %(expected)s, not "
                       "%(written)s.") % {"before": points(before), "expected": expected, "written": written})))


def written_running_totals(sheet: Sheet) -> dict[str, list[int]]:
    """The running totals as the scorekeeper carried them: each written running total, or the previous
    one plus the written total (or base plus count) where none was written."""
    chains = {}
    for team in ("ns", "ew"):
        running, chain = 0, []
        for hand in sheet.hands:
            line = hand.ns if team == "ns" else hand.ew
            if line.cumulative is not None:
                running = line.cumulative
            else:
                running += line.base + line.count if line.total is None else line.total
            chain.append(running)
        chains[team] = chain
    return chains


def too_many_hands(sheet: Sheet, options) -> Violation:
    """The one violation for a sheet with hands beyond the rule set's cap (B): the parser did not read
    them, and no hand is checked, so a sheet of any length costs no more than one at the cap."""
    cap = hand_cap(options)
    written = cap + sheet.hands_over_cap
    limit = options.hands_per_game
    if limit is None:
        why = _("a sheet can list at most %(cap)s hands") % {"cap": points(cap)}
    elif options.meld_requirement == BY_HAND and limit == HANDS_BY_HAND:
        why = _("a game has only 3 hands, opening at 125, 155 and 180")
    else:
        why = ngettext("this game has at most %(limit)s hand", "this game has at most %(limit)s hands",
                       limit) % {"limit": limit}
    if written == cap + 1:
        text = _("%(why)s, so this hand should not be on the sheet.") % {"why": why}
    else:
        text = _("%(why)s, so hands %(first)s to %(last)s should not be on the sheet; the hands were not "
                 "checked.") % {"why": why, "first": points(cap + 1), "last": points(written)}
    return violation("too-many-hands", cap + 1, None, "hands", sentence(cap + 1, None, text))


def check_game_length(sheet: Sheet, proven: list[tuple[int | None, int | None]], options,
                      out: list[Violation]) -> None:
    """At least one hand; none after a team reached the target (A, B). A hand is too many only when both
    the running total the rules can prove (`proven`, after each hand; None where a base or count already
    reported impossible leaves it unknown) and the written one had reached the target, so a slip in a
    base or a running total is not reported a second time here."""
    count = len(sheet.hands)
    if count == 0:
        out.append(violation("no-hands", None, None, "hands",
                             _("The sheet has no hands; a game needs at least one hand.")))
        return
    target = options.target_score
    written = None
    for index in range(1, count):
        ns, ew = proven[index - 1]
        if (ns is not None and ns >= target) or (ew is not None and ew >= target):
            ns_reached, ew_reached = ns is not None and ns >= target, ew is not None and ew >= target
            if written is None:
                written = written_running_totals(sheet)
            if written["ns"][index - 1] < target and written["ew"][index - 1] < target:
                continue
            if ns_reached and ew_reached:
                text = _("the game was over after hand %(hand)s, when both teams had passed %(target)s, so no "
                         "more hands are played.") % {"hand": index, "target": points(target)}
            else:
                leader, reached = ("ns", ns) if ns_reached else ("ew", ew)
                text = _("the game was over after hand %(hand)s, when %(side)s reached %(score)s of the "
                         "%(target)s needed, so no more hands are played.") % {
                    "hand": index, "side": team_name(leader), "score": points(reached), "target": points(target)}
            out.append(violation("hand-after-target", index + 1, None, "hands", sentence(index + 1, None, text)))
            return


def check_final(sheet: Sheet, carried: dict, running: dict, out: list[Violation]) -> None:
    """The written final totals against the running totals after the last hand: as written (`carried`)
    or as recomputed (`running`, which the message quotes)."""
    if sheet.final is None:
        return
    for team in ("ns", "ew"):
        written, expected = sheet.final[team], running[team]
        if written != expected and written != carried[team]:
            out.append(violation("final-mismatch", None, team, "final", (
                _("The final total for %(side)s should be %(expected)s, the running total after the last hand, "
                  "not %(written)s.") % {"side": team_name(team), "expected": points(expected),
                                         "written": points(written)})))


def _leader(ns: int, ew: int) -> str:
    return "ns" if ns > ew else "ew" if ew > ns else "tie"


def check_winner(sheet: Sheet, totals: Totals, carried: dict, running: dict, out: list[Violation]) -> None:
    """The team with the higher final total wins; a tie is the director's to resolve (A). A written winner
    that follows the final totals as written (or the running totals as written or recomputed) is not
    reported: a slip there is reported where it was made."""
    computed = totals.winner()
    if computed is None:
        return
    ns, ew = totals.final("ns"), totals.final("ew")
    if computed == "tie":
        if sheet.winner in ("ns", "ew"):
            text = _("The game ended in a tie at %(score)s each, which the event director resolves; the sheet "
                     "names %(side)s, so check that the director decided so.") % {
                "score": points(ns), "side": team_name(sheet.winner)}
        else:
            text = _("The game ended in a tie at %(score)s each, which the event director resolves.") % {
                "score": points(ns)}
        out.append(violation("tie-for-director", None, None, "winner", text))
        return
    if sheet.winner is None or sheet.winner == computed:
        return
    final = sheet.final if sheet.final is not None else carried
    if sheet.winner in (_leader(final["ns"], final["ew"]), _leader(carried["ns"], carried["ew"]),
                        _leader(running["ns"], running["ew"])):
        return
    high, low = max(ns, ew), min(ns, ew)
    numbers = {"side": team_name(computed), "high": points(high), "low": points(low)}
    if sheet.winner == "tie":
        text = _("The winner is %(side)s with %(high)s against %(low)s, not a tie as written.") % numbers
    else:
        text = _("The winner is %(side)s with %(high)s against %(low)s, not %(written)s as written.") % {
            **numbers, "written": team_name(sheet.winner)}
    out.append(violation("winner-mismatch", None, None, "winner", text))
