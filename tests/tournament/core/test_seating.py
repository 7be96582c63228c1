"""Seating game 1 with the high-card draw, the next games by the movement, withdrawals and late teams."""

import random

import pytest
from django.core.exceptions import PermissionDenied

from tests.factories import make_event
from tournament.core import services
from tournament.core.draw import DrawResult, judge_cards, normalise_card
from tournament.core.errors import TournamentError
from tournament.core.models import Game, Team
from tournament.core.movement import mitchell

pytestmark = pytest.mark.django_db


def seating(round_):
    return [
        (g.table.number, g.ns_team.number if g.ns_team else None, g.ew_team.number if g.ew_team else None)
        for g in round_.games.select_related("table", "ns_team", "ew_team").order_by("table__number")
    ]


def test_draw_cards():
    assert normalise_card(" 10h ") == "TH"
    assert judge_cards("KS", "KH").a_wins
    assert not judge_cards("2C", "AC").a_wins
    with pytest.raises(ValueError, match="not a card"):
        normalise_card("11X")
    with pytest.raises(ValueError, match="same card"):
        judge_cards("ks", "KS")


def test_first_game_draw_decides_north_south(director):
    event = make_event(director, teams=8, seed=7)
    round1 = event.rounds.get()
    for game in round1.games.select_related("ns_team", "ew_team"):
        cards = game.draw["cards"]
        result = DrawResult(cards[str(game.ns_team_id)], cards[str(game.ew_team_id)])
        assert result.a_wins, "the winner of the draw sits North-South by default"
        assert game.draw["winner"] == game.ns_team_id
        assert {game.ns_team.number, game.ew_team.number} == {game.table.number, game.table.number + 4}
        assert (game.ns_team.start_table, game.ns_team.start_side) == (game.table.number, "ns")
        assert (game.ew_team.start_table, game.ew_team.start_side) == (game.table.number, "ew")


def test_director_records_real_cards_and_choice(director):
    event = make_event(director, teams=4)
    game = event.rounds.get().games.get(table__number=1)
    a, b = game.ns_team, game.ew_team
    services.record_draw(game, director, winner_chose="ew", cards={a.pk: "2C", b.pk: "KS"})
    game.refresh_from_db()
    # b drew the king, won, and chose East-West
    assert (game.ns_team, game.ew_team) == (a, b)
    assert game.draw["method"] == "cards" and game.draw["winner"] == b.pk
    services.record_draw(game, director, winner_chose="ns")
    game.refresh_from_db()
    assert (game.ns_team, game.ew_team) == (b, a)
    b.refresh_from_db()
    assert (b.start_table, b.start_side) == (1, "ns")
    with pytest.raises(TournamentError, match="not a card"):
        services.record_draw(game, director, winner_chose="ns", cards={a.pk: "ZZ", b.pk: "KS"})


def test_a_game_scored_before_the_go_ahead_keeps_its_seats_and_result_against_a_new_draw(director):
    """Swapping North-South and East-West under a result would give each team the other's score."""
    event = make_event(director, teams=4)
    game = event.rounds.get().games.get(table__number=1)
    services.record_game_result(game, ns_total=5000, ew_total=4000, user=director)
    kept = (game.ns_team_id, game.ew_team_id, game.draw)
    with pytest.raises(TournamentError, match="Table 1 has its result: its seats can no longer be drawn"):
        services.record_draw(game, director, winner_chose="ew")
    game.refresh_from_db()
    assert (game.ns_team_id, game.ew_team_id, game.draw) == kept
    assert (game.status, game.ns_total, game.winner) == (Game.Status.FINAL, 5000, Game.Winner.NS)


def test_following_games_follow_the_movement(director):
    event = make_event(director, teams=9, games=3)
    round1 = event.rounds.get()
    # number teams by their starting place, like the movement command does
    start = {g.table.number: (g.ns_team, g.ew_team) for g in round1.games.select_related("ns_team", "ew_team")}
    label = {}
    for table, (ns, ew) in start.items():
        label[ns.pk] = table
        if ew:
            label[ew.pk] = 5 + table
    plan = mitchell(9, 3)
    for number in (2, 3):
        round_ = services.advance_to_next_game(event, director, force=True)
        got = [
            (g.table.number, label[g.ns_team_id] if g.ns_team_id else None,
             label[g.ew_team_id] if g.ew_team_id else None)
            for g in round_.games.select_related("table").order_by("table__number")
        ]
        expected = [(s.table, s.ns, s.ew) for s in plan.games[number - 1].tables]
        assert got == expected
        assert round_.games.filter(status=Game.Status.SIT_OUT).count() == 1
    with pytest.raises(TournamentError, match="All 3 rotation games"):
        services.advance_to_next_game(event, director, force=True)


