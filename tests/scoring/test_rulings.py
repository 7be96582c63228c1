"""The director's rulings (docs/rulings.md): adjusted and assigned scores, and lateness penalties, reach the
standings through the one result path, are logged, and set the sheet's open version aside."""

import pytest
from django.core.exceptions import PermissionDenied

from scoring import rulings, services
from scoring.models import SheetVersion
from scoring.selectors import event_board
from scoring.services import ScoringError
from scoring.standings import compute_standings
from tests.factories import make_director
from tests.scoring.sheets import sheet
from tournament.core import services as tournament_services
from tournament.core.forms import EventForm
from tournament.core.models import DirectorAction, Event, Game

pytestmark = pytest.mark.django_db

NS_TOTAL, EW_TOTAL = 7585, 4145   # tests.scoring.sheets.sheet()


def games_of(event):
    return list(Game.objects.filter(round__event=event, round__number=1).select_related(
        "round__event", "table", "ns_team", "ew_team").order_by("table__number"))


def row_of(event, team):
    return next(row for row in compute_standings(event) if row.team.pk == team.pk)


# --- Plain arithmetic --------------------------------------------------------------------------------

@pytest.mark.parametrize(("kind", "percent", "expected"), [
    ("plus", 20, 6000), ("average", 20, 5000), ("minus", 20, 4000), ("plus", 10, 5500), ("minus", 0, 5000),
])
def test_an_adjusted_total_is_the_average_moved_by_the_events_percentage(kind, percent, expected):
    assert rulings.adjusted_total(5000, kind, percent) == expected


def test_an_adjusted_total_is_a_multiple_of_five():
    assert rulings.adjusted_total(4115, "plus", 20) == 4940   # 4,938 to the nearest 5
    assert rulings.to_five(12.5) == 15 and rulings.to_five(12.4) == 10


@pytest.mark.parametrize(("minutes", "expected"), [(0, 0), (1, 100), (5, 100), (6, 200), (12, 300)])
def test_lateness_costs_the_points_for_each_started_period(minutes, expected):
    assert rulings.late_points(minutes, points=100, period=5) == expected


# --- Adjusted and assigned scores ----------------------------------------------------------------------

def test_an_adjusted_score_comes_from_the_other_games_average_and_reaches_the_standings(event, director):
    first, second, third, fourth = games_of(event)
    tournament_services.record_game_result(first, ns_total=6000, ew_total=4000, user=director)
    tournament_services.record_game_result(second, ns_total=5500, ew_total=4500, user=director)
    # Average of the four sides: 5,000; average plus (120%) for N-S, average minus (80%) for E-W.
    rulings.give_adjusted_score(third, director, ns="plus", ew="minus", reason="A fouled deck at table 3")
    third.refresh_from_db()
    assert (third.status, third.ns_total, third.ew_total, third.winner) == ("final", 6000, 4000, "ns")
    assert row_of(event, third.ns_team).points == 6000 and row_of(event, third.ns_team).wins == 1
    assert row_of(event, third.ew_team).points == 4000 and row_of(event, third.ew_team).losses == 1
    logged = DirectorAction.objects.get(action="adjusted_score")
    assert logged.details["average"] == 5000 and logged.details["percent"] == 20
    assert logged.details["reason"] == "A fouled deck at table 3"
    assert fourth.status == "scheduled"


def test_the_events_percentage_decides_average_plus(event, director):
    first, second, *_ = games_of(event)
    tournament_services.update_event(event, director, {"adjusted_percent": 10})
    tournament_services.record_game_result(first, ns_total=6000, ew_total=4000, user=director)
    second.round.event.refresh_from_db()
    rulings.give_adjusted_score(second, director, ns="average", ew="plus", reason="Slow play by both")
    second.refresh_from_db()
    assert (second.ns_total, second.ew_total) == (5000, 5500)


