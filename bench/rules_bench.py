"""How many score sheets with details one core validates per second, per rule set.

    .venv/bin/python bench/rules_bench.py [--ruleset nvso|NAME|all] [--sheets 2000] [--seconds 3] [--clock cpu]

NVSO's sheets are three hands with details, built here; another game's come from bench/games/<name>.py
(`sheets(rng, count)`: valid sheets, every fifth with one written number changed), so each rule set's
author writes the generator beside the rules they know.

The sheets are built once from random legal details (fixed seed) and scored with rules.calculator; a fifth
of them then get one written number changed (base, count, total, running total or final), so the mix has
valid and invalid sheets as a real event does. The timed loop calls rules.validate on the parsed documents
(the API and the table form hand over dicts) and, separately, on JSON text; it reports sheets per second
and microseconds per sheet. Target: 20,000 sheets/s for parsed documents on one core. `--clock cpu` times
the rounds on the process's CPU clock (time.process_time) rather than the wall clock: on a machine shared
with other work, the wall clock measures the queue for the core, not the code.
"""

import argparse
import importlib
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules
from rules.calculator import base_from_details, count_from_points

TARGET = 20_000
MELDS = (125, 155, 180)


def _team_details(rng: random.Random, red: int, black: int, may_go_out: bool, points_left: int) -> dict:
    """One team's legal details for one hand (no special hand, no special canastas: the common case)."""
    pure, mixed = rng.choice([(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (1, 2), (3, 1), (2, 2)])
    details = {"red_threes": red, "black_threes": black, "pure_canastas": pure, "mixed_canastas": mixed}
    if may_go_out and pure + mixed >= 2:
        details["went_out"] = True
    if rng.random() < 0.1:
        details["incomplete_aces"] = True
    if rng.random() < 0.1:
        details["stuck_sevens"] = 1
    # the table holds at least the canastas' cheapest cards (C, E: 7 of 4s, 5s or 6s a pure one, six and a
    # deuce a mixed one, 8s and up once those three ranks are used); a player stuck with sevens 3 sevens
    cheap_pure = min(pure, 3)
    cheap_mixed = min(mixed, 3 - cheap_pure)
    least = 35 * cheap_pure + 70 * (pure - cheap_pure) + 50 * cheap_mixed + 80 * (mixed - cheap_mixed)
    least += 60 * details.get("incomplete_aces", False)  # two aces and a wild card, or three aces
    least_hand = 15 * details.get("stuck_sevens", 0)
    table = least + rng.randrange(0, max(0, min(points_left, 700) - least - least_hand) // 5 + 1) * 5
    hand = least_hand + rng.randrange(0, max(0, min(points_left - table, 200) - least_hand) // 5 + 1) * 5
    details["table_points"], details["hand_points"] = table, hand
    return details


def _line(details: dict) -> dict:
    has_canasta = details["pure_canastas"] + details["mixed_canastas"] > 0
    base = base_from_details(details)
    count = count_from_points(details["table_points"], details["hand_points"], has_canasta)
    return {"base": base, "count": count, "total": base + count, "details": details}


def legal_sheet(rng: random.Random) -> dict:
    """A valid three-hand sheet with details for both teams."""
    hands, running = [], {"ns": 0, "ew": 0}
    for index in range(3):
        red_ns, black_ns = rng.randint(0, 4), rng.randint(0, 4)
        out_team = rng.choice(["ns", "ew", None])
        ns = _team_details(rng, red_ns, black_ns, out_team == "ns", 1160)
        used = ns["table_points"] + ns["hand_points"]
        ew = _team_details(rng, rng.randint(0, 4 - red_ns), rng.randint(0, 4 - black_ns), out_team == "ew",
                           1160 - used)
        hand = {}
        for team, details in (("ns", ns), ("ew", ew)):
            line = _line(details)
            running[team] += line["total"]
            line["cumulative"] = running[team]
            line["meld_requirement"] = MELDS[index]
            hand[team] = line
        hands.append(hand)
    final = dict(running)
    winner = "ns" if final["ns"] > final["ew"] else "ew" if final["ew"] > final["ns"] else "tie"
    return {"format": rules.FORMAT, "ruleset": "nvso", "teams": {"ns": "Smith / Jones", "ew": "Brown / Green"},
            "hands": hands, "final": final, "winner": winner}


def spoil(rng: random.Random, sheet: dict) -> dict:
    """The sheet with one written number changed (an invalid sheet)."""
    sheet = json.loads(json.dumps(sheet))
    hand = rng.choice(sheet["hands"])[rng.choice(["ns", "ew"])]
    field = rng.choice(["base", "count", "total", "cumulative", "final"])
    if field == "final":
        sheet["final"][rng.choice(["ns", "ew"])] += 5
    else:
        hand[field] += rng.choice([5, 10, 100, -5, -100])
    return sheet


def make_mix(count: int, seed: int = 20261120) -> list[dict]:
    rng = random.Random(seed)
    sheets = []
    for i in range(count):
        sheet = legal_sheet(rng)
        sheets.append(spoil(rng, sheet) if i % 5 == 4 else sheet)
    return sheets


def mix_for(name: str, count: int, seed: int = 20261120) -> list[dict]:
    """The mix of sheets for the rule set `name`: NVSO's from this module, another's from bench/games."""
    if name == "nvso":
        return make_mix(count, seed)
    return importlib.import_module(f"bench.games.{name}").sheets(random.Random(seed), count)


def benched_rulesets() -> list[str]:
    """Every registered rule set that has sheets to bench (NVSO and those with a bench/games module)."""
    games = Path(__file__).resolve().parent / "games"
    return [name for name in rules.registry.ruleset_names() if name == "nvso" or (games / f"{name}.py").exists()]


def measure(documents: list, seconds: float, clock=time.perf_counter) -> tuple[float, float, int]:
    """Validate the whole mix round after round for about `seconds`.

    Returns (median, best) sheets per second over the rounds and the number of sheets validated: the
    median is the figure to quote; the best shows the speed when nothing else competes for the core.
    """
    validate = rules.validate
    rates, done = [], 0
    deadline = clock() + seconds
    while not rates or clock() < deadline:
        start = clock()
        for document in documents:
            validate(document)
        rates.append(len(documents) / (clock() - start))
        done += len(documents)
    return statistics.median(rates), max(rates), done


def machine() -> str:
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    # The interpreter's build moves the figures by a tenth (README, "Which Python."): name which one ran.
    return (f"{os.cpu_count()} cores / {model}, Python {platform.python_version()} "
            f"(from {sys.base_prefix})")


def bench(name: str, args, clock) -> bool:
    """Print one rule set's figures; whether its median for parsed documents meets the target."""
    documents = mix_for(name, args.sheets)
    answers = [rules.validate(d) for d in documents]
    assert not any(rules.is_malformed(a) for a in answers), f"{name}: the generator made malformed sheets"
    valid = sum(a["valid"] for a in answers)
    expected_valid = args.sheets - args.sheets // 5
    assert valid == expected_valid, f"{name}: the generator made {valid} valid sheets, expected {expected_valid}"
    texts = [json.dumps(d) for d in documents]
    rules.validate(texts[0])  # warm up
    hands = statistics.median(len(d["hands"]) for d in documents)
    print(f"{name}: {args.sheets} sheets of {hands:g} hands (median) with details, {valid} valid, "
          f"{args.sheets - valid} with one number changed")
    median_dict = None
    for label, batch in (("parsed documents (dict)", documents), ("JSON text (str)", texts)):
        median, best, done = measure(batch, args.seconds, clock)
        median_dict = median if median_dict is None else median_dict
        print(f"  {label}: median {median:,.0f} sheets/s ({1e6 / median:.1f} µs/sheet), "
              f"best round {best:,.0f} sheets/s ({1e6 / best:.1f} µs/sheet), {done:,} sheets")
    meets = median_dict >= TARGET
    print(f"  target {TARGET:,} sheets/s for parsed documents (median): {'meets' if meets else 'misses'} it")
    return meets


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="nvso", help="a rule set's name, or all (default nvso)")
    parser.add_argument("--sheets", type=int, default=2000, help="distinct sheets in the mix")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                        help="time the rounds on the process's CPU clock or on the wall clock")
    args = parser.parse_args()
    names = benched_rulesets() if args.ruleset == "all" else [args.ruleset]
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"machine: {machine()}, {args.clock} clock")
    results = [bench(name, args, clock) for name in names]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
