"""The running arithmetic of an @2 sheet whose lines hold base, count, total and cumulative, for any
number of sides: each line's total and running total, no hand after the game was over, the final totals
and the winner; `check_game` runs them, in that order, around a game's own hand-by-hand loop, and
`base_not_itemised` is the note for a line of base and count alone. The Deck 21 games (canasta21,
fibonacci21, fibonacci21_solitaire) and crazy_canasta share it (nvso its running-total message); a game
whose hands are called deals passes `unit="deal"` and its messages say so.

As in the nvso rule set (rules/nvso/checks_game.py), each link is accepted when it follows from the
numbers as written just before it (a slip carried on faithfully) *or* from the recomputed ones (what the
details, or the written base and count, add up to); it is reported only when it matches neither, and the
message quotes the recomputed value. So one slip is reported once, where it was made.

`say(code, hand, side, field, text)` builds a game's violation (its codes module names the rule), so the
games share these checks and still cite their own sections.
"""

from rules.language import _
from rules.words import either, points, sentence, team_name


def check_line(n: int, side: str, line: dict, recomputed: int | None, parts, carried: int, running: int,
               say, out: list, unit: str = "hand") -> tuple[int, int]:
    """Total and running total of one line. `recomputed` is the total the line should have (None when a
    number it rests on was reported impossible), `parts` the base and count behind it, for the message (or
    a function that works them out, for a game that finds them dear and needs them only then); `carried`
    and `running` are the side's running totals before this hand as written and as recomputed.
    Returns both after this hand."""
    total = line["total"]
    written_sum = line["base"] + line["count"]
    if total is None:
        total = written_sum
    elif total != written_sum and recomputed is not None and total != recomputed:
        if callable(parts):
            parts = parts()
        out.append(say("total-mismatch", n, side, "total", sentence(
            n, side, _("the total should be %(total)s (base %(base)s plus count %(count)s), not %(written)s.")
            % {"total": points(recomputed), "base": points(parts[0]), "count": points(parts[1]),
               "written": points(total)})))
    as_written = carried + total
    cumulative = line["cumulative"]
    if recomputed is None:  # the recomputed running total continues from the written one
        if cumulative is None:
            return as_written, as_written
        if cumulative != as_written and line["total"] is not None:
            out.append(cumulative_mismatch(n, side, cumulative, carried, total, say, unit))
        return cumulative, cumulative
    running_after = running + recomputed
    if cumulative is None:
        return as_written, running_after
    if cumulative != as_written and cumulative != running_after:
        out.append(cumulative_mismatch(n, side, cumulative, running, recomputed, say, unit))
    return cumulative, running_after


def cumulative_mismatch(n: int, side: str, written: int, before: int, this_hand: int, say, unit: str = "hand"):
    """A written running total that is neither reading: the message quotes `before` plus `this_hand`.
    (nvso's @1 check words it the same, so it asks here too.)"""
    expected = before + this_hand
    numbers = {"expected": points(expected), "written": points(written), "before": points(before),
               "this": points(this_hand)}
    if n == 1:
        text = (_("the running total after the first deal is that deal's total, %(expected)s, not %(written)s.")
                if unit == "deal" else
                _("the running total after the first hand is that hand's total, %(expected)s, not %(written)s."))
    else:
        text = (_("the running total should be %(expected)s (%(before)s before this deal plus %(this)s), not "
                  "%(written)s.") if unit == "deal" else
                _("the running total should be %(expected)s (%(before)s before this hand plus %(this)s), not "
                  "%(written)s."))
    text %= numbers
    return say("cumulative-mismatch", n, side, "cumulative", sentence(n, side, text))


def check_no_hands(sheet, say, out: list) -> bool:
    """A game has at least one hand; whether it has."""
    if sheet.hands:
        return True
    out.append(say("no-hands", None, None, "hands", _("The sheet has no hands; a game needs at least one hand.")))
    return False


def reached(sides: tuple, carried: dict, running: dict, target: int | None) -> str | None:
    """The first side whose running total, as written and as recomputed, has reached the target (so a slip
    in a running total is not reported again as the game's end), or None."""
    if target is not None:
        for side in sides:
            if carried[side] >= target and running[side] >= target:
                return side
    return None


def hand_after_target(n: int, side: str, score: int, target: int, say):
    """Hand `n` was played after `side` reached the target with `score` in the hand before."""
    return say("hand-after-target", n, None, "hands", sentence(
        n, None, _("the game was over after hand %(hand)s, when %(side)s reached %(score)s of the %(target)s "
                   "needed, so no more hands are played.") % {"hand": n - 1, "side": team_name(side),
                                                               "score": points(score), "target": points(target)}))


def check_final(sheet, carried: dict, running: dict, say, out: list, unit: str = "hand") -> None:
    """The written final totals against the running totals after the last hand (as written or
    recomputed; the message quotes the recomputed one)."""
    if sheet.final is None:
        return
    for side in sheet.sides:
        written, expected = sheet.final[side], running[side]
        if written != expected and written != carried[side]:
            numbers = {"side": team_name(side), "expected": points(expected), "written": points(written)}
            out.append(say("final-mismatch", None, side, "final", (
                _("The final total for %(side)s should be %(expected)s, the running total after the last deal, "
                  "not %(written)s.") if unit == "deal" else
                _("The final total for %(side)s should be %(expected)s, the running total after the last hand, "
                  "not %(written)s.")) % numbers))


