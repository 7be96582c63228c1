"""Small fields: where an exhaustive search finds a day without repeats, the movement finds one too.

The exhaustive search keeps the movement's table sizes and sit-outs (those are rules of their own) and
tries every seating of every game, so a case it answers proves that a repeat-free plan exists.
"""

import itertools
import random

import pytest

from tournament.core.players_movement import parse_seats, players_movement, sit_out_rotation, table_sizes


def partitions(players, sizes, met):
    """Seatings of one game in tables of these sizes in which nobody meets anyone again."""
    if not sizes:
        yield []
        return
    anchor, others = players[0], players[1:]
    for size in sorted(set(sizes), reverse=True):
        remaining = list(sizes)
        remaining.remove(size)
        for mates in itertools.combinations(others, size - 1):
            table = (anchor, *mates)
            if any(met[a][b] for a, b in itertools.combinations(table, 2)):
                continue
            left = [p for p in others if p not in mates]
            for rest in partitions(left, remaining, met):
                yield [table, *rest]


def repeat_free_plan_exists(n: int, spec: str, games: int, limit: int | None = None) -> bool:
    """Whether some plan under the movement's sizes and sit-outs has no repeat; TimeoutError past `limit`
    seatings tried (bench/players_movement.py --sweep sets one; the tests' cases are all settled fast)."""
    sizes = table_sizes(n, parse_seats(spec))
    outs = sit_out_rotation(n, n - sum(sizes), games)
    met = [[0] * n for _ in range(n)]
    tried = 0

    def seat(g: int) -> bool:
        if g == games:
            return True
        nonlocal tried
        playing = [p for p in range(n) if p not in outs[g]]
        for seating in partitions(playing, sizes, met):
            tried += 1
            if limit is not None and tried > limit:
                raise TimeoutError
            pairs = [pair for table in seating for pair in itertools.combinations(table, 2)]
            for a, b in pairs:
                met[a][b] = met[b][a] = 1
            found = seat(g + 1)
            for a, b in pairs:
                met[a][b] = met[b][a] = 0
            if found:
                return True
            if g == 0 and not any(outs):
                return False  # nobody sits out: every seating of game 1 is the same up to names
        return False

    return seat(0)


# Each of these once cornered a game-by-game search (a later game had to repeat); all have a plan
# without repeats, which the exhaustive search below confirms before the movement is held to it.
CORNERED = [
    (6, "2", 5),
    (8, "3", 3),
    (8, "3", 4),
    (10, "3", 4),
    (11, "3", 5),
    (10, "2", 6),
    (5, "2", 5),
    (15, "4", 2),
    (9, "2-3", 4),
]


@pytest.mark.parametrize("n, spec, games", CORNERED)
def test_small_fields_meet_nobody_twice_when_a_plan_allows_it(n, spec, games):
    assert repeat_free_plan_exists(n, spec, games)
    for seed in range(3):
        assert players_movement(n, spec, games, rng=random.Random(seed)).repeats == 0


@pytest.mark.parametrize("n, spec, games", [(6, "3", 3), (7, "3", 4), (8, "4", 2), (12, "4", 2)])
def test_the_exhaustive_search_says_no_where_a_repeat_is_forced(n, spec, games):
    # 6 at two tables of 3: game 2 puts two of a game-1 table together (pigeonhole); likewise the others
    assert not repeat_free_plan_exists(n, spec, games)
    assert players_movement(n, spec, games).repeats > 0
