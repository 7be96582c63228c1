"""Print the pairs of a Danish or Swiss round from a standings file (docs/pairing.md), as a readable list
or as JSON, for planning a round and for testing the pairing."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.core.pairing import METHODS, pair_as_listed, pair_round, pairing_to_json, render_pairing
from tournament.core.standings_file import StandingsFileError, read_standings
from tournament.core.tiebreaks import DEFAULT_ORDER

# The whole field is read and ranked in memory; a file bigger than any real event's is refused.
MAX_TEAMS = 2000
MAX_BYTES = 5_000_000
LISTED = "listed"  # --order listed: rank as the file lists the teams (an event's standings, best first)


class Command(BaseCommand):
    help = (
        "Pair the next round by the standings in FILE (JSON, or the director's standings CSV export): "
        "Danish (1st v 2nd, 3rd v 4th, ...) or Swiss (score groups), with no rematch while one is avoidable."
    )

    def add_arguments(self, parser):
        parser.add_argument("--standings", required=True, metavar="FILE", help="The standings file.")
        parser.add_argument("--method", required=True, help="danish or swiss.")
        parser.add_argument("--avoid-club", action="store_true", help="Keep teams of one club apart where possible.")
        parser.add_argument("--order", default=",".join(DEFAULT_ORDER),
                            help=f"Ranking keys, best first (default {','.join(DEFAULT_ORDER)}), or 'listed': "
                                 "the file's own order, as an event's standings export ranks its teams.")
        parser.add_argument("--json", dest="as_json", action="store_true", help="Print JSON instead of a list.")

    def handle(self, *args, standings, method, avoid_club=False, order="", as_json=False, **options):
        if method not in METHODS:
            raise CommandError(f"Unknown method {method!r}: use --method danish or --method swiss.")
        path = Path(standings)
        if not path.is_file():
            raise CommandError(f"No standings file at {standings}.")
        if path.stat().st_size > MAX_BYTES:
            raise CommandError(f"{standings} is larger than any event's standings ({MAX_BYTES} bytes at most).")
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise CommandError(f"{standings} is not a UTF-8 text file.") from None
        try:
            entrants, kind = read_standings(text)
        except StandingsFileError as error:
            raise CommandError(f"{standings}: {error}") from None
        if len(entrants) > MAX_TEAMS:
            raise CommandError(f"The command pairs at most {MAX_TEAMS} teams.")
        try:
            if order.strip() == LISTED:
                pairing = pair_as_listed(entrants, method, avoid_club=avoid_club)
            else:
                pairing = pair_round(entrants, method, avoid_club=avoid_club,
                                     order=[key.strip() for key in order.split(",") if key.strip()])
        except ValueError as error:
            raise CommandError(str(error)) from None
        if as_json:
            self.stdout.write(json.dumps(pairing_to_json(pairing)))
        else:
            self.stdout.write(render_pairing(pairing, entrants))
        # On stderr, so that the JSON on stdout keeps the one shape other tools read.
        if kind == "csv" and not any(e.meetings for e in entrants):
            self.stderr.write("Warning: the CSV lists no opponents, so rematches cannot be avoided; add an "
                              "\"Opponents\" column (and \"Had bye\") or use the JSON file (docs/pairing.md).")
        if pairing.rematches:
            self.stderr.write(f"Warning: {pairing.rematches} rematch(es) could not be avoided.")
