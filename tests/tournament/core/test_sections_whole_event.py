"""A whole event in two sections, start to finish, through the services the pages use.

15 teams are divided into two sections by serpentine order (A: teams 1 4 5 8 9 12 13, seven teams at
tables 1-4; B: teams 2 3 6 7 10 11 14 15, eight teams at tables 5-8). Each section plays its own Mitchell
movement and its own clock for 3 games; every result is entered; the standings rank the 15 teams together.

The draw is fixed so that the first team of each pair sits North-South, which makes every seat and every
figure below checkable by hand. Every game is won by the lower-numbered team: the winner n scores
6000 - 100n, the loser n scores 2000 - 100n. A team sitting out counts a win with its average points
(the event's default rule), so over 3 games team n <= 8 has 3 wins and 18000 - 300n points, and team
n >= 9 has no win and 6000 - 300n points: the standings are 1, 2, ..., 15 across both sections.
"""

import datetime as dt

import pytest

from scoring.standings import compute_standings
from tests.factories import make_event
from tournament.clock import services as clock_services
from tournament.core import services
from tournament.core.draw import DrawResult
from tournament.core.models import Game, Round
from tournament.core.services import seating
from tournament.core.services.sections import divide_into_sections

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 11, 20, 13, 0, tzinfo=dt.UTC)

# (table, NS team, EW team or None) for each game, worked out by hand from the movement: North-South
# stays; East-West moves up one table within its own section, the section's highest table's to its first.
SEATS = {
    1: {1: (1, 9), 2: (4, 12), 3: (5, 13), 4: (8, None), 5: (2, 10), 6: (3, 11), 7: (6, 14), 8: (7, 15)},
    2: {1: (1, None), 2: (4, 9), 3: (5, 12), 4: (8, 13), 5: (2, 15), 6: (3, 10), 7: (6, 11), 8: (7, 14)},
    3: {1: (1, 13), 2: (4, None), 3: (5, 9), 4: (8, 12), 5: (2, 14), 6: (3, 15), 7: (6, 10), 8: (7, 11)},
}


@pytest.fixture
def first_team_draws_north_south(monkeypatch):
    monkeypatch.setattr(seating, "draw_cards", lambda rng=None: DrawResult("AS", "2C"))


def seats_of(round_: Round) -> dict:
    return {g.table.number: (g.ns_team.number if g.ns_team else None, g.ew_team.number if g.ew_team else None)
            for g in round_.games.select_related("table", "ns_team", "ew_team")}


def enter_results(round_: Round, director) -> None:
    for game in round_.games.select_related("round__event", "table", "ns_team", "ew_team"):
        if game.status != Game.Status.SCHEDULED:
            continue
        ns, ew = game.ns_team.number, game.ew_team.number
        winner_total = lambda n: 6000 - 100 * n  # noqa: E731
        loser_total = lambda n: 2000 - 100 * n  # noqa: E731
        ns_total, ew_total = ((winner_total(ns), loser_total(ew)) if ns < ew else (loser_total(ns), winner_total(ew)))
        services.record_game_result(game, ns_total=ns_total, ew_total=ew_total, user=director)


def test_two_sections_of_seven_and_eight_play_their_own_movement_and_clock_and_rank_together(
        director, first_team_draws_north_south):
    event = make_event(director, teams=15, seat=False, games=3)
    a, b = divide_into_sections(event, director, count=2)
    assert sorted(event.teams.filter(section=a).values_list("number", flat=True)) == [1, 4, 5, 8, 9, 12, 13]
    assert sorted(event.teams.filter(section=b).values_list("number", flat=True)) == [2, 3, 6, 7, 10, 11, 14, 15]
    assert list(event.tables.filter(section=a).values_list("number", flat=True)) == [1, 2, 3, 4]
    assert list(event.tables.filter(section=b).values_list("number", flat=True)) == [5, 6, 7, 8]

    services.seat_first_game(event, director, method="registration")
    for number in (1, 2, 3):
        round_a = event.rounds.get(number=number, section=a)
        round_b = event.rounds.get(number=number, section=b)
        assert {**seats_of(round_a), **seats_of(round_b)} == SEATS[number], f"game {number}"
        assert set(round_a.games.values_list("table__section", flat=True)) == {a.pk}

        if number == 1:
            # Each section's own clock: room A starts first and pauses; room B starts later, untouched.
            clock_services.start_clock(round_a, director, now=T0)
            clock_services.start_clock(round_b, director, now=T0 + dt.timedelta(minutes=4))
            clock_services.pause_clock(round_a, director, now=T0 + dt.timedelta(minutes=10))
            round_a.refresh_from_db()
            round_b.refresh_from_db()
            assert (round_a.started_at, round_b.started_at) == (T0, T0 + dt.timedelta(minutes=4))
            assert len(round_a.pauses) == 1 and round_b.pauses == []
        else:
            # One go-ahead for the whole hall still starts both sections at the same instant.
            started = clock_services.start_all_clocks(event, director, now=T0 + dt.timedelta(hours=number))
            assert {r.pk for r in started} == {round_a.pk, round_b.pk}
            assert {r.started_at for r in started} == {T0 + dt.timedelta(hours=number)}

        enter_results(round_a, director)
        if number == 1:
            # Section A may seat its next game while B's tables are still playing theirs.
            services.advance_to_next_game(event, director, section=a)
            assert list(event.rounds.filter(number=2).values_list("section", flat=True)) == [a.pk]
        enter_results(round_b, director)
        if number < 3:
            services.advance_to_next_game(event, director)  # the sections still at this game move on
    assert event.rounds.count() == 6

    rows = compute_standings(event)
    assert [row.team.number for row in rows] == list(range(1, 16))
    assert [(row.wins, row.points) for row in rows] == (
        [(3, 18000 - 300 * n) for n in range(1, 9)] + [(0, 6000 - 300 * n) for n in range(9, 16)])
    assert [row.team.section.letter for row in rows[:4]] == ["A", "B", "B", "A"]
    assert [row.sit_outs for row in rows if row.team.number in (1, 4, 8)] == [1, 1, 1]
