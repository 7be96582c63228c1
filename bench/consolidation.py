"""How long the consolidation plan takes after withdrawals, for 10 to 300 tables (issue 14, item 3).

    .venv/bin/python bench/consolidation.py [--trials 20] [--games-left 8]

For each room it seats game 3 of a full Mitchell field (two teams a table), withdraws a few teams or a
third of the field at random, and plans the consolidation with the meetings of games 1 and 2 as `met`
(the rematch tie-break is then asked every time). It prints the slowest and the median plan (CPU time of
this process, as the machine is shared) and the most teams moved. The plan tries every way of seating the
teams that move only while there are few (`consolidation.MAX_ASSIGNMENTS`), so no room is slow.
"""

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.core.consolidation import plan_consolidation
from tournament.core.movement import mitchell

ROOMS = [10, 25, 50, 100, 200, 300]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--games-left", type=int, default=8)
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, {args.trials} trials a row, "
          f"{args.games_left} games left")
    print(f"{'tables':>6} {'slowest ms':>10} {'median ms':>9} {'most moves':>10}")
    for tables in ROOMS:
        n = 2 * tables
        seating = mitchell(n, 3).games[-1].tables
        met = [frozenset((s.ns, s.ew)) for game in mitchell(n, 2).games for s in game.tables]
        times, moves = [], 0
        for trial in range(args.trials):
            rng = random.Random(trial)
            gone = set(rng.sample(range(1, n + 1), rng.choice([2, 3, 5, 9, n // 3])))
            rows = [(s.table, None if s.ns in gone else s.ns, None if s.ew in gone else s.ew) for s in seating]
            start = time.process_time()
            plan = plan_consolidation(rows, met=met, games_left=args.games_left)
            times.append(time.process_time() - start)
            moves = max(moves, len(plan.moves))
        print(f"{tables:>6} {max(times) * 1000:>10.1f} {statistics.median(times) * 1000:>9.1f} {moves:>10}")


if __name__ == "__main__":
    main()
