"""Create a demo event seated for game 1, with a director account, and print how to reach it.

Run again, it reuses the demo event it made before (the director's event of the demo's name) and says so,
rather than adding a second one beside it; `--fresh` replaces it with a new one, seated for game 1.
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

from tournament.core import services
from tournament.core.links import site_url
from tournament.core.models import Event, Game, Team

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


class Command(BaseCommand):
    help = "Create a demo event with N teams seated for game 1 and a director account; print the links."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=8, help="Number of teams (2 to 400, default 8).")
        parser.add_argument("--json", dest="as_json", action="store_true", help="Print JSON.")
        parser.add_argument("--username", default="director", help="The director's username.")
        parser.add_argument("--password", default=None,
                            help="The director's password (default: a new random one each run).")
        parser.add_argument("--fresh", action="store_true",
                            help="Replace the demo event made before with a new one (default: reuse it).")

    def handle(self, *args, teams: int, as_json: bool, username: str, password: str | None, fresh: bool,
               **options):
        if not 2 <= teams <= 400:
            raise CommandError("A demo event needs between 2 and 400 teams.")
        password = password or secrets.token_urlsafe(9)
        with transaction.atomic():
            director = self._director(username, password)
            earlier = Event.objects.filter(name=DEMO_NAME, directors=director).order_by("pk").last()
            earlier_pk = earlier and earlier.pk
            if earlier is not None and fresh:
                _delete_demo(earlier)
            event = self._event(director, teams) if earlier is None or fresh else earlier
        if not as_json:
            self._say_which(event, earlier_pk, fresh, teams)
        token, _ = Token.objects.get_or_create(user=director)
        site = site_url()  # no request here: SITE_URL, which `dev.py run --lan` sets to the room's
        tables = [
            {"number": t.number, "token": t.token, "url": site + reverse("table-page", args=[t.token])}
            for t in event.tables.order_by("number")
        ]
        if as_json:
            self.stdout.write(json.dumps({
                "event": event.pk,
                "director": {"username": username, "password": password, "token": token.key},
                "tables": tables,
            }))
            return
        self._print(event, username, password, token.key, tables, site)

    def _say_which(self, event, earlier_pk: int | None, fresh: bool, teams: int) -> None:
        """Whether this run made the demo event, replaced the one before, or reuses it (and what it has)."""
        if earlier_pk is None:
            return
        if fresh:
            self.stdout.write(f"The demo event #{earlier_pk} made before is replaced by a new one.")
            return
        have = event.teams.count()
        self.stdout.write(f"Reusing the demo event #{event.pk} made before, as it stands ({have} teams); "
                          "run with --fresh to replace it with a new one"
                          + (f" of {teams} teams." if have != teams else "."))

    def _director(self, username: str, password: str):
        user, _ = get_user_model().objects.get_or_create(username=username)
        if user.is_superuser:
            raise CommandError(f"'{username}' is an administrator: the demo will not change that account's "
                               "password. Choose another name with --username.")
        user.set_password(password)
        user.is_staff = True
        user.save()
        return user

    def _event(self, director, n_teams: int):
        rng = random.Random()
        event = services.create_event(
            director=director, name=DEMO_NAME, date=datetime.date.today(),
            venue="Lubber Run Community Center", seating_published=True, standings_published=True,
            bracket_published=True,
        )
        names = _player_names(rng, n_teams * 2)
        Team.objects.bulk_create(
            Team(event=event, number=n + 1, player1=names[2 * n], player2=names[2 * n + 1],
                 club=rng.choice(CLUBS))
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
    Game.objects.filter(round__event=event).delete()
    bracket = getattr(event, "bracket", None)  # the knockout app's, through its relation: core imports none of it
    if bracket is not None:
        bracket.delete()
    event.delete()


def _player_names(rng: random.Random, count: int) -> list[str]:
    names: set[str] = set()
    while len(names) < count:
        names.add(f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}")
        if len(names) < count and len(names) >= len(FIRST_NAMES) * len(LAST_NAMES) - 1:
            names.add(f"Player {len(names) + 1}")
    ordered = sorted(names)
    rng.shuffle(ordered)
    return ordered
