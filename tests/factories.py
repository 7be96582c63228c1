"""Building events for tests through the same services the pages use."""

import datetime
import random

from django.contrib.auth import get_user_model

from tournament.core import services
from tournament.core.models import Event, Team


def make_director(username: str = "director", password: str = "director-pass-1"):
    return get_user_model().objects.create_user(username=username, password=password)


def make_event(director, *, teams: int = 8, seat: bool = True, seed: int = 1, **fields) -> Event:
    """An event with `teams` teams, its tables numbered and (when `seat`) game 1 seated."""
    fields.setdefault("name", "Test event")
    fields.setdefault("date", datetime.date(2026, 11, 20))
    event = services.create_event(director=director, **fields)
    Team.objects.bulk_create(
        Team(event=event, number=n, player1=f"Ann {n}", player2=f"Bob {n}", code=f"{n % 10000:04d}")
        for n in range(1, teams + 1)
    )
    if teams >= 2:
        services.number_tables(event, director)
    if seat:
        services.seat_first_game(event, director, rng=random.Random(seed))
    return event


def make_players_event(director, *, ruleset: str, players: int, table_seats: str = "", seat: bool = True,
                       seed: int = 1, **fields) -> Event:
    """An event of single players of `ruleset`, imported by CSV, its tables numbered and (when `seat`)
    game 1 seated from the day's plan."""
    fields.setdefault("name", "Test event of single players")
    fields.setdefault("date", datetime.date(2026, 11, 20))
    event = services.create_event(director=director, ruleset=ruleset, table_seats=table_seats, **fields)
    lines = "".join(f"Player {n},Club {n % 3}\n" for n in range(1, players + 1))
    report = services.import_teams(event, "player,club\n" + lines, director)
    assert report.ok, report.errors
    services.number_tables(event, director)
    if seat:
        services.seat_first_game(event, director, rng=random.Random(seed))
    return event
