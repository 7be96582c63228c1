"""The knockout played for real: seating, advancement, byes, walkovers, ties, third place and corrections."""

import random

import pytest
from django.core.exceptions import PermissionDenied

from tests.factories import make_event
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import DirectorAction, Event, Game, Round, Side, Team
from tournament.knockout import services as bracket_services
from tournament.knockout.models import Bracket, BracketMatch

pytestmark = pytest.mark.django_db


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


# --- The playoff after the rotation -----------------------------------------------------------------

def _rotation_game_played(event, director, number):
    for game in event.rounds.get(number=number).games.filter(status=Game.Status.SCHEDULED):
        services.record_game_result(game, ns_total=4000, ew_total=3000, user=director)


def test_the_playoff_waits_for_every_rotation_game(director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=3, playoff_size=4)
    _rotation_game_played(event, director, 1)
    with pytest.raises(TournamentError) as refused:
        draw(event, director, team_ids(event)[:4])
    assert refused.value.message == (
        "Only 1 of the 3 rotation games has been played: games 2 and 3 are not seated yet. "
        'Play them first, or tick "End the rotation early" to draw the playoff now.'
    )
    assert not Bracket.objects.exists()
    assert event.rounds.get(number=1).status == Round.Status.SEATED, "the rotation is not ended"
    services.advance_to_next_game(event, director)
    _rotation_game_played(event, director, 2)
    with pytest.raises(TournamentError, match="Only 2 of the 3 rotation games have been played: game 3 is not"):
        draw(event, director, team_ids(event)[:4])
    services.advance_to_next_game(event, director)
    with pytest.raises(TournamentError, match="Game 3 has no final result yet"):
        draw(event, director, team_ids(event)[:4])
    _rotation_game_played(event, director, 3)
    draw(event, director, team_ids(event)[:4])
    assert not event.actions.filter(action="end_rotation_early").exists()


def test_the_director_may_end_the_rotation_early_and_it_is_logged(director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=3, playoff_size=4)
    _rotation_game_played(event, director, 1)
    bracket_services.create_bracket(event, director, team_ids(event)[:4], seeded_by="director",
                                    end_rotation_early=True, reason="  The hall closes at five  ")
    assert Bracket.objects.filter(event=event).exists()
    action = event.actions.get(action="end_rotation_early")
    assert action.user == director
    assert action.details == {"games_played": 1, "games_planned": 3, "games_not_played": [2, 3],
                              "reason": "The hall closes at five"}


@pytest.mark.django_db(transaction=True)
def test_a_decision_that_fails_half_way_changes_nothing(director, monkeypatch):
    """Deciding a tie is one transaction: a failure after the bracket was carried on (here, writing the
    log) leaves the match undecided and the final unseated, as the director found them."""
    from tournament.knockout.services import director as decisions

    event = knockout(director, teams=4)
    draw(event, director)
    services.record_game_result(m(event, 1).game, ns_total=4100, ew_total=4100, user=director)
    play(event, 2, 2, director)

    def log_fails(*args, **kwargs):
        raise RuntimeError("the log could not be written")

    monkeypatch.setattr(decisions, "log_action", log_fails)
    with pytest.raises(RuntimeError):
        bracket_services.decide_match(m(event, 1), director, winner_id=team(event, 4).pk, reason="More canastas")
    assert m(event, 1).winner is None and m(event, 1).decided_by == ""
    assert numbers(m(event, 3)) == (None, 2) and m(event, 3).game is None


def test_no_rotation_game_is_seated_after_a_playoff_drawn_early(director):
    """Drawing the bracket ends the rotation, even with games still planned: the next game is refused."""
    event = make_event(director, teams=8, format="rotation_then_knockout", games=3, playoff_size=4)
    _rotation_game_played(event, director, 1)
    bracket_services.create_bracket(event, director, team_ids(event)[:4], seeded_by="director",
                                    end_rotation_early=True, reason="The hall closes at five")
    with pytest.raises(TournamentError, match="The rotation games are over"):
        services.advance_to_next_game(event, director, force=True)
    assert event.rounds.filter(phase="rotation").count() == 1


def test_ending_early_still_needs_the_seated_games_results(director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=3, playoff_size=4)
    with pytest.raises(TournamentError, match="Game 1 has no final result yet"):
        bracket_services.create_bracket(event, director, team_ids(event)[:4], seeded_by="director",
                                        end_rotation_early=True)
    assert not Bracket.objects.exists()


@pytest.mark.parametrize("reason", ["half \ud800 an emoji", "a \x00 NUL"])
def test_a_reason_that_cannot_be_stored_is_refused_before_anything_changes(director, reason):
    event = make_event(director, teams=8, format="rotation_then_knockout", playoff_size=4)
    team_ids = list(event.teams.order_by("number").values_list("pk", flat=True)[:4])
    with pytest.raises(TournamentError, match="cannot be stored"):
        bracket_services.create_bracket(event, director, team_ids, seeded_by="director",
                                        end_rotation_early=True, reason=reason)
    assert not Bracket.objects.filter(event=event).exists()


def test_the_log_never_fails_on_unstorable_text(director):
    event = make_event(director, teams=4)
    action = services.log_action(event, director, "note", text="a \x00 b", nested={"k\x00": ["\ud800"]})
    action.refresh_from_db()
    assert action.details == {"text": "a \ufffd b", "nested": {"k\ufffd": ["\ufffd"]}}
