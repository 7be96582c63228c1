"""Checks of one player's line in one round: the base against the bonuses, the count against the cards,
the six sets and what going out requires of that player alone. As in canasta21 (whose shape this
follows), each check tells the caller the total the line should have, or None when a number it rests on
was reported impossible, so one slip is reported once.
"""

from rules.fibonacci21 import scoring
from rules.fibonacci21.codes import violation
from rules.words import either, points, sentence

from ..language import _, ngettext


def check_written_line(n: int, side: str, line: dict, options, out: list) -> tuple[int | None, tuple]:
    """A line of base and count only: the total they make (None when one is impossible), and the parts."""
    base, count = line["base"], line["count"]
    ok = True
    if base not in options.achievable_bases:
        ok = False
        if not options.bonuses:
            text = _("a base of %(base)s is impossible; with the cards only scoring, there are no bonuses.")
        elif base % 50 or base < 0:
            text = _("a base of %(base)s is impossible; every bonus is a positive multiple of 50.")
        else:
            text = _("a base of %(base)s is impossible; no mix of closed sets and going out makes it with "
                     "%(wilds)s wild cards in play.")
        out.append(violation("base-impossible", n, side, "base", sentence(n, side, text % {
            "base": points(base), "wilds": options.deck.wilds})))
    return (base + count if _count_possible(n, side, count, options, out) and ok else None), (base, count)


def _count_possible(n: int, side: str, count: int, options, out: list) -> bool:
    most, least = options.most_count, -options.deck.most_points
    if least <= count <= most:
        return True
    if count > most:
        text = _("a count of %(count)s is impossible; six closed sets hold at most %(most)s in card points.")
    else:
        text = _("a count of %(count)s is impossible; all the cards of the decks are worth at most %(most)s.")
    out.append(violation("count-impossible", n, side, "count", sentence(n, side, text % {
        "count": points(count), "most": points(most if count > most else -least)})))
    return False


def check_detailed_line(n: int, side: str, line: dict, options, out: list) -> tuple[int | None, tuple]:
    """Base from the details, the six sets, going out, the closed sets' card points and the count. The
    total the details give (None when the count is not known), and its parts."""
    d = line["details"]
    pure, mixed = d["pure_sets"], d["mixed_sets"]
    sets = pure + mixed
    if sets > scoring.SETS:
        out.append(violation("sets-exceed-six", n, side, "details", sentence(n, side, _(
            "a player has one set for each base card 2, 3, 5, 8 and 13 and one of card 21, so at most six, not "
            "%(sets)s.") % {"sets": sets})))
    expected_base = scoring.base(d, options.bonuses)
    if line["base"] != expected_base:
        out.append(_base_mismatch(n, side, line["base"], expected_base, d, options))
    closed, table, hand = d["closed_points"], d["table_points"], d["hand_points"]
    if d["went_out"]:
        _check_going_out(n, side, sets, table, hand, out)
    if closed is not None:
        low, high = scoring.closed_points_range(sets, mixed, options.deck.wilds)
        if not low <= closed <= high:
            _closed_points_impossible(n, side, sets, closed, low, high, out)
    written = line["count"]
    count = None
    # None throughout: the points were not counted separately. Closed sets and no closed points written:
    # what the sets are worth is not known. A points field not written beside others is 0.
    if (closed is not None or table is not None or hand is not None) and (closed is not None or not sets):
        count = (closed or 0) - (hand or 0) - ((table or 0) if options.open_against else 0)
    if count is None:
        ok = _count_possible(n, side, written, options, out)
        if ok and sets == 0 and written > 0:
            out.append(violation("count-positive-without-set", n, side, "count", sentence(n, side, _(
                "with no closed set no card counts for the player, so a count of %(count)s is impossible.") % {
                "count": points(written)})))
            ok = False
        if not ok:
            return None, (expected_base, written)
        count = written
    elif written != count:
        out.append(_count_mismatch(n, side, written, count, d, options))
    return expected_base + count, (expected_base, count)


def _base_mismatch(n: int, side: str, written: int, expected: int, d: dict, options):
    parts = scoring.breakdown(d) if options.bonuses else []
    if parts:
        text = _("the base should be %(expected)s (%(parts)s), not %(written)s.")
    elif options.bonuses:
        text = _("the details record no bonus, so the base should be 0, not %(written)s.")
    else:
        text = _("with the cards only scoring there are no bonuses, so the base should be 0, not %(written)s.")
    text %= {"expected": points(expected), "parts": either(parts, "and"), "written": points(written)}
    return violation("base-mismatch", n, side, "base", sentence(n, side, text))


def _check_going_out(n: int, side: str, sets: int, table: int, hand: int, out: list) -> None:
    """"A player who has completed and closed all six sets ... must discard one card on each successive
    turn until all the surplus cards are discarded. The player is then said to have gone out"."""
    if sets < scoring.SETS:
        out.append(violation("went-out-without-six-sets", n, side, "details.went_out", sentence(n, side, _(
            "going out needs all six sets closed, and the player has %(sets)s.") % {"sets": sets})))
    if table:
        out.append(violation("went-out-with-cards", n, side, "details.table_points", sentence(n, side, _(
            "the player who went out has no cards left in open sets, so these cannot be worth %(points)s.") % {
            "points": points(table)})))
    if hand:
        out.append(violation("went-out-with-cards", n, side, "details.hand_points", sentence(n, side, _(
            "the player who went out has no cards left in hand, so these cannot be worth %(points)s.") % {
            "points": points(hand)})))


def _closed_points_impossible(n: int, side: str, sets: int, closed: int, low: int, high: int, out: list) -> None:
    if sets == 0:
        text = _("with no closed set there are no closed sets' card points, so not %(written)s.")
    else:
        text = ngettext("%(sets)s closed set of this kind holds between %(low)s and %(high)s in card points, not "
                        "%(written)s.",
                        "%(sets)s closed sets of these kinds hold between %(low)s and %(high)s in card points, not "
                        "%(written)s.", sets)
    text %= {"sets": sets, "low": points(low), "high": points(high), "written": points(closed)}
    out.append(violation("closed-points-impossible", n, side, "details.closed_points", sentence(n, side, text)))


def _count_mismatch(n: int, side: str, written: int, expected: int, d: dict, options):
    if options.open_against:
        text = _("the count should be %(expected)s (%(closed)s in closed sets less %(table)s in open sets and "
                 "%(hand)s in hand), not %(written)s.")
    else:
        text = _("the count should be %(expected)s (%(closed)s in closed sets less %(hand)s in hand; open sets "
                 "count for nothing), not %(written)s.")
    return violation("count-mismatch", n, side, "count", sentence(n, side, text % {
        "expected": points(expected), "closed": points(d["closed_points"] or 0),
        "table": points(d["table_points"] or 0), "hand": points(d["hand_points"] or 0),
        "written": points(written)}))
