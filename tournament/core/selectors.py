"""Reads for the pages and the API, each in a fixed number of queries whatever the event's size."""

from django.db.models import QuerySet

from .models import Event, Game, Round
from .questions import games_with_sheets


def events_for(user) -> QuerySet[Event]:
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(directors=user)


def games_with_teams(round_: Round) -> QuerySet[Game]:
    return round_.games.select_related("table", "ns_team", "ew_team").order_by("table__number")


def seating_rows(round_: Round) -> list[dict]:
    """One row per table (its number, the two teams, whether one sits out), for the seating pages.

    Before the go-ahead, whether each game has a score sheet is asked once for all of them: the draw
    controls ask `Game.seats_may_change`, which would otherwise ask it once a table."""
    games = list(games_with_teams(round_))
    if round_.awaits_go_ahead:
        with_sheets = games_with_sheets(game.pk for game in games)
        for game in games:
            game.has_sheet = game.pk in with_sheets
    rows = []
    for game in games:
        rows.append({
            "table": game.table.number,
            "ns": game.ns_team,
            "ew": game.ew_team,
            "sit_out": game.is_sit_out,
            "game": game,
        })
    return rows
