"""The usual sheet, fast: one pass that recognises a sheet with nothing to report at all and returns its
totals, so the checks that explain a slip run only when there is one.

A table of five writes fifteen lines in three deals, and most sheets are right: walking them through every
check, each ready to build a message, is five times too slow for the 20,000 sheets a second the rules are
held to. This pass asks the same questions with the numbers of deck.py and scoring.py and builds nothing;
at the first doubt (a missing detail, a number that differs, a tie, a note the answer would carry) it
gives up and returns None, and the full checks (the package's validate) answer instead. It never decides
that a sheet is wrong, so it cannot report a slip the checks would not: a sheet it accepts is one the
checks accept without a single violation, which the tests assert on every valid sheet they generate.
"""

from rules.five_player import deck, scoring
from rules.five_player.totals import FivePlayerTotals
from rules.sides.fields import SidesSheet

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


def _hand(hand: dict, sides: tuple, mates: tuple, plus_canasta: bool, owns: list, runs: list) -> bool:
    """One deal with nothing to report: each line against its details, the five together, and the total,
    running total and credited figure of each. Appends each player's total and running total."""
    kitties = finished = cards = supers = card_points = count_sizes = 0
    canastas, lines = [], []
    for side in sides:
        line = hand[side]
        d = line["details"]
        if d is None:
            return False
        pure, impure = d["pure_canastas"], d["impure_canastas"]
        pure_super, impure_super = d["pure_super_canastas"], d["impure_super_canastas"]
        kitty, went_out = d["kitties"], d["went_out"]
        base = (_PURE * pure + _IMPURE * impure + _PURE_SUPER * pure_super + _IMPURE_SUPER * impure_super
                + _KITTY * kitty + _FINISHING * went_out)
        if plus_canasta:
            base += _PURE * pure_super + _IMPURE * impure_super
        count = line["count"]
        table, held, opening = d["table_points"], d["hand_points"], d["opening_points"]
        if line["base"] != base or table % _STEP or held % _STEP or opening % _STEP:
            return False
        if table or held:
            if count != table - held or (went_out and held) or opening > table:
                return False
            if (pure or impure or pure_super or impure_super) and table < (
                    _MOST_LEAST_CANASTA * (pure + impure) + _MOST_LEAST_SUPER * (pure_super + impure_super)) \
                    and table < deck.least_canasta_points(pure, impure, pure_super, impure_super):
                return False
        elif count % _STEP or not -_POINTS <= count <= _POINTS:
            return False
        total = base + count
        if line["total"] not in (None, total):
            return False
        kitties += kitty
        finished += went_out
        supers += pure_super + impure_super
        cards += _CANASTA * (pure + impure) + _SUPER * (pure_super + impure_super)
        card_points += table + held
        count_sizes += count if count > 0 else -count
        canastas.append(pure + impure + pure_super + impure_super)
        lines.append((line, d, total))
    if (kitties > deck.KITTIES or finished > 1 or supers > deck.SUPER_CANASTAS or cards > _CARDS
            or card_points > _POINTS or count_sizes > _POINTS):
        return False
    for seat, (line, d, total) in enumerate(lines):
        mate_has = canastas[mates[seat]]
        if d["went_out"] and not (canastas[seat] or mate_has):
            return False
        opening = d["opening_points"]
        if 0 < opening < _OPENING and (opening < _HELPED or not (d["kitties"] or d["went_out"] or mate_has)):
            return False
        running = (runs[seat][-1] if runs[seat] else 0) + total
        if line["cumulative"] not in (None, running):
            return False
        owns[seat].append(total)
        runs[seat].append(running)
    for seat, side in enumerate(sides):
        credited = hand[side]["credited"]
        if credited is not None and credited != runs[seat][-1] + runs[mates[seat]][-1]:
            return False
    return True


def clean_totals(sheet: SidesSheet) -> FivePlayerTotals | None:
    """The sheet's totals when it has nothing to report (no error, warning or note); None otherwise."""
    hands, sides, options = sheet.hands, sheet.sides, sheet.options
    if not hands or sheet.hands_over_cap:
        return None
    mates = tuple(deck.partner(seat) for seat in range(len(sides)))
    owns, runs = [[] for _ in sides], [[] for _ in sides]
    credited_reading, target, plus_canasta = options.credited, options.target_score, options.plus_canasta
    last = len(hands) - 1
    for index, hand in enumerate(hands):
        if not _hand(hand, sides, mates, plus_canasta, owns, runs):
            return None
        scores = ([runs[seat][-1] + runs[mates[seat]][-1] for seat in range(len(sides))] if credited_reading
                  else [running[-1] for running in runs])
        best = max(scores)
        if index < last and best >= target:
            return None
    if scores.count(best) > 1 or (options.play_to_target and best < target):
        return None
    final = dict(zip(sides, scores, strict=True))
    if (sheet.final is not None and sheet.final != final) or (
            sheet.winner is not None and sheet.winner != sides[scores.index(best)]):
        return None
    return FivePlayerTotals.from_runs(sheet, credited_reading, owns, runs, mates)
