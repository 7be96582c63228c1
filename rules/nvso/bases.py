"""Which bases one team can score in one hand: the set the "base is possible" check uses when a sheet
records only base and count.

The set is computed from the base formula itself (scoring.base) over every legal combination of details
for one team, once per combination of the options that change it, and cached; nothing is guessed. With
the default options it runs from -15,500 to 14,600 in hundreds, with a few gaps near the top.
"""

from functools import cache

from rules.nvso import scoring
from rules.nvso.deck import (
    MIN_WILDS_IN_INCOMPLETE,
    PURE_AND_MIXED_RANKS,
    PURE_RANKS,
    WILD_CARDS,
)
from rules.sheet import Details

_WILD_KINDS = (None, *scoring.WILD_CANASTAS)
_INCOMPLETE_WILD_KINDS = (None, *scoring.INCOMPLETE_WILDS)


def _canasta_layouts():
    """Every legal layout of one team's canastas and unfinished melds, as Details without threes."""
    for sevens in (False, True):
        for aces in (False, True):
            for wild in _WILD_KINDS:
                for inc_sevens in (False,) if sevens else (False, True):
                    for inc_aces in (False,) if aces else (False, True):
                        for inc_wilds in (None,) if wild else _INCOMPLETE_WILD_KINDS:
                            wilds_left = (WILD_CARDS - 7 * (wild is not None)
                                          - MIN_WILDS_IN_INCOMPLETE[inc_wilds])
                            # One canasta per rank (deck.py): pure ones from nine ranks; pure and
                            # mixed from ten, or nine when the aces made a pure canasta. One team's
                            # sevens and aces canastas then stay within the eleven natural ranks.
                            pure_and_mixed = PURE_AND_MIXED_RANKS - aces
                            for pure in range(min(PURE_RANKS, pure_and_mixed) + 1):
                                for mixed in range(min(pure_and_mixed - pure, wilds_left) + 1):
                                    yield Details(
                                        pure_canastas=pure, mixed_canastas=mixed, sevens_canasta=sevens,
                                        aces_canasta=aces, wild_canasta=wild, incomplete_sevens=inc_sevens,
                                        incomplete_aces=inc_aces, incomplete_wilds=inc_wilds)


@cache
def achievable_bases(penalties_in_base: bool = True, flat_wilds: bool = False) -> frozenset[int]:
    """Every base the formula gives for some legal details of one team (special hands included)."""
    # The canasta layouts, reduced to (points, canasta class 0 / 1 / 2-or-more).
    layouts = set()
    for d in _canasta_layouts():
        layouts.add((scoring.base(d, True, flat_wilds), min(scoring.canastas(d), 2)))
    threes = {n + m for n in scoring.THREES for m in scoring.THREES}
    stuck = {-scoring.STUCK * n for n in range(5)} if penalties_in_base else {0}
    values = set(scoring.SPECIAL_HANDS.values())
    for points, kind in layouts:
        threes_values = (-t for t in threes) if kind == 0 else (0,) if kind == 1 else threes
        going_out = (0, scoring.GOING_OUT) if kind == 2 else (0,)
        for three in threes_values:
            for out in going_out:
                for penalty in stuck:
                    values.add(points + three + out + penalty)
    return frozenset(values)


@cache
def base_range(penalties_in_base: bool = True, flat_wilds: bool = False) -> tuple[int, int]:
    """The lowest and highest achievable base."""
    values = achievable_bases(penalties_in_base, flat_wilds)
    return min(values), max(values)
