"""A game of single players made final seat by seat: every seat given, whole numbers the rule set allows,
or nothing stored; the game final, logged and announced."""

import pytest

from tests.factories import make_event, make_players_event
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import DirectorAction, Game, Seat
from tournament.core.signals import event_changed

pytestmark = pytest.mark.django_db

SEAT_POINTS = [500, 400, 300, 200, 100]  # seat 1 (the highest card) first


def first_table(event) -> Game:
    return event.latest_round().games.order_by("table__number").first()


def seated(game) -> list[Seat]:
    return list(game.seats.select_related("team").order_by("position"))


def test_the_scores_of_every_seat_make_the_game_final_and_are_announced(director):
    event = make_players_event(director, ruleset="five_player", players=10)
    game = first_table(event)
    heard = []
    event_changed.connect(lambda sender, **kw: heard.append(kw["action"]), weak=False, dispatch_uid="t-seats")
    try:
        services.record_seat_results(game, {seat: str(points) for seat, points in
                                            zip(seated(game), SEAT_POINTS, strict=True)}, director)
    finally:
        event_changed.disconnect(dispatch_uid="t-seats")
    game.refresh_from_db()
    assert game.status == Game.Status.FINAL and game.result_at is not None
    assert [seat.score for seat in seated(game)] == SEAT_POINTS
    logged = DirectorAction.objects.get(event=event, action="record_seat_results")
    assert logged.details["table"] == game.table.number
    assert sorted(logged.details["scores"].values()) == sorted(SEAT_POINTS)
    assert "record_seat_results" in heard


def test_a_correction_keeps_the_previous_scores_in_the_log(director):
    event = make_players_event(director, ruleset="five_player", players=5)
    game = first_table(event)
    seats = seated(game)
    services.record_seat_results(game, {seat.team: p for seat, p in zip(seats, SEAT_POINTS, strict=True)}, director)
    services.record_seat_results(game, {seat.team_id: 5 for seat in seats}, director, reason="slip")
    assert [seat.score for seat in seated(game)] == [5] * 5
    logged = DirectorAction.objects.filter(action="record_seat_results").latest("pk")
    assert sorted(logged.details["previous"].values()) == sorted(SEAT_POINTS)


@pytest.mark.parametrize(("change", "words"), [
    (lambda scores, seats: scores.pop(seats[2].team_id), "has none"),
    (lambda scores, seats: scores.update({seats[0].team_id: "12.5"}), "is not a whole number"),
    (lambda scores, seats: scores.update({seats[1].team_id: 1234}), "is not a multiple of 5"),
    (lambda scores, seats: scores.update({seats[1].team_id: 10**6}), "too large"),
    (lambda scores, seats: scores.update({99999: 100}), "does not sit at table"),
])
def test_a_missing_seat_or_a_bad_score_changes_nothing(director, change, words):
    event = make_players_event(director, ruleset="five_player", players=5)
    game = first_table(event)
    seats = seated(game)
    scores = {seat.team_id: p for seat, p in zip(seats, SEAT_POINTS, strict=True)}
    change(scores, seats)
    logged = DirectorAction.objects.count()
    with pytest.raises(TournamentError, match=words):
        services.record_seat_results(game, scores, director)
    game.refresh_from_db()
    assert game.status == Game.Status.SCHEDULED
    assert all(seat.score is None for seat in seated(game))
    assert DirectorAction.objects.count() == logged


def test_the_solitaire_refuses_fewer_than_no_cards(director):
    event = make_players_event(director, ruleset="fibonacci21_solitaire", players=2)
    game = first_table(event)
    (seat,) = seated(game)
    with pytest.raises(TournamentError, match="fewer than no cards"):
        services.record_seat_results(game, {seat: -1}, director)
    services.record_seat_results(game, {seat: 0}, director)
    assert seated(game)[0].score == 0


def test_a_teams_event_is_told_to_use_the_score_sheet(director):
    event = make_event(director, teams=4)
    game = event.latest_round().games.first()
    with pytest.raises(TournamentError, match="two teams"):
        services.record_seat_results(game, {game.ns_team_id: 1, game.ew_team_id: 2}, director)
