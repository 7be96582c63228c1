"""Buchholz, median-Buchholz and head-to-head in the standings, as plain computation, then on the page.

Four teams, four games, worked out by hand: A beats B (100-50), C beats D (100-50), C beats A (100-50),
B beats D (200-10). Wins: C 2, A 1, B 1, D 0. Scores of the opponents met (Buchholz): A met B (1) and C (2):
3; B met A (1) and D (0): 1; C met D and A: 1; D met C and B: 3. A and B are tied on wins; B has more points
(250 to 150), A the higher Buchholz and the win over B.
"""

from dataclasses import dataclass

import pytest
from django.urls import reverse

from scoring.standings import METRICS, PlayedGame, parse_order, rank_teams
from tests.factories import make_event
from tournament.core import services
from tournament.core.models import Event


@dataclass(frozen=True)
class T:
    pk: str


A, B, C, D = (T(x) for x in "ABCD")
GAMES = [PlayedGame("A", "B", 100, 50), PlayedGame("C", "D", 100, 50), PlayedGame("C", "A", 100, 50),
         PlayedGame("B", "D", 200, 10)]


def order_of(order: str) -> list[str]:
    return [row.team.pk for row in rank_teams([A, B, C, D], GAMES, [], order=parse_order(order))]


def test_the_tiebreaks_are_metrics_the_director_may_order_by():
    assert {"buchholz", "median_buchholz", "head_to_head"} <= set(METRICS)
    assert parse_order(Event.StandingsOrder.WINS_BUCHHOLZ) == [
        "wins", "buchholz", "median_buchholz", "points", "difference"]


def test_points_put_b_first_buchholz_and_head_to_head_put_a_first():
    assert order_of("wins,points,difference") == ["C", "B", "A", "D"]
    assert order_of(Event.StandingsOrder.WINS_BUCHHOLZ) == ["C", "A", "B", "D"]
    assert order_of(Event.StandingsOrder.WINS_HEAD_TO_HEAD) == ["C", "A", "B", "D"]


def test_each_row_carries_its_buchholz_and_meetings():
    rows = {row.team.pk: row for row in rank_teams([A, B, C, D], GAMES, [], order=["wins", "buchholz"])}
    assert {k: rows[k].buchholz for k in "ABCD"} == {"A": 3, "B": 1, "C": 1, "D": 3}
    assert {k: rows[k].median_buchholz for k in "ABCD"} == {"A": 3, "B": 1, "C": 1, "D": 3}  # 2 meetings: all kept
    assert rows["A"].meetings == [("B", "win"), ("C", "loss")]


def test_head_to_head_counts_only_among_the_teams_still_tied():
    """A, B and C each win one game against the other two (a cycle) and D loses to all but beats nobody:
    among A, B and C head-to-head is 1 each, so points decide; D is never tied and scores 0."""
    games = [PlayedGame("A", "B", 150, 90), PlayedGame("B", "C", 100, 90), PlayedGame("C", "A", 300, 90),
             PlayedGame("A", "D", 100, 0), PlayedGame("B", "D", 100, 0), PlayedGame("C", "D", 100, 0)]
    rows = rank_teams([A, B, C, D], games, [], order=parse_order("wins,head_to_head,points"))
    assert [row.team.pk for row in rows] == ["C", "A", "B", "D"]
    assert [row.head_to_head for row in rows] == [1, 1, 1, 0]
    assert [row.rank for row in rows] == [1, 2, 3, 4]


def test_the_tiebreaks_are_computed_only_for_an_order_that_uses_them():
    rows = rank_teams([A, B, C, D], GAMES, [], order=["wins", "points"])
    assert {(row.buchholz, row.median_buchholz, row.head_to_head) for row in rows} == {(None, None, None)}


def test_a_game_seated_but_not_scored_is_a_meeting_without_result():
    rows = {row.team.pk: row for row in rank_teams([A, B], [], [], unscored=[("A", "B")])}
    assert rows["A"].meetings == [("B", None)] and rows["A"].played == 0


@pytest.mark.django_db
def test_the_public_standings_show_the_tiebreaks_the_event_orders_by(director, client):
    event = make_event(director, teams=4, standings_order=Event.StandingsOrder.WINS_BUCHHOLZ,
                       standings_published=True)
    default = make_event(director, teams=4, standings_published=True, name="Plain")
    for each in (event, default):
        game = each.rounds.get().games.order_by("table__number").first()
        services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    page = client.get(reverse("public-standings", args=[event.pk])).content.decode()
    plain = client.get(reverse("public-standings", args=[default.pk])).content.decode()
    assert "Median-Buchholz" in page and "Buchholz" in page
    assert "Buchholz" not in plain
    response = client.get(reverse("api-standings", args=[event.pk]))
    assert response.status_code == 200
    top = response.json()["rows"][0]
    assert (top["buchholz"], top["median_buchholz"], top["head_to_head"]) == (0, 0, None)  # its opponent lost


def test_a_game_seated_and_not_scored_is_a_meeting_but_no_part_of_the_buchholz():
    """A and D are seated against each other with no result yet: they have met (a paired game must not
    repeat it), but D's score is not yet A's opponents' score, nor A's D's."""
    rows = {row.team.pk: row for row in rank_teams([A, B, C, D], GAMES, [], order=["wins", "buchholz"],
                                                   unscored=[("A", "D")])}
    assert rows["A"].meetings[-1] == ("D", None) and rows["D"].meetings[-1] == ("A", None)
    assert {k: rows[k].buchholz for k in "ABCD"} == {"A": 3, "B": 1, "C": 1, "D": 3}
