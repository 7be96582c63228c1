"""One whole event, start to finish, through the services the pages use.

13 teams play 3 rotation games (7 tables: one team sits out each game), the top 8 of the standings play a
knockout with a third-place game, to a champion. Every result goes through the scoring services a table
uses (a sheet submitted, then accepted by the opponents); one knockout result is corrected by the
director after the next round was seated, and the correction is confirmed on the bracket.
"""

import pytest

from scoring import services as scoring
from scoring.playoff import start_playoff_from_standings
from scoring.standings import compute_standings
from tests.factories import make_event
from tests.scoring.sheets import HANDS, sheet
from tournament.core import services
from tournament.core.models import Event, Game, Round
from tournament.knockout import services as bracket_services
from tournament.knockout.models import Bracket, BracketMatch

pytestmark = pytest.mark.django_db

# Three sheet lengths give three margins, so the standings separate teams on points as well as wins.
LENGTHS = (1, 2, 3)


def sheet_won_by(side: str, length: int) -> dict:
    hands = HANDS[:length]
    if side == "ew":
        hands = [(ew, ns) for ns, ew in hands]
    return sheet(hands)


def play_through_the_table(game: Game, winner_side: str, length: int, key: str) -> Game:
    scoring.submit_sheet(game, sheet_won_by(winner_side, length), key)
    scoring.accept_sheet(game, code=game.ew_team.code)
    game.refresh_from_db()
    assert game.status == Game.Status.FINAL and game.winner == winner_side
    return game


def stronger_side(game: Game) -> str:
    """The lower team number is the stronger team, so the results are foreseeable."""
    return "ns" if game.ns_team.number < game.ew_team.number else "ew"


def knockout_games(round_: Round) -> list[Game]:
    return list(round_.games.select_related("ns_team", "ew_team", "table", "round__event").order_by("table__number"))


def test_thirteen_teams_three_rotation_games_then_a_top_eight_knockout_with_third_place(director):
    event = make_event(director, teams=13, format="rotation_then_knockout", games=3, playoff_size=8,
                       third_place_game=True, seed=5)
    assert event.tables.count() == 7

    # --- The rotation: 3 games, each with one sit-out ----------------------------------------------
    sat_out = set()
    for number in range(1, 4):
        round_ = event.rounds.get(number=number)
        games = knockout_games(round_)
        sit_outs = [g for g in games if g.status == Game.Status.SIT_OUT]
        assert len(sit_outs) == 1, f"game {number}: one team sits out"
        sat_out.add((sit_outs[0].ns_team or sit_outs[0].ew_team).pk)
        for i, game in enumerate(g for g in games if g.status == Game.Status.SCHEDULED):
            play_through_the_table(game, stronger_side(game), LENGTHS[i % 3], f"r{number}-t{game.table.number}")
        if number < 3:
            services.advance_to_next_game(event, director)
    assert len(sat_out) == 3, "a different team sits out each game"

    # --- The playoff: the top 8 of the standings, seeded in order ----------------------------------
    standings = [row.team for row in compute_standings(event)]
    bracket = start_playoff_from_standings(event, director)
    assert (bracket.seeded_by, bracket.team_count, bracket.size, bracket.third_place) == (
        Bracket.SeededBy.STANDINGS, 8, 8, True)
    first_round = BracketMatch.objects.filter(bracket=bracket, round_index=1).select_related("team_a", "team_b")
    seeds = {m.seed_a: m.team_a for m in first_round} | {m.seed_b: m.team_b for m in first_round}
    assert [seeds[s] for s in range(1, 9)] == standings[:8]
    assert event.rounds.get(number=3).status == Round.Status.FINISHED

    # --- Quarter-finals: game 4, tables 1-4 -------------------------------------------------------
    quarter = event.rounds.get(number=4)
    assert quarter.phase == Round.Phase.KNOCKOUT
    games = knockout_games(quarter)
    assert [g.table.number for g in games] == [1, 2, 3, 4]
    for game in games:
        play_through_the_table(game, stronger_side(game), 2, f"qf-{game.table.number}")

    # --- Semi-finals: game 5; a quarter-final sheet corrected after they were seated ---------------
    semi_round = event.rounds.get(number=5)
    assert semi_round.games.count() == 2
    corrected = games[0]  # M1: seed 1 v seed 8
    m1 = BracketMatch.objects.get(bracket=bracket, number=1)
    upset_side = "ew" if stronger_side(corrected) == "ns" else "ns"
    scoring.director_correct(corrected, sheet_won_by(upset_side, 3), director, reason="Totals were swapped")
    m1.refresh_from_db()
    assert m1.pending_correction and m1.winner_id != m1.pending_winner_id
    semi = BracketMatch.objects.get(bracket=bracket, number=5)
    assert semi.team_a_id == m1.winner_id, "nothing moved before the director confirmed"
    impact = bracket_services.correction_impact(m1, m1.pending_winner)
    assert [m.number for m in impact.affected] == [5]
    bracket_services.confirm_correction(m1, director)
    semi.refresh_from_db()
    m1.refresh_from_db()
    assert semi.team_a_id == m1.winner_id == m1.team_b_id and not m1.pending_correction
    assert {semi.game.ns_team_id, semi.game.ew_team_id} == {semi.team_a_id, semi.team_b_id}

    for game in knockout_games(semi_round):
        play_through_the_table(game, stronger_side(game), 1, f"sf-{game.table.number}")

    # --- The final and the third-place game: game 6, tables 1 and 2 --------------------------------
    last = event.rounds.get(number=6)
    final_game, third_game = knockout_games(last)
    final = BracketMatch.objects.get(bracket=bracket, number=7)
    third = BracketMatch.objects.get(bracket=bracket, number=8)
    assert (final.game_id, third.game_id) == (final_game.pk, third_game.pk)
    semis = BracketMatch.objects.filter(bracket=bracket, number__in=(5, 6)).order_by("number")
    assert {third.team_a_id, third.team_b_id} == {s.loser.pk for s in semis}
    play_through_the_table(final_game, stronger_side(final_game), 3, "final")
    play_through_the_table(third_game, stronger_side(third_game), 3, "third")

    final.refresh_from_db()
    third.refresh_from_db()
    champion = min((final_game.ns_team, final_game.ew_team), key=lambda t: t.number)
    assert final.winner == champion
    assert third.winner == min((third_game.ns_team, third_game.ew_team), key=lambda t: t.number)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert list(event.rounds.values_list("number", "phase")) == [
        (1, "rotation"), (2, "rotation"), (3, "rotation"), (4, "knockout"), (5, "knockout"), (6, "knockout"),
    ]
    assert not event.rounds.exclude(status=Round.Status.FINISHED).exists()
