"""Mutation testing of the rules and of the standings' computation: would the tests notice a slip?

    python3 dev.py mutants                          every module named by [tool.mutmut] only_mutate
    python3 dev.py mutants rules/nvso/scoring.py    one module (a path or a dotted name), or several
    python3 dev.py mutants -j 2 rules.totals        two mutants tested at once (default: one)

mutmut (configured in pyproject.toml, [tool.mutmut]) copies the project into ./mutants/, makes one small
change at a time (a number, an operator, a word of a message) and runs the fast tests that reach the
changed function; a mutant the tests do not notice "survives". Each run starts afresh from the code and the
tests as they are (a new test must be seen by every mutant), then prints killed/total per module and every
survivor with its line and its change, so a person can judge whether it is a gap in the tests or an
equivalent mutant (one no test can tell apart). docs/mutation.md keeps the last figures and those
judgements. A timeout counts as killed: the change made a test hang, and so was noticed.
"""

import argparse
import ast
import fnmatch
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
LOG = ROOT / "var" / "mutmut-run.log"
KILLED = {"killed", "timeout", "caught by type check"}


def mutated_modules() -> list[str]:
    """The modules pyproject's [tool.mutmut] mutates, as paths from the project's root."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    found = []
    for source in conf["source_paths"]:
        for path in sorted((ROOT / source).rglob("*.py")) if (ROOT / source).is_dir() else [ROOT / source]:
            name = path.relative_to(ROOT).as_posix()
            if any(fnmatch.fnmatch(name, p) for p in conf.get("only_mutate", ["*"])):
                found.append(name)
    return found


def module_path(arg: str, known: list[str]) -> str:
    """`rules/nvso/scoring.py`, `rules/nvso/scoring` or `rules.nvso.scoring` all name one module."""
    candidates = {arg, arg + ".py", arg.replace(".", "/") + ".py", arg.replace(".", "/") + "/__init__.py",
                  arg.rstrip("/") + "/__init__.py"}
    for name in known:
        if name in candidates:
            return name
    sys.exit(f"{arg} is not a module that mutation testing covers. These are: {', '.join(known)}.")


def pattern(path: str) -> str:
    """mutmut's names for the mutants of one module: `rules.nvso.scoring.x_base__mutmut_3`; a package's
    __init__ loses its own name (`rules.nvso.x__not_itemised__mutmut_1`)."""
    dotted = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    return f"{dotted}.x*"


def run_mutmut(patterns: list[str], children: int) -> None:
    shutil.rmtree(MUTANTS, ignore_errors=True)
    LOG.parent.mkdir(exist_ok=True)
    mutmut = Path(sys.executable).parent / "mutmut"
    print(f"Running mutmut on {len(patterns)} module(s), {children} at a time; its output goes to "
          f"{LOG.relative_to(ROOT)} ...", flush=True)
    with LOG.open("w") as log:
        result = subprocess.run([str(mutmut), "run", "--max-children", str(children), *patterns], cwd=ROOT,
                                stdout=log, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        tail = LOG.read_text(errors="replace").replace("\r", "\n").strip().splitlines()[-15:]
        sys.exit("mutmut stopped with exit code {}; the end of its output:\n{}".format(
            result.returncode, "\n".join(tail)))


def verdicts(path: str) -> dict[str, str]:
    """Each mutant of the module and what became of it, in mutmut's words."""
    from mutmut.stats import status_by_exit_code

    meta = MUTANTS / (path + ".meta")
    if not meta.exists():
        return {}
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    return {name: status_by_exit_code[code] for name, code in codes.items()}


