"""Who sits where: game 1 placed and drawn for, the director's record of a draw, the next games seated by
the movement (North-South stays, East-West moves up one table) or, after the rotation games, paired by the
standings (`pairing`). An event of single players is seated by the players' movement instead (`players`),
through the same two services."""

import random

from django.db import transaction
from django.utils.translation import gettext as _

from ..draw import DrawResult, draw_cards, judge_cards
from ..errors import TournamentError
from ..game_room import plays_alone
from ..models import Event, Game, Round, Side, Team
from ..movement import seat_game, table_count
from .directors import log_action, require_director
from .pairing import paired_seats
from .players import plan_the_day, seat_players_game
from .rounds import lock_latest_round, new_round, plays_in_game
from .sections import seating_groups, sections_behind

SEATING_METHODS = ("registration", "random", "manual")

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
    _refuse(event.rotation_refusal())
    if event.rounds.exists():
        raise TournamentError(_("Game 1 is already seated."))
    if plays_alone(event):
        return _seat_first_players_game(event, user, rng)
    if method not in SEATING_METHODS:
        raise TournamentError(_("Unknown seating method '%(method)s'; choose registration, random or manual.")
                              % {"method": method})
    groups = seating_groups(event)  # one movement, or one for each section
    if method == "manual" and len(groups) > 1:
        raise TournamentError(_("Place the teams of each section by registration or at random: a manual "
                                "placing is for an event in one room."))
    rounds = [_seat_first_teams_game(event, section, teams, tables, method, pairs, rng)
              for section, teams, tables in groups]
    round_ = rounds[0]
    event.status = Event.Status.RUNNING
    event.save(update_fields=["status"])
    log_action(event, user, "seat_first_game", round=round_, method=method)
    return round_


def _seat_first_teams_game(event: Event, section, teams: list[Team], tables: list, method: str, pairs,
                           rng: random.Random | None) -> Round:
    """Game 1 of one movement (the event's, or a section's): its teams placed at its tables, drawn for."""
    if len(teams) < 2:
        if section:
            raise TournamentError(_("A game needs at least two teams in section %(section)s.")
                                  % {"section": section.letter})
        raise TournamentError(_("A game needs at least two teams."))
    if len(tables) != table_count(len(teams)):
        numbers = {"teams": len(teams), "needed": table_count(len(teams)), "numbered": len(tables)}
        if section:
            raise TournamentError(
                _("%(teams)s teams in section %(section)s need %(needed)s tables, and %(numbered)s are numbered: "
                  "number the tables again.") % {**numbers, "section": section.letter})
        raise TournamentError(
            _("%(teams)s teams need %(needed)s tables, and %(numbered)s are numbered: number the tables again.")
            % numbers)
    if method == "registration":
        placed = pairs_in_order(teams)
    elif method == "random":
        shuffled = teams[:]
        (rng or random.SystemRandom()).shuffle(shuffled)
        placed = pairs_in_order(shuffled)
    else:
        placed = _manual_pairs(teams, pairs or [], len(tables))
    round_ = new_round(event, 1, section=section)
    games = []
    for table, (team_a, team_b) in zip(tables, placed, strict=True):
        game = Game(round=round_, table=table)
        if team_b is None:
            place(team_a, table.number, Side.NS)
            game.ns_team = team_a
            game.status = Game.Status.SIT_OUT
        else:
            result = draw_cards(rng)
            apply_draw(game, team_a, team_b, result, method="system", winner_chose=Side.NS)
        games.append(game)
    Game.objects.bulk_create(games)
    Team.objects.bulk_update(teams, ["start_table", "start_side"])
    return round_


def _seat_first_players_game(event: Event, user, rng: random.Random | None) -> Round:
    """Single players: the day's plan of the players' movement, and game 1 seated from it by the draw."""
    if event.teams.active().count() < 1:
        raise TournamentError(_("A game needs at least one player."))
    plan_the_day(event, rng)
    round_ = seat_players_game(event, 1, rng)
    event.status = Event.Status.RUNNING
    event.save(update_fields=["status"])
    log_action(event, user, "seat_first_game", round=round_, method="players_movement")
    return round_


