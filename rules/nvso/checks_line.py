"""Checks of one team's line in one hand: its base and count, going out and a special hand.

With details, the base must be exactly what they add up to, and the count what the table and hand points
give. Without details, only what base and count alone can prove: the count is a multiple of 5 and the
base is one the formula can produce at all (the caller adds an `info` note saying so).

Each check also tells the caller what the line's total should be (the "recomputed" total the arithmetic
checks quote), or None when a number it rests on was just reported wrong and nothing says what it should
be: then the total is not checked against it, so one slip is not reported a second time with a made-up fix.
"""

from rules.language import _
from rules.nvso import scoring
from rules.nvso.bases import base_range
from rules.nvso.checks_points import bounds, check_card_points
from rules.nvso.codes import violation
from rules.sheet import Details, TeamLine
from rules.violations import Violation
from rules.words import either, points, sentence

OTHER_DETAIL_WORDS = {  # the order the details are looked at; _detail_words words them
    "red_threes": "red threes",
    "black_threes": "black threes",
    "pure_canastas": "pure canastas",
    "mixed_canastas": "mixed canastas",
    "sevens_canasta": "a sevens canasta",
    "aces_canasta": "an aces canasta",
    "wild_canasta": "a wild canasta",
    "went_out": "going out",
    "incomplete_sevens": "unfinished sevens",
    "incomplete_aces": "unfinished aces",
    "incomplete_wilds": "unfinished wild cards",
    "stuck_aces": "aces stuck in hand",
    "stuck_sevens": "sevens stuck in hand",
    "table_points": "table points",
    "hand_points": "hand points",
}
_EMPTY = Details()


def _detail_words(name: str) -> str:
    """A detail in words, in the messages' language (OTHER_DETAIL_WORDS' words, each marked)."""
    return {"red_threes": _("red threes"), "black_threes": _("black threes"), "pure_canastas": _("pure canastas"),
            "mixed_canastas": _("mixed canastas"), "sevens_canasta": _("a sevens canasta"),
            "aces_canasta": _("an aces canasta"), "wild_canasta": _("a wild canasta"), "went_out": _("going out"),
            "incomplete_sevens": _("unfinished sevens"), "incomplete_aces": _("unfinished aces"),
            "incomplete_wilds": _("unfinished wild cards"), "stuck_aces": _("aces stuck in hand"),
            "stuck_sevens": _("sevens stuck in hand"), "table_points": _("table points"),
            "hand_points": _("hand points")}[name]


def check_count_multiple(n: int, team: str, count: int, out: list[Violation]) -> bool:
    """Whether the count can be right as far as its own value goes (a multiple of 5)."""
    if count % 5:
        out.append(violation("count-not-multiple-of-five", n, team, "count", sentence(
            n, team, _("a count of %(count)s is impossible; every card is worth a multiple of 5.") % {
                "count": points(count)})))
        return False
    return True


def check_base_possible(n: int, team: str, base: int, achievable: frozenset, options, out: list) -> bool:
    """A base written without details must be one the base formula can produce (bases.py); whether it is."""
    if base in achievable:
        return True
    low, high = base_range(options.penalties_in_base, options.flat_wilds_penalty)
    numbers = {"base": points(base)}
    if base % 100:
        text = _("a base of %(base)s is impossible; base points always come in hundreds.") % numbers
    elif base > high:
        text = _("a base of %(base)s is impossible; no team can score more than %(most)s in base in one "
                 "hand.") % {**numbers, "most": points(high)}
    elif base < low:
        text = _("a base of %(base)s is impossible; no team can lose more than %(most)s in base in one "
                 "hand.") % {**numbers, "most": points(-low)}
    else:
        text = _("a base of %(base)s is impossible; no legal mix of threes, canastas, going out, special hands "
                 "and penalties makes it.") % numbers
    out.append(violation("base-impossible", n, team, "base", sentence(n, team, text)))
    return False


def _base_mismatch(n: int, team: str, written: int, expected: int, d: Details, options) -> Violation:
    parts = scoring.breakdown(d, options.penalties_in_base, options.flat_wilds_penalty)
    zeros = scoring.zero_parts(d, options.penalties_in_base)  # recorded, but 0: each says why
    if parts or zeros:
        because = "; ".join(([either([f"{label} {points(value)}" for label, value in parts], "and")] if parts
                             else []) + zeros)
        text = _("the base should be %(expected)s (%(because)s), not %(written)s.") % {
            "expected": points(expected), "because": because, "written": points(written)}
    else:
        text = _("the details record nothing that scores, so the base should be 0, not %(written)s.") % {
            "written": points(written)}
    return violation("base-mismatch", n, team, "base", sentence(n, team, text))


def _first_other_detail(d: Details) -> str | None:
    """The first detail besides the special hand that is set (a special hand scores alone, F)."""
    for name in OTHER_DETAIL_WORDS:
        value = getattr(d, name)
        if value != getattr(_EMPTY, name) and value != 0:  # table and hand points of 0 say nothing
            return name
    return None


def _check_special_hand(n: int, team: str, line: TeamLine, out: list[Violation]) -> None:
    d = line.details
    other = _first_other_detail(d)
    if other is not None:
        out.append(violation("special-hand-with-other-details", n, team, f"details.{other}", sentence(
            n, team, _("a team that shows %(hand)s scores nothing else in that hand, so its details cannot also "
                       "record %(detail)s.") % {"hand": scoring.special_hand_words(d.special_hand),
                                                 "detail": _detail_words(other)})))
    if line.count != 0:
        out.append(violation("special-hand-count", n, team, "count", sentence(
            n, team, _("a team that shows a special hand has a count of 0, not %(count)s.") % {
                "count": points(line.count)})))


