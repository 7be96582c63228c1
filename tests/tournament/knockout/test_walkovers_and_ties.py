"""A knockout when a team withdraws (walkovers) or a game is tied (the director decides)."""

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournament.knockout.playing import draw, knockout, knockout_rounds, m, numbers, play, team
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import Event, Game, Round
from tournament.knockout import services as bracket_services

pytestmark = pytest.mark.django_db

# --- Walkovers --------------------------------------------------------------------------------------

def test_withdrawal_before_the_go_ahead_gives_the_opponent_a_walkover(director):
    event = knockout(director, teams=8)
    draw(event, director)
    services.withdraw_team(team(event, 8), director)
    match = m(event, 1)
    assert (match.winner.number, match.decided_by) == (1, "walkover")
    assert match.game.status == Game.Status.SIT_OUT
    assert (match.game.ns_team.number, match.game.ew_team) == (1, None)
    assert numbers(m(event, 5)) == (1, None)
    with pytest.raises(TournamentError):
        services.record_game_result(match.game, ns_total=100, ew_total=50, user=director)
    assert event.actions.filter(action="bracket_walkover").exists()


def test_withdrawal_during_a_game_leaves_the_opponent_alone_at_the_table(director):
    event = knockout(director, teams=4)
    draw(event, director)
    Round.objects.filter(event=event).update(started_at="2026-11-20T10:00:00Z", status="playing")
    services.withdraw_team(team(event, 4), director)
    match = m(event, 1)
    assert (match.winner.number, match.decided_by, match.game.status) == (1, "walkover", "sit_out")
    assert match.game.ns_team.number == 1 and match.game.ew_team is None


def test_a_team_that_withdraws_while_waiting_loses_its_next_match_by_walkover(director):
    event = knockout(director, teams=4, third=True)
    draw(event, director)
    play(event, 1, 1, director)
    services.withdraw_team(team(event, 1), director)
    assert m(event, 3).winner is None, "the opponent is not known yet"
    play(event, 2, 2, director)
    final, third = m(event, 3), m(event, 4)
    assert (final.winner.number, final.decided_by, final.game_id) == (2, "walkover", None)
    # The final needs no table, so only the third-place game is seated, at the lowest table.
    assert third.game.table.number == 1 and numbers(third) == (4, 3)
    play(event, 4, 3, director)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def test_walkover_in_a_semi_final_sends_the_withdrawn_team_to_third_place_and_its_opponent_wins_it(director):
    event = knockout(director, teams=4, third=True)
    draw(event, director)
    play(event, 1, 1, director)
    play(event, 2, 2, director)
    services.withdraw_team(team(event, 4), director)  # lost its semi; now in the third-place game
    third = m(event, 4)
    assert (third.winner.number, third.decided_by) == (3, "walkover")
    assert third.game.status == Game.Status.SIT_OUT


def test_a_team_through_on_a_walkover_that_withdraws_in_turn_gives_its_next_opponent_a_walkover(director):
    event = knockout(director, teams=4)
    draw(event, director)
    services.withdraw_team(team(event, 1), director)
    assert m(event, 1).winner.number == 4
    services.withdraw_team(team(event, 4), director)
    assert m(event, 1).winner.number == 4, "a decided match stays decided"
    play(event, 2, 3, director)
    final = m(event, 3)
    assert (final.winner.number, final.decided_by, final.game_id) == (3, "walkover", None)
    assert len(knockout_rounds(event)) == 1, "a final won by walkover needs no table"
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


# --- Ties -------------------------------------------------------------------------------------------

def test_a_tie_waits_for_the_directors_decision_with_a_reason(director, other_user):
    event = knockout(director, teams=4)
    draw(event, director)
    game = m(event, 1).game
    services.record_game_result(game, ns_total=4100, ew_total=4100, user=director)
    match = m(event, 1)
    assert match.winner is None and match.needs_attention and "Tied at 4100" in match.attention_note
    play(event, 2, 2, director)
    assert len(knockout_rounds(event)) == 1, "the final waits for the tie"
    assert numbers(m(event, 3)) == (None, 2)

    with pytest.raises(TournamentError, match="Choose the team that goes through M1"):
        bracket_services.decide_match(match, director, winner_id=None, reason="More canastas")
    with pytest.raises(TournamentError, match="reason"):
        bracket_services.decide_match(match, director, winner_id=team(event, 4).pk, reason="  ")
    with pytest.raises(TournamentError, match="one of the two teams"):
        bracket_services.decide_match(match, director, winner_id=team(event, 2).pk, reason="x")
    with pytest.raises(PermissionDenied):
        bracket_services.decide_match(match, other_user, winner_id=team(event, 4).pk, reason="x")
    assert m(event, 1).winner is None

    bracket_services.decide_match(match, director, winner_id=team(event, 4).pk, reason="More canastas")
    match = m(event, 1)
    assert (match.winner.number, match.decided_by, match.decision_note) == (4, "director", "More canastas")
    assert not match.needs_attention
    assert numbers(m(event, 3)) == (4, 2) and m(event, 3).game is not None
    action = event.actions.get(action="bracket_decide")
    assert action.details["reason"] == "More canastas" and action.user == director


def test_only_a_tie_is_decided_by_the_director(director):
    event = knockout(director, teams=4)
    draw(event, director)
    with pytest.raises(TournamentError, match="not waiting for a decision"):
        bracket_services.decide_match(m(event, 1), director, winner_id=team(event, 1).pk, reason="x")
    play(event, 1, 1, director)
    with pytest.raises(TournamentError, match="not waiting for a decision"):
        bracket_services.decide_match(m(event, 1), director, winner_id=team(event, 4).pk, reason="x")
