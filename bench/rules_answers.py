"""The rules' answers to a large generated corpus, to hold a change to the same answers byte for byte.

    .venv/bin/python bench/rules_answers.py [--ruleset five_player|NAME|all] [--sheets 1500] [--against REV]

A speed change must not change a single message, violation or figure. This validates each rule set's bench
mix (bench/rules_bench.py's sheets; for five_player also twice as many sheets under each option, of one to
eight deals, slipped or with lines of base and count only) and three times as many variants, each made by
one or two edits anywhere in the document (a value of another kind or off by some points, a field left out
or added, a detail dropped, other options, other or broken sides, fewer or more deals, totals not written,
another final or winner); each document is answered as a document, as JSON text and with the sides named
by the caller, and a digest of all the answers is printed. `--against REV` answers the same corpus (this
checkout's generator) with the rules of another commit, in a temporary worktree, and lists the first
documents whose answers differ.
"""

import argparse
import copy
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ODD_VALUES = (None, True, False, 1.5, "5", "", [], {}, -5, 0, 5, 10**9, -(10**9), "a", 3)
OPTIONS = ({}, {"game_end_counts": "own"}, {"super_canasta_bonus": "plus_canasta"}, {"play_to_target": True},
           {"target_score": 500}, {"target_score": 7}, {"nope": 1}, {"game_end_counts": "x"}, None, [],
           {"play_to_target": True, "target_score": 100000})
NAMES = {"asha": "Ann", "bina": "Bo", "chandra": "Cy", "dev": "Di", "esha": "Ed", "ns": "We", "ew": "They",
         "a": "A"}


def _paths(node: object, path: tuple = ()) -> list[tuple]:
    """Every place in a document: the keys (and list indexes) that lead to it."""
    found = [path]
    if type(node) is dict:
        for key, value in node.items():
            found += _paths(value, (*path, key))
    elif type(node) is list:
        for index, value in enumerate(node):
            found += _paths(value, (*path, index))
    return found


def _at(document: object, path: tuple) -> object:
    for key in path:
        document = document[key]
    return document


def _edit(rng: random.Random, document: dict) -> None:
    """One edit anywhere in the document, in place."""
    path = rng.choice(_paths(document)[1:])
    parent, key = _at(document, path[:-1]), path[-1]
    value = parent[key]
    kind = rng.randrange(6)
    if kind == 0:
        parent[key] = rng.choice(ODD_VALUES)
    elif kind == 1 and type(value) is int and type(value) is not bool:
        parent[key] = value + rng.choice((5, -5, 10, 50, -100, 1, 995))
    elif kind == 2 and type(parent) is dict:
        del parent[key]
    elif kind == 3 and type(parent) is dict:
        parent[rng.choice(("extra", "note", "base", "kitties", "zz"))] = rng.choice((1, 0, None, "x"))
    elif kind == 4 and type(value) is dict and value:
        del value[rng.choice(list(value))]
    elif type(value) is bool:
        parent[key] = not value
    else:
        parent[key] = rng.choice(ODD_VALUES)


def _variant(rng: random.Random, sheet: dict, name: str) -> dict:
    """A copy of a sheet made different in one of the ways a real sheet is."""
    doc = copy.deepcopy(sheet)
    kind = rng.randrange(12)
    hands = doc.get("hands") or []
    if kind <= 3:
        for _ in range(1 + (kind == 3)):
            _edit(rng, doc)
    elif kind == 4:  # details left out where they are nought (a form writes only what was played)
        for hand in hands:
            for line in hand.values():
                details = line.get("details")
                if type(details) is dict:
                    for key in [k for k, v in details.items() if not v and rng.random() < 0.7]:
                        del details[key]
        if rng.random() < 0.5:
            _edit(rng, doc)
    elif kind == 5:  # totals not written
        for hand in hands:
            for line in hand.values():
                for field in ("total", "cumulative", "credited"):
                    if rng.random() < 0.5:
                        line.pop(field, None) if rng.random() < 0.5 else line.__setitem__(field, None)
        for field in ("final", "winner"):
            if rng.random() < 0.4:
                doc.pop(field, None)
    elif kind == 6:
        doc["options"] = copy.deepcopy(rng.choice(OPTIONS))
        if rng.random() < 0.5:
            _edit(rng, doc)
    elif kind == 7:  # fewer or more deals, the later totals then off
        if rng.random() < 0.5 and len(hands) > 1:
            del hands[rng.randrange(len(hands)):]
        else:
            hands += copy.deepcopy(hands[: rng.randrange(1, len(hands) + 1)]) * rng.randrange(1, 4)
    elif kind == 8 and type(doc.get("sides")) is list:  # sides broken or renamed
        sides = doc["sides"]
        choice = rng.randrange(5)
        if choice == 0:
            sides.pop(rng.randrange(len(sides)))
        elif choice == 1:
            sides[rng.randrange(len(sides))]["id"] = rng.choice(("Bad id", "asha", "zed", 5, "x" * 20))
        elif choice == 2:
            sides[rng.randrange(len(sides))]["label"] = rng.choice(("x" * 200, 5, None, ""))
        elif choice == 3:
            del sides[rng.randrange(len(sides))]["label"]
        else:
            sides.append({"id": "extra"})
    elif kind == 9:  # another final or winner
        final = doc.get("final")
        if type(final) is dict and final and rng.random() < 0.5:
            final[rng.choice(list(final))] += rng.choice((5, -5, 100))
        else:
            doc["winner"] = rng.choice([*(final or {"x": 0}), "tie", "nobody", None, 3])
    elif kind == 10 and hands:  # a deal's lines swapped between two sides
        hand = rng.choice(hands)
        keys = list(hand)
        if len(keys) > 1:
            a, b = rng.sample(keys, 2)
            hand[a], hand[b] = hand[b], hand[a]
    else:
        doc["format"] = rng.choice(("canasta-td/score-sheet@1", 2, None, doc.get("format")))
        if rng.random() < 0.7:
            doc["format"] = sheet.get("format")
            _edit(rng, doc)
    return doc


