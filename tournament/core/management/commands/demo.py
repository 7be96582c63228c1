"""Create a demo event seated for game 1, with a director account, and print how to reach it.

Run again, it reuses the demo event it made before (the director's event of the demo's name) and says so,
rather than adding a second one beside it; `--fresh` replaces it with a new one, seated for game 1.
`--ruleset NAME` makes the demo event of another game (each game its own demo event): teams of two or
single players as the game's room says (rules.room), `--entrants N` of them.
"""

import datetime
import json
import random
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.urls import reverse
from rest_framework.authtoken.models import Token

from rules.registry import find_ruleset, ruleset_names
from tournament.core import selectors, services
from tournament.core.game_room import room_for
from tournament.core.links import site_url
from tournament.core.models import Event, Game, Seat, Team

DEMO_NAME = "Demo canasta tournament"

FIRST_NAMES = [
    "Ann", "Barbara", "Carol", "Dorothy", "Edith", "Frances", "Grace", "Helen", "Irene", "Joan", "Kathleen",
    "Louise", "Margaret", "Nancy", "Olive", "Patricia", "Ruth", "Shirley", "Theresa", "Virginia", "Walter",
    "Arthur", "Bernard", "Charles", "Donald", "Eugene", "Frank", "George", "Harold", "Jack", "Kenneth", "Leonard",
]
LAST_NAMES = [
    "Smith", "Jones", "Brown", "Green", "Miller", "Davis", "Wilson", "Moore", "Taylor", "Clark", "Lewis",
    "Walker", "Young", "King", "Wright", "Hill", "Scott", "Adams", "Baker", "Nelson", "Carter", "Mitchell",
]
CLUBS = ["Lubber Run", "Arlington Seniors", "Falls Church Cards", "Fairfax Canasta Club", ""]


MAX_ENTRANTS = 400
JSON_HELP = (
    'Print JSON: {"event": id, "ruleset": name, "entrants": "teams" or "players", "director": {"username", '
    '"password", "token"}, "tables": [{"number", "token", "url", "seats": [{"seat", "entrant", "name"}]}], '
    '"sitting_out": [{"entrant", "name"}]}. A seat of teams is "ns" or "ew"; a seat of single players is 1, 2, '
    '... in the order of the high-card draw (1 the highest card, each next on the left) and has its "card" '
    '(e.g. "KS"). "entrant" is the team\'s or player\'s id.')