def leader(totals: dict) -> str:
    """The side with the most points, or "tie". (The solitaire, where fewer is better, words its own
    winner: `RunningTotals(fewest_wins=True)`.)"""
    best = max(totals.values())
    top = [side for side, value in totals.items() if value == best]
    return top[0] if len(top) == 1 else "tie"


def check_winner(sheet, running: dict, carried: dict, say, out: list) -> None:
    """The side with the best final total wins; a tie is the director's to resolve. A written winner that
    follows the totals as written (final, or running) or as recomputed is not reported: a slip there is
    reported where it was made."""
    if not sheet.hands:
        return
    computed = leader(running)
    if computed == "tie":
        best = max(running.values())
        if sheet.winner not in (None, "tie"):
            text = _("The game ended in a tie at %(score)s, which the event director resolves; the sheet names "
                     "%(side)s, so check that the director decided so.") % {
                "score": points(best), "side": team_name(sheet.winner)}
        else:
            text = _("The game ended in a tie at %(score)s, which the event director resolves.") % {
                "score": points(best)}
        out.append(say("tie-for-director", None, None, "winner", text))
        return
    if sheet.winner is None or sheet.winner == computed:
        return
    readings = [carried] + ([sheet.final] if sheet.final is not None else [])
    if any(sheet.winner == leader(totals) for totals in readings):
        return
    numbers = {"side": team_name(computed), "score": points(running[computed])}
    if sheet.winner == "tie":
        text = _("The winner is %(side)s with the most points, %(score)s, not a tie as written.")
    else:
        numbers["written"] = team_name(sheet.winner)
        text = _("The winner is %(side)s with the most points, %(score)s, not %(written)s as written.")
    out.append(say("winner-mismatch", None, None, "winner", text % numbers))


def too_many_hands(sheet, ceiling: int, say):
    """The one violation of a sheet with hands beyond the `ceiling` a sheet may list: the parser did not
    read them and no hand is checked, so a sheet of any length costs no more than one at the ceiling."""
    written, n = ceiling + sheet.hands_over_cap, ceiling + 1
    numbers = {"ceiling": points(ceiling), "first": points(n), "last": points(written)}
    text = (_("a sheet can list at most %(ceiling)s hands, so hand %(first)s should not be on it; the hands were "
              "not checked.") if written == n else
            _("a sheet can list at most %(ceiling)s hands, so hands %(first)s to %(last)s should not be on it; the "
              "hands were not checked."))
    return say("too-many-hands", n, None, "hands", sentence(n, None, text % numbers))


def base_not_itemised(n: int, sides: list, of: int, say, side_word: str, groups: str):
    """The `info` note for a hand where some of the `of` sides wrote only base and count: the arithmetic is
    checked, and that the numbers are possible, but not the `groups` (canastas, sets) behind them.
    `side_word` is what the game calls a side ("side", "player"), for the note about every one."""
    side = sides[0] if len(sides) == 1 else None
    # `groups` and `side_word` are the game's words: those of the games today are marked here
    numbers = {"groups": {"canastas": _("canastas"), "sets": _("sets")}.get(groups) or _(groups),
               "sides": either([team_name(s) for s in sides], "and")}
    if side:
        text = _("only base and count are written, so the checks confirm the arithmetic and that the numbers "
                 "are possible, but not the %(groups)s, going out and cards behind them.")
    elif len(sides) != of:
        text = _("only base and count are written for %(sides)s, so the checks confirm the arithmetic and that "
                 "the numbers are possible, but not the %(groups)s, going out and cards behind them.")
    elif side_word == "player":
        text = _("only base and count are written for every player, so the checks confirm the arithmetic and "
                 "that the numbers are possible, but not the %(groups)s, going out and cards behind them.")
    elif side_word == "side":
        text = _("only base and count are written for every side, so the checks confirm the arithmetic and that "
                 "the numbers are possible, but not the %(groups)s, going out and cards behind them.")
    else:
        text = _("only base and count are written for every %(side_word)s, so the checks confirm the arithmetic "
                 "and that the numbers are possible, but not the %(groups)s, going out and cards behind them.")
        numbers["side_word"] = _(side_word)
    return say("base-not-itemised", n, side, "details", sentence(n, side, text % numbers))


def check_game(sheet, ceiling: int, say, check_hands, check_sides=None) -> list:
    """The checks of a game of base and count around its own hand-by-hand loop, in the order every such
    game runs them: a sheet beyond the `ceiling` is that one violation and no other; then `check_sides`
    (when the game has checks of its sides alone), at least one hand, `check_hands(sheet, options, out)`
    (which returns the running totals as written and as recomputed), the final totals and the winner.
    Returns the violations hand by hand."""
    if sheet.hands_over_cap:
        return [too_many_hands(sheet, ceiling, say)]
    out: list = []
    if check_sides is not None:
        check_sides(sheet.sides, sheet.options, out)
    if check_no_hands(sheet, say, out):
        carried, running = check_hands(sheet, sheet.options, out)
        check_final(sheet, carried, running, say, out)
        check_winner(sheet, running, carried, say, out)
    if out:
        out.sort(key=hand_order)
    return out


def hand_order(violation) -> int:
    """Violations hand by hand; those about the sheet as a whole come last (a stable sort keeps the rest)."""
    return violation.hand if violation.hand is not None else 1_000_000
