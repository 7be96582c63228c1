"""The pages: the table's sheet, the director's board, history, cards and CSV, the public standings."""

import csv
import io

import pytest

from scoring import services
from tests.scoring.sheets import sheet, with_bad_count

pytestmark = pytest.mark.django_db


def test_the_table_page_shows_who_sits_where(client, game):
    response = client.get(f"/t/{game.table.token}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f"Table {game.table.number}" in html and "Game 1" in html
    assert game.ns_team.name in html and game.ew_team.name in html
    assert 'id="sheet-config"' in html and "js/table.js" in html and "data-clock" in html


def test_an_unknown_table_link_is_a_friendly_404(client, db):
    response = client.get("/t/not-a-token/")
    assert response.status_code == 404 and b"not known" in response.content


def test_director_pages_need_the_event_s_director(client, event, other_user):
    urls = [f"/director/events/{event.pk}/board/", f"/director/events/{event.pk}/cards/",
            f"/director/events/{event.pk}/standings.csv"]
    for url in urls:
        assert client.get(url).status_code == 302  # to the login page
    client.force_login(other_user)
    for url in urls:
        assert client.get(url).status_code == 403


def test_the_board_lists_tables_by_state_and_what_needs_the_director(client, event, game, director):
    services.submit_sheet(game, with_bad_count(), "k", review=True, reason="We agree on 283")
    client.force_login(director)
    html = client.get(f"/director/events/{event.pk}/board/").content.decode()
    assert "Needs you" in html and "We agree on 283" in html and "a count of 283 is impossible" in html
    assert "data-clock" in html  # the game clock's widget
    assert html.count("Enter paper sheet") == 3


def test_the_sheet_page_shows_the_history_and_what_changed(client, event, game, director):
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game)
    fixed = sheet(hands=[((2200, 325), (1800, 275))])
    services.director_correct(game, fixed, director, reason="Only one hand was played")
    client.force_login(director)
    html = client.get(f"/director/events/{event.pk}/games/{game.pk}/sheet/").content.decode()
    assert "Version 2" in html and "Version 1" in html and "Only one hand was played" in html
    assert "Hand 2, North-South, base: 1500 → (none)" in html
    assert "<strong>Accepted</strong> by the opponents at" in html  # version 1's decision is kept


def test_the_cards_have_a_qr_code_per_table_and_each_team_s_code(client, event, director):
    client.force_login(director)
    html = client.get(f"/director/events/{event.pk}/cards/").content.decode()
    assert html.count("<svg") == event.tables.count()
    for team in event.teams.all():
        assert f'<p class="code">{team.code}</p>' in html
    assert event.tables.first().token in html


def test_the_csv_export(client, event, game, director):
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game)
    client.force_login(director)
    response = client.get(f"/director/events/{event.pk}/standings.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["Rank", "Team number", "Team"]
    assert len(rows) == 9 and rows[1][2] == game.ns_team.name and rows[1][5] == "1"


def test_the_public_standings_wait_for_the_director(client, event, director):
    url = f"/e/{event.pk}/standings/"
    response = client.get(url)
    assert response.status_code == 404 and b"not published yet" in response.content
    client.force_login(director)
    client.post(f"/director/events/{event.pk}/standings/publish/", {"publish": "1"})
    client.logout()
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Sitting out a game" in html and "average points per game played" in html
    assert client.get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
    partial = client.get(url + "?partial=1")
    assert partial.status_code == 200 and b"<html" not in partial.content


def test_the_public_standings_write_points_as_on_the_sheet(client, event, game, director):
    services.set_standings_published(event, director, True)
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game)
    html = client.get(f"/e/{event.pk}/standings/").content.decode()
    assert "<td class=\"num\">7,585</td>" in html and "+3,440" in html and "-3,440" in html