def _count_mismatch(n: int, team: str, written: int, expected: int, d: Details, options) -> Violation:
    # a side not written counts 0, and says why
    canastas = bool(scoring.canastas(d))
    table = ((_("%(points)s on the table") if d.table_points is not None
              else _("%(points)s on the table, none written,")) % {"points": points(d.table_points or 0)})
    if d.hand_points is not None:
        hand = _("%(points)s in hand") % {"points": points(d.hand_points)}
    elif canastas:
        hand = _("%(points)s in hand, none written") % {"points": points(0)}
    else:
        hand = _("%(points)s in hand, none written,") % {"points": points(0)}
    if canastas:
        why = _("%(table)s minus %(hand)s") % {"table": table, "hand": hand}
    else:
        why = _("with no completed canasta, the %(table)s and the %(hand)s are both minus") % {
            "table": table, "hand": hand}
    if not options.penalties_in_base and (d.stuck_aces or d.stuck_sevens):
        why = _("%(why)s, and %(penalty)s off for cards stuck in hand") % {
            "why": why, "penalty": points(scoring.stuck_penalty(d))}
    return violation("count-mismatch", n, team, "count", sentence(
        n, team, _("the count should be %(expected)s (%(why)s), not %(written)s.") % {
            "expected": points(expected), "why": why, "written": points(written)}))


def _written_count(n: int, team: str, line: TeamLine, completed: int, out: list[Violation]) -> int | None:
    """The count checks of a line whose details record no table or hand points: the count as written, or
    None when it is impossible."""
    possible = check_count_multiple(n, team, line.count, out)
    if completed == 0 and line.count > 0:
        out.append(violation("count-positive-without-canasta", n, team, "count", sentence(
            n, team, _("with no completed canasta everything counts as a minus, so a count of %(count)s is "
                       "impossible.") % {"count": points(line.count)})))
        possible = False
    return line.count if possible else None


def _points_not_multiple(n: int, team: str, table: int, hand: int, out: list[Violation]) -> None:
    if table % 5:
        out.append(violation("points-not-multiple-of-five", n, team, "details.table_points", sentence(
            n, team, _("table points of %(points)s are impossible; every card is worth a multiple of 5.") % {
                "points": points(table)})))
    if hand % 5:
        out.append(violation("points-not-multiple-of-five", n, team, "details.hand_points", sentence(
            n, team, _("hand points of %(points)s are impossible; every card is worth a multiple of 5.") % {
                "points": points(hand)})))


def check_detailed_line(n: int, team: str, line: TeamLine, options, out: list[Violation]) -> int | None:
    """Base from the details, a special hand scoring alone, going out, the count, and the table and hand
    points against the rest of the details (checks_points.py). Returns the total the details give (their
    base plus their count), or None when the count is not known."""
    d = line.details
    if d.special_hand is not None:
        value = scoring.SPECIAL_HANDS[d.special_hand]
        if line.base != value:
            out.append(_base_mismatch(n, team, line.base, value, d, options))
        _check_special_hand(n, team, line, out)
        return value  # and a count of 0 (F)
    completed = d.pure_canastas + d.mixed_canastas  # scoring.canastas, each yes/no added only when recorded
    if d.sevens_canasta:
        completed += d.sevens_canasta
    if d.aces_canasta:
        completed += d.aces_canasta
    if d.wild_canasta is not None:
        completed += 1
    expected = scoring.base(d, options.penalties_in_base, options.flat_wilds_penalty, completed)
    if line.base != expected:
        out.append(_base_mismatch(n, team, line.base, expected, d, options))
    if d.went_out and completed < 2:
        out.append(violation("went-out-without-two-canastas", n, team, "details.went_out", sentence(
            n, team, _("a team needs two completed canastas to go out, and this team has none.") if completed == 0
            else _("a team needs two completed canastas to go out, and this team has only one."))))
    table, hand = d.table_points, d.hand_points
    if table is None and hand is None:
        count = _written_count(n, team, line, completed, out)
        return None if count is None else expected + count
    # The count from the table and hand points, then the points against the details: the path of every
    # line that records its points, written out here (each call cost a valid sheet more than its test).
    table_or_0, hand_or_0 = table or 0, hand or 0
    if table_or_0 % 5 or hand_or_0 % 5:
        _points_not_multiple(n, team, table_or_0, hand_or_0, out)
    count = table_or_0 - hand_or_0 if completed else -(table_or_0 + hand_or_0)  # scoring.expected_count, inlined
    if not options.penalties_in_base:
        count -= scoring.stuck_penalty(d)
    if line.count != count:
        out.append(_count_mismatch(n, team, line.count, count, d, options))
    # check_card_points' own test, each of the two only where it is written; it words the messages.
    least_table, least_hand, most_hand = bounds(
        d.pure_canastas, d.mixed_canastas, d.sevens_canasta, d.aces_canasta, d.wild_canasta, d.incomplete_sevens,
        d.incomplete_aces, d.incomplete_wilds, d.stuck_aces, d.stuck_sevens, d.went_out)
    if (table is not None and table < least_table) or (hand is not None and (hand < least_hand or hand > most_hand)):
        check_card_points(n, team, d, out)
    return expected + count
