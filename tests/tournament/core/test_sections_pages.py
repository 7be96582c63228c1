"""The director's and the projector's pages of an event in sections: each section's clock and seating,
its own controls, one go-ahead for all, and the pages' queries not growing with the event's size."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import make_event
from tournament.core import services
from tournament.core.models import Game
from tournament.core.services.sections import divide_into_sections

pytestmark = pytest.mark.django_db


def sectioned(director, teams: int = 15, name: str = "Two rooms"):
    event = make_event(director, name=name, teams=teams, seat=False)
    divide_into_sections(event, director, count=2)
    services.seat_first_game(event, director)
    return event


def test_the_event_page_shows_each_sections_clock_and_seating(client, director):
    event = sectioned(director)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "Clock: section A, game 1" in page and "Clock: section B, game 1" in page
    assert "Section A: seating of game 1" in page and "Section B: seating of game 1" in page
    assert "Go-ahead for every section waiting for it" in page
    assert 'name="section" value="B"' in page


def test_a_sections_controls_act_on_its_own_clock_only(client, director):
    event = sectioned(director)
    client.force_login(director)
    url = reverse("director-clock-action", args=[event.pk, "start"])
    client.post(url, {"section": "B"})
    a, b = (event.rounds.get(number=1, section__letter=letter) for letter in "AB")
    assert a.started_at is None and b.started_at is not None
    answer = client.get(reverse("api-clock", args=[event.pk]) + "?section=B").json()
    assert (answer["round_id"], answer["section"], answer["phase"]) == (b.pk, "B", "running")
    assert client.get(reverse("api-clock", args=[event.pk]) + "?section=A").json()["phase"] == "not_started"


def test_one_go_ahead_starts_every_section_waiting_for_it(client, director):
    event = sectioned(director)
    client.force_login(director)
    client.post(reverse("director-clock-action", args=[event.pk, "start_all"]))
    started = set(event.rounds.values_list("started_at", flat=True))
    assert len(started) == 1 and None not in started


def test_a_rooms_projector_shows_its_own_sections_clock(client, director):
    event = sectioned(director)
    page = client.get(reverse("public-clock", args=[event.pk]) + "?section=a").content.decode()
    assert "Two rooms: section A" in page and "?section=A" in page


def test_the_printable_seating_groups_the_tables_by_section(client, director):
    event = sectioned(director)
    client.force_login(director)
    page = client.get(reverse("director-seating", args=[event.pk])).content.decode()
    assert page.index("Section A: game 1") < page.index("Section B: game 1")


@pytest.mark.parametrize("page", ["director-event", "director-seating"])
def test_the_directors_pages_of_a_sectioned_event_take_the_same_queries_at_any_size(
        client, director, page):
    client.force_login(director)
    counts = []
    for teams in (12, 48):
        event = sectioned(director, teams=teams, name=f"Rooms of {teams}")
        with CaptureQueriesContext(connection) as captured:
            assert client.get(reverse(page, args=[event.pk])).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1], counts


def test_the_director_divides_the_teams_from_the_event_page(client, director):
    event = make_event(director, teams=15, seat=False)
    client.force_login(director)
    client.post(reverse("director-sections", args=[event.pk]), {"count": "2"})
    assert list(event.sections.values_list("letter", flat=True)) == ["A", "B"]
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "Played in 2 sections" in page and "section A 7 teams, section B 8 teams" in page


def test_a_division_the_event_cannot_play_is_told_and_changes_nothing(client, director):
    event = make_event(director, teams=5, seat=False)
    client.force_login(director)
    answer = client.post(reverse("director-sections", args=[event.pk]), {"count": "3"}, follow=True)
    assert "5 teams cannot make 3 sections" in answer.content.decode()
    assert not event.sections.exists()


def test_the_standings_rank_both_sections_in_one_list_with_each_teams_section(client, director):
    event = sectioned(director, teams=8)   # A: teams 1 4 5 8; B: teams 2 3 6 7
    for game in Game.objects.filter(round__event=event).select_related("round__event", "table"):
        if game.ns_team_id and game.ew_team_id:
            services.record_game_result(game, ns_total=5000, ew_total=3000, user=director)
    services.publish(event, director, "standings", True)
    page = client.get(reverse("public-standings", args=[event.pk])).content.decode()
    assert "Section" in page and page.count('<td class="num section">') == 8
    client.force_login(director)
    lines = client.get(reverse("director-standings-csv", args=[event.pk])).content.decode().splitlines()
    assert lines[0].endswith(",Section")
    assert sorted(line.rsplit(",", 1)[1] for line in lines[1:]) == list("AAAABBBB")


def test_the_standings_of_an_event_in_one_room_have_no_section_column(client, director):
    event = make_event(director, teams=4)
    services.publish(event, director, "standings", True)
    assert 'class="num section"' not in client.get(reverse("public-standings", args=[event.pk])).content.decode()


def test_the_public_seating_lists_every_sections_tables(client, director):
    event = sectioned(director)
    services.publish(event, director, "seating", True)
    page = client.get(reverse("public-seating", args=[event.pk])).content.decode()
    assert all(f"Table {n} · Section A" in page for n in (1, 2, 3, 4))
    assert all(f"Table {n} · Section B" in page for n in (5, 6, 7, 8))


def test_the_room_map_moves_east_west_within_its_own_section():
    from tournament.core.room import room_map

    rows = [{"table": n, "ns": f"ns{n}", "ew": f"ew{n}", "section": "A" if n <= 4 else "B"} for n in range(1, 9)]
    moves = {cell.table: cell.ew_to for line in room_map(rows, 4) for cell in line if cell}
    assert moves == {1: 2, 2: 3, 3: 4, 4: 1, 5: 6, 6: 7, 7: 8, 8: 5}


def test_a_teams_page_counts_down_its_own_sections_clock(client, director):
    event = sectioned(director)
    team = event.teams.get(number=2)   # section B
    page = client.get(reverse("public-team", args=[event.pk, team.pk])).content.decode()
    assert reverse("api-clock", args=[event.pk]) + "?section=B" in page


@pytest.mark.parametrize("ruleset", ["nvso", "crazy_canasta"])
def test_a_table_page_counts_down_its_own_sections_clock_in_every_game(client, director, ruleset):
    event = make_event(director, name="Two rooms", teams=8, seat=False, ruleset=ruleset)
    divide_into_sections(event, director, count=2)
    services.seat_first_game(event, director)
    table = event.tables.filter(section__letter="B").order_by("number").first()
    page = client.get(f"/t/{table.token}/").content.decode()
    assert reverse("api-clock", args=[event.pk]) + "?section=B" in page


def test_the_board_of_a_game_shows_the_tables_of_every_section(client, director):
    event = sectioned(director)
    client.force_login(director)
    page = client.get(reverse("director-board", args=[event.pk]) + "?round=1").content.decode()
    shown = {n for n in range(1, 9) if f'<td class="num">{n}</td>' in page}
    assert shown == {1, 2, 3, 5, 6, 7, 8}   # table 4 of section A has one team: nothing to score


def test_the_clock_api_controls_a_sections_own_clock(director):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    event = sectioned(director)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=director).key}")
    answer = api.post(reverse("api-clock-start", args=[event.pk]) + "?section=A", {}, format="json").json()
    a, b = (event.rounds.get(number=1, section__letter=letter) for letter in "AB")
    assert (answer["round_id"], answer["section"], answer["phase"]) == (a.pk, "A", "running")
    assert b.started_at is None
