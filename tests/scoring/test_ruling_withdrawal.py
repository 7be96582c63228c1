"""A ruling given in error, withdrawn (docs/rulings.md, "Withdrawing a ruling"): the result it changed comes
back, the standings follow, and the ruling stays in the log, marked withdrawn."""

import pytest
from django.core.exceptions import PermissionDenied

from scoring import rulings, services, withdrawals
from scoring.models import Penalty, ScoreRuling
from scoring.services import ScoringError
from scoring.standings import compute_standings
from tests.factories import make_director
from tests.scoring.sheets import sheet
from tournament.core.models import DirectorAction, Game

pytestmark = pytest.mark.django_db

NS_TOTAL, EW_TOTAL = 7585, 4145   # tests.scoring.sheets.sheet()


def first_game(event):
    return Game.objects.select_related("round__event", "table", "ns_team", "ew_team").get(
        round__event=event, round__number=1, table__number=1)


def points_of(event, team):
    return next(row for row in compute_standings(event) if row.team.pk == team.pk).points


def test_a_withdrawn_penalty_gives_its_points_back_and_stays_in_the_log(event, director):
    game = first_game(event)
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    penalty = rulings.give_late_penalty(game, director, side="ew", minutes=7)
    game.refresh_from_db()
    assert game.ew_total == EW_TOTAL - 200 and points_of(event, game.ew_team) == EW_TOTAL - 200
    withdrawals.withdraw_penalty(penalty, director, reason="They were on time: wrong table")
    game.refresh_from_db()
    assert game.ew_total == EW_TOTAL and points_of(event, game.ew_team) == EW_TOTAL
    penalty.refresh_from_db()
    assert penalty.is_withdrawn and penalty.withdrawn_by == director
    assert penalty.withdrawal_reason == "They were on time: wrong table"
    logged = DirectorAction.objects.get(action="withdraw_penalty")
    assert logged.details["points"] == 200 and logged.details["final"] is True
    assert DirectorAction.objects.filter(action="late_penalty").exists()
    # A later correction does not bring the withdrawn penalty back.
    services.director_correct(game, sheet(), director, reason="Recounted")
    game.refresh_from_db()
    assert game.ew_total == EW_TOTAL


def test_withdrawing_one_of_two_penalties_keeps_the_other_through_the_one_result_path(event, director):
    game = first_game(event)
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    wrong = rulings.give_late_penalty(game, director, side="ew", minutes=7)
    rulings.give_late_penalty(game, director, side="ns", minutes=3)
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (NS_TOTAL - 100, EW_TOTAL - 200)
    withdrawals.withdraw_penalty(wrong, director, reason="Wrong team")
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (NS_TOTAL - 100, EW_TOTAL)
    recorded = DirectorAction.objects.filter(action="record_result").latest("pk").details["reason"]
    assert recorded.startswith("Penalty withdrawn: East-West gets 200 points back. Wrong team")
    assert recorded.endswith("Less penalties: N-S 100, E-W 0.")


def test_a_penalty_withdrawn_before_the_result_does_not_count_in_it(event, director):
    game = first_game(event)
    penalty = rulings.give_late_penalty(game, director, side="ns", minutes=3)
    withdrawals.withdraw_penalty(penalty, director, reason="Given to the wrong table")
    services.submit_sheet(game, sheet(), "k1")
    services.accept_sheet(game, code=game.ew_team.code)
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (NS_TOTAL, EW_TOTAL)


def test_a_withdrawal_needs_a_reason_a_director_and_happens_once(event, director):
    game = first_game(event)
    penalty = rulings.give_late_penalty(game, director, side="ns", minutes=3)
    with pytest.raises(ScoringError, match="Give a reason for withdrawing"):
        withdrawals.withdraw_penalty(penalty, director, reason=" ")
    with pytest.raises(PermissionDenied):
        withdrawals.withdraw_penalty(penalty, make_director("stranger"), reason="Mine now")
    assert not Penalty.objects.get(pk=penalty.pk).is_withdrawn
    withdrawals.withdraw_penalty(penalty, director, reason="Error")
    with pytest.raises(ScoringError, match="already withdrawn") as refused:
        withdrawals.withdraw_penalty(penalty, director, reason="Again")
    assert refused.value.code == "withdrawn"
    assert DirectorAction.objects.filter(action="withdraw_penalty").count() == 1


def test_a_withdrawn_assigned_score_puts_the_sheets_result_back(event, director):
    game = first_game(event)
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    rulings.give_late_penalty(game, director, side="ns", minutes=3)
    rulings.give_assigned_score(game, director, ns_total=1000, ew_total=1500, reason="Wrong game!")
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total, game.winner) == (900, 1500, "ew")
    ruling = ScoreRuling.objects.get(game=game)
    withdrawals.withdraw_score_ruling(ruling, director, reason="Meant for table 2")
    game.refresh_from_db()
    # The sheet's totals, less the penalty that still stands.
    assert (game.ns_total, game.ew_total, game.winner) == (NS_TOTAL - 100, EW_TOTAL, "ns")
    assert points_of(event, game.ns_team) == NS_TOTAL - 100
    logged = DirectorAction.objects.get(action="withdraw_ruling")
    assert logged.details["restored"] == [NS_TOTAL - 100, EW_TOTAL] and logged.details["kind"] == "assigned_score"


