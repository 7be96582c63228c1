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

POINT_WORDS = {"table_points": "table points", "hand_points": "hand points", "opening_points": "an opening meld"}


def check_count_possible(n: int, side: str, count: int, out: list[Violation]) -> bool:
    """Whether a count can be right as far as its own value goes: a multiple of 5 within the pack's 980."""
    if count % deck.POINT_STEP:
        out.append(violation("count-not-multiple-of-five", n, side, "count", sentence(
            n, side, f"a count of {points(count)} is impossible; every card is worth a multiple of 5.")))
        return False
    if not -deck.DECK_POINTS <= count <= deck.DECK_POINTS:
        out.append(violation("count-impossible", n, side, "count", sentence(
            n, side, f"a count of {points(count)} is impossible; all {deck.CARDS} cards together are worth "
                     f"{points(deck.DECK_POINTS)}.")))
        return False
    return True


def check_base_possible(n: int, side: str, value: int, options, out: list[Violation]) -> bool:
    """A base written without details must be one the bonuses can make (scoring.achievable_bases)."""
    achievable = scoring.achievable_bases(options.plus_canasta)
    if value in achievable:
        return True
    most = max(achievable)
    if value % scoring.IMPURE_CANASTA:
        reason = "every bonus is a multiple of 50"
    elif value < 0:
        reason = "bonuses are never negative"
    elif value > most:
        reason = f"no player can score more than {points(most)} in bonuses in one hand"
    else:
        reason = "no mix of canastas, Super Canastas, kitties and finishing the pack can hold makes it"
    out.append(violation("base-impossible", n, side, "base", sentence(
        n, side, f"a base of {points(value)} is impossible; {reason}.")))
    return False


def check_written_numbers(n: int, side: str, line: dict, options, out: list[Violation]) -> int | None:
    """A line of base and count only: the total they make, or None when one of them is impossible."""
    count_ok = check_count_possible(n, side, line["count"], out)
    base_ok = check_base_possible(n, side, line["base"], options, out)
    return line["base"] + line["count"] if count_ok and base_ok else None


def _base_mismatch(n: int, side: str, written: int, expected: int, d: dict, options) -> Violation:
    parts = scoring.breakdown(d, options.plus_canasta)
    if parts:
        because = either([f"{label} {points(value)}" for label, value in parts], "and")
        text = f"the base should be {points(expected)} ({because}), not {points(written)}."
    else:
        text = (f"the details record no canasta, kitty or finish, so the base should be 0, not "
                f"{points(written)}.")
    return violation("base-mismatch", n, side, "base", sentence(n, side, text))


def _points_not_multiple(n: int, side: str, d: dict, out: list[Violation]) -> bool:
    """Table, hand and opening points are multiples of 5; whether they all are."""
    fine = True
    for name, words in POINT_WORDS.items():
        value = d[name]
        if value % deck.POINT_STEP:
            what = (f"{words} worth {points(value)} is" if name == "opening_points"
                    else f"{words} of {points(value)} are")
            out.append(violation("points-not-multiple-of-five", n, side, f"details.{name}", sentence(
                n, side, f"{what} impossible; every card is worth a multiple of 5.")))
            fine = False
    return fine


def _check_count(n: int, side: str, line: dict, d: dict, out: list[Violation]) -> int | None:
    """The count against table minus hand points; the count the line should have (None when the details
    do not say and the written one is impossible)."""
    expected = scoring.count(d)
    if expected is None:
        return line["count"] if check_count_possible(n, side, line["count"], out) else None
    if line["count"] != expected:
        table, hand = points(d["table_points"]), points(d["hand_points"])
        out.append(violation("count-mismatch", n, side, "count", sentence(
            n, side, f"the count should be {points(expected)} ({table} on the table minus {hand} in hand), "
                     f"not {points(line['count'])}.")))
    return expected


def _check_cards(n: int, side: str, d: dict, out: list[Violation]) -> None:
    """What the canastas, the finish and the opening say about the table and hand points."""
    table = d["table_points"]
    least = deck.least_canasta_points(d["pure_canastas"], d["impure_canastas"], d["pure_super_canastas"],
                                      d["impure_super_canastas"])
    if table < least and (table or d["hand_points"]):
        out.append(violation("canastas-exceed-table-points", n, side, "details.table_points", sentence(
            n, side, f"the canastas recorded are worth at least {points(least)} in cards, so table points of "
                     f"{points(table)} are impossible.")))
    if d["went_out"] and d["hand_points"]:
        out.append(violation("went-out-with-cards", n, side, "details.hand_points", sentence(
            n, side, f"a player who finished has no cards left in hand, so hand points of "
                     f"{points(d['hand_points'])} are impossible.")))
    opening = d["opening_points"]
    if opening > table and (table or d["hand_points"]):
        out.append(violation("opening-exceeds-table-points", n, side, "details.opening_points", sentence(
            n, side, f"the opening meld stays on the table, so it cannot be worth {points(opening)} when all "
                     f"the melds are worth {points(table)}.")))


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