def test_no_adjusted_score_before_any_game_has_a_result(event, director):
    game = games_of(event)[0]
    with pytest.raises(ScoringError, match="no average to adjust from"):
        rulings.give_adjusted_score(game, director, ns="plus", ew="minus", reason="Too early")
    game.refresh_from_db()
    assert game.status == "scheduled"


def test_an_assigned_score_replaces_a_result_only_when_asked(event, director):
    game = games_of(event)[0]
    tournament_services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    with pytest.raises(ScoringError, match="Replace the result"):
        rulings.give_assigned_score(game, director, ns_total=1000, ew_total=1500, reason="Misdeal",
                                    replace_result=False)
    rulings.give_assigned_score(game, director, ns_total=1000, ew_total=1500, reason="Misdeal")
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total, game.winner) == (1000, 1500, "ew")
    assert row_of(event, game.ew_team).wins == 1
    assert DirectorAction.objects.get(action="assigned_score").details["was_final"] is True


@pytest.mark.parametrize("total", [1002, 200_000, "1000", True])
def test_an_assigned_total_that_is_no_canasta_score_is_refused(event, director, total):
    game = games_of(event)[0]
    with pytest.raises(ScoringError, match="multiple of 5"):
        rulings.give_assigned_score(game, director, ns_total=total, ew_total=1000, reason="Typo")
    assert not DirectorAction.objects.filter(action="assigned_score").exists()


def test_a_ruling_needs_a_reason_and_a_director(event, director):
    game = games_of(event)[0]
    with pytest.raises(ScoringError, match="Give a reason"):
        rulings.give_assigned_score(game, director, ns_total=1000, ew_total=1000, reason="  ")
    with pytest.raises(PermissionDenied):
        rulings.give_assigned_score(game, make_director("stranger"), ns_total=1000, ew_total=1000, reason="x")
    game.refresh_from_db()
    assert game.status == "scheduled"


def test_a_ruling_sets_a_waiting_sheet_aside_so_the_table_cannot_accept_it_over_the_ruling(event, director):
    game = games_of(event)[0]
    services.submit_sheet(game, sheet(), "k1")
    rulings.give_assigned_score(game, director, ns_total=5000, ew_total=5000, reason="Table could not agree")
    assert SheetVersion.objects.get(game=game).status == "superseded"
    with pytest.raises(ScoringError):
        services.accept_sheet(game, code=game.ew_team.code)
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total, game.winner) == (5000, 5000, "tie")
    row = next(row for row in event_board(event).rows if row.game_id == game.pk)
    assert (row.ns_total, row.ew_total, row.needs_director) == (5000, 5000, False)


# --- Lateness penalties ------------------------------------------------------------------------------

def test_a_penalty_given_before_the_sheet_counts_when_the_opponents_accept_it(event, director):
    game = games_of(event)[0]
    rulings.give_late_penalty(game, director, side="ns", minutes=7, reason="Arrived after the go-ahead")
    services.submit_sheet(game, sheet(), "k1")
    services.accept_sheet(game, code=game.ew_team.code)
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (NS_TOTAL - 200, EW_TOTAL)   # 7 minutes: two periods of 5
    assert row_of(event, game.ns_team).points == NS_TOTAL - 200
    assert DirectorAction.objects.get(action="late_penalty").details["points"] == 200


def test_a_penalty_given_after_the_result_records_it_again_less_the_penalty(event, director):
    game = games_of(event)[0]
    services.director_correct(game, sheet(), director, reason="Paper sheet")
    rulings.give_late_penalty(game, director, side="ew", minutes=3)
    rulings.give_late_penalty(game, director, side="ew", minutes=3)
    game.refresh_from_db()
    assert game.ew_total == EW_TOTAL - 200
    assert row_of(event, game.ew_team).points == EW_TOTAL - 200
    # A correction afterwards keeps both penalties: the result is the new sheet's totals less them.
    services.director_correct(game, sheet(), director, reason="Recounted")
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (NS_TOTAL, EW_TOTAL - 200)


