"""Reads for the pages and the API, each in a fixed number of queries whatever the event's size."""

import datetime

from django.db.models import Count, Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from .dashboard import Day
from .game_room import plays_alone
from .models import Event, Game, Round, Seat, Table, Team
from .questions import clock_phase, games_with_sheets, sheet_counts


def events_for(user) -> QuerySet[Event]:
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(directors=user)


def open_events(today: datetime.date) -> QuerySet[Event]:
    """The events a player arriving today may be looking for: today's, and any still running."""
    return Event.objects.filter(Q(date=today) | Q(status=Event.Status.RUNNING)).order_by("name", "pk")


def public_links(event: Event) -> list[dict]:
    """The event's public pages a player may open now: the clock always, the rest once published."""
    pages = [
        ("public-seating", _("Where to sit"), event.seating_published),
        ("public-room", _("Map of the room"), event.seating_published),
        ("public-clock", _("The clock"), True),
        ("public-standings", _("Standings"), event.standings_published),
        ("public-bracket", _("The bracket"), event.bracket_published),
    ]
    return [{"url": reverse(name, args=[event.pk]), "label": label} for name, label, shown in pages if shown]


def tables_typed(code: str, token: str, events) -> list[Table]:
    """The tables a typed code names among `events` (more than one only if two events share a code), or
    the table of a pasted link's token, wherever it is."""
    if token:
        return list(Table.objects.select_related("event").filter(token=token)[:1])
    return list(Table.objects.select_related("event").filter(code=code, event__in=events).order_by("event__name"))


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


def players_seating(round_: Round) -> dict:
    """Who sits where in a game of single players, as plain data, in one query whatever the field:
    {"game": n, "tables": [{"table": t, "seats": [{"seat": 1, "entrant": id, "name": "...", "card": "KS"},
    ...]}], "sitting_out": [{"entrant": id, "name": "..."}]}; seats in the order of the draw (seat 1 the
    highest card, each next on the left), tables by number, sit-outs by entrant number."""
    tables: dict[int, list[dict]] = {}
    sitting_out = []
    seats = (Seat.objects.filter(round=round_).select_related("team", "game__table")
             .order_by("game__table__number", "position", "team__number"))
    for seat in seats:
        if seat.game_id is None:
            sitting_out.append({"entrant": seat.team_id, "name": seat.team.name})
        else:
            tables.setdefault(seat.game.table.number, []).append(
                {"seat": seat.position, "entrant": seat.team_id, "name": seat.team.name, "card": seat.card})
    return {"game": round_.number, "tables": [{"table": number, "seats": seated} for number, seated in tables.items()],
            "sitting_out": sitting_out}


def players_result_tables(round_: Round) -> list[dict]:
    """The tables of a game of single players where results are entered, in one query: [{"table", "game",
    "final"}] by table number (empty tables left out)."""
    games = (round_.games.exclude(status__in=[Game.Status.EMPTY, Game.Status.SIT_OUT])
             .order_by("table__number").values_list("table__number", "pk", "status"))
    return [{"table": table, "game": pk, "final": status == Game.Status.FINAL} for table, pk, status in games]


def day_of(event: Event, current: Round | None) -> Day:
    """Where the event's day stands (`dashboard.Day`), `current` being its latest round: two queries of
    the core's own (the teams and tables counted, the latest game's tables and their status), then the
    sheets' states as scoring counts them (`questions.sheet_counts`) and the clock's phase, whatever
    the event's size."""
    counts = Event.objects.filter(pk=event.pk).aggregate(
        active_teams=Count("teams", filter=Q(teams__status=Team.Status.ACTIVE), distinct=True),
        tables=Count("tables", filter=Q(tables__closed_from_game=None), distinct=True))  # open: `Table.objects.open`
    entrants = "players" if plays_alone(event) else "teams"
    if current is None:
        return Day(format=event.format, planned_games=event.total_games, **counts, entrants=entrants,
                   seating_published=event.seating_published, standings_published=event.standings_published)
    # A table of single players plays when its game has seats (a table left short of the game's fewest
    # players sits out: `services.players`); a table of teams when it has both.
    playing = (~Q(status__in=[Game.Status.EMPTY, Game.Status.SIT_OUT]) if entrants == "players"
               else Q(ns_team__isnull=False, ew_team__isnull=False))
    played = list(current.games.filter(playing).order_by("table__number").values_list("status", "table__number"))
    return Day(
        format=event.format, planned_games=event.total_games, **counts, entrants=entrants,
        round=current.number, round_phase=current.phase, awaits_go_ahead=current.awaits_go_ahead,
        clock=clock_phase(current), games=len(played),
        final=sum(1 for status, _ in played if status == Game.Status.FINAL),
        tables_open=tuple(table for status, table in played if status != Game.Status.FINAL),
        sheets=sheet_counts(current),
        next_game_refusal=event.next_game_refusal(current),
        next_pairing=event.pairing_of(current.number + 1),
        seating_published=event.seating_published, standings_published=event.standings_published,
        bracket_published=event.bracket_published,
    )
