"""Writes to the tournament: setting up an event, seating games, withdrawals, late teams and results.

Views and the API call these functions and nothing else writes these models, so every rule about who
sits where lives in one place. Each function checks its input and raises `TournamentError` with a
sentence for the director before it changes anything.
"""

import random

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from . import bracket_services
from .draw import DrawResult, draw_cards, judge_cards
from .errors import TournamentError
from .models import DirectorAction, Event, Game, Round, Side, Table, Team
from .movement import ew_table_in_game, seat_game, table_count
from .team_import import ImportReport, decode, parse_team_csv, team_key
from .text import storable

SEATING_METHODS = ("registration", "random", "manual")


def require_director(event: Event, user) -> None:
    if not event.is_director(user):
        raise PermissionDenied("Only this event's directors can change it.")


def log_action(event: Event, user, action: str, round: Round | None = None, **details) -> DirectorAction:
    return DirectorAction.objects.create(
        event=event, round=round, user=user if user and user.is_authenticated else None,
        action=action, details=storable(details),
    )


# --- Set-up ---------------------------------------------------------------------------------------

@transaction.atomic
def create_event(*, director, **fields) -> Event:
    event = Event(**fields)
    event.full_clean()
    event.save()
    event.directors.add(director)
    log_action(event, director, "create_event")
    return event


@transaction.atomic
def import_teams(event: Event, data: bytes | str, user) -> ImportReport:
    """All or nothing: a file with one bad line imports no team at all."""
    require_director(event, user)
    text = decode(data) if isinstance(data, bytes) else data
    existing = list(event.teams.all())
    report = parse_team_csv(
        text,
        existing_names={team_key(t.player1, t.player2) for t in existing},
        existing_seeds={t.seed for t in existing if t.seed is not None},
    )
    if not report.ok:
        return report
    if event.rounds.exists():
        raise TournamentError(
            "Game 1 is already seated: add late teams one by one, so each takes an empty seat."
        )
    next_number = _next_team_number(event)
    Team.objects.bulk_create(
        Team(event=event, number=next_number + i, player1=row.player1, player2=row.player2,
             club=row.club, seed=row.seed)
        for i, row in enumerate(report.rows)
    )
    log_action(event, user, "import_teams", count=len(report.rows))
    return report


@transaction.atomic
def add_team(event: Event, user, *, player1: str, player2: str, club: str = "",
             seed: int | None = None) -> Team:
    """Register a team; once game 1 is seated the team arrives late and takes an empty seat."""
    require_director(event, user)
    player1, player2 = player1.strip(), player2.strip()
    if not player1 or not player2:
        raise TournamentError("A team needs the names of both players.")
    team = Team(event=event, number=_next_team_number(event), player1=player1, player2=player2,
                club=club.strip(), seed=seed)
    try:
        team.full_clean(exclude=["event"])
    except ValidationError as error:
        raise TournamentError(_first_message(error)) from None
    key = team_key(player1, player2)
    for other in event.teams.all():
        if team_key(other.player1, other.player2) == key:
            raise TournamentError(f"{player1} and {player2} are already a team in this event.")
        if seed is not None and other.seed == seed:
            raise TournamentError(f"Seed {seed} is already given to {other.name}.")
    if event.rounds.exists():
        _seat_late_team(event, team)
    else:
        team.save()
    log_action(event, user, "add_team", team=team.pk, late=team.joined_at_game > 1 or event.rounds.exists())
    return team


def _first_message(error: ValidationError) -> str:
    if hasattr(error, "message_dict"):
        field, messages = next(iter(error.message_dict.items()))
        return f"{field.replace('_', ' ').capitalize()}: {messages[0]}"
    return error.messages[0]


