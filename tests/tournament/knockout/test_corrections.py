"""A knockout result corrected: before or after the winner is seated, into a tie, under way."""

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournament.knockout.playing import draw, knockout, m, numbers, play, team
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import Game
from tournament.knockout import services as bracket_services

pytestmark = pytest.mark.django_db

# --- Corrections ------------------------------------------------------------------------------------

def test_a_correction_before_the_next_round_is_seated_applies_at_once(director):
    event = knockout(director, teams=8)
    draw(event, director)
    play(event, 1, 1, director)
    assert numbers(m(event, 5)) == (1, None)
    play(event, 1, 8, director)  # corrected
    assert m(event, 1).winner.number == 8 and not m(event, 1).pending_correction
    assert numbers(m(event, 5)) == (8, None)
    assert event.actions.filter(action="bracket_correction").exists()


def _semis_seated(event, director):
    draw(event, director)
    for number, winner in ((1, 1), (2, 4), (3, 2), (4, 3)):
        play(event, number, winner, director)


def test_a_correction_after_the_winner_was_seated_waits_for_the_director(director):
    event = knockout(director, teams=8)
    _semis_seated(event, director)
    semi = m(event, 5)
    table_before = (semi.game.ns_team_id, semi.game.ew_team_id)
    play(event, 1, 8, director)  # the sheet of M1 corrected: seed 8 won after all

    match = m(event, 1)
    assert match.pending_correction and match.pending_winner.number == 8 and match.needs_attention
    assert "M5 (Semi-finals), seated at table 1" in match.attention_note
    assert match.winner.number == 1, "nothing moves downstream until the director confirms"
    semi = m(event, 5)
    assert numbers(semi) == (1, 4) and (semi.game.ns_team_id, semi.game.ew_team_id) == table_before
    assert match.game.winner in ("ns", "ew") and match.game.status == "final", "the correction is recorded"

    impact = bracket_services.correction_impact(match, match.pending_winner)
    assert [x.number for x in impact.affected] == [5] and [x.number for x in impact.reseated] == [5]
    assert event.actions.get(action="bracket_correction_pending").details["affected"] == [5]

    changes = bracket_services.confirm_correction(match, director)
    assert [x.number for x in changes.reseated] == [5]
    semi = m(event, 5)
    assert numbers(semi) == (8, 4) and semi.seed_a == 8
    assert {semi.game.ns_team.number, semi.game.ew_team.number} == {8, 4}
    assert semi.game.status == Game.Status.SCHEDULED and semi.game.draw["method"] == "system"
    match = m(event, 1)
    assert (match.winner.number, match.pending_correction, match.needs_attention) == (8, False, False)
    with pytest.raises(TournamentError, match="no correction"):
        bracket_services.confirm_correction(match, director)


def test_a_correction_after_the_next_game_was_played_flags_that_game(director):
    event = knockout(director, teams=8)
    _semis_seated(event, director)
    play(event, 5, 1, director)
    play(event, 1, 8, director)  # correction upstream of a played semi-final
    match = m(event, 1)
    assert match.pending_correction and "M5 (Semi-finals), already played" in match.attention_note
    changes = bracket_services.confirm_correction(match, director)
    assert [x.number for x in changes.flagged] == [5]
    semi = m(event, 5)
    assert numbers(semi) == (1, 4), "a played game keeps the teams that played it"
    assert semi.needs_attention and "should have played here" in semi.attention_note
    assert semi.winner.number == 1
    assert numbers(m(event, 7)) == (1, None), "nothing changes after a played game"

    with pytest.raises(TournamentError, match="reason"):
        bracket_services.keep_played_result(semi, director, reason="")
    bracket_services.keep_played_result(semi, director, reason="Both teams agreed the game stands")
    assert not m(event, 5).needs_attention
    assert event.actions.filter(action="bracket_keep_result").exists()


def test_a_correction_undone_before_confirmation_clears_the_warning(director):
    event = knockout(director, teams=8)
    _semis_seated(event, director)
    play(event, 1, 8, director)
    assert m(event, 1).pending_correction
    play(event, 1, 1, director)  # corrected back
    match = m(event, 1)
    assert not match.pending_correction and not match.needs_attention and match.winner.number == 1


def test_a_correction_that_keeps_the_winner_changes_nothing_downstream(director):
    event = knockout(director, teams=8)
    _semis_seated(event, director)
    semi_game = m(event, 5).game
    play(event, 1, 1, director, winner_total=6100)
    assert not m(event, 1).pending_correction
    assert m(event, 5).game.draw == semi_game.draw


