"""Print the NVSO rotation plan for N teams and G games, as a readable table or as JSON."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.core.movement import mitchell, plan_to_json, render_text

MAX_TEAMS = 2000
MAX_GAMES = 200


class Command(BaseCommand):
    help = "Print the NVSO rotation (Mitchell movement) for N teams over G games."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, required=True, help="Number of teams (2 or more).")
        parser.add_argument("--games", type=int, required=True, help="Number of games (1 or more).")
        parser.add_argument("--json", dest="as_json", action="store_true", help="Print JSON instead of a table.")

    def handle(self, *args, teams, games, as_json=False, **options):
        # The plan is printed whole, so keep it to what a terminal or a script can take.
        if teams > MAX_TEAMS or games > MAX_GAMES:
            raise CommandError(f"The command prints at most {MAX_TEAMS} teams and {MAX_GAMES} games.")
        try:
            plan = mitchell(teams, games)
        except ValueError as error:
            raise CommandError(str(error)) from None
        if as_json:
            self.stdout.write(json.dumps(plan_to_json(plan)))
        else:
            self.stdout.write(render_text(plan))
        for warning in plan.warnings:
            self.stderr.write(f"Warning: {warning}")

