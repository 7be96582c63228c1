"""The room map's page and its setting: the director lays the tables out in rows, the page draws the
latest game that way with where East-West goes next, public once the seating is, and read in a constant
number of queries whatever the size of the event."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_event
from tournament.core import published, services
from tournament.core.errors import TournamentError
from tournament.core.forms import EventForm
from tournament.core.models import Event
from tournament.core.room import PER_ROW_MESSAGE

pytestmark = pytest.mark.django_db

EVENT_FIELDS = {
    "name": "Cup", "date": "2026-11-21", "format": "rotation", "games": 3, "game_minutes": 50,
    "warning_minutes": 10, "target_score": 8500, "sit_out_rule": "average_win",
    "standings_order": "wins,points,difference",
}


def rows_of_tables(html: str) -> list[list[int]]:
    """The table numbers of each row of the map, left to right, as the page draws them."""
    rows = re.findall(r'<ul class="room-row".*?</ul>', html, re.S)
    return [[int(n) for n in re.findall(r'data-table="(\d+)"', row)] for row in rows]


def room(client, event) -> str:
    response = client.get(reverse("public-room", args=[event.pk]))
    assert response.status_code == 200
    return response.content.decode()


# --- The setting -------------------------------------------------------------------------------------

def test_the_director_sets_tables_per_row_and_snaking_and_the_map_follows(client, director):
    event = make_event(director, teams=14, seating_published=True)
    client.force_login(director)
    assert rows_of_tables(room(client, event)) == [[1, 2, 3, 4], [5, 6, 7]]   # automatic: 7 tables
    response = client.post(reverse("director-event-edit", args=[event.pk]),
                           {**EVENT_FIELDS, "room_tables_per_row": "3", "room_order": "snake"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.room_tables_per_row, event.room_order) == (3, "snake")
    assert rows_of_tables(room(client, event)) == [[1, 2, 3], [6, 5, 4], [7]]


@pytest.mark.parametrize("value", ["31", "-1", "two", "1000000"])
def test_a_number_of_tables_per_row_out_of_range_is_refused_with_a_plain_message(value):
    form = EventForm({**EVENT_FIELDS, "room_tables_per_row": value})
    assert not form.is_valid()
    assert form.errors["room_tables_per_row"] == [PER_ROW_MESSAGE]


def test_a_refused_layout_changes_nothing(client, director):
    event = make_event(director, teams=4, room_tables_per_row=2)
    client.force_login(director)
    response = client.post(reverse("director-event-edit", args=[event.pk]),
                           {**EVENT_FIELDS, "room_tables_per_row": "99"})
    assert response.status_code == 200 and "from 1 to 30, or 0 to let the map choose" in response.content.decode()
    event.refresh_from_db()
    assert event.room_tables_per_row == 2


def test_the_service_refuses_a_layout_the_form_was_not_asked_for(director):
    event = make_event(director, teams=4, seat=False)
    with pytest.raises(TournamentError, match="from 1 to 30"):
        services.update_event(event, director, {"room_tables_per_row": 31})
    event.refresh_from_db()
    assert event.room_tables_per_row == 0


def test_left_blank_the_map_chooses_and_not_sent_the_event_keeps_its_layout():
    event = Event(room_tables_per_row=5, room_order="snake")
    blank = EventForm({**EVENT_FIELDS, "room_tables_per_row": "", "room_order": ""}, instance=event)
    assert blank.is_valid(), blank.errors
    assert (blank.cleaned_data["room_tables_per_row"], blank.cleaned_data["room_order"]) == (0, "rows")
    absent = EventForm(EVENT_FIELDS, instance=Event(room_tables_per_row=5, room_order="snake"))
    assert absent.is_valid(), absent.errors
    assert (absent.cleaned_data["room_tables_per_row"], absent.cleaned_data["room_order"]) == (5, "snake")


def test_the_event_form_offers_the_room_layout(client, director):
    event = make_event(director, teams=4, seat=False)
    client.force_login(director)
    html = client.get(reverse("director-event-edit", args=[event.pk])).content.decode()
    assert "Tables in each row of the room map" in html and 'value="snake"' in html


# --- The page ----------------------------------------------------------------------------------------

def test_each_table_shows_its_pairs_and_where_east_west_goes_the_highest_to_table_1(client, director):
    event = make_event(director, teams=16, seating_published=True, room_tables_per_row=4)
    html = room(client, event)
    moves = {}
    for seat in event.latest_round().games.select_related("table", "ns_team", "ew_team"):
        cell = re.search(rf'data-table="{seat.table.number}">(.*?)</li>', html, re.S).group(1)
        text = re.sub(r"<[^>]+>", "", cell)
        assert f"N-S {seat.ns_team.name}" in text and f"E-W {seat.ew_team.name}" in text
        arrow, number = re.search(r'room-arrow" aria-hidden="true">(.)</span> E-W to table&nbsp;(\d+)', cell).groups()
        moves[seat.table.number] = f"{arrow} E-W to table {number}"
    assert moves == {1: "→ E-W to table 2", 2: "→ E-W to table 3", 3: "→ E-W to table 4", 4: "↙ E-W to table 5",
                     5: "→ E-W to table 6", 6: "→ E-W to table 7", 7: "→ E-W to table 8", 8: "↖ E-W to table 1"}


def test_the_team_without_an_opponent_is_shown(client, director):
    event = make_event(director, teams=7, seating_published=True)
    html = room(client, event)
    alone = event.latest_round().games.get(ew_team__isnull=True)
    assert "No opponent this game" in html
    assert f"No opponent this game: {alone.ns_team.name} (table {alone.table.number})." in html


def test_after_the_last_game_no_arrow_says_anyone_moves(client, director):
    event = make_event(director, teams=4, games=2, seating_published=True)
    assert "E-W to table" in room(client, event)
    services.advance_to_next_game(event, director, force=True)
    html = room(client, event)
    assert "game 2" in html and "E-W to table" not in html and "nobody moves" in html


def test_a_knockout_game_is_drawn_with_no_arrow_since_nobody_moves_by_the_movement(client, director):
    import random

    from tournament.knockout import services as bracket_services

    event = make_event(director, teams=8, seat=False, format="knockout", seating_published=True)
    ids = list(event.teams.order_by("number").values_list("pk", flat=True))
    bracket_services.create_bracket(event, director, ids, seeded_by="director", rng=random.Random(3))
    html = room(client, event)
    assert len(re.findall(r'data-table="\d+"', html)) == 4
    assert "E-W to table" not in html and "nobody moves" not in html


def test_the_map_is_public_once_the_seating_is_and_its_director_may_see_it_before(client, director, other_user):
    event = make_event(director, teams=4)
    url = reverse("public-room", args=[event.pk])
    assert client.get(url).status_code == 404
    client.force_login(other_user)
    assert client.get(url).status_code == 404
    client.force_login(director)
    response = client.get(url)
    assert response.status_code == 200 and "Print the room map" in response.content.decode()
    assert response["Cache-Control"] == "private, no-cache"
    assert client.get(reverse("public-room", args=[event.pk + 999])).status_code == 404


def test_the_seating_pages_link_to_the_map(client, director):
    event = make_event(director, teams=4, seating_published=True)
    url = reverse("public-room", args=[event.pk])
    assert url in client.get(reverse("public-seating", args=[event.pk])).content.decode()
    assert url in client.get(reverse("public-event", args=[event.pk])).content.decode()
    client.force_login(director)
    assert f"{url}#print" in client.get(reverse("director-seating", args=[event.pk])).content.decode()


def test_the_next_game_is_in_the_next_poll_and_an_unchanged_map_is_a_304(client, director):
    event = make_event(director, teams=6, seating_published=True)
    url = reverse("public-room", args=[event.pk])
    first = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    services.advance_to_next_game(event, director, force=True)
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and "game 2" in after.content.decode()


# --- Queries -----------------------------------------------------------------------------------------

COMPUTE_QUERIES = 4   # the version (local), the event, its latest round, the games with their tables and teams


@pytest.fixture(params=[20, 400], ids=["20 teams", "400 teams"])
def sized(request, director):
    event = make_event(director, teams=request.param, seating_published=True)
    published.forget_local()
    return event


@pytest.mark.parametrize("where", ["local", "shared"])
def test_the_map_is_read_in_a_constant_number_of_queries(client, request, sized, where,
                                                         django_assert_max_num_queries):
    request.getfixturevalue(f"published_{where}")
    url = reverse("public-room", args=[sized.pk])
    with django_assert_max_num_queries(COMPUTE_QUERIES):
        first = client.get(url)
    with django_assert_max_num_queries(0 if where == "shared" else 1):
        again = client.get(url)
    assert again.content == first.content
    assert len(re.findall(r'data-table="\d+"', first.content.decode())) == sized.tables.count()
