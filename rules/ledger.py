"""One card ledger for every game: what the details of a hand take from the deck, at the least, against
what the deck has.

A rule set declares its deck as pools of cards (the sevens: 8; the wild cards: 12; the jokers among them:
4) and, for a team's details, a list of takes: each detail with the fewest cards it needs from each pool
(a sevens canasta: 7 sevens; a player stuck with sevens: 3). `tally` adds the takes up, pool by pool;
`overflows` names each pool whose cards the takes exceed, with the takes that draw on it, so a message can
say what each team recorded towards it. Nothing here knows a game: `rules/nvso/cards.py` is the NVSO
declaration, and a new game's rule set brings its own.
"""

from typing import NamedTuple


class Pool(NamedTuple):
    """Cards of one kind in the deck: `name` for programs, `words` for players ("wild cards")."""

    name: str
    size: int
    words: str


class Take(NamedTuple):
    """What one detail of one team needs at the least: `cards[i]` from the deck's pool i."""

    team: str
    field: str  # the detail's field in the team's line, e.g. "details.sevens_canasta"
    what: str  # the detail in words, e.g. "a sevens canasta"
    cards: tuple[int, ...]


class Overflow(NamedTuple):
    """A pool the takes exceed: how many cards they need from it, and the takes that draw on it."""

    pool: Pool
    needed: int
    takes: tuple[Take, ...]


def tally(pools: tuple[Pool, ...], takes) -> tuple[int, ...]:
    """The cards the takes need from each pool, in the pools' order."""
    sums = [0] * len(pools)
    for take in takes:
        for index, cards in enumerate(take.cards):
            sums[index] += cards
    return tuple(sums)


def fits(pools: tuple[Pool, ...], *tallies: tuple[int, ...]) -> bool:
    """Whether the tallies together (say, one per team) fit every pool."""
    totals = tallies[0] if len(tallies) == 1 else map(sum, zip(*tallies, strict=True))
    return all(total <= pool.size for total, pool in zip(totals, pools, strict=True))


# The quick test every hand takes, as one addition: a tally packed into an int, LANE bits per pool, each
# count capped at CAP (more than any pool holds, so a capped count still overflows). Two packed tallies and
# the deck's bias (2**(LANE-1) - 1 - size in each lane) add up without carrying from lane to lane (at most
# 2 * CAP + 2**(LANE-1) - 1 < 2**LANE), and a lane reaches its top bit exactly when its cards exceed the
# pool's size.
LANE = 16
CAP = 2 ** (LANE - 2) - 1


def pack(tallied: tuple[int, ...]) -> int:
    """A tally as one int for `overflowing` (each count capped at CAP)."""
    return sum(min(count, CAP) << (LANE * index) for index, count in enumerate(tallied))


def packed_deck(pools: tuple[Pool, ...]) -> tuple[int, int]:
    """The bias and the mask `overflowing` adds and tests for these pools (computed once per deck)."""
    top = 2 ** (LANE - 1)
    bias = sum((top - 1 - pool.size) << (LANE * index) for index, pool in enumerate(pools))
    mask = sum(top << (LANE * index) for index in range(len(pools)))
    return bias, mask


def overflowing(deck: tuple[int, int], *packed: int) -> bool:
    """Whether packed tallies (one or two: a hand's teams) exceed some pool; exactly `not fits`."""
    bias, mask = deck
    if len(packed) == 2:
        return bool((packed[0] + packed[1] + bias) & mask)
    return bool((sum(packed) + bias) & mask)


def overflows(pools: tuple[Pool, ...], takes) -> list[Overflow]:
    """Every pool the takes exceed, in the pools' order, with the takes that draw on it."""
    takes = tuple(takes)
    found = []
    for index, needed in enumerate(tally(pools, takes)):
        if needed > pools[index].size:
            found.append(Overflow(pools[index], needed, tuple(t for t in takes if t.cards[index])))
    return found
