"""Checks of the sheet's arithmetic and of the game: totals, running totals, the meld requirement of each
deal, how many deals, the final totals and the winner ("Meld", "Deal", "Going Out").

Arithmetic is checked link by link, as for nvso. Each link (a total, a running total, the final, the
winner) is accepted when it follows from the numbers as written just before it (a slip carried on
faithfully) *or* from the recomputed numbers (what the details, or the written base and count, add up to).
It is reported only when it matches neither, and the message quotes the recomputed value: one slip is
reported once, at the field where it was made.
"""

from rules.crazy_canasta import scoring
from rules.crazy_canasta.checks_line import meld_minimum
from rules.crazy_canasta.codes import violation
from rules.crazy_canasta.options import DEALS
from rules.sides import arithmetic
from rules.sides.arithmetic import leader
from rules.violations import Violation
from rules.words import either, points, sentence, team_name

from ..language import _, ngettext


def _recomputed_parts(line: dict, options) -> tuple[int, int]:
    """The base and count a line should have (from its details when they say), for a message."""
    d = line["details"]
    if d is None:
        return line["base"], line["count"]
    count = scoring.count(d, options)
    return scoring.base(d, options), line["count"] if count is None else count


def check_arithmetic(n: int, side: str, line: dict, recomputed: int | None, options, carried: int,
                     running: int, out: list[Violation]) -> tuple[int, int]:
    """Total and running total of one line, by the @2 games' shared link-by-link check (worded in deals).
    `recomputed` is the total the line should have (None when its base or count was reported impossible);
    `carried` is the running total as written before this deal, `running` the recomputed one. Returns both
    after it. The parts a message quotes are worked out only for that message."""
    return arithmetic.check_line(n, side, line, recomputed, lambda: _recomputed_parts(line, options), carried,
                                 running, violation, out, "deal")


def check_meld_requirement(n: int, side: str, written: int, out: list[Violation]) -> None:
    """The written meld requirement is the deal's: 50, 90, 120, 150."""
    expected = meld_minimum(n)
    if written != expected:
        out.append(violation("meld-requirement-by-deal", n, side, "meld_requirement", sentence(n, side, _(
            "the first meld in deal %(deal)s needs %(expected)s points, not %(written)s.") % {
            "deal": n, "expected": expected, "written": points(written)})))


def too_many_hands(hands_over_cap: int) -> Violation:
    """The one violation for a sheet with deals beyond the fourth: the parser did not read them."""
    written, first = DEALS + hands_over_cap, DEALS + 1
    if written == first:
        text = _("a game has four deals, so this deal should not be on the sheet.")
    else:
        text = _("a game has four deals, so deals %(first)s to %(last)s should not be on the sheet; the deals "
                 "were not checked.") % {"first": points(first), "last": points(written)}
    return violation("too-many-hands", first, None, "hands", sentence(first, None, text))


def no_hands() -> Violation:
    return violation("no-hands", None, None, "hands", _("The sheet has no deals; a game needs at least one."))


def check_winner(winner: str | None, deals: int, final: dict | None, computed: dict, carried: dict,
                 running: dict, out: list[Violation]) -> None:
    """After four deals the side with the most points wins; a tie is the director's to resolve. A written
    winner that follows the final totals as written (or the running totals as written or recomputed) is
    not reported: a slip there is reported where it was made, and so is a tie that only the written totals
    show, the recomputed ones having a leader. Before the fourth deal there is no winner."""
    if deals < DEALS:
        if winner is not None:
            said = {"deals": deals}
            if winner == "tie":
                text = ngettext("The sheet names a tie as the winner after %(deals)s deal, but the game is decided "
                                "after four.",
                                "The sheet names a tie as the winner after %(deals)s deals, but the game is decided "
                                "after four.", deals)
            else:
                text = ngettext("The sheet names %(side)s as the winner after %(deals)s deal, but the game is "
                                "decided after four.",
                                "The sheet names %(side)s as the winner after %(deals)s deals, but the game is "
                                "decided after four.", deals)
                said["side"] = team_name(winner)
            out.append(violation("winner-before-end", None, None, "winner", text % said))
        return
    best = leader(computed)
    if best == "tie":
        if leader(running) != "tie":  # the written bases and counts tie, the recomputed totals do not:
            return  # a slip already reported, not a tie for the director
        said = {"points": points(max(computed.values()))}
        if winner not in (None, "tie"):
            text = _("The game ended in a tie at %(points)s each, which the event director resolves; the sheet "
                     "names %(side)s, so check that the director decided so.")
            said["side"] = team_name(winner)
        else:
            text = _("The game ended in a tie at %(points)s each, which the event director resolves.")
        out.append(violation("tie-for-director", None, None, "winner", text % said))
        return
    if winner is None or winner == best:
        return
    if winner in (leader(final if final is not None else carried), leader(carried), leader(running)):
        return
    others = either([points(value) for side, value in computed.items() if side != best], "and")
    said = {"best": team_name(best), "points": points(computed[best]), "others": others}
    if winner == "tie":
        text = _("The winner is %(best)s with %(points)s against %(others)s, not a tie as written.")
    else:
        text = _("The winner is %(best)s with %(points)s against %(others)s, not %(written)s as written.")
        said["written"] = team_name(winner)
    out.append(violation("winner-mismatch", None, None, "winner", text % said))
