"""The playoff seeded from the standings: scoring's glue and the director's button."""

import pytest
from django.urls import reverse

from scoring.playoff import playoff_order, start_playoff_from_standings
from scoring.standings import compute_standings
from tests.factories import make_event
from tournament.core import services
from tournament.core.models import Game
from tournament.knockout.models import Bracket, BracketMatch

pytestmark = pytest.mark.django_db


def play_rotation_game(event, number):
    """The lower team number wins every game, by its number's margin, so the standings are foreseeable."""
    for game in event.rounds.get(number=number).games.select_related("ns_team", "ew_team"):
        if game.status == Game.Status.SCHEDULED:
            ns_wins = game.ns_team.number < game.ew_team.number
            margin = 100 * abs(game.ns_team.number - game.ew_team.number)
            services.record_game_result(game, ns_total=5000 + (margin if ns_wins else -margin), ew_total=5000,
                                        user=None)


def test_the_top_k_of_the_standings_best_first(director):
    event = make_event(director, teams=10, format="rotation_then_knockout", games=1, playoff_size=4)
    play_rotation_game(event, 1)
    ranked = [row.team.pk for row in compute_standings(event)]
    assert playoff_order(event) == ranked[:4]
    bracket = start_playoff_from_standings(event, director)
    assert (bracket.seeded_by, bracket.team_count) == ("standings", 4)
    top = BracketMatch.objects.get(bracket=bracket, number=1)
    assert (top.team_a_id, top.team_b_id) == (ranked[0], ranked[3])


def test_eight_by_default_or_every_team_when_fewer(director):
    eight = make_event(director, teams=10, format="rotation_then_knockout", games=1, name="ten")
    play_rotation_game(eight, 1)
    assert len(playoff_order(eight)) == 8
    six = make_event(director, teams=6, format="rotation_then_knockout", games=1, name="six")
    play_rotation_game(six, 1)
    assert len(playoff_order(six)) == 6


def test_withdrawn_teams_are_left_out(director):
    event = make_event(director, teams=6, format="rotation_then_knockout", games=1, playoff_size=4)
    play_rotation_game(event, 1)
    best = compute_standings(event)[0].team
    services.withdraw_team(best, director)
    assert best.pk not in playoff_order(event) and len(playoff_order(event)) == 4


def test_the_directors_button(client, director, other_user):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=1, playoff_size=4)
    url = reverse("director-bracket-from-standings", args=[event.pk])
    assert client.post(url).status_code == 302 and not Bracket.objects.exists()  # to the login page
    client.force_login(other_user)
    assert client.post(url).status_code == 403
    client.force_login(director)
    assert client.get(url).status_code == 405
    response = client.post(url, follow=True)
    assert "has no final result yet" in response.content.decode() and not Bracket.objects.exists()
    play_rotation_game(event, 1)
    response = client.post(url)
    assert response.status_code == 302 and response["Location"] == reverse("director-bracket", args=[event.pk])
    assert Bracket.objects.get(event=event).seeded_by == "standings"


def test_the_button_refuses_a_playoff_before_the_rotation_is_over_unless_ended_early(client, director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=3, playoff_size=4)
    play_rotation_game(event, 1)
    client.force_login(director)
    url = reverse("director-bracket-from-standings", args=[event.pk])
    page = client.post(url, follow=True).content.decode()
    assert "Only 1 of the 3 rotation games has been played: games 2 and 3 are not seated yet." in page
    assert not Bracket.objects.exists()
    page = client.post(url, {"end_rotation_early": "1", "end_rotation_reason": "Rain"}, follow=True).content.decode()
    assert "The bracket of 4 teams is drawn from the standings. Semi-finals seated as game 2" in page
    assert Bracket.objects.get(event=event).seeded_by == "standings"
    action = event.actions.get(action="end_rotation_early")
    assert (action.details["games_played"], action.details["reason"]) == (1, "Rain")


# --- A sheet entered for a game stops a correction from re-seating it ----------------------------------

def _four_team_final(director):
    """Seeds in registration order; the semi-finals won by seeds 1 and 2: the final is 1 v 2, not started."""
    from tournament.knockout import services as bracket_services

    event = make_event(director, teams=4, seat=False, format="knockout")
    ids = list(event.teams.order_by("number").values_list("pk", flat=True))
    bracket_services.create_bracket(event, director, ids, seeded_by="director")
    for number in (1, 2):
        game = BracketMatch.objects.get(bracket__event=event, number=number).game
        ns_wins = game.ns_team.number < game.ew_team.number
        services.record_game_result(game, ns_total=5000 if ns_wins else 3000, ew_total=3000 if ns_wins else 5000,
                                    user=director)
    return event


def test_a_final_with_a_sheet_waiting_is_flagged_not_reseated(director):
    from scoring import services as scoring
    from tests.scoring.sheets import sheet
    from tournament.knockout import services as bracket_services

    event = _four_team_final(director)
    final = BracketMatch.objects.get(bracket__event=event, number=3)
    final_game = final.game
    assert final_game.round.started_at is None
    pair = (final_game.ns_team_id, final_game.ew_team_id)
    scoring.submit_sheet(final_game, sheet(), "final-1")  # the old pair's sheet, waiting for acceptance

    semi = BracketMatch.objects.get(bracket__event=event, number=1)
    services.record_game_result(semi.game, ns_total=semi.game.ew_total, ew_total=semi.game.ns_total,
                                user=director, reason="Totals swapped")
    semi.refresh_from_db()
    assert semi.pending_correction and "M3 (Final), in progress at table 1" in semi.attention_note
    changes = bracket_services.confirm_correction(semi, director)
    assert [m.number for m in changes.flagged] == [3] and changes.reseated == []
    final_game.refresh_from_db()
    assert (final_game.ns_team_id, final_game.ew_team_id) == pair, "the pair that wrote the sheet stays"

    scoring.accept_sheet(final_game, code=final_game.ew_team.code)  # the sheet counts for the pair that played
    final.refresh_from_db()
    final_game.refresh_from_db()
    assert final_game.status == Game.Status.FINAL and final.winner_id == final_game.ns_team_id
    assert final.needs_attention and "already played" in final.attention_note


def test_without_a_sheet_the_unstarted_final_is_reseated(director):
    from tournament.knockout import services as bracket_services

    event = _four_team_final(director)
    semi = BracketMatch.objects.get(bracket__event=event, number=1)
    services.record_game_result(semi.game, ns_total=semi.game.ew_total, ew_total=semi.game.ns_total, user=director)
    changes = bracket_services.confirm_correction(BracketMatch.objects.get(pk=semi.pk), director)
    assert [m.number for m in changes.reseated] == [3] and changes.flagged == []
