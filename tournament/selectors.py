"""Reads for the pages and the API, each in a fixed number of queries whatever the event's size."""

from django.db.models import Prefetch, QuerySet

from .models import Event, Game, Round, Team


def events_for(user) -> QuerySet[Event]:
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(directors=user)


def games_with_teams(round_: Round) -> QuerySet[Game]:
    return round_.games.select_related("table", "ns_team", "ew_team").order_by("table__number")


def latest_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def seating_rows(round_: Round) -> list[dict]:
    """One row per table, and a lookup from each team to its table and side, for the seating pages."""
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


def teams_by_name(event: Event) -> QuerySet[Team]:
    return event.teams.order_by("player1", "player2")


def event_with_rounds(event_id: int) -> Event:
    return Event.objects.prefetch_related(
        Prefetch("rounds", queryset=Round.objects.order_by("number"))
    ).get(pk=event_id)