def test_a_penalty_can_decide_the_game(event, director):
    game = games_of(event)[0]
    rulings.give_assigned_score(game, director, ns_total=3000, ew_total=2900, reason="Unfinished game")
    rulings.give_late_penalty(game, director, side="ns", minutes=10)
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total, game.winner) == (2800, 2900, "ew")


def test_the_events_settings_price_the_lateness(event, director):
    tournament_services.update_event(event, director, {"late_penalty_points": 50, "late_penalty_minutes": 10})
    game = games_of(event)[0]
    assert rulings.give_late_penalty(game, director, side="ns", minutes=25).points == 150


@pytest.mark.parametrize(("side", "minutes", "message"), [
    ("north", 5, "which team was late"), ("ns", 0, "from 1 to 600"), ("ns", "5", "from 1 to 600"),
])
def test_a_penalty_with_bad_input_is_refused_in_words(event, director, side, minutes, message):
    game = games_of(event)[0]
    with pytest.raises(ScoringError, match=message):
        rulings.give_late_penalty(game, director, side=side, minutes=minutes)
    assert not game.penalties.exists()


# --- The director's page -----------------------------------------------------------------------------

def test_the_sheet_page_gives_a_lateness_penalty_and_says_so(client, event, director):
    game = games_of(event)[0]
    client.force_login(director)
    page = f"/director/events/{event.pk}/games/{game.pk}/sheet/"
    assert "Lateness penalty" in client.get(page).content.decode()
    response = client.post(f"/director/events/{event.pk}/games/{game.pk}/rulings/late/",
                           {"side": "ew", "minutes": "11"}, follow=True)
    assert "East-West loses 300 points in this game." in response.content.decode()
    assert game.penalties.get().points == 300


def test_the_sheet_page_refuses_a_ruling_without_a_reason_and_changes_nothing(client, event, director):
    game = games_of(event)[0]
    client.force_login(director)
    response = client.post(f"/director/events/{event.pk}/games/{game.pk}/rulings/assigned/",
                           {"ns_total": "1000", "ew_total": "900", "reason": ""}, follow=True)
    assert "Nothing has changed: Give a reason." in response.content.decode()
    game.refresh_from_db()
    assert game.status == "scheduled"


def test_the_sheet_page_asks_before_a_ruling_replaces_a_result(client, event, director):
    game = games_of(event)[0]
    tournament_services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    client.force_login(director)
    url = f"/director/events/{event.pk}/games/{game.pk}/rulings/assigned/"
    refused = client.post(url, {"ns_total": "1000", "ew_total": "900", "reason": "Misdeal"}, follow=True)
    assert "Tick &quot;Replace the result&quot;" in refused.content.decode()
    client.post(url, {"ns_total": "1000", "ew_total": "900", "reason": "Misdeal", "replace_result": "1"})
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (1000, 900)


# --- The event's settings ----------------------------------------------------------------------------

EVENT_FIELDS = {"name": "Cup", "date": "2026-11-21", "format": "rotation", "games": 3, "game_minutes": 50,
                "warning_minutes": 10, "target_score": 8500, "sit_out_rule": "average_win",
                "standings_order": "wins,points,difference"}


def test_the_event_form_sets_the_rulings_and_keeps_them_when_not_sent(director):
    sent = EventForm({**EVENT_FIELDS, "adjusted_percent": "10", "late_penalty_points": "50",
                      "late_penalty_minutes": "10"}, instance=Event())
    assert sent.is_valid(), sent.errors
    assert [sent.cleaned_data[name] for name in ("adjusted_percent", "late_penalty_points",
                                                 "late_penalty_minutes")] == [10, 50, 10]
    absent = EventForm(EVENT_FIELDS, instance=Event(adjusted_percent=30, late_penalty_points=25))
    assert absent.is_valid(), absent.errors
    assert (absent.cleaned_data["adjusted_percent"], absent.cleaned_data["late_penalty_points"]) == (30, 25)
    odd = EventForm({**EVENT_FIELDS, "late_penalty_points": "33"}, instance=Event())
    assert not odd.is_valid() and "multiple of 5" in str(odd.errors["late_penalty_points"])
