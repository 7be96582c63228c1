"""`python manage.py validate_sheet PATH` (`-` reads standard input): check one score sheet, of either
format (@1 or @2, docs/score-sheet-format.md), print the answer as JSON, exit 0 when valid, 1 with errors,
2 when malformed (or unreadable).

A thin wrapper over rules.cli.run, the same function as `python -m rules validate PATH`.
"""

import sys

from django.core.management.base import BaseCommand

from rules.cli import run


class Command(BaseCommand):
    help = "Check a canasta score sheet (JSON) and print the rules app's answer; exit 0 valid, 1 errors, 2 malformed."
    # call_command(..., stdin=stream) lets tests feed standard input.
    stealth_options = ("stdin",)

    def add_arguments(self, parser):
        parser.add_argument("path", help="the sheet's JSON file, or - to read standard input")

    def handle(self, *args, **options):
        code = run(options["path"], self.stdout, self.stderr, options.get("stdin"))
        if code:
            sys.exit(code)
