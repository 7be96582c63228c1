"""The rules on the command line, with no Django:

    python -m rules validate PATH      # PATH `-` reads standard input; @1 or @2 sheets
    python -m rules list [--json]      # the rule sets: titles, sides, entrants, formats, options, room
    python -m rules example NAME       # a valid example sheet of that game, as JSON

`validate` prints the answer as JSON and exits 0 valid, 1 errors, 2 malformed; the Django command
`validate_sheet` calls `run` too. `list --json` prints rules.registry.summaries(): a list, by name, of
{"name", "title", "formats", "side_counts", "entrants", "options", "room"} (options: each option's default;
room: who enters, the seats of a table, how a result ranks, as rules.room.Room.as_dict says).
`example` with a name no rule set has says which names there are, on standard error, and exits 2.
"""

import argparse
import errno
import json
import sys
from typing import BinaryIO, TextIO

import rules
from rules import registry
from rules.answer import EXIT_MALFORMED, exit_code, malformed_answer
from rules.language import LANGUAGES, _, speaking
from rules.room import RANKINGS
from rules.violations import Problem
from rules.words import either, quoted


def read_source(path: str, stdin: BinaryIO | TextIO | None = None) -> str | bytes:
    """The text of the sheet at `path`, or of standard input for `-`; OSError when it cannot be read."""
    if path == "-":
        stream = stdin if stdin is not None else sys.stdin
        return getattr(stream, "buffer", stream).read()
    with open(path, "rb") as handle:
        return handle.read()


def render(answer: dict) -> str:
    """The answer as indented JSON, non-ASCII letters kept readable."""
    return json.dumps(answer, indent=2, ensure_ascii=False)


def _reasons() -> dict:
    """Why a file cannot be read, by errno, in the messages' language."""
    return {
        errno.ENOENT: _("it does not exist"),
        errno.EACCES: _("you are not allowed to read it"),
        errno.EPERM: _("you are not allowed to read it"),
        errno.EISDIR: _("it is a folder, not a file"),
        errno.ENOTDIR: _("a folder in its path is a file"),
        errno.ENAMETOOLONG: _("its name is too long"),
    }


def unreadable(path: str, exc: OSError) -> str:
    """Why the file cannot be read, as one plain sentence."""
    reason = _reasons().get(exc.errno) or (exc.strerror or "").lower() or _("the system refused to read it")
    return _("The file %(path)s could not be read: %(reason)s.") % {"path": path, "reason": reason}


def run(path: str, stdout: TextIO, stderr: TextIO, stdin: BinaryIO | TextIO | None = None,
        language: str | None = None) -> int:
    """Validate the sheet at `path`, print the answer on `stdout`; the exit status. A file that cannot be
    read is answered like a malformed sheet (the problem at "$"), so a caller always gets JSON. The
    messages are in `language` (None: English)."""
    with speaking(language):
        return _run(path, stdout, stderr, stdin)


def _run(path: str, stdout: TextIO, stderr: TextIO, stdin: BinaryIO | TextIO | None) -> int:
    try:
        text = read_source(path, stdin)
    except OSError as exc:
        message = unreadable(path, exc)
        stderr.write(message + "\n")
        answer = malformed_answer([Problem("$", message)])
    else:
        answer = rules.validate(text)
    stdout.write(render(answer) + "\n")
    return exit_code(answer)


ENTRANTS = {"teams": "teams", "players": "players", "either": "teams or players"}


def _value(value: object) -> str:
    """An option's default as a sheet writes it: 8500, "by_hand" without quotes, null, true."""
    return value if isinstance(value, str) else json.dumps(value)


def room_words(room: dict) -> str:
    """A room in words: "single players, 2 to 4 a table, most points; or teams, 2 a table, ... when ..."."""
    def one(described: dict) -> str:
        low, high = described["seats"]["min"], described["seats"]["max"]
        seats = str(low) if low == high else f"{low} to {high}"
        who = "teams of two" if described["entrants"] == "teams" else "single players"
        return f"{who}, {seats} a table, ranked by {RANKINGS.get(described['ranking'], described['ranking'])}"

    others = [f"; or {one(other)} when " + ", ".join(f"{name} = {_value(value)}" for name, value in when.items())
              for other in room.get("alternatives", []) for when in [other["when"]]]
    return one(room) + "".join(others)


def listing(summaries: list[dict]) -> str:
    """The rule sets in words, one paragraph each."""
    paragraphs = []
    for ruleset in summaries:
        sides = either([str(n) for n in ruleset["side_counts"]])
        formats = ", ".join(f.rsplit("/", 1)[-1] for f in ruleset["formats"])
        options = ", ".join(f"{name} = {_value(value)}" for name, value in ruleset["options"].items())
        paragraphs.append(f"{ruleset['name']}: {ruleset['title']}\n"
                          f"  sides: {sides} ({ENTRANTS.get(ruleset['entrants'], ruleset['entrants'])})\n"
                          f"  formats: {formats}\n"
                          f"  options (defaults): {options or 'none'}\n"
                          f"  room: {room_words(ruleset['room'])}")
    return "\n\n".join(paragraphs)


def list_rulesets(as_json: bool, stdout: TextIO) -> int:
    """Print every rule set: in words, or as JSON (registry.summaries)."""
    found = registry.summaries()
    stdout.write((json.dumps(found, indent=2, ensure_ascii=False) if as_json else listing(found)) + "\n")
    return 0


def print_example(name: str, stdout: TextIO, stderr: TextIO) -> int:
    """Print the example sheet of the rule set called `name`; exit 2, saying why, when there is none."""
    sheet = registry.example(name)
    if sheet is None:
        known = either([quoted(known) for known in registry.ruleset_names()], "and")
        if registry.find_ruleset(name) is None:
            stderr.write(_("There is no rule set %(name)s; the rule sets are %(known)s.") % {
                "name": quoted(name), "known": known} + "\n")
        else:
            stderr.write(_("The rule set %(name)s gives no example sheet.") % {"name": quoted(name)} + "\n")
        return EXIT_MALFORMED
    stdout.write(render(sheet) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules", description="Check canasta score sheets.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("validate", help="check one score sheet and print the answer as JSON")
    check.add_argument("path", help="the sheet's JSON file, or - for standard input")
    check.add_argument("--language", choices=LANGUAGES, help="the language of the messages (default: English)")
    listed = commands.add_parser("list", help="list the rule sets with their sides, formats and options")
    listed.add_argument("--json", action="store_true", help="print a JSON list of objects instead of words")
    shown = commands.add_parser("example", help="print a valid example sheet of one game, as JSON")
    shown.add_argument("name", help="the rule set's name, as `list` shows it")
    args = parser.parse_args(argv)
    if args.command == "list":
        return list_rulesets(args.json, sys.stdout)
    if args.command == "example":
        return print_example(args.name, sys.stdout, sys.stderr)
    return run(args.path, sys.stdout, sys.stderr, language=args.language)
