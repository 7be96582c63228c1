"""The knockout played for real: seating, advancement, byes, third place, and drawing the bracket."""

import random

import pytest
from django.core.exceptions import PermissionDenied

from tests.factories import make_event
from tests.tournament.knockout.playing import draw, knockout, knockout_rounds, m, numbers, play, team, team_ids
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import DirectorAction, Event, Game, Round, Side
from tournament.knockout import services as bracket_services
from tournament.knockout.models import Bracket, BracketMatch

pytestmark = pytest.mark.django_db

# --- Seating ----------------------------------------------------------------------------------------

def test_round_one_is_seated_whole_at_the_lowest_tables_with_a_high_card_draw(director):
    event = knockout(director, teams=8)
    bracket = draw(event, director)
    assert (bracket.size, bracket.team_count, bracket.seeded_by) == (8, 8, "director")
    [round_] = knockout_rounds(event)
    assert (round_.number, round_.phase, round_.status) == (1, "knockout", "seated")
    games = list(round_.games.select_related("table").order_by("table__number"))
    assert [g.table.number for g in games] == [1, 2, 3, 4]
    expected = [(1, 8), (4, 5), (2, 7), (3, 6)]
    for number, (game, pair) in enumerate(zip(games, expected, strict=True), start=1):
        match = m(event, number)
        assert match.game_id == game.pk
        assert numbers(match) == pair
        assert {game.ns_team.number, game.ew_team.number} == set(pair)
        assert game.status == Game.Status.SCHEDULED
        assert game.draw["method"] == "system" and game.draw["winner"] == game.ns_team_id
        assert set(game.draw["cards"]) == {str(game.ns_team_id), str(game.ew_team_id)}
    assert event.actions.filter(action="create_bracket").exists()
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING


def test_knockout_creates_the_tables_it_needs(director):
    event = knockout(director, teams=2)
    for n in range(3, 9):
        services.add_team(event, director, player1=f"Ann {n}", player2=f"Bob {n}")
    assert event.tables.count() == 1
    draw(event, director)
    assert list(event.tables.values_list("number", flat=True)) == [1, 2, 3, 4]


def test_winners_advance_and_the_next_round_is_seated_when_the_round_is_decided(director):
    event = knockout(director, teams=8)
    draw(event, director)
    play(event, 1, 8, director)  # an upset
    assert numbers(m(event, 5)) == (8, None)
    assert m(event, 1).winner.number == 8 and m(event, 1).decided_by == "played"
    play(event, 2, 4, director)
    play(event, 3, 2, director)
    assert len(knockout_rounds(event)) == 1, "the semi-finals wait for the whole quarter-final round"
    play(event, 4, 3, director)
    first, second = knockout_rounds(event)
    assert (second.number, first.status, second.status) == (2, "finished", "seated")
    semis = list(second.games.select_related("table").order_by("table__number"))
    assert [g.table.number for g in semis] == [1, 2]
    assert numbers(m(event, 5)) == (8, 4) and m(event, 5).game_id == semis[0].pk
    assert numbers(m(event, 6)) == (2, 3) and m(event, 6).game_id == semis[1].pk
    assert (m(event, 5).seed_a, m(event, 5).seed_b) == (8, 4)
    play(event, 5, 4, director)
    play(event, 6, 2, director)
    final = m(event, 7)
    assert numbers(final) == (4, 2) and final.game.table.number == 1
    play(event, 7, 2, director)
    event.refresh_from_db()
    assert m(event, 7).winner.number == 2
    assert event.status == Event.Status.FINISHED
    assert not event.rounds.exclude(status=Round.Status.FINISHED).exists()


def test_knockout_rounds_are_numbered_after_the_rotation_games(director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=1)
    for game in event.rounds.get().games.all():
        services.record_game_result(game, ns_total=4000, ew_total=3000, user=director)
    draw(event, director, team_ids(event)[:4])
    rotation, ko = event.rounds.order_by("number")
    assert (rotation.phase, rotation.status) == ("rotation", "finished")
    assert (ko.number, ko.phase, ko.games.count()) == (2, "knockout", 2)


# --- Byes -------------------------------------------------------------------------------------------

def test_byes_go_to_the_top_seeds_and_advance_at_once(director):
    event = knockout(director, teams=5)
    draw(event, director)
    for number, seed in ((1, 1), (3, 2), (4, 3)):
        bye = m(event, number)
        assert (bye.decided_by, bye.winner.number, bye.game_id) == ("bye", seed, None)
    [round_] = knockout_rounds(event)
    [game] = round_.games.select_related("table")
    assert game.table.number == 1 and m(event, 2).game_id == game.pk
    assert numbers(m(event, 5)) == (1, None)
    assert numbers(m(event, 6)) == (2, 3)
    play(event, 2, 5, director)
    semis = knockout_rounds(event)[1]
    assert semis.games.count() == 2
    assert numbers(m(event, 5)) == (1, 5)