def _refuse(refusal: str) -> None:
    """Raise a model's refusal ("" when its rule says yes) as the director's sentence."""
    if refusal:
        raise TournamentError(refusal)


def _manual_pairs(teams: list[Team], pairs, table_total: int) -> list[tuple[Team, Team | None]]:
    by_id = {team.pk: team for team in teams}
    if len(pairs) != table_total:
        raise TournamentError(_("Give the teams for each of the %(tables)s tables.") % {"tables": table_total})
    seen: set[int] = set()
    placed = []
    for number, (a, b) in enumerate(pairs, start=1):
        if a is None:
            a, b = b, a
        ids = [i for i in (a, b) if i is not None]
        if not ids:
            raise TournamentError(_("Table %(table)s has no team.") % {"table": number})
        for team_id in ids:
            if team_id not in by_id:
                raise TournamentError(_("Table %(table)s: that team is not an active team of this event.")
                                      % {"table": number})
            if team_id in seen:
                raise TournamentError(_("Table %(table)s: %(team)s is already seated at another table.")
                                      % {"table": number, "team": by_id[team_id].name})
            seen.add(team_id)
        placed.append((by_id[a], by_id[b] if b is not None else None))
    missing = [t.name for t in teams if t.pk not in seen]
    if missing:
        raise TournamentError(_("Not seated yet: %(teams)s.") % {"teams": ", ".join(missing)})
    singles = [n for n, (_, b) in enumerate(placed, start=1) if b is None]
    if len(singles) != len(teams) % 2:
        raise TournamentError(_("Every table needs two teams, except one table when the number of teams is odd."))
    if singles and singles[0] != table_total:
        # The empty seat is the East-West place of the last table; keep the movement's shape.
        placed.append(placed.pop(singles[0] - 1))
    return placed


def place(team: Team, table: int, side: str) -> None:
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


def apply_draw(game: Game, team_a: Team, team_b: Team, result: DrawResult, *, method: str,
                winner_chose: str) -> None:
    ns, ew, game.draw = draw_seats(team_a, team_b, result, method=method, winner_chose=winner_chose)
    game.ns_team, game.ew_team = ns, ew
    game.status = Game.Status.SCHEDULED
    place(ns, game.table.number, Side.NS)
    place(ew, game.table.number, Side.EW)


@transaction.atomic
def record_draw(game: Game, user, *, winner_chose: str, cards: dict[int, str] | None = None) -> Game:
    """The director records a draw made with real cards, or the side the draw's winner chose."""
    event = game.round.event
    require_director(event, user)
    _refuse(game.seat_draw_refusal())
    if winner_chose not in (Side.NS, Side.EW):
        raise TournamentError(_("The winner of the draw chooses North-South or East-West."))
    if game.ns_team is None or game.ew_team is None:
        raise TournamentError(_("There is no draw at a table with one team."))
    team_a, team_b = game.ns_team, game.ew_team
    if cards:
        try:
            result = judge_cards(cards[team_a.pk], cards[team_b.pk])
        except KeyError:
            raise TournamentError(_("Give the card drawn by each of the two teams.")) from None
        except ValueError as error:
            raise TournamentError(str(error)) from None
        method = "cards"
    else:
        old = game.draw.get("cards", {})
        if str(team_a.pk) not in old or str(team_b.pk) not in old:
            raise TournamentError(_("Give the card drawn by each of the two teams."))
        result = DrawResult(old[str(team_a.pk)], old[str(team_b.pk)])
        method = game.draw.get("method", "system")
    apply_draw(game, team_a, team_b, result, method=method, winner_chose=winner_chose)
    game.save(update_fields=["ns_team", "ew_team", "draw", "status"])
    Team.objects.bulk_update([team_a, team_b], ["start_table", "start_side"])
    log_action(event, user, "record_draw", round=game.round, table=game.table.number, **game.draw)
    return game


# --- The next games -------------------------------------------------------------------------------

