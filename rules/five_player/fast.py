"""The usual sheet, fast: one pass that recognises a deal, or a whole sheet, with nothing to report at all,
so the checks that explain a slip run only where there is one.

A table of five writes fifteen lines in three deals, and most sheets are right: reading every line into a
parsed copy and then walking it through every check, each ready to build a message, is several times too
slow for the 20,000 sheets a second the rules are held to. This pass reads the lines as they come (the
document's own dicts, or the parser's, which hold the same values), asks the questions of the parser and
of the checks with the numbers of deck.py and scoring.py, and builds nothing. At the first doubt (a value
of another type, a missing detail, a number that differs, a tie, a note the answer would carry) it gives
up and returns None, and the parser and the full checks answer instead. It never decides that a sheet is
wrong, so it cannot report a slip the checks would not: what it accepts, the parser reads and the checks
accept without a single violation, with the same totals; the tests hold it to that on generated sheets,
valid, slipped and malformed.

The parser's bounds hold by what the pass checks anyway: every number is an int (never a bool), and no
detail is negative; the deal's kitties, Super Canastas, canasta cards and card points within the pack
bound each player's; the base, count, totals and running totals equal figures made from those.
"""

from rules.five_player import deck, scoring
from rules.five_player.line import DETAILS, LINE_FIELDS
from rules.five_player.totals import FivePlayerTotals

_PURE, _IMPURE = scoring.PURE_CANASTA, scoring.IMPURE_CANASTA
_PURE_SUPER, _IMPURE_SUPER = scoring.PURE_SUPER, scoring.IMPURE_SUPER
_KITTY, _FINISHING = scoring.KITTY, scoring.FINISHING
_STEP, _POINTS, _CARDS = deck.POINT_STEP, deck.DECK_POINTS, deck.CARDS
_CANASTA, _SUPER = deck.CANASTA_CARDS, deck.SUPER_CANASTA_CARDS
_OPENING, _HELPED = scoring.OPENING, scoring.OPENING_HELPED
# The most card points a canasta can need (seven tens; a joker of 10 in an impure one) and a Super
# Canasta (A to K, or with a joker for a five): table points at least this settle the least at once.
_MOST_LEAST_CANASTA = _CANASTA * deck.TEN_POINTS
_MOST_LEAST_SUPER = deck.IMPURE_SUPER_LEAST_POINTS + deck.ACE_POINTS - deck.FIVE_POINTS
# A line and its details laid over every field unwritten: one merge both fills the defaults and shows an
# unknown field (the merged dict is then longer than the template).
_LINE = dict.fromkeys([*LINE_FIELDS, "details"])
_DETAILS = {name: False if name == "went_out" else 0 for name in DETAILS}
_LINE_SIZE, _DETAILS_SIZE = len(_LINE), len(_DETAILS)
_least = deck.least_canasta_points


