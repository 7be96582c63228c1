"""Checks of one player's line in one hand: the base and the count, against the details when the line has
them, and what the cards make possible when it has only base and count.

Each check also tells the caller the total the line should have (base plus count as recomputed), or None
when a number it rests on was just reported impossible and nothing says what it should be: then the total
is not checked against it, so one slip is not reported a second time with a made-up fix.
"""

from rules.five_player import deck, scoring
from rules.five_player.codes import violation
from rules.violations import Violation
from rules.words import either, points, sentence

from ..language import _

POINT_FIELDS = ("table_points", "hand_points", "opening_points")


def check_count_possible(n: int, side: str, count: int, out: list[Violation]) -> bool:
    """Whether a count can be right as far as its own value goes: a multiple of 5 within the pack's 980."""
    if count % deck.POINT_STEP:
        out.append(violation("count-not-multiple-of-five", n, side, "count", sentence(n, side, _(
            "a count of %(count)s is impossible; every card is worth a multiple of 5.") % {"count": points(count)})))
        return False
    if not -deck.DECK_POINTS <= count <= deck.DECK_POINTS:
        out.append(violation("count-impossible", n, side, "count", sentence(n, side, _(
            "a count of %(count)s is impossible; all %(cards)s cards together are worth %(most)s.") % {
            "count": points(count), "cards": deck.CARDS, "most": points(deck.DECK_POINTS)})))
        return False
    return True


def check_base_possible(n: int, side: str, value: int, options, out: list[Violation]) -> bool:
    """A base written without details must be one the bonuses can make (scoring.achievable_bases)."""
    achievable = scoring.achievable_bases(options.plus_canasta)
    if value in achievable:
        return True
    most = max(achievable)
    if value % scoring.IMPURE_CANASTA:
        text = _("a base of %(base)s is impossible; every bonus is a multiple of 50.")
    elif value < 0:
        text = _("a base of %(base)s is impossible; bonuses are never negative.")
    elif value > most:
        text = _("a base of %(base)s is impossible; no player can score more than %(most)s in bonuses in one "
                 "hand.")
    else:
        text = _("a base of %(base)s is impossible; no mix of canastas, Super Canastas, kitties and finishing the "
                 "pack can hold makes it.")
    out.append(violation("base-impossible", n, side, "base", sentence(n, side, text % {
        "base": points(value), "most": points(most)})))
    return False


def check_written_numbers(n: int, side: str, line: dict, options, out: list[Violation]) -> int | None:
    """A line of base and count only: the total they make, or None when one of them is impossible."""
    count_ok = check_count_possible(n, side, line["count"], out)
    base_ok = check_base_possible(n, side, line["base"], options, out)
    return line["base"] + line["count"] if count_ok and base_ok else None


def _base_mismatch(n: int, side: str, written: int, expected: int, d: dict, options) -> Violation:
    parts = scoring.breakdown(d, options.plus_canasta)
    if parts:
        because = either([_("%(part)s %(points)s") % {"part": label, "points": points(value)}
                          for label, value in parts], "and")
        text = _("the base should be %(expected)s (%(parts)s), not %(written)s.") % {
            "expected": points(expected), "parts": because, "written": points(written)}
    else:
        text = _("the details record no canasta, kitty or finish, so the base should be 0, not %(written)s.") % {
            "written": points(written)}
    return violation("base-mismatch", n, side, "base", sentence(n, side, text))


def _points_not_multiple(n: int, side: str, d: dict, out: list[Violation]) -> None:
    """Table, hand and opening points are multiples of 5: a violation for each that is not."""
    for name in POINT_FIELDS:
        value = d[name]
        if value % deck.POINT_STEP:
            if name == "table_points":
                text = _("table points of %(points)s are impossible; every card is worth a multiple of 5.")
            elif name == "hand_points":
                text = _("hand points of %(points)s are impossible; every card is worth a multiple of 5.")
            else:
                text = _("an opening meld worth %(points)s is impossible; every card is worth a multiple of 5.")
            out.append(violation("points-not-multiple-of-five", n, side, f"details.{name}", sentence(
                n, side, text % {"points": points(value)})))


def _check_count(n: int, side: str, line: dict, d: dict, out: list[Violation]) -> int | None:
    """The count against table minus hand points; the count the line should have (None when the details
    do not say and the written one is impossible)."""
    expected = scoring.count(d)
    if expected is None:
        return line["count"] if check_count_possible(n, side, line["count"], out) else None
    if line["count"] != expected:
        out.append(violation("count-mismatch", n, side, "count", sentence(n, side, _(
            "the count should be %(expected)s (%(table)s on the table minus %(hand)s in hand), not "
            "%(written)s.") % {"expected": points(expected), "table": points(d["table_points"]),
                               "hand": points(d["hand_points"]), "written": points(line["count"])})))
    return expected


def _check_cards(n: int, side: str, d: dict, out: list[Violation]) -> None:
    """What the canastas, the finish and the opening say about the table and hand points."""
    table = d["table_points"]
    least = deck.least_canasta_points(d["pure_canastas"], d["impure_canastas"], d["pure_super_canastas"],
                                      d["impure_super_canastas"])
    if table < least and (table or d["hand_points"]):
        out.append(violation("canastas-exceed-table-points", n, side, "details.table_points", sentence(n, side, _(
            "the canastas recorded are worth at least %(least)s in cards, so table points of %(table)s are "
            "impossible.") % {"least": points(least), "table": points(table)})))
    if d["went_out"] and d["hand_points"]:
        out.append(violation("went-out-with-cards", n, side, "details.hand_points", sentence(n, side, _(
            "a player who finished has no cards left in hand, so hand points of %(hand)s are impossible.") % {
            "hand": points(d["hand_points"])})))
    opening = d["opening_points"]
    if opening > table and (table or d["hand_points"]):
        out.append(violation("opening-exceeds-table-points", n, side, "details.opening_points", sentence(
            n, side, _("the opening meld stays on the table, so it cannot be worth %(opening)s when all the melds "
                       "are worth %(table)s.") % {"opening": points(opening), "table": points(table)})))


def check_detailed_line(n: int, side: str, line: dict, options, out: list[Violation]) -> int | None:
    """Base from the details, the count from the card points, and what the cards allow. Returns the total
    the details give, or None when the count is not known."""
    d = line["details"]
    expected = scoring.base(d, options.plus_canasta)
    if line["base"] != expected:
        out.append(_base_mismatch(n, side, line["base"], expected, d, options))
    _points_not_multiple(n, side, d, out)
    _check_cards(n, side, d, out)
    count = _check_count(n, side, line, d, out)
    return None if count is None else expected + count