def _five_player_games(rng: random.Random, count: int) -> list:
    """five_player sheets under each option, of 1 to 8 deals, as written or with slips, or with lines of
    base and count only: the bench mix has only the default options and three deals."""
    from bench.games import five_player as game
    from rules.five_player.examples import build_sheet, scored_line

    readings = (({}, True, False), ({"game_end_counts": "own"}, False, False),
                ({"super_canasta_bonus": "plus_canasta"}, True, True), ({"target_score": 1000}, True, False),
                ({"game_end_counts": "own", "target_score": 800}, False, False),
                ({"play_to_target": True, "target_score": 1500}, True, False))
    out = []
    for _ in range(count):
        options, credited, plus = rng.choice(readings)
        deals = [{side: scored_line(d, plus) for side, d in game.plausible_hand(rng).items()}
                 for _ in range(rng.randint(1, 8))]
        sheet = build_sheet(deals, options=dict(options), credited=credited)
        kind = rng.randrange(5)
        if kind in (1, 2):
            for _ in range(kind):
                sheet = game.spoil(rng, sheet)[0]
        elif kind == 3:  # some lines of base and count only, one of them perhaps off
            for hand in sheet["hands"]:
                for line in hand.values():
                    if rng.random() < 0.3:
                        line["details"] = None
            if rng.random() < 0.5:
                sheet = game.spoil(rng, sheet)[0]
        out.append(sheet)
    return out


def corpus(name: str, sheets: int, seed: int = 20261127) -> list:
    from bench.rules_bench import mix_for

    base = mix_for(name, sheets)
    rng = random.Random(seed)
    extra = _five_player_games(rng, 2 * sheets) if name == "five_player" else []
    return base + extra + [_variant(rng, rng.choice(base + extra), name) for _ in range(3 * sheets)]


def _answer(validate, document, sides=None) -> str:
    try:
        return json.dumps(validate(document, sides), sort_keys=False, ensure_ascii=False)
    except Exception as error:  # an exception is an answer too: it must be the same one
        return f"{type(error).__name__}: {error}"


def answers(name: str, sheets: int) -> list[str]:
    """Each document's answers (as a document, as JSON text, with names), one line per document."""
    import rules

    out = []
    for document in corpus(name, sheets):
        text = json.dumps(document)
        kept = copy.deepcopy(document)
        parts = [_answer(rules.validate, document), _answer(rules.validate, text),
                 _answer(rules.validate, document, NAMES)]
        if document != kept:
            parts.append("the document was changed by its validation")
        out.append("\t".join(parts))
    return out


CHILD = """
import sys, types, json
sys.path.insert(0, {rules_root!r})
bench = types.ModuleType("bench")
bench.__path__ = [{bench_root!r} + "/bench"]
sys.modules["bench"] = bench
from bench.rules_answers import answers
for name in {names!r}:
    with open({out!r} + "." + name, "w") as out:
        out.write("\\n".join(answers(name, {sheets})))
"""


def answer_files(rules_root: Path, names: list, sheets: int, out: str) -> None:
    code = CHILD.format(rules_root=str(rules_root), bench_root=str(ROOT), names=names, sheets=sheets, out=out)
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "PYTHONHASHSEED": "0"})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="five_player", help="a rule set's name, or all")
    parser.add_argument("--sheets", type=int, default=1500, help="bench sheets, and three times as many variants")
    parser.add_argument("--against", help="answer the same corpus with the rules of this commit and compare")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from bench.rules_bench import benched_rulesets

    names = benched_rulesets() if args.ruleset == "all" else [args.ruleset]
    work = Path(tempfile.mkdtemp(prefix="rules-answers-"))
    answer_files(ROOT, names, args.sheets, str(work / "here"))
    other = None
    if args.against:
        other = Path(tempfile.mkdtemp(prefix="rules-at-"))
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(other), args.against],
                       check=True)
    try:
        if other is not None:
            answer_files(other, names, args.sheets, str(work / "there"))
        same = True
        for name in names:
            here = (work / f"here.{name}").read_text().split("\n")
            digest = hashlib.sha256("\n".join(here).encode()).hexdigest()[:16]
            kinds = {"valid": 0, "errors": 0, "malformed": 0, "exception": 0}
            for line in here:
                first = line.split("\t")[0]
                kinds["exception" if not first.startswith("{") else "malformed" if '"malformed": true' in first
                      else "valid" if first.startswith('{"valid": true') else "errors"] += 1
            line = f"{name}: {len(here)} documents x 3 answers, digest {digest}, {kinds}"
            if other is not None:
                there = (work / f"there.{name}").read_text().split("\n")
                differ = [i for i, (a, b) in enumerate(zip(here, there, strict=True)) if a != b]
                line += f"; at {args.against}: {'identical' if not differ else f'{len(differ)} differ'}"
                if differ:
                    same = False
                    line += f" (first: documents {differ[:10]})"
            print(line, flush=True)
    finally:
        if other is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=False)
    print(f"answers kept in {work}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