def test_a_correction_into_a_tie_is_decided_by_the_director(director):
    event = knockout(director, teams=8)
    _semis_seated(event, director)
    game = m(event, 1).game
    services.record_game_result(game, ns_total=3900, ew_total=3900, user=director)
    match = m(event, 1)
    assert match.pending_correction and match.pending_winner is None and match.winner.number == 1
    with pytest.raises(TournamentError, match="tie"):
        bracket_services.confirm_correction(match, director)
    bracket_services.decide_match(match, director, winner_id=team(event, 8).pk, reason="Cut of the cards")
    assert numbers(m(event, 5)) == (8, 4)
    assert not m(event, 1).pending_correction


def test_a_corrected_semi_final_changes_the_final_and_the_third_place_game(director):
    event = knockout(director, teams=4, third=True)
    draw(event, director)
    play(event, 1, 1, director)
    play(event, 2, 2, director)
    assert numbers(m(event, 3)) == (1, 2) and numbers(m(event, 4)) == (4, 3)
    play(event, 1, 4, director)
    impact = bracket_services.correction_impact(m(event, 1), team(event, 4))
    assert [x.number for x in impact.affected] == [3, 4]
    bracket_services.confirm_correction(m(event, 1), director)
    assert numbers(m(event, 3)) == (4, 2) and numbers(m(event, 4)) == (1, 3)
    assert {m(event, 4).game.ns_team.number, m(event, 4).game.ew_team.number} == {1, 3}


def test_confirming_needs_a_director(director, other_user):
    event = knockout(director, teams=8)
    _semis_seated(event, director)
    play(event, 1, 8, director)
    with pytest.raises(PermissionDenied):
        bracket_services.confirm_correction(m(event, 1), other_user)
    assert m(event, 1).pending_correction


# --- Corrections reaching a game already under way ----------------------------------------------------

def _final_seated(director, third=False):
    """Four teams, seeds in registration order; both semi-finals won by the top seeds: final 1 v 2."""
    event = knockout(director, teams=4, third=third)
    draw(event, director)
    play(event, 1, 1, director)
    play(event, 2, 2, director)
    assert numbers(m(event, 3)) == (1, 2)
    return event


def test_a_correction_never_reseats_a_game_whose_clock_has_started(director):
    from tournament.clock import services as clock_services

    event = _final_seated(director, third=True)
    final_round = m(event, 3).game.round
    clock_services.start_clock(final_round, director)
    final_pair = {m(event, 3).game.ns_team_id, m(event, 3).game.ew_team_id}
    third_pair = {m(event, 4).game.ns_team_id, m(event, 4).game.ew_team_id}

    play(event, 1, 4, director)  # M1's sheet corrected: seed 4 beat seed 1 after all
    match = m(event, 1)
    assert match.pending_correction
    assert "M3 (Final), in progress at table 1" in match.attention_note
    assert "M4 (Third place), in progress at table 2" in match.attention_note
    impact = bracket_services.correction_impact(match, match.pending_winner)
    assert [(d["match"].number, d["state"]) for d in impact.described()] == [(3, "in_progress"), (4, "in_progress")]

    changes = bracket_services.confirm_correction(match, director)
    assert [x.number for x in changes.flagged] == [3, 4] and changes.reseated == []
    final, third = m(event, 3), m(event, 4)
    assert numbers(final) == (1, 2) and numbers(third) == (4, 3), "the pairs at the tables stay"
    assert {final.game.ns_team_id, final.game.ew_team_id} == final_pair
    assert {third.game.ns_team_id, third.game.ew_team_id} == third_pair
    assert final.game.draw and final.game.status == Game.Status.SCHEDULED
    assert final.needs_attention and "already in progress" in final.attention_note
    assert m(event, 1).winner.number == 4

    # The game under way finishes: its result counts for the pair that played, and stays flagged.
    play(event, 3, 2, director)
    final = m(event, 3)
    assert final.winner.number == 2 and final.needs_attention
    assert "should have played here, but this game was already played" in final.attention_note
    bracket_services.keep_played_result(final, director, reason="Played in good faith")
    assert not m(event, 3).needs_attention


def test_an_unstarted_game_is_still_reseated_by_a_correction(director):
    event = _final_seated(director)
    play(event, 1, 4, director)
    changes = bracket_services.confirm_correction(m(event, 1), director)
    assert [x.number for x in changes.reseated] == [3] and changes.flagged == []
    final = m(event, 3)
    assert numbers(final) == (4, 2) and {final.game.ns_team.number, final.game.ew_team.number} == {4, 2}


def test_a_game_whose_next_result_arrives_normally_is_not_flagged(director):
    event = _final_seated(director)
    play(event, 3, 1, director)
    final = m(event, 3)
    assert final.winner.number == 1 and not final.needs_attention
