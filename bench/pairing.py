"""How long a Danish or Swiss round takes to pair, for 4 to 200 teams (issue 14, item 2).

    .venv/bin/python bench/pairing.py [--rounds 8] [--seeds 3]
    .venv/bin/python bench/pairing.py --sweep [--seeds 40]   (about half a minute)

For each field and method it plays `--rounds` rounds of that method with random winners (and random clubs,
for --avoid-club), pairing each from the standings as the command does, and prints the slowest round's
CPU time (this process's own, as the machine is shared), the median round, and the rematches and
same-club pairs of the last round. A late round of a small field, where rematches are forced, is the
slow case: the last rows play a field as many rounds as it has teams.

`--sweep` holds the pairing to every possible pairing (the tests' enumeration) for 4 to 10 teams after
1 to n+1 rounds of each method, with and without --avoid-club, for each seed: the fewest rematches, then the
fewest same-club pairs, and for Danish the very pairing and bye of the enumeration's order.
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

from tournament.core.pairing import pair_round
from tournament.core.tiebreaks import Entrant, Meeting

FIELDS = [4, 10, 25, 51, 100, 151, 199, 200]


def play(n: int, rounds: int, method: str, avoid_club: bool, seed: int) -> tuple[list[float], object]:
    rng = random.Random(seed)
    teams = {i: {"wins": 0, "met": [], "bye": False, "club": f"C{rng.randrange(8)}"} for i in range(1, n + 1)}
    times, pairing = [], None
    for _ in range(rounds):
        entrants = [Entrant(number=i, wins=t["wins"], club=t["club"], had_bye=t["bye"],
                            meetings=tuple(Meeting(o) for o in t["met"])) for i, t in teams.items()]
        start = time.process_time()
        pairing = pair_round(entrants, method, avoid_club=avoid_club)
        times.append(time.process_time() - start)
        for t in pairing.tables:
            teams[rng.choice([t.ns, t.ew])]["wins"] += 1
            teams[t.ns]["met"].append(t.ew)
            teams[t.ew]["met"].append(t.ns)
        if pairing.bye is not None:
            teams[pairing.bye]["bye"] = True
            teams[pairing.bye]["wins"] += 1
    return times, pairing


def sweep(seeds: int) -> None:
    from tests.tournament.core.test_pairing import history
    from tests.tournament.core.test_pairing_exhaustive import best

    cases = wrong = 0
    for seed in range(seeds):
        for n in range(4, 11):
            for rounds in range(1, n + 2):
                for method in ("danish", "swiss"):
                    for avoid in (False, True):
                        clubs = random.Random(seed).randint(2, 4) if avoid else 0
                        entrants, _ = history(n, rounds, method, seed, clubs=clubs, avoid_club=avoid)
                        got = pair_round(entrants, method, avoid_club=avoid)
                        fewest, bye, pairs = best(entrants, list(got.ranking), avoid)
                        cases += 1
                        mismatch = (got.rematches, got.same_club if avoid else 0) != fewest
                        if method == "danish" and not avoid:
                            mismatch |= got.bye != bye or [(t.ns, t.ew) for t in got.tables] != pairs
                        if mismatch:
                            wrong += 1
                            print(f"MISMATCH: seed {seed}, {n} teams, round {rounds + 1}, {method}, club {avoid}")
    print(f"{cases} cases, {wrong} mismatches")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--sweep", action="store_true")
    args = parser.parse_args()
    if args.sweep:
        sweep(args.seeds)
        return
    print(f"machine: {os.cpu_count()} cores, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
    print("| teams | rounds | method | avoid club | slowest round | median round | last round: rematches, "
          "same club |")
    print("|---|---|---|---|---|---|---|")
    cases = [(n, args.rounds) for n in FIELDS] + [(10, 10), (24, 24), (51, 51)]
    for n, rounds in cases:
        for method in ("danish", "swiss"):
            for avoid in (False, True):
                times, last = [], None
                for seed in range(args.seeds):
                    run, last = play(n, rounds, method, avoid, seed)
                    times += run
                print(f"| {n} | {rounds} | {method} | {'yes' if avoid else 'no'} | {max(times) * 1000:.1f} ms | "
                      f"{statistics.median(times) * 1000:.1f} ms | {last.rematches}, {last.same_club} |")


if __name__ == "__main__":
    main()