@transaction.atomic
def update_event(event: Event, user, fields: dict) -> Event:
    """Save the director's changes to the event's settings, and log which ones changed."""
    require_director(event, user)
    changed = sorted(name for name, value in fields.items() if getattr(event, name) != value)
    for name, value in fields.items():
        setattr(event, name, value)
    try:
        event.full_clean()
    except ValidationError as error:
        raise TournamentError(_first_message(error)) from None
    event.save()
    log_action(event, user, "edit_event", fields=changed)
    return event


PUBLISHABLE = {"seating": "seating_published", "standings": "standings_published", "bracket": "bracket_published"}


@transaction.atomic
def publish(event: Event, user, what: str, value: bool) -> Event:
    """Show (or hide) a public page: the public sees only what the director has published."""
    require_director(event, user)
    field = PUBLISHABLE.get(what)
    if field is None:
        raise TournamentError("Choose what to publish: the seating, the standings or the bracket.")
    setattr(event, field, value)
    event.save(update_fields=[field])
    log_action(event, user, "publish", what=what, value=value)
    return event


def _next_team_number(event: Event) -> int:
    return (event.teams.aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def number_tables(event: Event, user) -> list[Table]:
    """One table for every two active teams (the odd team alone at the last), numbered from 1."""
    require_director(event, user)
    if event.rounds.exists():
        raise TournamentError("The tables cannot be renumbered once game 1 is seated.")
    needed = table_count(event.teams.active().count())
    if needed < 1:
        raise TournamentError("Add at least two teams before numbering the tables.")
    have = set(event.tables.values_list("number", flat=True))
    Table.objects.bulk_create(Table(event=event, number=n) for n in range(1, needed + 1) if n not in have)
    event.tables.filter(number__gt=needed).delete()
    log_action(event, user, "number_tables", tables=needed)
    return list(event.tables.order_by("number"))


# --- Seating game 1 -------------------------------------------------------------------------------

def pairs_in_order(teams: list[Team]) -> list[tuple[Team, Team | None]]:
    """Registration order as the movement numbers it: team t and team T + t share table t."""
    tables = table_count(len(teams))
    return [(teams[t], teams[tables + t] if tables + t < len(teams) else None) for t in range(tables)]


@transaction.atomic
def seat_first_game(event: Event, user, *, method: str = "registration",
                    pairs: list[tuple[int, int | None]] | None = None,
                    rng: random.Random | None = None) -> Round:
    """Place teams at tables and draw for North-South at each; this fixes every team's movement place.

    `pairs` (for method "manual") lists, table by table, the two team ids sharing it (None for the odd
    team's empty seat).
    """
    require_director(event, user)
    _refuse_rotation_in_knockout(event)
    if event.rounds.exists():
        raise TournamentError("Game 1 is already seated.")
    teams = list(event.teams.active().order_by("number"))
    if len(teams) < 2:
        raise TournamentError("A game needs at least two teams.")
    tables = list(event.tables.order_by("number"))
    if len(tables) != table_count(len(teams)):
        raise TournamentError(
            f"{len(teams)} teams need {table_count(len(teams))} tables, and {len(tables)} are numbered: "
            "number the tables again."
        )
    if method == "registration":
        placed = pairs_in_order(teams)
    elif method == "random":
        shuffled = teams[:]
        (rng or random.SystemRandom()).shuffle(shuffled)
        placed = pairs_in_order(shuffled)
    elif method == "manual":
        placed = _manual_pairs(teams, pairs or [], len(tables))
    else:
        raise TournamentError(f"Unknown seating method '{method}'; choose registration, random or manual.")

    round_ = _new_round(event, 1)
    games = []
    for table, (team_a, team_b) in zip(tables, placed, strict=True):
        game = Game(round=round_, table=table)
        if team_b is None:
            _place(team_a, table.number, Side.NS)
            game.ns_team = team_a
            game.status = Game.Status.SIT_OUT
        else:
            result = draw_cards(rng)
            _apply_draw(game, team_a, team_b, result, method="system", winner_chose=Side.NS)
        games.append(game)
    Game.objects.bulk_create(games)
    Team.objects.bulk_update(teams, ["start_table", "start_side"])
    event.status = Event.Status.RUNNING
    event.save(update_fields=["status"])
    log_action(event, user, "seat_first_game", round=round_, method=method)
    return round_


def _refuse_rotation_in_knockout(event: Event) -> None:
    if event.format == Event.Format.KNOCKOUT:
        raise TournamentError(
            "This event is a knockout: draw the bracket, which seats its games, instead of rotation games."
        )


def _manual_pairs(teams: list[Team], pairs, table_total: int) -> list[tuple[Team, Team | None]]:
    by_id = {team.pk: team for team in teams}
    if len(pairs) != table_total:
        raise TournamentError(f"Give the teams for each of the {table_total} tables.")
    seen: set[int] = set()
    placed = []
    for number, (a, b) in enumerate(pairs, start=1):
        if a is None:
            a, b = b, a
        ids = [i for i in (a, b) if i is not None]
        if not ids:
            raise TournamentError(f"Table {number} has no team.")
        for team_id in ids:
            if team_id not in by_id:
                raise TournamentError(f"Table {number}: that team is not an active team of this event.")
            if team_id in seen:
                raise TournamentError(f"Table {number}: {by_id[team_id].name} is already seated at another table.")
            seen.add(team_id)
        placed.append((by_id[a], by_id[b] if b is not None else None))
    missing = [t.name for t in teams if t.pk not in seen]
    if missing:
        raise TournamentError(f"Not seated yet: {', '.join(missing)}.")
    singles = [n for n, (_, b) in enumerate(placed, start=1) if b is None]
    if len(singles) != len(teams) % 2:
        raise TournamentError("Every table needs two teams, except one table when the number of teams is odd.")
    if singles and singles[0] != table_total:
        # The empty seat is the East-West place of the last table; keep the movement's shape.
        placed.append(placed.pop(singles[0] - 1))
    return placed


def _place(team: Team, table: int, side: str) -> None:
    team.start_table, team.start_side = table, side


def draw_seats(team_a: Team, team_b: Team, result: DrawResult, *, method: str,
               winner_chose: str) -> tuple[Team, Team, dict]:
    """North-South, East-West and the draw's record for `Game.draw`; shared with the knockout's games."""
    winner, loser = (team_a, team_b) if result.a_wins else (team_b, team_a)
    ns, ew = (winner, loser) if winner_chose == Side.NS else (loser, winner)
    return ns, ew, {
        "method": method,
        "cards": {str(team_a.pk): result.card_a, str(team_b.pk): result.card_b},
        "winner": winner.pk,
        "winner_chose": winner_chose,
    }


def _apply_draw(game: Game, team_a: Team, team_b: Team, result: DrawResult, *, method: str,
                winner_chose: str) -> None:
    ns, ew, game.draw = draw_seats(team_a, team_b, result, method=method, winner_chose=winner_chose)
    game.ns_team, game.ew_team = ns, ew
    game.status = Game.Status.SCHEDULED
    _place(ns, game.table.number, Side.NS)
    _place(ew, game.table.number, Side.EW)


@transaction.atomic
def record_draw(game: Game, user, *, winner_chose: str, cards: dict[int, str] | None = None) -> Game:
    """The director records a draw made with real cards, or the side the draw's winner chose."""
    event = game.round.event
    require_director(event, user)
    if game.round.number != 1 or game.round.started_at is not None:
        raise TournamentError("Seats can only be drawn for game 1, before the go-ahead.")
    if winner_chose not in (Side.NS, Side.EW):
        raise TournamentError("The winner of the draw chooses North-South or East-West.")
    if game.ns_team is None or game.ew_team is None:
        raise TournamentError("There is no draw at a table with one team.")
    team_a, team_b = game.ns_team, game.ew_team
    if cards:
        try:
            result = judge_cards(cards[team_a.pk], cards[team_b.pk])
        except KeyError:
            raise TournamentError("Give the card drawn by each of the two teams.") from None
        except ValueError as error:
            raise TournamentError(str(error)) from None
        method = "cards"
    else:
        old = game.draw.get("cards", {})
        if str(team_a.pk) not in old or str(team_b.pk) not in old:
            raise TournamentError("Give the card drawn by each of the two teams.")
        result = DrawResult(old[str(team_a.pk)], old[str(team_b.pk)])
        method = game.draw.get("method", "system")
    _apply_draw(game, team_a, team_b, result, method=method, winner_chose=winner_chose)
    game.save(update_fields=["ns_team", "ew_team", "draw", "status"])
    Team.objects.bulk_update([team_a, team_b], ["start_table", "start_side"])
    log_action(event, user, "record_draw", round=game.round, table=game.table.number, **game.draw)
    return game


# --- The next games -------------------------------------------------------------------------------

def plays_in_game(team: Team, game_number: int) -> bool:
    if team.joined_at_game > game_number:
        return False
    return team.withdrawn_after_game is None or game_number <= team.withdrawn_after_game


def places_for_game(teams: list[Team], tables: int, game_number: int) -> tuple[list, list]:
    """The movement's starting places filled with the teams that play this game (None where empty)."""
    ns: list[Team | None] = [None] * tables
    ew: list[Team | None] = [None] * tables
    for team in teams:
        if team.start_table and plays_in_game(team, game_number):
            places = ns if team.start_side == Side.NS else ew
            places[team.start_table - 1] = team
    return ns, ew


@transaction.atomic
def advance_to_next_game(event: Event, user, *, force: bool = False) -> Round:
    """Seat the next rotation game by the movement: North-South stays, East-West moves up a table."""
    require_director(event, user)
    _refuse_rotation_in_knockout(event)
    current = event.latest_round()
    if current is None:
        raise TournamentError("Seat game 1 first.")
    if current.phase != Round.Phase.ROTATION or hasattr(event, "bracket"):
        raise TournamentError("The rotation games are over: the knockout bracket is drawn.")
    if current.number >= event.games:
        raise TournamentError(f"All {event.games} rotation games are seated.")
    open_games = [g.table.number for g in current.games.select_related("table")
                  if g.status == Game.Status.SCHEDULED]
    if open_games and not force:
        tables = ", ".join(str(n) for n in open_games)
        raise TournamentError(
            f"Game {current.number} has no final result yet at table {tables}. Enter the results, "
            "or advance anyway and enter them later."
        )
    next_number = current.number + 1
    tables = list(event.tables.order_by("number"))
    teams = list(event.teams.exclude(start_table=None))
    ns, ew = places_for_game(teams, len(tables), next_number)
    seating = seat_game(ns, ew, next_number)
    current.status = Round.Status.FINISHED
    current.save(update_fields=["status"])
    round_ = _new_round(event, next_number)
    Game.objects.bulk_create(
        Game(round=round_, table=table, ns_team=seat.ns, ew_team=seat.ew, status=_seat_status(seat.ns, seat.ew))
        for table, seat in zip(tables, seating.tables, strict=True)
    )
    log_action(event, user, "advance", round=round_, forced=bool(open_games))
    return round_


def _new_round(event: Event, number: int, phase: str = Round.Phase.ROTATION) -> Round:
    return Round.objects.create(
        event=event, number=number, phase=phase,
        length_seconds=event.game_minutes * 60, warning_seconds=event.warning_minutes * 60,
    )


def _seat_status(ns, ew) -> str:
    if ns is None and ew is None:
        return Game.Status.EMPTY
    if ns is None or ew is None:
        return Game.Status.SIT_OUT
    return Game.Status.SCHEDULED


# --- Withdrawals and late teams -------------------------------------------------------------------

@transaction.atomic
def withdraw_team(team: Team, user) -> Team:
    """The team's seat is empty from the next game on (from this game, if it has not started)."""
    event = team.event
    require_director(event, user)
    if not team.is_active:
        raise TournamentError(f"{team.name} has already withdrawn.")
    current = event.latest_round()
    team.status = Team.Status.WITHDRAWN
    if current is None:
        team.withdrawn_after_game = 0
    elif current.started_at is None and current.status == Round.Status.SEATED:
        team.withdrawn_after_game = current.number - 1
        _empty_seat_in(current, team)
    else:
        team.withdrawn_after_game = current.number
    team.save(update_fields=["status", "withdrawn_after_game"])
    log_action(event, user, "withdraw_team", round=current, team=team.pk)
    bracket_services.on_team_withdrawn(team, user)
    return team


def _empty_seat_in(round_: Round, team: Team) -> None:
    for game in round_.games.filter(ns_team=team) | round_.games.filter(ew_team=team):
        if game.ns_team_id == team.pk:
            game.ns_team = None
        if game.ew_team_id == team.pk:
            game.ew_team = None
        game.status = _seat_status(game.ns_team_id, game.ew_team_id)
        game.draw = {}
        game.save(update_fields=["ns_team", "ew_team", "status", "draw"])


def _seat_late_team(event: Event, team: Team) -> None:
    current = event.latest_round()
    not_started = current.started_at is None and current.status == Round.Status.SEATED
    game_number = current.number if not_started else current.number + 1
    if current.phase != Round.Phase.ROTATION or game_number > event.games:
        raise TournamentError("The rotation games are over: a late team can no longer join.")
    tables = event.tables.count()
    ns, ew = places_for_game(list(event.teams.exclude(start_table=None)), tables, game_number)
    empty = [(t + 1, Side.EW) for t, occupant in enumerate(ew) if occupant is None]
    empty += [(t + 1, Side.NS) for t, occupant in enumerate(ns) if occupant is None]
    if not empty:
        raise TournamentError(
            "Every seat is taken: a late team can join an odd number of teams, or take the seat of a "
            "team that withdrew."
        )
    table, side = empty[0]
    _place(team, table, side)
    team.joined_at_game = game_number
    team.save()
    if not_started:
        at = table if side == Side.NS else ew_table_in_game(table, game_number, tables)
        game = current.games.get(table__number=at)
        if side == Side.NS:
            game.ns_team = team
        else:
            game.ew_team = team
        game.status = _seat_status(game.ns_team_id, game.ew_team_id)
        if game_number == 1 and game.ns_team_id and game.ew_team_id:
            # Game 1's seats are drawn at every table: the late team draws against its opponent now.
            _apply_draw(game, game.ns_team, game.ew_team, draw_cards(), method="system", winner_chose=Side.NS)
            Team.objects.bulk_update([game.ns_team, game.ew_team], ["start_table", "start_side"])
        game.save(update_fields=["ns_team", "ew_team", "status", "draw"])


# --- Results --------------------------------------------------------------------------------------

@transaction.atomic
def record_game_result(game: Game, *, ns_total: int, ew_total: int, user=None, reason: str = "") -> Game:
    """Make a game's result final. The scoring app calls this once the opponents accept a sheet."""
    if game.ns_team_id is None or game.ew_team_id is None:
        raise TournamentError("A table with one team has no result to record.")
    if ns_total == ew_total:
        winner = Game.Winner.TIE
    else:
        winner = Game.Winner.NS if ns_total > ew_total else Game.Winner.EW
    previous = (game.ns_total, game.ew_total, game.winner) if game.status == Game.Status.FINAL else None
    game.ns_total, game.ew_total, game.winner = ns_total, ew_total, winner
    game.status = Game.Status.FINAL
    game.result_at = timezone.now()
    game.save(update_fields=["ns_total", "ew_total", "winner", "status", "result_at"])
    log_action(game.round.event, user, "record_result", round=game.round, table=game.table.number,
               ns_total=ns_total, ew_total=ew_total, winner=winner, previous=previous, reason=reason)
    bracket_services.on_game_result(game, previous=previous, user=user)
    return game
