"""Print a movement, as a readable table or as JSON: the NVSO rotation for teams of two (`--teams`), or
the seating of single players at tables of S seats (`--players` with `--seats`)."""

import json
import random

from django.core.management.base import BaseCommand, CommandError

from tournament.core.movement import mitchell, plan_to_json, render_text
from tournament.core.players_movement import (
    parse_seats,
    players_movement,
    players_plan_to_json,
    render_players_text,
)

MAX_TEAMS = 2000
MAX_GAMES = 200
# The single players' search weighs every pair of players, so its field is kept to a large club's day.
MAX_PLAYERS = 500
MAX_PLAYER_GAMES = 30


class Command(BaseCommand):
    help = (
        "Print the NVSO rotation (Mitchell movement) for N teams over G games, or, with --players and "
        "--seats, the seating of N single players at tables of S seats (or a range such as 3-4)."
    )

    def add_arguments(self, parser):
        entrants = parser.add_mutually_exclusive_group(required=True)
        entrants.add_argument("--teams", type=int, help="Number of teams of two (2 or more).")
        entrants.add_argument("--players", type=int, help="Number of single players (with --seats).")
        parser.add_argument("--seats", help="Seats a table for --players: 1 to 5, or a range such as 3-4.")
        parser.add_argument("--games", type=int, required=True, help="Number of games (1 or more).")
        parser.add_argument("--seed", type=int, default=0, help="Seed of the players' draw (default 0).")
        parser.add_argument("--json", dest="as_json", action="store_true", help="Print JSON instead of a table.")

    def handle(self, *args, teams=None, players=None, seats=None, games, seed=0, as_json=False, **options):
        if players is not None:
            self.players(players, seats, games, seed, as_json)
            return
        if seats is not None:
            raise CommandError("--seats goes with --players; teams of two always play two to a table.")
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

    def players(self, players: int, seats: str | None, games: int, seed: int, as_json: bool) -> None:
        if seats is None:
            raise CommandError("Say how many seats a table has: --seats 4, or a range such as --seats 3-4.")
        if players > MAX_PLAYERS or games > MAX_PLAYER_GAMES:
            raise CommandError(f"The command seats at most {MAX_PLAYERS} players over {MAX_PLAYER_GAMES} games.")
        if players < 1:
            raise CommandError("A movement needs at least 1 player.")
        try:
            plan = players_movement(players, parse_seats(seats), games, rng=random.Random(seed))
        except ValueError as error:
            raise CommandError(str(error)) from None
        if as_json:
            self.stdout.write(json.dumps(players_plan_to_json(plan)))
        else:
            self.stdout.write(render_players_text(plan))
        # On stderr, so that the JSON on stdout keeps the one shape other tools read.
        self.stderr.write(
            f"Repeated table-mates: {plan.repeats} (meetings beyond a pair's first; "
            f"{plan.repeated_pairs} pair{'s' if plan.repeated_pairs != 1 else ''} met more than once)."
        )
