"""Repeated table-mates in the single players' movement, for a set of fields (issue 13, item 2).

    .venv/bin/python bench/players_movement.py [--seeds 5]
    .venv/bin/python bench/players_movement.py --sweep [--max-players 12]   (minutes)

For each field (N players, seats, G games) it prints the tables, the sit-outs a game, the repeats of the
plan the command prints (seed 0: meetings beyond a pair's first), the pairs who met more than once, the
fewest and most repeats over the seeds, how tight the field is (the most table-mates one player sits with
over the day, against the N - 1 others there are: above N - 1, repeats are forced; below, a repeat-free
plan may still not exist, this is the social golfer problem), and the CPU time of one plan (this
process's own, as the machine is shared).

`--sweep` holds the movement to the rule exhaustively on small fields: for every N up to the limit, every
seat spec and 1 to 6 games, it asks the exhaustive search of the tests whether a plan without repeats
exists (under the movement's sit-outs; a field it cannot settle within its limit counts as unknown) and
checks that the movement finds one with seeds 0, 1 and 2.
"""

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.core.players_movement import parse_seats, players_movement

CASES = [
    (9, "1", 3),  # the solitaire
    (15, "5", 3),  # the five-player game of the whole event
    (10, "3-4", 3),  # Canasta 21 of the whole event
    (9, "3", 4),  # affine plane of order 3
    (16, "4", 5),  # order 4
    (25, "5", 6),  # order 5
    (20, "4", 5),  # transversal design, q = 5
    (11, "4", 4),
    (15, "3", 7),  # Kirkman's fifteen schoolgirls: a plan without repeats exists
    (13, "3", 6),
    (18, "3", 8),
    (21, "3", 10),
    (24, "4", 6),
    (23, "3-4", 6),
    (30, "5", 7),
    (40, "5", 8),
    (50, "4-5", 8),
    (60, "5", 10),
]


def most_table_mates(plan, n: int) -> int:
    mates = {p: 0 for p in range(1, n + 1)}
    for game in plan.games:
        for table in game.tables:
            for p in table.seats:
                mates[p] += len(table.seats) - 1
    return max(mates.values())


def sweep(max_players: int) -> None:
    from tests.tournament.core.test_players_movement_exhaustive import repeat_free_plan_exists

    decided = unknown = 0
    missed = []
    for spec in ["2", "3", "4", "5", "2-3", "3-4", "4-5"]:
        for n in range(max(2, parse_seats(spec).low), max_players + 1):
            for games in range(1, 7):
                try:
                    exists = repeat_free_plan_exists(n, spec, games, limit=40_000)
                except TimeoutError:
                    unknown += 1
                    print(f"unknown: {n} players, seats {spec}, {games} games")
                    continue
                decided += 1
                repeats = [players_movement(n, spec, games, rng=random.Random(s)).repeats for s in range(3)]
                if exists and any(repeats):
                    missed.append((n, spec, games, repeats))
                    print(f"MISSED: {n} players, seats {spec}, {games} games: repeats {repeats}")
    print(f"decided {decided}, unknown {unknown}, missed {len(missed)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--sweep", action="store_true")
    parser.add_argument("--max-players", type=int, default=12)
    args = parser.parse_args()
    if args.sweep:
        sweep(args.max_players)
        return
    print(f"machine: {os.cpu_count()} cores, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
    print("| players | seats | games | tables | sitting out a game | repeats (seed 0) | pairs met again | "
          f"fewest / most over {args.seeds} seeds | table-mates / others | CPU time (seed 0) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n, seats, games in CASES:
        start = time.process_time()
        plan = players_movement(n, seats, games, rng=random.Random(0))
        elapsed = time.process_time() - start
        others = [players_movement(n, seats, games, rng=random.Random(s)).repeats for s in range(args.seeds)]
        print(f"| {n} | {seats} | {games} | {plan.tables} | {len(plan.games[0].sitting_out)} | {plan.repeats} | "
              f"{plan.repeated_pairs} | {min(others)} / {max(others)} | {most_table_mates(plan, n)} / {n - 1} | "
              f"{elapsed * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