def places_for_game(teams: list[Team], tables: int, game_number: int, first: int = 1) -> tuple[list, list]:
    """The movement's starting places filled with the teams that play this game (None where empty); the
    movement's tables are numbered from `first` (a section's run of tables)."""
    ns: list[Team | None] = [None] * tables
    ew: list[Team | None] = [None] * tables
    for team in teams:
        if team.start_table and plays_in_game(team, game_number):
            places = ns if team.start_side == Side.NS else ew
            places[team.start_table - first] = team
    return ns, ew


@transaction.atomic
def advance_to_next_game(event: Event, user, *, force: bool = False, section=None) -> Round:
    """Seat the next game: single players by the next game of the day's plan; teams by the movement
    (North-South stays, East-West moves up a table) during the rotation games, then paired by the standings
    for the event's paired games (`pairing.paired_seats`). In an event with sections, `section`'s next game,
    or (None) the next game of every section at the earliest game, each by its own movement: a section that
    moved on alone is waited for (the first section's round is returned)."""
    require_director(event, user)
    if section is None and (behind := sections_behind(event)):
        rounds = [_advance(event, user, force, each) for each in behind]
        return rounds[0]
    return _advance(event, user, force, section)


def _advance(event: Event, user, force: bool, section) -> Round:
    # Locked, so a withdrawal or a late team at the same instant is wholly before this seating or after it.
    current = lock_latest_round(event, section)
    _refuse(event.next_game_refusal(current))
    open_games = [g.table.number for g in current.games.select_related("table")
                  if g.status == Game.Status.SCHEDULED]
    if open_games and not force:
        tables = ", ".join(str(n) for n in open_games)
        numbers = {"game": current.number, "tables": tables}
        if section:
            raise TournamentError(
                _("Game %(game)s in section %(section)s has no final result yet at table %(tables)s. Enter the "
                  "results, or advance anyway and enter them later.") % {**numbers, "section": section.letter})
        raise TournamentError(
            _("Game %(game)s has no final result yet at table %(tables)s. Enter the results, or advance anyway "
              "and enter them later.") % numbers)
    next_number = current.number + 1
    # Finished first: a paired game is paired by the standings as they stand after the game before, its
    # sit-out counted. Any refusal below undoes it with the rest.
    current.status = Round.Status.FINISHED
    current.save(update_fields=["status"])
    if plays_alone(event):
        round_, details = seat_players_game(event, next_number), {}
    else:
        round_, details = _seat_next_teams_game(event, next_number, section)
    log_action(event, user, "advance", round=round_, forced=bool(open_games), **details)
    return round_


def _seat_next_teams_game(event: Event, next_number: int, section=None) -> tuple[Round, dict]:
    """Teams of two: North-South stays, East-West moves up a table (the NVSO Mitchell movement), or a
    paired game by the standings; with what the log says of a pairing. A section's movement runs over its
    own run of tables and its own teams (None: the event's, which then has no section); a consolidated room
    goes on over the tables left open, its places counted among them (docs/consolidation.md)."""
    tables = list(event.tables.open().filter(section=section).order_by("number"))
    pairing = event.pairing_of(next_number)
    details = {}
    if pairing:
        teams = [team for team in event.teams.all() if plays_in_game(team, next_number)]
        seats, paired = paired_seats(event, teams, len(tables), pairing)
        details = {"pairing": pairing, "rematches": paired.rematches, "same_club": paired.same_club}
    else:
        teams = list(event.teams.exclude(start_table=None).filter(section=section))
        # A section's places are its tables' numbers; the room's are positions among its open tables.
        ns, ew = places_for_game(teams, len(tables), next_number, tables[0].number if section else 1)
        seats = [(seat.ns, seat.ew) for seat in seat_game(ns, ew, next_number).tables]
    round_ = new_round(event, next_number, pairing=pairing, section=section)
    Game.objects.bulk_create(
        Game(round=round_, table=table, ns_team=ns, ew_team=ew, status=seat_status(ns, ew))
        for table, (ns, ew) in zip(tables, seats, strict=True)
    )
    return round_, details


def seat_status(ns, ew) -> str:
    if ns is None and ew is None:
        return Game.Status.EMPTY
    if ns is None or ew is None:
        return Game.Status.SIT_OUT
    return Game.Status.SCHEDULED
