"""The usual sheet, fast: one pass that recognises a deal, or a whole sheet, with nothing to report at all,
so the checks that explain a slip run only where there is one.

A table of five writes fifteen lines in three deals, and most sheets are right: reading every line into a
parsed copy and then walking it through every check, each ready to build a message, is several times too
slow for the 20,000 sheets a second the rules are held to. This pass reads the lines as they come (the
document's own dicts, or the parser's, which hold the same values), asks the questions of the parser and
of the checks with the numbers of deck.py and scoring.py, and builds only the answer's figures. At the
first doubt (a value of another type, a missing detail, a number that differs, a tie, a note the answer
would carry) it gives up and returns None, and the parser and the full checks answer instead. It never
decides that a sheet is wrong, so it cannot report a slip the checks would not: what it accepts, the
parser reads and the checks accept without a single violation, with the same totals; the tests hold it to
that on generated sheets, valid, slipped and malformed.

The parser's bounds hold by what the pass checks anyway: every number is an int (never a bool), and no
detail is negative; the deal's kitties, canasta cards and card points within the pack bound each
player's (the cards bound the Super Canastas too: nine would need 117 of the 110 cards, and the pack has
eight); the base, count, totals and running totals equal figures made from those.
"""

from rules.five_player import deck, scoring
from rules.five_player.line import DETAILS, LINE_FIELDS
from rules.five_player.totals import MATES, by_side, computed, credited_runs, hand_entries

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
_LINE_KEYS = frozenset([*LINE_FIELDS, "details"])
_LINE_SIZE = len(_LINE_KEYS)
# The details laid over their defaults: one merge both fills the defaults and shows an unknown detail (the
# merged dict is then longer than the template), and puts the values in this order whatever the line's, so
# they are read by position, not by nine lookups.
_ORDER = ("pure_canastas", "impure_canastas", "pure_super_canastas", "impure_super_canastas", "kitties", "went_out",
          "table_points", "hand_points", "opening_points")
if set(_ORDER) != set(DETAILS):
    raise ImportError("rules.five_player.fast reads the details by position: _ORDER must name line.DETAILS")
if (deck.SUPER_CANASTAS + 1) * _SUPER <= _CARDS:
    raise ImportError("rules.five_player.fast bounds the Super Canastas by the cards: one more than the pack has "
                      "must need more cards than it has")
_DETAILS = {name: False if name == "went_out" else 0 for name in _ORDER}
_DETAILS_SIZE = len(_DETAILS)
# What each value read from a line must be, in the order the line is read (the details, then base and
# count): one comparison of types, not eleven tests (type() is exact, so a bool is not an int).
_TYPES = (*map(type, _DETAILS.values()), int, int)
_least = deck.least_canasta_points
_CARD_POINTS = frozenset(range(0, _POINTS + 1, _STEP))
# The least worth of canastas without a Super Canasta, by [pure][impure], as far as the pack holds them:
# most lines ask it, and two list subscripts cost a fraction of the remembered call.
_MOST_CANASTAS = _CARDS // _CANASTA
_LEAST_PLAIN = [[_least(pure, impure, 0, 0) for impure in range(_MOST_CANASTAS + 1)]
                for pure in range(_MOST_CANASTAS + 1)]


def clean_hand(hand: object, sides: tuple, plus_canasta: bool, before: list) -> list | None:
    """Each seat's running total after a deal with nothing to report, given each seat's recomputed
    running total before it (the written ones being the same); None at the first doubt."""
    deal = clean_deal(hand, sides, plus_canasta, before)
    return None if deal is None else deal[0]


