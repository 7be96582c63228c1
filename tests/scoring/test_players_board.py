"""The director's board and the dashboard's sheet counts at tables of single players: each table with its
players in seat order, its sheet's state (waiting, sent to the director, disputed, accepted), each seat's
result once final and the link that settles the sheet; read in as many queries for 10 players as for 40."""

import pytest
from django.test import Client

from scoring import drafts, selectors
from scoring.seat_sheets import accept_seat_sheet, dispute_seat_sheet, submit_seat_sheet, table_seats
from tests.factories import make_director, make_players_event
from tests.scoring.test_table_of_any_game import seat_sheet
from tournament.core import published, questions
from tournament.core.models import Game

pytestmark = pytest.mark.django_db


def games_of(event) -> list[Game]:
    return list(Game.objects.filter(round__event=event, round__number=1).select_related("round__event", "table")
                .order_by("table__number"))


def wrong_sheet(game) -> dict:
    """The table's sheet with a total that does not add up: the rules' error, sent to the director."""
    document = seat_sheet(game, "five_player")
    document["hands"][0]["s1"]["total"] += 5
    return document


def board_page(client, event, query="") -> str:
    response = client.get(f"/director/events/{event.pk}/board/{query}")
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def room(published_local):
    """Four tables of the five-player game: one flagged, one disputed, one accepted, one only typed."""
    director = make_director()
    event = make_players_event(director, ruleset="five_player", players=20, require_opponent_code=False)
    flagged, disputed, accepted, typed = games_of(event)
    submit_seat_sheet(flagged, wrong_sheet(flagged), "k1", review=True, reason="Hand 3 looks odd")
    submit_seat_sheet(disputed, seat_sheet(disputed, "five_player"), "k2")
    dispute_seat_sheet(disputed, reason="I melded a red three", seat=3)
    submit_seat_sheet(accepted, seat_sheet(accepted, "five_player"), "k3")
    accept_seat_sheet(accepted, seat=2)
    drafts.save_draft(typed, {"hands": []})
    published.forget_local()
    return director, event, (flagged, disputed, accepted, typed)


def test_the_board_lists_every_table_of_single_players_with_its_players_in_seat_order(room):
    _, event, games = room
    board = selectors.event_board(event)
    rows = {row.game_id: row for row in board.rows}
    assert [rows[game.pk].state for game in games] == ["flagged", "disputed", "accepted", "draft"]
    for game in games:
        assert rows[game.pk].players == [seat.team.name for seat in table_seats(game)]
        assert rows[game.pk].ns == rows[game.pk].ew == ""
    flagged, disputed, accepted, typed = (rows[game.pk] for game in games)
    assert flagged.why == "Sent to the director by the scorekeeper" and flagged.reason == "Hand 3 looks odd"
    assert disputed.why == "Disputed by a player at the table" and disputed.disputes == ["I melded a red three"]
    assert accepted.scores == [seat.score for seat in table_seats(games[2])]
    assert None not in accepted.scores and not accepted.needs_director
    assert typed.scores == [None] * 5 and typed.version is None
    assert board.counts["flagged"] == board.counts["disputed"] == board.counts["accepted"] == 1
    assert board.counts["draft"] == 1
    assert board.rounds == [{"round": 1, "needs_director": 2}]


def test_the_dashboard_counts_the_sheets_of_tables_of_single_players(room):
    _, event, _ = room
    counts = questions.sheet_counts(event.rounds.get(number=1))
    assert counts["flagged"] == counts["disputed"] == counts["accepted"] == counts["draft"] == 1
    assert counts["needs_director"] == 2


def test_the_board_page_shows_each_table_s_players_state_and_the_link_that_settles_it(room):
    director, event, games = room
    client = Client()
    client.force_login(director)
    page = board_page(client, event)
    flagged, disputed, accepted, _ = games
    names = " · ".join(f"{seat.position}. {seat.team.name}" for seat in table_seats(flagged))
    assert names in page
    assert "<th>Players, by seat</th>" in page and "<th>North-South</th>" not in page
    assert page.count('<h3>Table ') == 2    # the two tables that need the director
    assert f"<h3>Table {flagged.table.number}: Sent to the director by the scorekeeper</h3>" in page
    assert "<strong>A player:</strong> I melded a red three" in page
    for game in (flagged, disputed):
        assert f'href="/director/events/{event.pk}/games/{game.pk}/sheet/">Settle the sheet</a>' in page
    results = " · ".join(str(seat.score) for seat in table_seats(accepted))
    assert f'<td class="nowrap">{results}</td>' in page
    assert page.count('class="badge state-accepted"') == 1 and page.count('class="badge state-draft"') == 1
    # An earlier game's board (built on request) shows the same.
    assert names in board_page(client, event, "?round=1")


def test_a_sheet_sent_at_a_table_of_players_shows_in_the_next_poll(published_local):
    director = make_director()
    event = make_players_event(director, ruleset="canasta21", players=6, table_seats="3")
    game = games_of(event)[0]
    client = Client()
    client.force_login(director)
    assert 'class="badge state-submitted"' not in board_page(client, event)
    submit_seat_sheet(game, seat_sheet(game, "canasta21"), "k1")
    assert board_page(client, event).count('class="badge state-submitted"') == 1


@pytest.mark.parametrize("players", [10, 40])
def test_the_board_reads_as_many_queries_for_10_as_for_40_players(players, published_local,
                                                                   django_assert_max_num_queries):
    director = make_director()
    event = make_players_event(director, ruleset="five_player", players=players)
    for number, game in enumerate(games_of(event)):
        document = wrong_sheet(game) if number % 2 == 0 else seat_sheet(game, "five_player")
        submit_seat_sheet(game, document, f"k{number}", review=number % 2 == 0, reason="Check it")
    published.forget_local()
    with django_assert_max_num_queries(9):
        board = selectors.event_board(event)
    assert len(board.rows) == players // 5 and all(len(row.players) == 5 for row in board.rows)
    with django_assert_max_num_queries(5):
        questions.sheet_counts(event.rounds.get(number=1))
    client = Client()
    client.force_login(director)
    with django_assert_max_num_queries(20):
        page = board_page(client, event, "?round=1")
    assert page.count("Settle the sheet") == (players // 5 + 1) // 2


def test_the_board_s_api_names_the_players_of_each_table_in_seat_order(room):
    director, event, games = room
    client = Client()
    client.force_login(director)
    response = client.get(f"/api/v1/events/{event.pk}/board/")
    assert response.status_code == 200, response.content
    tables = {row["game"]: row for row in response.json()["tables"]}
    accepted = games[2]
    assert tables[accepted.pk]["players"] == [seat.team.name for seat in table_seats(accepted)]
    assert tables[accepted.pk]["scores"] == [seat.score for seat in table_seats(accepted)]
    assert tables[games[0].pk]["why"] == "Sent to the director by the scorekeeper"
