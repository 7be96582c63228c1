"""The players see an event of single players as its game has it: the public seating and the room map show
each table's players in their seats (seat 1 the highest card, each next on the left) and who sits out; the
director's dashboard counts players and the tables that play. Read in the same queries at 10 and 40."""

import html
import re

import pytest
from django.urls import reverse

from tests.factories import make_players_event
from tournament.core import published, selectors, services

pytestmark = pytest.mark.django_db


def seat_lines(event) -> list[list[str]]:
    """Each table's players in seat order, as the director's selector reads them."""
    return [[seat["name"] for seat in table["seats"]]
            for table in selectors.players_seating(event.latest_round())["tables"]]


def names_at_tables(page: str) -> list[list[str]]:
    """Each table's players in seat order, as the public seating lists them."""
    tables = re.findall(r'<div class="table-no">Table \d+</div>(.*?)</li>', page, re.S)
    return [[html.unescape(name) for name in re.findall(r'<span class="side">Seat \d</span><div class="team">'
                                                        r'([^<]*)</div>', table)] for table in tables]


@pytest.fixture(autouse=True)
def local(published_local):
    return published_local


def test_the_public_seating_lists_each_table_s_players_by_seat_and_who_sits_out(client, director):
    event = make_players_event(director, ruleset="five_player", players=12, seating_published=True)
    page = client.get(reverse("public-seating", args=[event.pk])).content.decode()
    assert names_at_tables(page) == seat_lines(event)
    assert '<span class="side">Seat 5</span>' in page and "North-South" not in page
    sitting_out = [out["name"] for out in selectors.players_seating(event.latest_round())["sitting_out"]]
    assert len(sitting_out) == 2
    for name in sitting_out:
        assert (f'<li data-names="{name.lower()}">\n    <div class="table-no">Sitting out</div>\n'
                f'    <div class="team">{name}</div>') in page
    assert '<label for="find">Find your name</label>' in page
    first = seat_lines(event)[0]
    assert f'data-names="{" ".join(n.lower() for n in first)} "' in page  # the search finds any of them


def test_the_room_map_draws_the_players_in_their_seats_with_no_arrows(client, director):
    event = make_players_event(director, ruleset="canasta21", players=10, table_seats="3-4",
                               seating_published=True)
    page = client.get(reverse("public-room", args=[event.pk])).content.decode()
    cells = re.findall(r'data-table="(\d+)">(.*?)</li>', page, re.S)
    assert [n for n, _ in cells] == ["1", "2", "3"]
    drawn = [re.findall(r'<span class="room-side">Seat (\d)</span> <span class="room-names"><span '
                        r'class="room-player">([^<]*)</span>', cell) for _, cell in cells]
    assert [[name for _, name in table] for table in drawn] == seat_lines(event)
    assert [[int(seat) for seat, _ in table] for table in drawn] == [list(range(1, len(t) + 1)) for t in drawn]
    assert "N-S" not in page and "room-arrow" not in page and "East-West moves" not in page
    assert "seat 1 drew the highest card" in page


def test_a_five_player_room_map_names_who_sits_out(client, director):
    event = make_players_event(director, ruleset="five_player", players=11, seating_published=True)
    page = client.get(reverse("public-room", args=[event.pk])).content.decode()
    out = selectors.players_seating(event.latest_round())["sitting_out"]
    assert f"Sitting out this game: {out[0]['name']}." in page


def test_the_dashboard_counts_players_and_the_tables_that_play(client, director):
    event = make_players_event(director, ruleset="canasta21", players=10, table_seats="3-4", seat=False)
    client.force_login(director)
    setup = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "<dt>Players</dt><dd>10</dd>" in setup and "10 players at 3 tables." in setup
    services.seat_first_game(event, director)
    day = selectors.day_of(event, event.latest_round())
    assert (day.games, day.final, day.tables_open) == (3, 0, (1, 2, 3))
    game = event.latest_round().games.get(table__number=2)
    services.record_seat_results(game, {seat: 100 * seat.position for seat in game.seats.all()}, director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "1 of 3 tables final" in page and "No final result yet at tables 1, 3." in page


def test_a_teams_dashboard_still_counts_teams(client, director):
    from tests.factories import make_event

    event = make_event(director, teams=6, seat=False)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "<dt>Teams</dt><dd>6</dd>" in page and "6 teams at 3 tables." in page


@pytest.mark.parametrize("name", ["public-seating", "public-room"])
def test_the_players_public_pages_cost_the_same_queries_at_10_and_40_players(client, director, name,
                                                                            django_assert_max_num_queries):
    sizes = []
    for players in (10, 40):
        event = make_players_event(director, ruleset="five_player", players=players, name=f"E{players}",
                                   seating_published=True)
        published.forget_local()
        with django_assert_max_num_queries(5):
            page = client.get(reverse(name, args=[event.pk])).content.decode()
        with django_assert_max_num_queries(1):
            assert client.get(reverse(name, args=[event.pk])).content.decode() == page
        sizes.append(page.count("Seat 1<"))
    assert sizes == [2, 8]


def test_the_dashboard_costs_the_same_queries_at_10_and_40_players(director, django_assert_max_num_queries):
    for players in (10, 40):
        event = make_players_event(director, ruleset="five_player", players=players, name=f"E{players}")
        with django_assert_max_num_queries(7):   # the same at 10 and 40 (one more since sections)
            day = selectors.day_of(event, event.latest_round())
        assert day.games == players // 5 and day.entrants == "players"