def clean_deal(hand: object, sides: tuple, plus_canasta: bool, before: list) -> tuple | None:
    """A deal with nothing to report: each seat's running total and credited running total after it (the
    deal's run, as totals.FivePlayerTotals keeps them; the `computed` answer is made of the runs once the
    whole sheet is found clean); None at the first doubt.

    One loop reads each line whole (the parser's questions, the line's checks and its running total),
    then the deal is held to the pack, then the finisher, the openings and the credited figures. What
    this costs is the bytecodes Python runs, so a line with all six fields is read with plain subscripts
    (six known fields leave no room for an unknown one; a shorter line is held to the known ones first),
    the details are laid over their defaults and read by position; each line leaves only what the deal
    needs of it."""
    if type(hand) is not dict or len(hand) != len(sides):
        return None
    kitties = finished = cards = card_points = count_sizes = 0
    after, credits, melded, low = [], [], [], []
    out = None
    for seat, side in enumerate(sides):
        line = hand.get(side)
        if type(line) is not dict:
            return None
        try:
            if len(line) == _LINE_SIZE:  # six known fields leave no room for an unknown one
                base, count, total, cumulative = line["base"], line["count"], line["total"], line["cumulative"]
                credited, d = line["credited"], line["details"]
            elif _LINE_KEYS.issuperset(line):
                base, count, total, cumulative = line.get("base"), line.get("count"), line.get("total"), line.get(
                    "cumulative")
                credited, d = line.get("credited"), line.get("details")
            else:
                return None
            if type(d) is not dict:
                return None
            d = {**_DETAILS, **d}  # some left out take their defaults; a longer one has an unknown detail
            if len(d) != _DETAILS_SIZE:
                return None
            pure, impure, pure_super, impure_super, kitty, went_out, table, held, opening = d.values()
        except KeyError:  # a field the line does not know took a known one's place
            return None
        if (type(pure), type(impure), type(pure_super), type(impure_super), type(kitty), type(went_out), type(table),
                type(held), type(opening), type(base), type(count)) != _TYPES:
            return None
        # Card points are a multiple of 5 within the pack: one set lookup each (no int arithmetic, which
        # builds a new int for most results) asks sign, bound and step at once.
        if (pure < 0 or impure < 0 or pure_super < 0 or impure_super < 0 or kitty < 0
                or table not in _CARD_POINTS or held not in _CARD_POINTS or opening not in _CARD_POINTS):
            return None
        canastas = pure + impure
        supers_here = pure_super + impure_super
        bonuses = _PURE * pure + _IMPURE * impure + _KITTY * kitty
        if went_out:
            bonuses += _FINISHING
        if supers_here:
            bonuses += _PURE_SUPER * pure_super + _IMPURE_SUPER * impure_super
            if plus_canasta:
                bonuses += _PURE * pure_super + _IMPURE * impure_super
        if base != bonuses:
            return None
        if table or held:
            if count != table - held or (went_out and held) or opening > table:
                return None
            if (canastas or supers_here) and table < _MOST_LEAST_CANASTA * canastas + _MOST_LEAST_SUPER * supers_here:
                if supers_here or canastas > _MOST_CANASTAS:
                    if table < _least(pure, impure, pure_super, impure_super):
                        return None
                elif table < _LEAST_PLAIN[pure][impure]:
                    return None
        elif count % _STEP or not -_POINTS <= count <= _POINTS:
            return None
        else:  # a count without card points: only the counts' sizes bound it (with the others' points)
            count_sizes += count if count > 0 else -count
        own = base + count
        if type(total) is int:  # the usual case first: written, then the same; else not written (None)
            if total != own:
                return None
        elif total is not None:
            return None
        running = before[seat] + own
        if type(cumulative) is int:
            if cumulative != running:
                return None
        elif cumulative is not None:
            return None
        kitties += kitty
        card_points += table + held
        if canastas:
            cards += _CANASTA * canastas
        if supers_here:
            cards += _SUPER * supers_here
        if went_out:
            finished += 1
            out = seat
        if 0 < opening < _OPENING:  # below the opening unless helped: asked once the partners are known
            low.append((seat, opening, kitty or went_out))
        if type(credited) is not int and credited is not None:
            return None
        after.append(running)
        credits.append(credited)
        melded.append(canastas or supers_here)
    if (kitties > deck.KITTIES or finished > 1 or cards > _CARDS
            or card_points + count_sizes > _POINTS):
        return None
    if finished and not (melded[out] or melded[MATES[out]]):
        return None
    for seat, opening, helped in low:
        if opening < _HELPED or not (helped or melded[MATES[seat]]):
            return None
    with_mates = credited_runs(after)
    if credits != with_mates:  # one not written (None, else an int: asked above), or one that differs
        for written, credited in zip(credits, with_mates, strict=True):
            if written is not None and written != credited:
                return None
    return after, with_mates


def clean_deals(hands: list, sides: tuple, options, runs: list) -> bool:
    """Whether the sheet's deals are clean and end the game where the sheet does: no tie for first place,
    the target not passed before the last hand (nor, with `play_to_target`, missed at it). `runs` gets each
    clean deal's run (own and credited running totals) as it is read, then None for a deal in doubt: after a
    False answer, what the checks start from (rules.sides.usual.Resume)."""
    if not hands:
        return False
    credited, target, plus_canasta, last = options.credited, options.target_score, options.plus_canasta, len(hands) - 1
    before = [0] * len(sides)
    for index, hand in enumerate(hands):
        deal = clean_deal(hand, sides, plus_canasta, before)
        if deal is None:
            runs.append(None)  # this deal is in doubt: the checks need not try it this way again
            return False
        runs.append(deal)
        before, scores = deal[0], deal[credited]  # own, or credited: the reading's scores
        if index < last and max(scores) >= target:
            return False
    best = max(scores)
    return scores.count(best) == 1 and not (options.play_to_target and best < target)


def clean_totals(hands: list, sides: tuple, options, final: dict | None, winner: str | None,
                 carried: list | None = None) -> dict | None:
    """The `computed` object (totals.computed) of a sheet with nothing to report, whose written final and
    winner (when written) are the ones its hands make; None otherwise. `carried`, when given, gets the runs
    clean_deals reads."""
    runs = [] if carried is None else carried
    if not clean_deals(hands, sides, options, runs):
        return None
    own, credited = runs[-1]
    own_final, credited_final = by_side(sides, own), by_side(sides, credited)
    scores = credited if options.credited else own
    if final is not None and final != (credited_final if options.credited else own_final):
        return None
    best = sides[scores.index(max(scores))]
    if winner is not None and winner != best:
        return None
    return computed(hand_entries(sides, runs), own_final, credited_final, options.credited, best)