def clean_hand(hand: object, sides: tuple, mates: tuple, plus_canasta: bool, before: list) -> list | None:
    """Each seat's running total after a deal with nothing to report, given each seat's recomputed
    running total before it (the written ones being the same); None at the first doubt.

    One loop reads each line whole (the parser's questions and the line's checks together), then the
    deal is held to the pack, then each seat's finishing, opening, running total and credited figure."""
    if type(hand) is not dict or len(hand) != len(sides):
        return None
    kitties = finished = cards = supers = card_points = count_sizes = 0
    lines, seen = [], []
    for side in sides:
        line = hand.get(side)
        if type(line) is not dict:
            return None
        line = {**_LINE, **line}
        d = line["details"]
        if len(line) != _LINE_SIZE or type(d) is not dict:
            return None
        d = {**_DETAILS, **d}
        pure, impure = d["pure_canastas"], d["impure_canastas"]
        pure_super, impure_super = d["pure_super_canastas"], d["impure_super_canastas"]
        kitty, went_out = d["kitties"], d["went_out"]
        table, held, opening = d["table_points"], d["hand_points"], d["opening_points"]
        base, count = line["base"], line["count"]
        if (len(d) != _DETAILS_SIZE or type(pure) is not int or type(impure) is not int
                or type(pure_super) is not int or type(impure_super) is not int or type(kitty) is not int
                or type(table) is not int or type(held) is not int or type(opening) is not int
                or type(base) is not int or type(count) is not int
                or (went_out is not True and went_out is not False)):
            return None
        if (pure | impure | pure_super | impure_super | kitty | table | held | opening) < 0 or opening > _POINTS:
            return None
        supers_here = pure_super + impure_super
        bonuses = (_PURE * pure + _IMPURE * impure + _PURE_SUPER * pure_super + _IMPURE_SUPER * impure_super
                   + _KITTY * kitty + _FINISHING * went_out)
        if plus_canasta:
            bonuses += _PURE * pure_super + _IMPURE * impure_super
        if base != bonuses or table % _STEP or held % _STEP or opening % _STEP:
            return None
        if table or held:
            if count != table - held or (went_out and held) or opening > table:
                return None
            if (pure or impure or supers_here) and table < (
                    _MOST_LEAST_CANASTA * (pure + impure) + _MOST_LEAST_SUPER * supers_here) and table < _least(
                    pure, impure, pure_super, impure_super):
                return None
        elif count % _STEP or not -_POINTS <= count <= _POINTS:
            return None
        total = base + count
        written = line["total"]
        if written is not None and (type(written) is not int or written != total):
            return None
        kitties += kitty
        finished += went_out
        supers += supers_here
        cards += _CANASTA * (pure + impure) + _SUPER * supers_here
        card_points += table + held
        count_sizes += count if count > 0 else -count
        lines.append(line)
        seen.append((total, pure or impure or supers_here, kitty, went_out, opening))
    if (kitties > deck.KITTIES or finished > 1 or supers > deck.SUPER_CANASTAS or cards > _CARDS
            or card_points > _POINTS or count_sizes > _POINTS):
        return None
    after = []
    for seat, (total, canastas, kitty, went_out, opening) in enumerate(seen):
        mate_has = seen[mates[seat]][1]
        if went_out and not (canastas or mate_has):
            return None
        if 0 < opening < _OPENING and (opening < _HELPED or not (kitty or went_out or mate_has)):
            return None
        running = before[seat] + total
        written = lines[seat]["cumulative"]
        if written is not None and (type(written) is not int or written != running):
            return None
        after.append(running)
    for seat, line in enumerate(lines):
        written = line["credited"]
        if written is not None and (type(written) is not int or written != after[seat] + after[mates[seat]]):
            return None
    return after


def clean_runs(hands: list, sides: tuple, options) -> tuple[list, list, list] | None:
    """Each seat's hand totals and running totals, and the scores by the reading after the last hand,
    when no deal has anything to report and the game ends where the sheet does (no tie for first place,
    the target not passed before the last hand); None otherwise."""
    if not hands:
        return None
    seats = range(len(sides))
    mates = tuple(deck.partner(seat) for seat in seats)
    owns, runs = [[] for _ in sides], [[] for _ in sides]
    credited, target, plus_canasta, last = options.credited, options.target_score, options.plus_canasta, len(hands) - 1
    before = [0] * len(sides)
    for index, hand in enumerate(hands):
        after = clean_hand(hand, sides, mates, plus_canasta, before)
        if after is None:
            return None
        for seat in seats:
            owns[seat].append(after[seat] - before[seat])
            runs[seat].append(after[seat])
        before = after
        scores = [after[seat] + after[mates[seat]] for seat in seats] if credited else after
        if index < last and max(scores) >= target:
            return None
    best = max(scores)
    if scores.count(best) > 1 or (options.play_to_target and best < target):
        return None
    return owns, runs, scores


def clean_totals(hands: list, sides: tuple, options, final: dict | None, winner: str | None):
    """The totals (FivePlayerTotals) of a sheet with nothing to report, whose written final and winner
    (when written) are the ones its hands make; None otherwise."""
    found = clean_runs(hands, sides, options)
    if found is None:
        return None
    owns, runs, scores = found
    if final is not None and final != dict(zip(sides, scores, strict=True)):
        return None
    if winner is not None and winner != sides[scores.index(max(scores))]:
        return None
    return FivePlayerTotals.from_runs(sides, options.credited, owns, runs)
