"""Checks of one player's line in one round: the base against the bonuses, the count against the cards,
the six sets and what going out requires of that player alone. As in canasta21 (whose shape this
follows), each check tells the caller the total the line should have, or None when a number it rests on
was reported impossible, so one slip is reported once.
"""

from rules.fibonacci21 import scoring
from rules.fibonacci21.codes import violation
from rules.words import either, points, sentence


def check_written_line(n: int, side: str, line: dict, options, out: list) -> tuple[int | None, tuple]:
    """A line of base and count only: the total they make (None when one is impossible), and the parts."""
    base, count = line["base"], line["count"]
    ok = True
    if base not in options.achievable_bases:
        ok = False
        if not options.bonuses:
            reason = "with the cards only scoring, there are no bonuses"
        elif base % 50 or base < 0:
            reason = "every bonus is a positive multiple of 50"
        else:
            reason = (f"no mix of closed sets and going out makes it with {options.deck.wilds} wild cards in "
                      "play")
        out.append(violation("base-impossible", n, side, "base", sentence(
            n, side, f"a base of {points(base)} is impossible; {reason}.")))
    return (base + count if _count_possible(n, side, count, options, out) and ok else None), (base, count)


def _count_possible(n: int, side: str, count: int, options, out: list) -> bool:
    most, least = options.most_count, -options.deck.most_points
    if least <= count <= most:
        return True
    if count > most:
        reason = f"six closed sets hold at most {points(most)} in card points"
    else:
        reason = f"all the cards of the decks are worth at most {points(-least)}"
    out.append(violation("count-impossible", n, side, "count", sentence(
        n, side, f"a count of {points(count)} is impossible; {reason}.")))
    return False


def check_detailed_line(n: int, side: str, line: dict, options, out: list) -> tuple[int | None, tuple]:
    """Base from the details, the six sets, going out, the closed sets' card points and the count. The
    total the details give (None when the count is not known), and its parts."""
    d = line["details"]
    pure, mixed = d["pure_sets"], d["mixed_sets"]
    sets = pure + mixed
    if sets > scoring.SETS:
        out.append(violation("sets-exceed-six", n, side, "details", sentence(
            n, side, f"a player has one set for each base card 2, 3, 5, 8 and 13 and one of card 21, so at most "
                     f"six, not {sets}.")))
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
            out.append(violation("count-positive-without-set", n, side, "count", sentence(
                n, side, f"with no closed set no card counts for the player, so a count of {points(written)} is "
                         "impossible.")))
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
        text = f"the base should be {points(expected)} ({either(parts, 'and')}), not {points(written)}."
    elif options.bonuses:
        text = f"the details record no bonus, so the base should be 0, not {points(written)}."
    else:
        text = f"with the cards only scoring there are no bonuses, so the base should be 0, not {points(written)}."
    return violation("base-mismatch", n, side, "base", sentence(n, side, text))


def _check_going_out(n: int, side: str, sets: int, table: int, hand: int, out: list) -> None:
    """"A player who has completed and closed all six sets ... must discard one card on each successive
    turn until all the surplus cards are discarded. The player is then said to have gone out"."""
    if sets < scoring.SETS:
        out.append(violation("went-out-without-six-sets", n, side, "details.went_out", sentence(
            n, side, f"going out needs all six sets closed, and the player has {sets}.")))
    for name, value, where in (("table_points", table, "in open sets"), ("hand_points", hand, "in hand")):
        if value:
            out.append(violation("went-out-with-cards", n, side, f"details.{name}", sentence(
                n, side, f"the player who went out has no cards left {where}, so these cannot be worth "
                         f"{points(value)}.")))


def _closed_points_impossible(n: int, side: str, sets: int, closed: int, low: int, high: int, out: list) -> None:
    if sets == 0:
        text = f"with no closed set there are no closed sets' card points, so not {points(closed)}."
    else:
        noun = "set of this kind holds" if sets == 1 else "sets of these kinds hold"
        text = (f"{sets} closed {noun} between {points(low)} and {points(high)} in card "
                f"points, not {points(closed)}.")
    out.append(violation("closed-points-impossible", n, side, "details.closed_points", sentence(n, side, text)))


def _count_mismatch(n: int, side: str, written: int, expected: int, d: dict, options):
    closed, table, hand = (points(d["closed_points"] or 0), points(d["table_points"] or 0),
                           points(d["hand_points"] or 0))
    if options.open_against:
        why = f"{closed} in closed sets less {table} in open sets and {hand} in hand"
    else:
        why = f"{closed} in closed sets less {hand} in hand; open sets count for nothing"
    return violation("count-mismatch", n, side, "count", sentence(
        n, side, f"the count should be {points(expected)} ({why}), not {points(written)}."))