def test_two_teams_play_only_a_final(director):
    event = knockout(director, teams=2)
    draw(event, director)
    final = m(event, 1)
    assert numbers(final) == (1, 2) and final.game is not None
    play(event, 1, 2, director)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


# --- Third place ------------------------------------------------------------------------------------

def test_third_place_game_is_played_by_the_semi_final_losers_beside_the_final(director):
    event = knockout(director, teams=4, third=True)
    draw(event, director)
    play(event, 1, 1, director)
    play(event, 2, 3, director)
    final, third = m(event, 3), m(event, 4)
    assert third.is_third_place
    assert numbers(final) == (1, 3) and numbers(third) == (4, 2)
    assert final.game.round_id == third.game.round_id
    assert (final.game.table.number, third.game.table.number) == (1, 2)
    play(event, 3, 1, director)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING, "the third-place game is still to play"
    play(event, 4, 2, director)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert m(event, 4).winner.number == 2


def test_a_third_place_game_needs_four_teams(director):
    event = knockout(director, teams=3, third=True)
    with pytest.raises(TournamentError, match="at least 4 teams"):
        draw(event, director)
    assert not Bracket.objects.exists() and not event.rounds.exists()


# --- Drawing the bracket ----------------------------------------------------------------------------

def test_bad_seedings_are_refused_and_change_nothing(director, other_user):
    event = knockout(director, teams=6)
    ids = team_ids(event)
    with pytest.raises(PermissionDenied):
        draw(event, other_user)
    with pytest.raises(TournamentError, match="more than once"):
        draw(event, director, [ids[0], ids[0], ids[1]])
    with pytest.raises(TournamentError, match="at least 2"):
        draw(event, director, [ids[0]])
    with pytest.raises(TournamentError, match="not a team of this event"):
        draw(event, director, [ids[0], 999999])
    services.withdraw_team(team(event, 6), director)
    with pytest.raises(TournamentError, match="has withdrawn"):
        draw(event, director, ids)
    with pytest.raises(TournamentError, match="Seed the bracket"):
        bracket_services.create_bracket(event, director, ids[:4], seeded_by="luck")
    assert not Bracket.objects.exists() and not event.rounds.exists()
    draw(event, director, ids[:5])
    with pytest.raises(TournamentError, match="already drawn"):
        draw(event, director, ids[:5])


def test_actions_on_a_bracket_refuse_before_the_draw_and_outside_it(director):
    """The services say when there is no bracket yet, or the match is another bracket's; nothing changes."""
    event = knockout(director, teams=4)
    other = knockout(director, teams=4, name="Other")
    draw(other, director)
    with pytest.raises(TournamentError, match=r"^Draw the bracket first\.$"):
        bracket_services.match_in_bracket(event, m(other, 1).pk)
    with pytest.raises(TournamentError, match=r"^Draw the bracket first\.$"):
        bracket_services.withdraw_from_bracket(event, director, team_id=team(event, 1).pk)
    assert team(event, 1).is_active
    draw(event, director)
    with pytest.raises(TournamentError, match="That match is not in this bracket"):
        bracket_services.match_in_bracket(event, m(other, 1).pk)
    assert bracket_services.match_in_bracket(event, m(event, 1).pk) == m(event, 1)
    with pytest.raises(TournamentError, match="Choose the team that withdraws"):
        bracket_services.withdraw_from_bracket(event, director, team_id=team(other, 1).pk)
    assert team(other, 1).is_active
    with pytest.raises(TournamentError, match=r"^The bracket is already drawn\.$"):
        bracket_services.require_no_bracket(event)
    bracket_services.require_no_bracket(knockout(director, teams=4, name="Third"))


def test_a_team_withdrawn_from_the_bracket_sends_its_opponent_through(director):
    event = knockout(director, teams=4)
    draw(event, director)
    leaving = m(event, 1).team_a
    assert bracket_services.withdraw_from_bracket(event, director, team_id=leaving.pk) == leaving
    leaving.refresh_from_db()
    assert not leaving.is_active
    assert m(event, 1).decided_by == "walkover" and m(event, 1).winner == m(event, 1).team_b


