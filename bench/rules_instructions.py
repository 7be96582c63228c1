"""Instructions per sheet, counted by valgrind: the rules' cost with the machine's noise taken out.

    .venv/bin/python bench/rules_instructions.py [--ruleset nvso|NAME|all] [--sheets 300] [--against REV]

The wall clock and even the CPU clock of a shared two-core machine move by a fifth from run to run;
valgrind's callgrind counts the instructions a process executes, the same for the same code and input
whatever else runs. Each rule set's mix of sheets (bench/rules_bench.py's: valid sheets, every fifth with
one number changed) is validated once, then three more times, in two processes under callgrind; the
difference, divided by the sheets validated, is the cost of one sheet with start-up and warm-up taken
out. `--against REV` counts the same mix (this checkout's generator) on the rules of another commit,
checked out in a temporary worktree, so a change is measured before and after in one run.
"""

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 3
# The child takes `rules` from the checkout measured and the sheets' generators from this one: `bench` is
# pinned to this checkout's folder, whatever another checkout's sys.path holds.
CHILD = """
import sys, types
sys.path.insert(0, {rules_root!r})
import rules
from rules.registry import get_ruleset
get_ruleset({name!r})  # a checkout without this rule set fails here, rather than counting its refusals
bench = types.ModuleType("bench")
bench.__path__ = [{bench_root!r} + "/bench"]
sys.modules["bench"] = bench
from bench.rules_bench import mix_for
documents = mix_for({name!r}, {sheets})
validate = rules.validate
for _ in range({rounds}):
    for document in documents:
        validate(document)
"""


def instructions(rules_root: Path, name: str, sheets: int, rounds: int) -> int:
    """The instructions one process executes validating the mix `rounds` times (plus its start-up)."""
    code = CHILD.format(rules_root=str(rules_root), bench_root=str(ROOT), name=name, sheets=sheets,
                        rounds=rounds)
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          "-c", code], capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(f"valgrind did not report a count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_sheet(rules_root: Path, name: str, sheets: int) -> int:
    """Instructions per validated sheet: (ROUNDS + 1 rounds) - (1 round), over ROUNDS x sheets."""
    once = instructions(rules_root, name, sheets, 1)
    more = instructions(rules_root, name, sheets, ROUNDS + 1)
    return round((more - once) / (ROUNDS * sheets))


def checkout(rev: str) -> Path:
    """A temporary worktree of `rev` (removed by the caller)."""
    path = Path(tempfile.mkdtemp(prefix="rules-at-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(path), rev], check=True)
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="nvso", help="a rule set's name, or all (default nvso)")
    parser.add_argument("--sheets", type=int, default=300, help="distinct sheets in the mix")
    parser.add_argument("--against", help="also count the same mix on the rules of this commit")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind).")
    sys.path.insert(0, str(ROOT))
    from bench.rules_bench import benched_rulesets

    names = benched_rulesets() if args.ruleset == "all" else [args.ruleset]
    other = checkout(args.against) if args.against else None
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True).stdout.strip()
        changed = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "rules", "bench"],
                                 capture_output=True, text=True).stdout  # new files too, which a diff leaves out
        if head and changed.strip():
            head += " with this checkout's uncommitted changes"  # what was counted is not that commit
        print(f"instructions per sheet (valgrind callgrind), mix of {args.sheets} sheets, {ROUNDS} rounds")
        for name in names:
            here = per_sheet(ROOT, name, args.sheets)
            line = f"{name}: {here:,} at {head or 'this checkout'}"
            if other is not None:
                try:
                    there = per_sheet(other, name, args.sheets)
                except subprocess.CalledProcessError:
                    line += f"; not countable at {args.against} (the rule set or its sheets are not there)"
                else:
                    line += f"; {there:,} at {args.against} ({(here - there) / there:+.1%})"
            print(line, flush=True)
    finally:
        if other is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
