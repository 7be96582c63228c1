"""Checks of the sheet's arithmetic and of the game (source, "Scoring"): each player's total and running
total, the credited figure (own running total plus the partner's), the end at the target, the final and
the winner by the reading `game_end_counts` chooses.

Arithmetic is checked link by link, as in nvso. Each link is accepted when it follows from the numbers as
written just before it (a slip carried on faithfully) *or* from the recomputed numbers (what the details,
or the written base and count, add up to). It is reported only when it matches neither, and the message
quotes the recomputed value, so one slip is reported once, at the field where it was made.
"""

from rules.five_player.codes import violation
from rules.five_player.options import hand_cap
from rules.violations import Violation
from rules.words import either, points, sentence, team_name

from ..language import _


def check_arithmetic(n: int, side: str, line: dict, recomputed: int | None, carried: int, running: int,
                     out: list[Violation]) -> tuple[int, int]:
    """Total and running total of one player's line. `recomputed` is the total the line should have (None
    when nothing says); `carried` is the running total as written before this hand, `running` the
    recomputed one. Returns both after this hand."""
    written_sum = line["base"] + line["count"]
    total = line["total"]
    if total is not None and total != written_sum and recomputed is not None and total != recomputed:
        out.append(violation("total-mismatch", n, side, "total", sentence(n, side, _(
            "the total should be %(expected)s, the base plus the count, not %(written)s.") % {
            "expected": points(recomputed), "written": points(total)})))
    as_written = carried + (written_sum if total is None else total)
    running_after = None if recomputed is None else running + recomputed
    cumulative = line["cumulative"]
    if cumulative is None:
        carried_after = as_written
    else:
        carried_after = cumulative
        if cumulative != as_written and cumulative != running_after:
            if running_after is not None:
                out.append(_cumulative_mismatch(n, side, cumulative, running, recomputed))
            elif total is not None:
                out.append(_cumulative_mismatch(n, side, cumulative, carried, total))
    return carried_after, carried_after if running_after is None else running_after


def _cumulative_mismatch(n: int, side: str, written: int, before: int, this_hand: int) -> Violation:
    expected = before + this_hand
    if n == 1:
        text = _("the running total after the first hand is that hand's total, %(expected)s, not %(written)s.")
    else:
        text = _("the running total should be %(expected)s (%(before)s before this hand plus %(this_hand)s), not "
                 "%(written)s.")
    return violation("cumulative-mismatch", n, side, "cumulative", sentence(n, side, text % {
        "expected": points(expected), "before": points(before), "this_hand": points(this_hand),
        "written": points(written)}))


def check_credited(n: int, side: str, partner: str, written: int, as_written: int, own: int, mate: int,
                   out: list[Violation]) -> None:
    """The credited figure is the player's running total plus the partner's: as written (`as_written`,
    the two written running totals added) or as recomputed (`own` plus `mate`, which the message quotes)."""
    if written == as_written or written == own + mate:
        return
    out.append(violation("credited-mismatch", n, side, "credited", sentence(n, side, _(
        "the credited score should be %(expected)s (%(own)s of this player's own plus %(mate)s of %(partner)s, "
        "the partner), not %(written)s.") % {"expected": points(own + mate), "own": points(own),
                                             "mate": points(mate), "partner": team_name(partner),
                                             "written": points(written)})))


def check_final(final: dict, scores: dict, credited: bool, out: list[Violation]) -> None:
    """The written final of each player against the reading's score after the last hand. `scores` holds,
    per side, every value the final may follow (as written, as recomputed); the first is quoted."""
    for side, accepted in scores.items():
        if final[side] not in accepted:
            text = (_("The final for %(side)s should be %(expected)s, the credited score after the last hand, not "
                      "%(written)s.") if credited else
                    _("The final for %(side)s should be %(expected)s, the own running total after the last hand, "
                      "not %(written)s."))
            out.append(violation("final-mismatch", None, side, "final", text % {
                "side": team_name(side), "expected": points(accepted[0]), "written": points(final[side])}))


def leader(scores: dict) -> str | None:
    """The side with the highest score, `tie` when two or more share it, None with no sides."""
    if not scores:
        return None
    best = max(scores.values())
    top = [side for side, value in scores.items() if value == best]
    return top[0] if len(top) == 1 else "tie"