def test_a_draw_checks_the_teams_then_the_plan_then_the_rotation_and_writes_nothing_when_refused(director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=2, playoff_size=4)
    ids = team_ids(event)
    services.withdraw_team(team(event, 8), director)
    with pytest.raises(TournamentError, match="has withdrawn and cannot be seeded"):
        draw(event, director, [ids[7], ids[7]])
    with pytest.raises(TournamentError, match="more than once"):
        draw(event, director, [ids[0], ids[0]])
    with pytest.raises(TournamentError, match="Game 1 has no final result yet"):
        draw(event, director, ids[:4])
    for game in event.rounds.get().games.filter(status=Game.Status.SCHEDULED):
        services.record_game_result(game, ns_total=5000, ew_total=4000, user=director)
    with pytest.raises(TournamentError, match="Only 1 of the 2 rotation games has been played"):
        draw(event, director, ids[:4])
    assert not Bracket.objects.exists() and not BracketMatch.objects.exists()
    assert event.rounds.get().status == Round.Status.SEATED
    assert not event.actions.filter(action__in=["create_bracket", "end_rotation_early"]).exists()


def test_a_rotation_event_has_no_bracket(director):
    event = make_event(director, teams=4, seat=False)
    with pytest.raises(TournamentError, match="rotation games only"):
        draw(event, director)


def test_the_bracket_waits_for_the_rotation_results(director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=1)
    with pytest.raises(TournamentError, match="Game 1 has no final result yet at table 1, 2, 3, 4"):
        draw(event, director, team_ids(event)[:4])


def test_a_random_draw_is_reproducible_with_its_rng(director):
    first = knockout(director, teams=6, name="A")
    second = knockout(director, teams=6, name="B")
    bracket_services.create_bracket_random(first, director, rng=random.Random(42))
    bracket_services.create_bracket_random(second, director, rng=random.Random(42))
    seeds_first = [(m_.seed_a, m_.team_a.number if m_.team_a else None) for m_ in
                   BracketMatch.objects.filter(bracket__event=first, round_index=1).order_by("number")]
    seeds_second = [(m_.seed_a, m_.team_a.number if m_.team_a else None) for m_ in
                    BracketMatch.objects.filter(bracket__event=second, round_index=1).order_by("number")]
    assert seeds_first == seeds_second
    assert Bracket.objects.get(event=first).seeded_by == "random"
    assert sorted(t for _, t in seeds_first) != [1, 2, 3, 4] or seeds_first[0][1] != 1


def test_a_bracket_is_discarded_only_before_it_starts(director):
    event = knockout(director, teams=4)
    draw(event, director)
    bracket_services.discard_bracket(event, director)
    assert not Bracket.objects.exists() and not event.rounds.exists()
    draw(event, director)
    play(event, 1, 1, director)
    with pytest.raises(TournamentError, match="has started"):
        bracket_services.discard_bracket(event, director)


def test_a_result_costs_the_same_queries_whatever_the_brackets_size(director, django_assert_max_num_queries):
    small = knockout(director, teams=8, name="small")
    big = knockout(director, teams=64, name="big")
    draw(small, director)
    draw(big, director)
    for event in (small, big):
        game = m(event, 1).game
        with django_assert_max_num_queries(16):
            services.record_game_result(game, ns_total=5000, ew_total=1000, user=director)
        assert m(event, 1).winner_id == game.ns_team_id


def test_rotation_results_do_not_touch_the_bracket(director):
    event = make_event(director, teams=4)
    game = event.rounds.get().games.first()
    assert bracket_services.on_game_result(game) is None
    services.record_game_result(game, ns_total=10, ew_total=5, user=director)
    assert not DirectorAction.objects.filter(action__startswith="bracket").exists()


def test_knockout_games_use_the_draw_to_seat_north_south(director):
    event = knockout(director, teams=4)
    draw(event, director)
    game = m(event, 1).game
    assert game.draw["winner_chose"] == Side.NS and game.draw["winner"] == game.ns_team_id


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_last_two_results_of_a_round_arriving_together_both_reach_the_next_round():
    import threading

    from django.db import connection

    from tests.factories import make_director

    director = make_director("race-director", "race-pass-1")
    event = knockout(director, teams=4)
    draw(event, director)
    games = [m(event, 1).game, m(event, 2).game]
    barrier = threading.Barrier(2)
    errors = []

    def record(game):
        try:
            barrier.wait(timeout=10)
            services.record_game_result(game, ns_total=5000, ew_total=3000, user=director)
        except Exception as error:  # reported below, in the test's thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=record, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors
    final = m(event, 3)
    assert final.team_a_id == games[0].ns_team_id and final.team_b_id == games[1].ns_team_id
    assert final.game is not None and len(knockout_rounds(event)) == 2
