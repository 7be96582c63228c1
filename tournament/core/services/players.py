"""Seating a game of single players: the day's plan made once, each game read from it.

The players' movement (`players_movement`) plans the whole day at once, and a plan for G games does not
begin with the plan for fewer, so game 1 stores the plan for the event's games (`SeatingPlan`) and every
game is seated from it. At each table the players draw cards (`draw.draw_order`): the highest card takes
seat 1, the next sits on their left, and so on; each player's seat is a `Seat` of the game, and a player
sitting out has a `Seat` of the round with no game. An entrant who does not play the game (withdrawn) is
left out of it and the plan is not made again: their table plays short, as the game allows it; a table left
with fewer players than the game's fewest (`fewest_players`: the five-player game's five) does not play
that game, and its players sit it out, counted by the event's sit-out rule.
"""

import random

from django.utils.translation import gettext as _

from ..draw import draw_order
from ..errors import TournamentError
from ..game_room import fewest_players, seat_range
from ..models import Event, Game, Round, Seat, SeatingPlan, Team
from ..players_movement import players_movement, players_plan_to_json, table_sizes
from .rounds import new_round, plays_in_game


def players_table_count(event: Event, players: int) -> int:
    """The tables a game of `players` single players needs at the event's seats (TournamentError when they
    cannot fill one)."""
    try:
        return len(table_sizes(players, seat_range(event)))
    except ValueError as error:
        raise TournamentError(str(error)) from None


def plan_the_day(event: Event, rng: random.Random | None = None) -> SeatingPlan:
    """The players' movement for every game of the event, over its active entrants in registration order."""
    entrants = list(event.teams.active().order_by("number").values_list("pk", flat=True))
    seats = seat_range(event)
    tables = players_table_count(event, len(entrants))
    numbered = event.tables.count()
    if numbered != tables:
        raise TournamentError(_("%(players)s players at tables of %(seats)s need %(tables)s tables, and %(numbered)s "
                                "are numbered: number the tables again.")
                              % {"players": len(entrants), "seats": seats, "tables": tables, "numbered": numbered})
    plan = players_movement(len(entrants), seats, event.games, rng=random.Random(rng.random()) if rng else None)
    return SeatingPlan.objects.create(event=event, seats=str(seats), entrants=entrants,
                                      plan=players_plan_to_json(plan))


def seat_players_game(event: Event, number: int, rng: random.Random | None = None) -> Round:
    """Game `number` of the stored plan: its tables' games, each player's seat by the draw, the sit-outs."""
    plan = event.seating_plan
    planned = plan.game(number)
    if planned is None:
        raise TournamentError(_("The day's seating plan has %(games)s games, not %(game)s.")
                              % {"games": len(plan.plan.get("games", [])), "game": number})
    teams = {team.pk: team for team in Team.objects.filter(pk__in=plan.entrants)}
    tables = {table.number: table for table in event.tables.all()}
    round_ = new_round(event, number)
    games, drawn, short = [], [], []
    fewest = fewest_players(event)
    for planned_table in planned["tables"]:
        players = [teams[plan.entrant_id(p)] for p in planned_table["seats"]]
        players = [team for team in players if plays_in_game(team, number)]
        too_few = players if len(players) < fewest else []
        short += too_few
        order = draw_order([] if too_few else players, rng)
        status = Game.Status.SCHEDULED if order else Game.Status.SIT_OUT if too_few else Game.Status.EMPTY
        games.append(Game(round=round_, table=tables[planned_table["table"]], status=status,
                          draw={"method": "system", "cards": {str(team.pk): card for team, card in order},
                                "order": [team.pk for team, _ in order]}))
        drawn.append(order)
    Game.objects.bulk_create(games)
    seats = [Seat(round=round_, game=game, team=team, position=position, card=card)
             for game, order in zip(games, drawn, strict=True)
             for position, (team, card) in enumerate(order, start=1)]
    seats += [Seat(round=round_, team=teams[plan.entrant_id(p)]) for p in planned["sitting_out"]
              if plays_in_game(teams[plan.entrant_id(p)], number)]
    seats += [Seat(round=round_, team=team) for team in short]
    Seat.objects.bulk_create(seats)
    return round_


def sit_out_short_table(game: Game) -> list[Seat]:
    """After a withdrawal from a game not started: a table left with fewer players than the game's fewest
    does not play it, and those left sit it out (their seats become the round's sit-outs). The seats moved,
    none when the table still plays."""
    left = list(game.seats.all())
    if len(left) >= fewest_players(game.round.event):
        return []
    for seat in left:
        seat.game, seat.position = None, None
    Seat.objects.bulk_update(left, ["game", "position"])
    game.status = Game.Status.SIT_OUT if left else Game.Status.EMPTY
    game.save(update_fields=["status"])
    return left