def check_winner(written: str | None, computed: dict, others: list[dict], out: list[Violation],
                 proven: dict | None = None) -> None:
    """The player with the highest final wins; a tie is the director's to resolve. A written winner that
    leads by any of the other readings of the scores (`others`: as written, as recomputed) is not
    reported: a slip there is reported where it was made. Nor is a tie of the written bases and counts
    that the scores the rules recompute (`proven`) do not have: it comes of a slip already reported."""
    winner = leader(computed)
    if winner is None:
        return
    if winner == "tie":
        if proven is not None and leader(proven) != "tie":
            return
        best = max(computed.values())
        tied = [team_name(side) for side, value in computed.items() if value == best]
        said = {"points": points(best), "names": either(tied, "and")}
        if written not in (None, "tie"):
            text = _("The game ended in a tie at %(points)s between %(names)s, which the event director resolves; "
                     "the sheet names %(side)s, so check that the director decided so.")
            said["side"] = team_name(written)
        else:
            text = _("The game ended in a tie at %(points)s between %(names)s, which the event director resolves.")
        out.append(violation("tie-for-director", None, None, "winner", text % said))
        return
    if written is None or written == winner or any(written == leader(scores) for scores in others):
        return
    said = {"winner": team_name(winner), "points": points(computed[winner])}
    if written == "tie":
        text = _("The winner is %(winner)s with %(points)s, the highest final, not a tie as written.")
    else:
        text = _("The winner is %(winner)s with %(points)s, the highest final, not %(written)s as written.")
        said["written"] = team_name(written)
    out.append(violation("winner-mismatch", None, None, "winner", text % said))


def check_game_length(count: int, sides: tuple, proven: list[list], written: list[list], options,
                      out: list[Violation]) -> None:
    """At least one hand; none after a player reached the target. After each hand, `proven` holds the
    scores (by the reading, in seating order) the rules can prove (None where a slip already reported
    leaves one unknown) and `written` those the sheet carries; a hand is too many only when both say the
    target was reached."""
    if count == 0:
        out.append(violation("no-hands", None, None, "hands",
                             _("The sheet has no hands; a game needs at least one hand.")))
        return
    target = options.target_score
    for index in range(1, count):
        if max(written[index - 1]) < target:
            continue
        reached = {side: value for side, value in zip(sides, proven[index - 1], strict=True)
                   if value is not None and value >= target}
        if not reached:
            continue
        side = max(reached, key=reached.get)
        text = (_("the game was over after hand %(hand)s, when the credited score of %(side)s reached "
                  "%(reached)s of the %(target)s needed, so no more hands are played.") if options.credited else
                _("the game was over after hand %(hand)s, when the score of %(side)s reached %(reached)s of the "
                  "%(target)s needed, so no more hands are played."))
        out.append(violation("hand-after-target", index + 1, None, "hands", sentence(index + 1, None, text % {
            "hand": index, "side": team_name(side), "reached": points(reached[side]), "target": points(target)})))
        return


def check_target_reached(computed: dict, written: list, options, out: list[Violation]) -> None:
    """With `play_to_target`, the game goes on until a player reaches the target (the source's own end):
    by the scores as computed, or as the sheet carries them after the last hand (`written`)."""
    target = options.target_score
    best = max(computed.values())
    if best >= target or max(written) >= target:
        return
    text = (_("The game ended before anyone reached %(target)s: the highest credited score is %(best)s, and this "
              "game is played until a player reaches the target.") if options.credited else
            _("The game ended before anyone reached %(target)s: the highest score is %(best)s, and this game is "
              "played until a player reaches the target."))
    out.append(violation("game-not-finished", None, None, "hands", text % {
        "target": points(target), "best": points(best)}))


def too_many_hands(count_over: int, options) -> Violation:
    """The one violation for a sheet with hands beyond the ceiling: they were not read, none is checked."""
    cap = hand_cap(options)
    written = cap + count_over
    if written == cap + 1:
        text = _("a sheet can list at most %(cap)s hands, so this hand should not be on the sheet.")
    else:
        text = _("a sheet can list at most %(cap)s hands, so hands %(first)s to %(last)s should not be on the "
                 "sheet; the hands were not checked.")
    text %= {"cap": points(cap), "first": points(cap + 1), "last": points(written)}
    return violation("too-many-hands", cap + 1, None, "hands", sentence(cap + 1, None, text))
