"""Checks of one side's line in one hand: its base against the bonuses, its count against the cards,
and what going out, going out concealed and Bigollo! require of that side alone.

With details, the base must be exactly the bonuses they record, and the count what the card points give.
Without details, only what base and count alone can prove: the base is one the bonuses can make and the
count one the cards can (the caller adds an `info` note saying so).

Each check tells the caller the total the line should have, or None when a number it rests on was just
reported impossible and nothing says what it should be: then the total is not checked against it, so one
slip is not reported a second time with a made-up fix.
"""

from rules.canasta21 import scoring
from rules.canasta21.codes import violation
from rules.words import either, points, sentence


def check_written_line(n: int, side: str, line: dict, options, out: list) -> tuple[int | None, tuple]:
    """A line of base and count only. The total they make (None when one is impossible), and the parts."""
    base, count = line["base"], line["count"]
    ok = _base_possible(n, side, base, options, out)
    ok = _count_possible(n, side, count, options, out) and ok
    return (base + count if ok else None), (base, count)


def _base_possible(n: int, side: str, base: int, options, out: list) -> bool:
    if base in options.achievable_bases:
        return True
    highest = max(scoring.achievable_bases(options.deck.wilds))
    if base < 0:
        reason = "the bonuses are never negative; cards against a side go in its count"
    elif base % 50:
        reason = "every bonus is a multiple of 50"
    elif base > highest:
        reason = f"no side scores more than {points(highest)} in bonuses in one hand"
    else:
        reason = (f"no mix of closed canastas, going out and its bonuses makes it with {options.deck.wilds} "
                  "wild cards in play")
    out.append(violation("base-impossible", n, side, "base", sentence(
        n, side, f"a base of {points(base)} is impossible; {reason}.")))
    return False


def _count_possible(n: int, side: str, count: int, options, out: list) -> bool:
    most, least = options.most_count, options.least_count
    if least <= count <= most:
        return True
    if count > most and not options.counts_closed:
        reason = "with closed canastas scoring their bonus only, cards only count against a side"
    elif count > most:
        reason = f"five closed canastas hold at most {points(most)} in card points"
    else:
        reason = f"all the cards of the decks are worth at most {points(-least)}"
    out.append(violation("count-impossible", n, side, "count", sentence(
        n, side, f"a count of {points(count)} is impossible; {reason}.")))
    return False


def check_detailed_line(n: int, side: str, line: dict, options, out: list) -> tuple[int | None, tuple]:
    """Base from the details, the canastas of the line-up, going out and its bonuses, the closed canastas'
    card points and the count. The total the details give (None when the count is not known), and its
    parts. (scoring.py's formulas, inlined on the path every valid line takes: this runs for each line of
    tens of thousands of sheets a second.)"""
    d = line["details"]
    pb, mb, ps, ms = (d["pure_base_canastas"], d["mixed_base_canastas"], d["pure_standard_canastas"],
                      d["mixed_standard_canastas"])
    closed = pb + mb + ps + ms
    if closed > scoring.LINE_UP:
        out.append(violation("canastas-exceed-line-up", n, side, "details", sentence(
            n, side, f"a line-up holds one canasta for each of the numbers 2, 3, 5, 8 and 13, so at most "
                     f"five, not {closed}.")))
    went_out = d["went_out"]
    expected_base = (scoring.PURE_BASE * pb + scoring.MIXED_BASE * mb + scoring.PURE_STANDARD * ps
                     + scoring.MIXED_STANDARD * ms + scoring.GOING_OUT * went_out
                     + scoring.CONCEALED * d["concealed"] + scoring.BIGOLLO * d["bigollo"])
    if line["base"] != expected_base:
        out.append(_base_mismatch(n, side, line["base"], expected_base, d))
    if went_out:
        _check_going_out(n, side, d, closed, options, out)
    elif d["concealed"] or d["bigollo"]:
        _bonus_without_going_out(n, side, d, out)
    closed_points = d["closed_points"]
    if closed_points is not None:
        mixed = mb + ms
        if not (scoring.CANASTA_SUM * closed + scoring.LEAST_WILD_EXTRA * mixed <= closed_points
                <= scoring.MOST_CLOSED * closed + (options.most_wild_extra if mixed else 0)):
            _closed_points_impossible(n, side, d, closed, options, out)
    written = line["count"]
    count = scoring.count(d, options.counts_closed)
    if count is None:
        ok = _count_possible(n, side, written, options, out)
        if ok and closed == 0 and written > 0:
            out.append(violation("count-positive-without-canasta", n, side, "count", sentence(
                n, side, f"with no closed canasta every card counts against the side, so a count of "
                         f"{points(written)} is impossible.")))
            ok = False
        if not ok:
            return None, (expected_base, written)
        count = written
    elif written != count:
        out.append(_count_mismatch(n, side, written, count, d, options))
    return expected_base + count, (expected_base, count)


