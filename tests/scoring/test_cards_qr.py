"""Served to a room, every QR code the app shows decodes to the room's address: a table card's to the
table's score sheet, a team card's to the team's own page and the projector's to the players' page.

The room is configured as `python3 dev.py run --lan 192.0.2.10` configures it (tests/room.py), the pages
are rendered by Django's test client (no request leaves the process), and each code is read from its
pixels by a QR decoder (tests/qr.py), not from the text beside it.
"""

import pytest
from django.urls import reverse

from tests.qr import svg_codes
from tests.room import ROOM_URL, serve_room

pytestmark = pytest.mark.django_db


def test_the_table_and_team_cards_codes_decode_to_the_room_s_address(client, event, director, settings):
    serve_room(settings)
    client.force_login(director)
    html = client.get(reverse("director-cards", args=[event.pk]), HTTP_HOST="127.0.0.1:8000").content.decode()
    tables = [f"{ROOM_URL}/t/{table.token}/" for table in event.tables.order_by("number")]
    teams = [f"{ROOM_URL}/e/{event.pk}/team/{team.pk}/" for team in event.teams.order_by("number")]
    assert svg_codes(html) == tables + teams


def test_the_projector_s_code_decodes_to_the_players_page_at_the_room_s_address(client, event, settings):
    serve_room(settings)
    html = client.get(reverse("public-clock", args=[event.pk]), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert svg_codes(html) == [f"{ROOM_URL}/e/{event.pk}/"]


def test_cards_opened_at_the_room_s_address_decode_there_with_site_url_left_at_loopback(client, event, director,
                                                                                      settings):
    settings.SITE_URL = "http://127.0.0.1:8000"  # the demo's default, loopback
    settings.ALLOWED_HOSTS = ["192.0.2.10", "testserver"]
    client.force_login(director)
    html = client.get(reverse("director-cards", args=[event.pk]), HTTP_HOST="192.0.2.10:8000").content.decode()
    table = event.tables.get(number=1)
    assert svg_codes(html)[0] == f"{ROOM_URL}/t/{table.token}/"
    last = event.teams.order_by("number").last()
    assert svg_codes(html)[-1] == f"{ROOM_URL}/e/{event.pk}/team/{last.pk}/"
