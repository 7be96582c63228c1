"""`python -m rules validate PATH` (PATH `-` reads standard input): print the answer as JSON and exit
0 valid, 1 errors, 2 malformed. The Django command `validate_sheet` calls `run` too.
"""

import argparse
import errno
import json
import sys
from typing import BinaryIO, TextIO

import rules
from rules.answer import exit_code, malformed_answer
from rules.violations import Problem


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


_REASONS = {
    errno.ENOENT: "it does not exist",
    errno.EACCES: "you are not allowed to read it",
    errno.EPERM: "you are not allowed to read it",
    errno.EISDIR: "it is a folder, not a file",
    errno.ENOTDIR: "a folder in its path is a file",
    errno.ENAMETOOLONG: "its name is too long",
}


def unreadable(path: str, exc: OSError) -> str:
    """Why the file cannot be read, as one plain sentence."""
    reason = _REASONS.get(exc.errno) or (exc.strerror or "").lower() or "the system refused to read it"
    return f"The file {path} could not be read: {reason}."


def run(path: str, stdout: TextIO, stderr: TextIO, stdin: BinaryIO | TextIO | None = None) -> int:
    """Validate the sheet at `path`, print the answer on `stdout`; the exit status. A file that cannot be
    read is answered like a malformed sheet (the problem at "$"), so a caller always gets JSON."""
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules", description="Check canasta score sheets.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("validate", help="check one score sheet and print the answer as JSON")
    check.add_argument("path", help="the sheet's JSON file, or - for standard input")
    args = parser.parse_args(argv)
    return run(args.path, sys.stdout, sys.stderr)
