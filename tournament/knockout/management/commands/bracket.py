"""``python manage.py bracket --teams N [--third-place] [--json]``: preview a single-elimination bracket.

Thin on purpose: the seeding, numbering and drawing live in ``tournament.knockout.plan`` (pure Python), so this
command only parses arguments, turns a ``ValueError`` into a ``CommandError`` (a plain message, no
traceback) and prints. It needs no database and does not import the tournament models.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.knockout.plan import MAX_TEAMS, plan_bracket, plan_to_json, render_text


class Command(BaseCommand):
    help = (
        "Preview a single-elimination bracket for seeds 1..N: standard seeding, byes to the top seeds, "
        "optional third-place game. Prints a drawing, or JSON with --json."
    )
    requires_system_checks = []  # a preview touches nothing that the checks protect

    def add_arguments(self, parser):
        parser.add_argument(
            "--teams", type=int, required=True, metavar="N", help=f"number of teams, 2 to {MAX_TEAMS}"
        )
        parser.add_argument(
            "--third-place",
            action="store_true",
            help="add a game between the semi-final losers (needs at least 4 teams)",
        )
        parser.add_argument("--json", action="store_true", help="print the plan as JSON instead of a drawing")

    def handle(self, *args, **options):
        try:
            plan = plan_bracket(options["teams"], third_place=options["third_place"])
        except ValueError as error:
            raise CommandError(str(error)) from None
        if options["json"]:
            self.stdout.write(json.dumps(plan_to_json(plan), indent=2))
        else:
            self.stdout.write(render_text(plan), ending="")