def test_advance_waits_for_results_unless_forced(director):
    event = make_event(director, teams=4)
    with pytest.raises(TournamentError, match="no final result yet at table 1, 2"):
        services.advance_to_next_game(event, director)
    for game in event.rounds.get().games.all():
        services.record_game_result(game, ns_total=5000, ew_total=4000, user=director)
    round2 = services.advance_to_next_game(event, director)
    assert round2.number == 2


def test_withdrawal_empties_the_seat_from_the_next_game(director):
    event = make_event(director, teams=8)
    round1 = event.rounds.get()
    round1.started_at = round1.created_at
    round1.save()
    leaving = round1.games.get(table__number=2).ew_team
    services.withdraw_team(leaving, director)
    leaving.refresh_from_db()
    assert leaving.withdrawn_after_game == 1 and leaving.status == Team.Status.WITHDRAWN
    assert round1.games.get(table__number=2).ew_team == leaving, "the game already started keeps the team"
    round2 = services.advance_to_next_game(event, director, force=True)
    # the withdrawn East-West place moved up to table 3 and is empty there
    game = round2.games.get(table__number=3)
    assert game.ew_team is None and game.status == Game.Status.SIT_OUT
    assert not round2.games.filter(ew_team=leaving).exists()
    with pytest.raises(TournamentError, match="already withdrawn"):
        services.withdraw_team(leaving, director)


def test_withdrawal_before_the_go_ahead_empties_the_current_game(director):
    event = make_event(director, teams=8)
    round1 = event.rounds.get()
    leaving = round1.games.get(table__number=1).ns_team
    services.withdraw_team(leaving, director)
    game = round1.games.get(table__number=1)
    assert game.ns_team is None and game.status == Game.Status.SIT_OUT and game.draw == {}
    leaving.refresh_from_db()
    assert leaving.withdrawn_after_game == 0


def test_a_result_recorded_before_the_go_ahead_stays_a_played_game_when_a_team_withdraws(director):
    """No clock was used: game 1 is scored while it still awaits the go-ahead. The withdrawal keeps it."""
    event = make_event(director, teams=8)
    round1 = event.rounds.get()
    played = round1.games.get(table__number=2)
    services.record_game_result(played, ns_total=5000, ew_total=4000, user=director)
    leaving, staying, draw = played.ns_team, played.ew_team, played.draw
    assert round1.awaits_go_ahead
    services.withdraw_team(leaving, director)
    game = round1.games.get(table__number=2)
    assert (game.ns_team, game.ew_team, game.status) == (leaving, staying, Game.Status.FINAL)
    assert (game.ns_total, game.ew_total, game.winner, game.draw) == (5000, 4000, Game.Winner.NS, draw)
    leaving.refresh_from_db()
    assert leaving.withdrawn_after_game == 1, "game 1 is the last game the team played"
    round2 = services.advance_to_next_game(event, director, force=True)
    assert not round2.games.filter(ns_team=leaving).exists()
    assert round2.games.get(table__number=2).status == Game.Status.SIT_OUT


def test_a_withdrawal_empties_only_the_unscored_seat_before_the_go_ahead(director):
    """Before the go-ahead a game with no result yet has not started: the team leaves it, as before."""
    event = make_event(director, teams=8)
    round1 = event.rounds.get()
    services.record_game_result(round1.games.get(table__number=1), ns_total=5000, ew_total=4000, user=director)
    leaving = round1.games.get(table__number=3).ew_team
    services.withdraw_team(leaving, director)
    game = round1.games.get(table__number=3)
    assert game.ew_team is None and game.status == Game.Status.SIT_OUT and game.draw == {}
    leaving.refresh_from_db()
    assert leaving.withdrawn_after_game == 0


