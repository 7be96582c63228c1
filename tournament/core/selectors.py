"""Reads for the pages and the API, each in a fixed number of queries whatever the event's size."""

from django.db.models import QuerySet

from .models import Event, Game, Round


def events_for(user) -> QuerySet[Event]:
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(directors=user)


def games_with_teams(round_: Round) -> QuerySet[Game]:
    return round_.games.select_related("table", "ns_team", "ew_team").order_by("table__number")


def seating_rows(round_: Round) -> list[dict]:
    """One row per table (its number, the two teams, whether one sits out), for the seating pages."""
    rows = []
    for game in games_with_teams(round_):
        rows.append({
            "table": game.table.number,
            "ns": game.ns_team,
            "ew": game.ew_team,
            "sit_out": game.is_sit_out,
            "game": game,
        })
    return rows