def test_withdrawing_a_ruling_on_a_ruling_skips_the_ones_withdrawn(event, director):
    game = first_game(event)
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    rulings.give_assigned_score(game, director, ns_total=1000, ew_total=1500, reason="First")
    rulings.give_assigned_score(game, director, ns_total=2000, ew_total=2500, reason="Second")
    first, second = ScoreRuling.objects.filter(game=game).order_by("id")
    assert second.replaced == first
    # The first is no longer the result: withdrawn, it changes nothing.
    withdrawals.withdraw_score_ruling(first, director, reason="Error")
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (2000, 2500)
    assert DirectorAction.objects.get(action="withdraw_ruling").details["restored"] is None
    # The second, withdrawn, puts back the sheet's result, not the first ruling's.
    withdrawals.withdraw_score_ruling(second, director, reason="Error too")
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (NS_TOTAL, EW_TOTAL)


def test_a_ruling_replaced_by_a_correction_is_only_marked_withdrawn(event, director):
    game = first_game(event)
    rulings.give_assigned_score(game, director, ns_total=1000, ew_total=1500, reason="Wrong game")
    services.director_correct(game, sheet(), director, reason="The table's sheet after all")
    ruling = ScoreRuling.objects.get(game=game)
    assert withdrawals.ruling_in_force(game) is None
    withdrawals.withdraw_score_ruling(ruling, director, reason="For the record")
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (NS_TOTAL, EW_TOTAL)
    assert ScoreRuling.objects.get(pk=ruling.pk).is_withdrawn


def test_a_ruling_on_a_game_without_a_result_says_how_to_replace_it(event, director):
    game = first_game(event)
    rulings.give_assigned_score(game, director, ns_total=1000, ew_total=1500, reason="Wrong game")
    ruling = ScoreRuling.objects.get(game=game)
    with pytest.raises(ScoringError, match=r"Enter the table's sheet as the result \(History / correct\)"):
        withdrawals.withdraw_score_ruling(ruling, director, reason="Error")
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (1000, 1500)
    assert not ScoreRuling.objects.get(pk=ruling.pk).is_withdrawn
    assert not DirectorAction.objects.filter(action="withdraw_ruling").exists()


def test_the_sheet_page_lists_the_rulings_and_withdraws_one(client, event, director):
    game = first_game(event)
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    penalty = rulings.give_late_penalty(game, director, side="ew", minutes=3, reason="Late from lunch")
    client.force_login(director)
    page = client.get(f"/director/events/{event.pk}/games/{game.pk}/sheet/").content.decode()
    assert "Rulings given" in page and "Late from lunch" in page and "Withdraw this ruling" in page
    url = f"/director/events/{event.pk}/games/{game.pk}/rulings/penalty/{penalty.pk}/withdraw/"
    refused = client.post(url, {"reason": ""}, follow=True).content.decode()
    assert "Nothing has changed: give the reason" in refused
    done = client.post(url, {"reason": "Wrong team"}, follow=True).content.decode()
    assert f"Ruling withdrawn. The result is now N-S {NS_TOTAL}, E-W {EW_TOTAL}." in done
    assert "Withdrawn</strong> (Wrong team)" in done


def test_the_sheet_page_says_why_a_ruling_on_a_game_without_a_result_cannot_be_withdrawn_alone(client, event,
                                                                                              director):
    game = first_game(event)
    rulings.give_assigned_score(game, director, ns_total=1000, ew_total=1500, reason="Wrong game")
    client.force_login(director)
    page = " ".join(client.get(f"/director/events/{event.pk}/games/{game.pk}/sheet/").content.decode().split())
    assert "cannot be withdrawn on its own: enter the table's sheet as the result" in page.replace("&#x27;", "'")
    assert "Withdraw this ruling" not in page


def test_each_call_answers_with_the_ruling_it_gave_not_the_game_s_latest(event, director):
    """Two directors ruling on one game at once: each is answered with their own ruling (the API shows it),
    though the other's, given just after, is the game's latest."""
    from scoring.rulings_given import score_ruling_given

    game = first_game(event)
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    mine = rulings.give_assigned_score(game, director, ns_total=1000, ew_total=1500, reason="Mine")
    theirs = rulings.give_assigned_score(first_game(event), director, ns_total=2000, ew_total=2500,
                                         reason="Theirs")
    assert (score_ruling_given(mine).reason, score_ruling_given(theirs).reason) == ("Mine", "Theirs")
    assert ScoreRuling.objects.filter(game=game).latest("id").reason == "Theirs"