def test_a_withdrawal_costs_the_same_queries_whatever_the_event_s_size(director, django_assert_max_num_queries):
    from scoring.services import submit_sheet
    from tests.scoring.sheets import sheet

    for teams in (6, 200):
        event = make_event(director, teams=teams, name=f"{teams} teams")
        games = event.rounds.get().games.select_related("ns_team", "table").order_by("table__number")
        scored, with_sheet, unscored = games[:3]
        services.record_game_result(scored, ns_total=5000, ew_total=4000, user=director)
        submit_sheet(with_sheet, sheet(), f"k{teams}")
        with django_assert_max_num_queries(11):  # the team's game kept, as played
            services.withdraw_team(scored.ns_team, director)
        with django_assert_max_num_queries(12):  # kept too: its sheet asked for in one query
            services.withdraw_team(with_sheet.ns_team, director)
        with django_assert_max_num_queries(13):  # the team's seat emptied in its game
            services.withdraw_team(unscored.ns_team, director)


def test_a_late_team_takes_the_seat_of_a_team_that_withdrew_after_its_scored_game(director):
    """Game 1 is scored before the go-ahead and a team withdraws: the late team joins game 2 in its seat."""
    event = make_event(director, teams=8)
    round1 = event.rounds.get()
    played = round1.games.get(table__number=3)
    services.record_game_result(played, ns_total=5000, ew_total=4000, user=director)
    services.withdraw_team(played.ns_team, director)
    late = services.add_team(event, director, player1="Late", player2="Comer")
    assert (late.start_table, late.start_side, late.joined_at_game) == (3, "ns", 2)
    game = round1.games.get(table__number=3)
    assert (game.ns_team_id, game.status) == (played.ns_team_id, Game.Status.FINAL), "game 1 is kept"
    round2 = services.advance_to_next_game(event, director, force=True)
    assert round2.games.get(table__number=3).ns_team == late


def test_late_team_takes_the_empty_seat_of_an_odd_field(director):
    event = make_event(director, teams=7)
    round1 = event.rounds.get()
    assert round1.games.get(table__number=4).ew_team is None
    late = services.add_team(event, director, player1="Late", player2="Comer")
    assert (late.start_table, late.joined_at_game) == (4, 1)
    game = round1.games.get(table__number=4)
    assert late in (game.ns_team, game.ew_team) and game.status == Game.Status.SCHEDULED
    # the two teams at table 4 drew for their seats, like every other table of game 1
    assert game.draw["winner"] == game.ns_team_id and len(game.draw["cards"]) == 2
    round2 = services.advance_to_next_game(event, director, force=True)
    assert round2.games.get(table__number=4).ns_team == game.ns_team
    assert round2.games.get(table__number=1).ew_team == game.ew_team
    assert not round2.games.filter(status=Game.Status.SIT_OUT).exists()
    with pytest.raises(TournamentError, match="Every seat is taken"):
        services.add_team(event, director, player1="One", player2="Toomany")
    assert not event.teams.filter(player1="One").exists()


def test_late_team_after_the_go_ahead_joins_the_next_game(director):
    event = make_event(director, teams=5)
    round1 = event.rounds.get()
    round1.started_at = round1.created_at
    round1.save()
    late = services.add_team(event, director, player1="Late", player2="Comer")
    assert late.joined_at_game == 2
    assert round1.games.get(table__number=3).ew_team is None
    round2 = services.advance_to_next_game(event, director, force=True)
    assert round2.games.filter(ew_team=late).get().table.number == 1


def test_late_team_takes_a_withdrawn_teams_seat(director):
    event = make_event(director, teams=8)
    round1 = event.rounds.get()
    round1.started_at = round1.created_at
    round1.save()
    leaving = round1.games.get(table__number=3).ns_team
    services.withdraw_team(leaving, director)
    late = services.add_team(event, director, player1="Late", player2="Comer")
    assert (late.start_table, late.start_side) == (3, "ns")
    round2 = services.advance_to_next_game(event, director, force=True)
    assert round2.games.get(table__number=3).ns_team == late


