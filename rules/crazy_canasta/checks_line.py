"""Checks of one side's line in one deal: its base and count, the canastas behind them, going out and the
meld minimum ("Cards & Scoring", "Meld", "Going Out").

With details, the base must be exactly what they add up to and, when the table and hand points are
written, the count what they give. Without details, only what base and count alone can prove: the count is
a multiple of 5 and the base is one the bonuses can make with these decks (the caller adds an `info` note).

Each check tells the caller what the line's total should be (the "recomputed" total the arithmetic checks
quote), or None when a number it rests on was just reported wrong and nothing says what it should be, so
one slip is not reported a second time with a made-up fix.
"""

from rules.crazy_canasta import scoring
from rules.crazy_canasta.codes import violation
from rules.crazy_canasta.deck import least_table_points
from rules.violations import Violation
from rules.words import either, points, sentence

from ..language import _

MELD_MINIMUMS = (50, 90, 120, 150)  # Meld: "Deal / Minimum Count to Meld"
_BOOK_PARTS = ("clean_canastas", "dirty_canastas", "sevens_canastas", "wild_canastas")


def meld_minimum(n: int) -> int:
    """The card points a side's first meld needs in deal `n` (1-based)."""
    return MELD_MINIMUMS[n - 1]


def check_count_multiple(n: int, side: str, count: int, out: list[Violation]) -> bool:
    """Whether the count can be right as far as its own value goes: every card is worth a multiple of 5."""
    if count % 5:
        out.append(violation("count-not-multiple-of-five", n, side, "count", sentence(n, side, _(
            "a count of %(count)s is impossible; every card is worth a multiple of 5.") % {"count": points(count)})))
        return False
    return True


def check_base_possible(n: int, side: str, base: int, achievable: frozenset, out: list[Violation]) -> bool:
    """A base written without details must be one the bonuses can make (scoring.achievable_bases)."""
    if base in achievable:
        return True
    if base % scoring.UNIT:
        text = _("a base of %(base)s is impossible; every bonus comes in hundreds.")
    elif base > max(achievable):
        text = _("a base of %(base)s is impossible; no side can score more than %(most)s in bonuses in one deal "
                 "with these decks.")
    elif base < min(achievable):
        text = _("a base of %(base)s is impossible; no side can lose more than %(least)s in one deal's bonuses.")
    else:
        text = _("a base of %(base)s is impossible; no mix of books, canastas, threes and going out that the "
                 "decks allow makes it.")
    out.append(violation("base-impossible", n, side, "base", sentence(n, side, text % {
        "base": points(base), "most": points(max(achievable)), "least": points(-min(achievable))})))
    return False


def _base_mismatch(n: int, side: str, written: int, expected: int, d: dict, options) -> Violation:
    parts = scoring.breakdown(d, options)
    if parts:
        because = either([_("%(part)s %(points)s") % {"part": label, "points": points(value)}
                          for label, value in parts], "and")
        text = _("the base should be %(expected)s (%(parts)s), not %(written)s.") % {
            "expected": points(expected), "parts": because, "written": points(written)}
    else:
        text = _("the details record nothing that scores, so the base should be 0, not %(written)s.") % {
            "written": points(written)}
    return violation("base-mismatch", n, side, "base", sentence(n, side, text))


def _check_going_out_and_books(n: int, side: str, d: dict, options, out: list[Violation]) -> None:
    if d["went_out"] and not d["books"]:
        out.append(violation("went-out-without-book", n, side, "details.went_out", sentence(n, side, _(
            "a side needs at least one book to go out, and this side records none."))))
    if options.grouped_books and all(d[name] for name in _BOOK_PARTS):
        out.append(violation("book-not-grouped", n, side, "details.books", sentence(n, side, _(
            "a clean, a dirty, a sevens and a wild-card canasta outside a book make one more book (%(book)s "
            "rather than %(apart)s), so books should be %(expected)s, not %(written)s.") % {
            "book": points(5000), "apart": points(4800), "expected": d["books"] + 1, "written": d["books"]})))