def change(name: str, path: str) -> tuple[int | None, str]:
    """The line of the original module a mutant changes, and the change as `old  ->  new`."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    with _in(MUTANTS.parent):
        diff = get_diff_for_mutant(name, path=path).splitlines()
    removed = [line[1:].strip() for line in diff if line.startswith("-") and not line.startswith("---")]
    added = [line[1:].strip() for line in diff if line.startswith("+") and not line.startswith("+++")]
    return _line_of(path, name, removed, _first_change(diff)), f"{' / '.join(removed)}  ->  {' / '.join(added)}"


def _first_change(diff: list[str]) -> int | None:
    """The line, counted from the mutated function's first, where the diff's first change stands: its hunk
    header gives where the hunk starts, and each unchanged line before the change moves it on one."""
    for index, line in enumerate(diff):
        if line.startswith("@@ -"):
            number = int(line[4:].split(",")[0].split(" ")[0])
            for following in diff[index + 1:]:
                if following.startswith(("-", "+")):
                    return number
                number += 1
    return None


def _line_of(path: str, name: str, removed: list[str], offset: int | None = None) -> int | None:
    """Where the change stands inside the mutated function of the original file: by the diff's offset when
    there is one (the same words, `return False`, may stand on several lines), else where the removed
    text first stands. mutmut's text of a function starts at its decorators, and at the comment lines
    just above them; a method is named with its class (`xǁClassǁmethod`)."""
    parts = name.rsplit("__mutmut_", 1)[0].rsplit(".", 1)[-1].split("ǁ")
    function = parts[-1].removeprefix("x_")
    owner = parts[1] if len(parts) == 3 else None
    source = (ROOT / path).read_text()
    lines = source.splitlines()
    node = _function_node(ast.parse(source), owner, function)
    if node is None:
        return None
    end = node.end_lineno or node.lineno
    if offset is not None:
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        while first > 1 and lines[first - 2].strip().startswith("#"):
            first -= 1
        if first + offset - 1 <= end:
            return first + offset - 1
    for number in range(node.lineno, end + 1):
        if removed and removed[0] and removed[0] in lines[number - 1].strip():
            return number
    return node.lineno


def _function_node(tree: ast.Module, owner: str | None, function: str):
    """The function `function` of the module, or the method of class `owner`."""
    scopes = [tree] if owner is None else [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)
                                           and n.name == owner]
    for scope in scopes:
        for node in ast.walk(scope):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == function:
                return node
    return None


class _in:
    """mutmut reads its own configuration and files relative to the working directory."""

    def __init__(self, where: Path):
        self.where, self.before = where, Path.cwd()

    def __enter__(self):
        import os
        os.chdir(self.where)

    def __exit__(self, *exc):
        import os
        os.chdir(self.before)


def report(paths: list[str]) -> int:
    """Print killed/tested per module, then the survivors. A mutant not yet tested (a run stopped early)
    is counted apart, never as a survivor nor as killed."""
    rows, survivors = [], []
    for path in paths:
        found = verdicts(path)
        tested = {name: status for name, status in found.items() if status != "not checked"}
        killed = sum(status in KILLED for status in tested.values())
        rows.append((path, killed, len(tested), len(found) - len(tested)))
        for name, status in sorted(tested.items(), key=lambda item: _number(item[0])):
            if status not in KILLED:
                line, text = change(name, path)
                survivors.append((path, line or 0, status, text))
    width = max(len(path) for path in paths)
    print(f"\n{'module':<{width}}  killed/tested   score  untested")
    for path, killed, tested, untested in rows:
        score = f"{100 * killed / tested:5.1f}%" if tested else "    -  "
        print(f"{path:<{width}}  {killed:>6}/{tested:<6} {score}  {untested or ''}")
    all_killed, all_tested = sum(r[1] for r in rows), sum(r[2] for r in rows)
    if all_tested:
        print(f"{'all':<{width}}  {all_killed:>6}/{all_tested:<6} {100 * all_killed / all_tested:5.1f}%  "
              f"{sum(r[3] for r in rows) or ''}")
    print(f"\nSurvivors ({len(survivors)}): module:line, verdict, change")
    for path, line, status, text in sorted(survivors):
        print(f"{path}:{line}  {status}  {text}")
    return 0 if all_tested else 1


def _number(name: str) -> tuple[str, int]:
    stem, _, number = name.rpartition("__mutmut_")
    return stem, int(number) if number.isdigit() else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="paths or dotted names; none means every module")
    parser.add_argument("-j", "--max-children", type=int, default=1, help="mutants tested at once")
    parser.add_argument("--report-only", action="store_true", help="print the last run's figures again")
    args = parser.parse_args(argv)
    known = mutated_modules()
    paths = [module_path(arg, known) for arg in args.modules] or known
    if not args.report_only:
        run_mutmut([pattern(path) for path in paths], args.max_children)
    return report(paths)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