def test_manual_seating_and_its_mistakes(director):
    event = make_event(director, teams=5, seat=False)
    ids = list(event.teams.order_by("number").values_list("pk", flat=True))
    with pytest.raises(TournamentError, match="already seated"):
        services.seat_first_game(event, director, method="manual",
                                 pairs=[(ids[0], ids[1]), (ids[0], ids[2]), (ids[3], ids[4])])
    with pytest.raises(TournamentError, match="Not seated yet"):
        services.seat_first_game(event, director, method="manual",
                                 pairs=[(ids[0], ids[1]), (ids[2], None), (ids[3], None)])
    assert not event.rounds.exists()
    round1 = services.seat_first_game(event, director, method="manual",
                                      pairs=[(ids[4], None), (ids[0], ids[1]), (ids[2], ids[3])],
                                      rng=random.Random(3))
    # the lone team is moved to the last table so the empty seat is the movement's East-West place
    last = round1.games.get(table__number=3)
    assert last.ns_team_id == ids[4] and last.ew_team is None


def test_random_seating_uses_every_team_once(director):
    event = make_event(director, teams=12, seat=False)
    round1 = services.seat_first_game(event, director, method="random", rng=random.Random(5))
    teams = [t for row in seating(round1) for t in row[1:]]
    assert sorted(teams) == list(range(1, 13))


def test_tables_must_match_the_teams(director):
    event = make_event(director, teams=6, seat=False)
    services.add_team(event, director, player1="X", player2="Y")
    with pytest.raises(TournamentError, match="7 teams need 4 tables, and 3 are numbered"):
        services.seat_first_game(event, director)
    services.number_tables(event, director)
    assert services.seat_first_game(event, director).games.count() == 4


def test_only_directors_change_the_event(director, other_user):
    event = make_event(director, teams=4)
    with pytest.raises(PermissionDenied):
        services.advance_to_next_game(event, other_user, force=True)
    with pytest.raises(PermissionDenied):
        services.withdraw_team(event.teams.first(), other_user)
    with pytest.raises(PermissionDenied):
        services.import_teams(event, "A,B\n", other_user)
    assert event.rounds.count() == 1


def test_a_knockout_game_s_seats_are_not_drawn_again_by_the_director(director):
    """The bracket draws a knockout game's seats when it seats the game, even when it is game 1."""
    from tournament.knockout import services as bracket_services

    event = make_event(director, teams=4, seat=False, format="knockout")
    ids = list(event.teams.order_by("number").values_list("pk", flat=True))
    bracket_services.create_bracket(event, director, ids, seeded_by="director", rng=random.Random(3))
    game = event.latest_round().games.get(table__number=1)
    assert game.round.number == 1 and game.round.awaits_go_ahead
    drawn = (game.ns_team_id, game.ew_team_id, game.draw)
    with pytest.raises(TournamentError, match="drawn by the system when the bracket seats it"):
        services.record_draw(game, director, winner_chose="ew")
    game.refresh_from_db()
    assert (game.ns_team_id, game.ew_team_id, game.draw) == drawn
    assert not event.actions.filter(action="record_draw").exists()


def test_game_1_s_draw_is_closed_once_game_2_is_seated_even_without_a_go_ahead(director):
    """Changing game 1's draw then would move teams' places under the games already seated after it."""
    event = make_event(director, teams=4)
    game = event.rounds.get().games.get(table__number=1)
    services.advance_to_next_game(event, director, force=True)
    game.refresh_from_db()
    assert game.round.started_at is None and not game.round.takes_seat_draws
    before = game.ns_team_id
    with pytest.raises(TournamentError, match="Seats can only be drawn for game 1, before the go-ahead"):
        services.record_draw(game, director, winner_chose="ew")
    game.refresh_from_db()
    assert game.ns_team_id == before


def test_not_started_means_seated_and_waiting_for_the_go_ahead(director):
    """One rule for "this game has not started": the withdrawal, the late team and the clock all ask it."""
    event = make_event(director, teams=4)
    round1 = event.rounds.get()
    assert round1.awaits_go_ahead and round1.takes_seat_draws
    round1.started_at = round1.created_at
    assert not round1.awaits_go_ahead and not round1.takes_seat_draws
    round1.started_at, round1.status = None, round1.Status.FINISHED
    assert not round1.awaits_go_ahead


def test_a_withdrawal_after_the_next_game_is_seated_empties_that_game(director):
    event = make_event(director, teams=8)
    round2 = services.advance_to_next_game(event, director, force=True)
    leaving = round2.games.get(table__number=2).ns_team
    services.withdraw_team(leaving, director)
    leaving.refresh_from_db()
    assert leaving.withdrawn_after_game == 1
    assert not round2.games.filter(ns_team=leaving).exists()
