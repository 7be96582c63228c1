"""Playing a knockout in tests: a bracket drawn by seed, a match's game won by a team, its teams read back."""

import random

from tests.factories import make_event
from tournament.core import services
from tournament.core.models import Round, Team
from tournament.knockout import services as bracket_services
from tournament.knockout.models import BracketMatch


def knockout(director, teams=8, third=False, **fields):
    return make_event(director, teams=teams, seat=False, format="knockout", third_place_game=third, **fields)


def team_ids(event):
    return list(event.teams.order_by("number").values_list("pk", flat=True))


def draw(event, director, order=None):
    """Seeds in registration order unless told: team n is seed n."""
    return bracket_services.create_bracket(event, director, order or team_ids(event), seeded_by="director",
                                           rng=random.Random(7))


def m(event, number) -> BracketMatch:
    return BracketMatch.objects.select_related("game", "team_a", "team_b", "winner").get(
        bracket__event=event, number=number
    )


def team(event, number) -> Team:
    return event.teams.get(number=number)


def play(event, number, winner_number, director, *, loser_total=3000, winner_total=5200):
    """Record the result of match `number`'s game with team `winner_number` ahead."""
    game = m(event, number).game
    winner = team(event, winner_number)
    assert winner.pk in (game.ns_team_id, game.ew_team_id), f"team {winner_number} is not at M{number}'s table"
    ns_total, ew_total = (winner_total, loser_total) if game.ns_team_id == winner.pk else (loser_total, winner_total)
    return services.record_game_result(game, ns_total=ns_total, ew_total=ew_total, user=director)


def numbers(match):
    return (match.team_a.number if match.team_a else None, match.team_b.number if match.team_b else None)


def knockout_rounds(event):
    return list(event.rounds.filter(phase=Round.Phase.KNOCKOUT).order_by("number"))