class Command(BaseCommand):
    help = ("Create a demo event of a game (--ruleset, default nvso) with N entrants seated for game 1 and a "
            "director account; print the links.")

    def add_arguments(self, parser):
        parser.add_argument("--ruleset", default="nvso", choices=ruleset_names(),
                            help="The game of the demo event (default nvso).")
        parser.add_argument("--entrants", type=int, default=None,
                            help="Number of teams or players, as the game enters them (up to 400; default 8 teams, "
                                 "or three full tables of players).")
        parser.add_argument("--teams", type=int, default=None, help="The same as --entrants, for teams.")
        parser.add_argument("--json", dest="as_json", action="store_true", help=JSON_HELP)
        parser.add_argument("--username", default="director", help="The director's username.")
        parser.add_argument("--password", default=None,
                            help="The director's password (default: a new random one each run).")
        parser.add_argument("--fresh", action="store_true",
                            help="Replace the demo event made before with a new one (default: reuse it).")

    def handle(self, *args, ruleset: str, entrants: int | None, teams: int | None, as_json: bool, username: str,
               password: str | None, fresh: bool, **options):
        room = room_for(ruleset, {})
        alone = room.entrants == "players"
        teams = entrants or teams or (max(8, 3 * room.seats[1]) if alone else 8)
        least = room.seats[0] if alone else 2
        if not least <= teams <= MAX_ENTRANTS:
            raise CommandError(f"A demo event of {ruleset} needs between {least} and {MAX_ENTRANTS} {room.entrants}.")
        password = password or secrets.token_urlsafe(9)
        name = demo_name(ruleset)
        with transaction.atomic():
            director = self._director(username, password)
            earlier = Event.objects.filter(name=name, directors=director).order_by("pk").last()
            earlier_pk = earlier and earlier.pk
            if earlier is not None and fresh:
                _delete_demo(earlier)
            event = self._event(director, teams, ruleset, alone) if earlier is None or fresh else earlier
        if not as_json:
            self._say_which(event, earlier_pk, fresh, teams, room.entrants)
        token, _ = Token.objects.get_or_create(user=director)
        site = site_url()  # no request here: SITE_URL, which `dev.py run --lan` sets to the room's
        tables = [
            {"number": t.number, "token": t.token, "url": site + reverse("table-page", args=[t.token])}
            for t in event.tables.order_by("number")
        ]
        if as_json:
            sitting_out = _add_seats(event, tables, alone)
            self.stdout.write(json.dumps({
                "event": event.pk, "ruleset": ruleset, "entrants": room.entrants,
                "director": {"username": username, "password": password, "token": token.key},
                "tables": tables, "sitting_out": sitting_out,
            }))
            return
        self._print(event, username, password, token.key, tables, site)

    def _say_which(self, event, earlier_pk: int | None, fresh: bool, teams: int, noun: str = "teams") -> None:
        """Whether this run made the demo event, replaced the one before, or reuses it (and what it has)."""
        if earlier_pk is None:
            return
        if fresh:
            self.stdout.write(f"The demo event #{earlier_pk} made before is replaced by a new one.")
            return
        have = event.teams.count()
        self.stdout.write(f"Reusing the demo event #{event.pk} made before, as it stands ({have} {noun}); "
                          "run with --fresh to replace it with a new one"
                          + (f" of {teams} {noun}." if have != teams else "."))

    def _director(self, username: str, password: str):
        user, _ = get_user_model().objects.get_or_create(username=username)
        if user.is_superuser:
            raise CommandError(f"'{username}' is an administrator: the demo will not change that account's "
                               "password. Choose another name with --username.")
        user.set_password(password)
        user.is_staff = True
        user.save()
        return user

    def _event(self, director, n_teams: int, ruleset: str = "nvso", alone: bool = False):
        rng = random.Random()
        event = services.create_event(
            director=director, name=demo_name(ruleset), date=datetime.date.today(), ruleset=ruleset,
            venue="Lubber Run Community Center", seating_published=True, standings_published=True,
            bracket_published=True,
        )
        per_entrant = 1 if alone else 2
        names = _player_names(rng, n_teams * per_entrant)
        Team.objects.bulk_create(
            Team(event=event, number=n + 1, player1=names[per_entrant * n],
                 player2="" if alone else names[2 * n + 1], club=rng.choice(CLUBS))
            for n in range(n_teams)
        )
        services.number_tables(event, director)
        services.seat_first_game(event, director, method="registration", rng=rng)
        return event

    def _print(self, event, username, password, token, tables, site):
        write = self.stdout.write
        write(self.style.SUCCESS(f"Demo event #{event.pk} '{event.name}' is seated for game "
                                 f"{event.rounds.count()}."))
        write("")
        write(f"Director login:  {site}{reverse('login')}")
        write(f"   username:     {username}")
        write(f"   password:     {password}")
        write(f"   API token:    {token}")
        write(f"Director page:   {site}{reverse('director-event', args=[event.pk])}")
        write(f"Players' page:   {site}{reverse('public-event', args=[event.pk])}")
        write(f"Public seating:  {site}{reverse('public-seating', args=[event.pk])}")
        write(f"Room map:        {site}{reverse('public-room', args=[event.pk])}")
        write(f"Projector clock: {site}{reverse('public-clock', args=[event.pk])}")
        write(f"Team cards:      {site}{reverse('director-cards', args=[event.pk])}  (East-West type their "
              "team code to accept a sheet)")
        write("")
        write("Table links (what each table's QR code opens):")
        for table in tables:
            write(f"   Table {table['number']:>3}: {table['url']}")


def _delete_demo(event: Event) -> None:
    """The demo event and all it holds. A game's teams and table are protected from deletion, so that no
    score goes with them by accident: here the games (and with them their sheets) go first, on purpose,
    then the bracket, then the event."""
    Seat.objects.filter(round__event=event).delete()
    Game.objects.filter(round__event=event).delete()
    bracket = getattr(event, "bracket", None)  # the knockout app's, through its relation: core imports none of it
    if bracket is not None:
        bracket.delete()
    event.delete()


def demo_name(ruleset: str) -> str:
    """The NVSO demo keeps its name; each other game has its own demo event."""
    if ruleset == "nvso":
        return DEMO_NAME
    found = find_ruleset(ruleset)
    return f"Demo {found.title if found else ruleset}"[:200]


def _add_seats(event: Event, tables: list[dict], alone: bool) -> list[dict]:
    """Each table's seats in game 1 added to the JSON's tables; the sit-outs returned."""
    current = event.latest_round()
    by_number = {table["number"]: table for table in tables}
    for table in tables:
        table["seats"] = []
    if current is None:
        return []
    if alone:
        seating = selectors.players_seating(current)
        for seated in seating["tables"]:
            by_number[seated["table"]]["seats"] = seated["seats"]
        return seating["sitting_out"]
    for game in selectors.games_with_teams(current):  # a team alone at its table sits out there
        for side, team in (("ns", game.ns_team), ("ew", game.ew_team)):
            if team is not None:
                by_number[game.table.number]["seats"].append({"seat": side, "entrant": team.pk, "name": team.name})
    return []


def _player_names(rng: random.Random, count: int) -> list[str]:
    names: set[str] = set()
    while len(names) < count:
        names.add(f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}")
        if len(names) < count and len(names) >= len(FIRST_NAMES) * len(LAST_NAMES) - 1:
            names.add(f"Player {len(names) + 1}")
    ordered = sorted(names)
    rng.shuffle(ordered)
    return ordered
