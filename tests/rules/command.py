"""`python -m rules ARGS` for the tests: in this process, or as a real command.

The command's tests ask what it prints and its exit status. Run in this process (rules.cli.main with the
standard streams swapped), each case costs a call instead of a new Python that imports the rules again:
a tenth of the time, and under mutation testing (docs/mutation.md) the case reaches the changed code and
is counted as reaching it, which a child process is not. `run_process` runs the real command, for the
tests that the module's entry point works at all.
"""

import contextlib
import io
import subprocess
import sys
from pathlib import Path
from unittest import mock

from rules.cli import main
from rules.language import speaking

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """What `python -m rules ARGS` prints on its two streams and its exit status, from rules.cli.main;
    `stdin` is the text given on standard input (none: an empty one). argparse's own refusals end in
    SystemExit, whose code is the status, as in the real command."""
    out, err = io.StringIO(), io.StringIO()
    given = io.TextIOWrapper(io.BytesIO((stdin or "").encode()), encoding="utf-8")
    with (contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), mock.patch.object(sys, "stdin", given),
          speaking(None)):  # English unless --language says otherwise, whatever the web app's language source
        try:
            code = main(list(args))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    return subprocess.CompletedProcess(["python", "-m", "rules", *args], code, out.getvalue(), err.getvalue())


def run_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The real `python -m rules ARGS`, in a new Python process."""
    return subprocess.run([sys.executable, "-m", "rules", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, check=False)