def _check_points(n: int, side: str, d: dict, table: int, hand: int, out: list[Violation]) -> None:
    """The table and hand points on their own: multiples of 5, enough for the canastas and the meld."""
    if table % 5:
        out.append(violation("points-not-multiple-of-five", n, side, "details.table_points", sentence(n, side, _(
            "table points of %(points)s are impossible; every card is worth a multiple of 5.") % {
            "points": points(table)})))
    if hand % 5:
        out.append(violation("points-not-multiple-of-five", n, side, "details.hand_points", sentence(n, side, _(
            "hand points of %(points)s are impossible; every card is worth a multiple of 5.") % {
            "points": points(hand)})))
    least = least_table_points(d)
    if table < least:
        held = either([scoring.counted(name, d[name]) for name, _value in scoring.CANASTA_VALUES if d[name]],
                      "and")
        out.append(violation("table-points-below-canastas", n, side, "details.table_points", sentence(n, side, _(
            "table points of %(points)s are too few; the %(held)s recorded hold at least %(least)s points of "
            "cards.") % {"points": points(table), "held": held, "least": points(least)})))
    elif 0 < table < meld_minimum(n):
        out.append(violation("meld-below-minimum", n, side, "details.table_points", sentence(n, side, _(
            "table points of %(points)s are below the %(minimum)s a side must meld first in deal %(deal)s, and "
            "every melded card stays on the table.") % {"points": points(table), "minimum": meld_minimum(n),
                                                        "deal": n})))


def _count_mismatch(n: int, side: str, written: int, expected: int, d: dict, options) -> Violation:
    if options.red_in_count and d["red_threes"]:
        text = _("the count should be %(expected)s (%(table)s on the table minus %(hand)s in hand, plus %(red)s "
                 "for the red threes' card points), not %(written)s.")
    else:
        text = _("the count should be %(expected)s (%(table)s on the table minus %(hand)s in hand), not "
                 "%(written)s.")
    return violation("count-mismatch", n, side, "count", sentence(n, side, text % {
        "expected": points(expected), "table": points(d["table_points"] or 0),
        "hand": points(d["hand_points"] or 0), "red": points(scoring.RED_THREE * d["red_threes"]),
        "written": points(written)}))


def check_detailed_line(n: int, side: str, line: dict, options, out: list[Violation]) -> int | None:
    """Base from the details, going out and books, the table and hand points, and the count. Returns the
    total the details give (their base plus their count), or None when the count is not known (no points
    written, and the written count impossible)."""
    d = line["details"]
    base, count, least = scoring.reading(d, options)
    if line["base"] != base:
        out.append(_base_mismatch(n, side, line["base"], base, d, options))
    if (d["went_out"] and not d["books"]) or (d["clean_canastas"] and d["dirty_canastas"] and d["sevens_canastas"]
                                              and d["wild_canastas"] and options.grouped_books):
        _check_going_out_and_books(n, side, d, options, out)
    if count is None:  # not counted separately
        return base + line["count"] if check_count_multiple(n, side, line["count"], out) else None
    table, hand = d["table_points"] or 0, d["hand_points"] or 0
    # The quick test, written out (most lines pass it): multiples of 5, enough for the canastas and the meld.
    if table % 5 or hand % 5 or table < least or 0 < table < MELD_MINIMUMS[n - 1]:
        _check_points(n, side, d, table, hand, out)
    if line["count"] != count:
        out.append(_count_mismatch(n, side, line["count"], count, d, options))
    return base + count


def check_written_numbers(n: int, side: str, line: dict, achievable: frozenset,
                          out: list[Violation]) -> int | None:
    """A line of base and count only: what they alone can prove. The total they make, or None when one of
    them is impossible."""
    count_ok = check_count_multiple(n, side, line["count"], out)
    base_ok = check_base_possible(n, side, line["base"], achievable, out)
    return line["base"] + line["count"] if count_ok and base_ok else None