def _bonus_without_going_out(n: int, side: str, d: dict, out: list) -> None:
    for name, words in (("concealed", "going out concealed"), ("bigollo", "a Bigollo!")):
        if d[name]:
            out.append(violation("bonus-without-going-out", n, side, f"details.{name}", sentence(
                n, side, f"the side did not go out, so it cannot score the bonus for {words}.")))


def _base_mismatch(n: int, side: str, written: int, expected: int, d: dict):
    parts = scoring.breakdown(d)
    if parts:
        text = f"the base should be {points(expected)} ({either(parts, 'and')}), not {points(written)}."
    else:
        text = f"the details record no bonus, so the base should be 0, not {points(written)}."
    return violation("base-mismatch", n, side, "base", sentence(n, side, text))


def _check_going_out(n: int, side: str, d: dict, closed: int, options, out: list) -> None:
    """Going out (i) all five canastas closed, (ii) a card 21, (iii) no surplus cards; two of the five
    started by a base card (Melds and Canastas); Bigollo! is five started by base cards."""
    if closed < scoring.LINE_UP:
        out.append(violation("went-out-without-five-canastas", n, side, "details.went_out", sentence(
            n, side, f"going out needs all five canastas closed, and the side has {closed}.")))
    based = scoring.base_canastas(d)
    if based < scoring.BASE_CANASTAS_TO_GO_OUT:
        have = "none" if based == 0 else "only one"
        out.append(violation("went-out-without-two-base-canastas", n, side, "details.went_out", sentence(
            n, side, f"going out needs two canastas started by a base card, and the side has {have}.")))
    if d["cards_21"] < 1:
        out.append(violation("went-out-without-card-21", n, side, "details.cards_21", sentence(
            n, side, "going out needs at least one card 21 collected, and the side records none.")))
    fields = ("table_points",) if options.partnerships else ("table_points", "hand_points")
    for name in fields:
        if d[name]:
            where = "in open sets" if name == "table_points" else "in hand"
            out.append(violation("went-out-with-cards", n, side, f"details.{name}", sentence(
                n, side, f"the player who went out has no cards left {where}, so these cannot be worth "
                         f"{points(d[name])}.")))
    if d["bigollo"] and based < scoring.LINE_UP:
        out.append(violation("bigollo-without-five-base-canastas", n, side, "details.bigollo", sentence(
            n, side, f"a Bigollo! is going out with all five canastas started by a base card, and the side "
                     f"has {based}.")))
    elif not d["bigollo"] and based == scoring.LINE_UP:
        out.append(violation("bigollo-unclaimed", n, side, "details.bigollo", sentence(
            n, side, "the side went out with five canastas started by a base card, a Bigollo!, but its 200 "
                     "bonus is not recorded; check that the player did not claim it.")))


def _closed_points_impossible(n: int, side: str, d: dict, closed: int, options, out: list) -> None:
    low, high = scoring.closed_points_range(d, options.deck.wilds)
    written = d["closed_points"]
    if closed == 0:
        text = f"with no closed canasta there are no closed canastas' card points, so not {points(written)}."
    else:
        noun = "canasta of this kind holds" if closed == 1 else "canastas of these kinds hold"
        text = (f"{closed} closed {noun} between {points(low)} and {points(high)} in card "
                f"points, not {points(written)}.")
    out.append(violation("closed-points-impossible", n, side, "details.closed_points", sentence(n, side, text)))


def _count_mismatch(n: int, side: str, written: int, expected: int, d: dict, options):
    table, hand = points(d["table_points"] or 0), points(d["hand_points"] or 0)
    if options.counts_closed:
        why = f"{points(d['closed_points'] or 0)} in closed canastas less {table} in open sets and {hand} in hand"
    else:
        why = f"closed canastas score their bonus only; {table} in open sets and {hand} in hand count against"
    return violation("count-mismatch", n, side, "count", sentence(
        n, side, f"the count should be {points(expected)} ({why}), not {points(written)}."))
