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

from ..language import _, ngettext


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
        text = _("a base of %(base)s is impossible; the bonuses are never negative; cards against a side go in "
                 "its count.")
    elif base % 50:
        text = _("a base of %(base)s is impossible; every bonus is a multiple of 50.")
    elif base > highest:
        text = _("a base of %(base)s is impossible; no side scores more than %(highest)s in bonuses in one hand.")
    else:
        text = _("a base of %(base)s is impossible; no mix of closed canastas, going out and its bonuses makes "
                 "it with %(wilds)s wild cards in play.")
    out.append(violation("base-impossible", n, side, "base", sentence(n, side, text % {
        "base": points(base), "highest": points(highest), "wilds": options.deck.wilds})))
    return False


def _count_possible(n: int, side: str, count: int, options, out: list) -> bool:
    most, least = options.most_count, options.least_count
    if least <= count <= most:
        return True
    if count > most and not options.counts_closed:
        text = _("a count of %(count)s is impossible; with closed canastas scoring their bonus only, cards only "
                 "count against a side.")
    elif count > most:
        text = _("a count of %(count)s is impossible; five closed canastas hold at most %(most)s in card points.")
    else:
        text = _("a count of %(count)s is impossible; all the cards of the decks are worth at most %(most)s.")
    out.append(violation("count-impossible", n, side, "count", sentence(n, side, text % {
        "count": points(count), "most": points(most if count > most else -least)})))
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
        out.append(violation("canastas-exceed-line-up", n, side, "details", sentence(n, side, _(
            "a line-up holds one canasta for each of the numbers 2, 3, 5, 8 and 13, so at most five, not "
            "%(closed)s.") % {"closed": closed})))
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
            out.append(violation("count-positive-without-canasta", n, side, "count", sentence(n, side, _(
                "with no closed canasta every card counts against the side, so a count of %(count)s is "
                "impossible.") % {"count": points(written)})))
            ok = False
        if not ok:
            return None, (expected_base, written)
        count = written
    elif written != count:
        out.append(_count_mismatch(n, side, written, count, d, options))
    return expected_base + count, (expected_base, count)


def _bonus_without_going_out(n: int, side: str, d: dict, out: list) -> None:
    if d["concealed"]:
        out.append(violation("bonus-without-going-out", n, side, "details.concealed", sentence(n, side, _(
            "the side did not go out, so it cannot score the bonus for going out concealed."))))
    if d["bigollo"]:
        out.append(violation("bonus-without-going-out", n, side, "details.bigollo", sentence(n, side, _(
            "the side did not go out, so it cannot score the bonus for a Bigollo!."))))


def _base_mismatch(n: int, side: str, written: int, expected: int, d: dict):
    parts = scoring.breakdown(d)
    if parts:
        text = _("the base should be %(expected)s (%(parts)s), not %(written)s.") % {
            "expected": points(expected), "parts": either(parts, "and"), "written": points(written)}
    else:
        text = _("the details record no bonus, so the base should be 0, not %(written)s.") % {
            "written": points(written)}
    return violation("base-mismatch", n, side, "base", sentence(n, side, text))


def _check_going_out(n: int, side: str, d: dict, closed: int, options, out: list) -> None:
    """Going out (i) all five canastas closed, (ii) a card 21, (iii) no surplus cards; two of the five
    started by a base card (Melds and Canastas); Bigollo! is five started by base cards."""
    if closed < scoring.LINE_UP:
        out.append(violation("went-out-without-five-canastas", n, side, "details.went_out", sentence(n, side, _(
            "going out needs all five canastas closed, and the side has %(closed)s.") % {"closed": closed})))
    based = scoring.base_canastas(d)
    if based < scoring.BASE_CANASTAS_TO_GO_OUT:
        text = (_("going out needs two canastas started by a base card, and the side has none.") if based == 0
                else _("going out needs two canastas started by a base card, and the side has only one."))
        out.append(violation("went-out-without-two-base-canastas", n, side, "details.went_out",
                             sentence(n, side, text)))
    if d["cards_21"] < 1:
        out.append(violation("went-out-without-card-21", n, side, "details.cards_21", sentence(n, side, _(
            "going out needs at least one card 21 collected, and the side records none."))))
    fields = ("table_points",) if options.partnerships else ("table_points", "hand_points")
    for name in fields:
        if d[name]:
            text = (_("the player who went out has no cards left in open sets, so these cannot be worth "
                      "%(points)s.") if name == "table_points" else
                    _("the player who went out has no cards left in hand, so these cannot be worth %(points)s."))
            out.append(violation("went-out-with-cards", n, side, f"details.{name}", sentence(
                n, side, text % {"points": points(d[name])})))
    if d["bigollo"] and based < scoring.LINE_UP:
        out.append(violation("bigollo-without-five-base-canastas", n, side, "details.bigollo", sentence(n, side, _(
            "a Bigollo! is going out with all five canastas started by a base card, and the side has "
            "%(based)s.") % {"based": based})))
    elif not d["bigollo"] and based == scoring.LINE_UP:
        out.append(violation("bigollo-unclaimed", n, side, "details.bigollo", sentence(n, side, _(
            "the side went out with five canastas started by a base card, a Bigollo!, but its 200 bonus is not "
            "recorded; check that the player did not claim it."))))


def _closed_points_impossible(n: int, side: str, d: dict, closed: int, options, out: list) -> None:
    low, high = scoring.closed_points_range(d, options.deck.wilds)
    written = d["closed_points"]
    if closed == 0:
        text = _("with no closed canasta there are no closed canastas' card points, so not %(written)s.")
    else:
        text = ngettext("%(closed)s closed canasta of this kind holds between %(low)s and %(high)s in card points, "
                        "not %(written)s.",
                        "%(closed)s closed canastas of these kinds hold between %(low)s and %(high)s in card "
                        "points, not %(written)s.", closed)
    text %= {"closed": closed, "low": points(low), "high": points(high), "written": points(written)}
    out.append(violation("closed-points-impossible", n, side, "details.closed_points", sentence(n, side, text)))


def _count_mismatch(n: int, side: str, written: int, expected: int, d: dict, options):
    if options.counts_closed:
        text = _("the count should be %(expected)s (%(closed)s in closed canastas less %(table)s in open sets and "
                 "%(hand)s in hand), not %(written)s.")
    else:
        text = _("the count should be %(expected)s (closed canastas score their bonus only; %(table)s in open "
                 "sets and %(hand)s in hand count against), not %(written)s.")
    return violation("count-mismatch", n, side, "count", sentence(n, side, text % {
        "expected": points(expected), "closed": points(d["closed_points"] or 0),
        "table": points(d["table_points"] or 0), "hand": points(d["hand_points"] or 0),
        "written": points(written)}))
