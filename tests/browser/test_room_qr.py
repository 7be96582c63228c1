"""Served to a room, the QR codes as Chromium draws them decode to the room's address.

The room is configured as `python3 dev.py run --lan 192.0.2.10` configures it (tests/room.py); the browser
talks to the live server on loopback only, and each code is photographed by a screenshot of its element
and read by a QR decoder (tests/qr.py), as a phone's camera would read the printed card or the projector.
"""

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.session import log_in
from tests.factories import make_director, make_event
from tests.qr import decode_png
from tests.room import ROOM_URL, serve_room

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def test_the_printed_table_and_team_cards_scan_to_the_room_s_address(browser, live_server, settings):
    serve_room(settings)
    event = make_event(make_director(), teams=4)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    log_in(page, live_server, f"/director/events/{event.pk}/cards/")
    page.emulate_media(media="print")
    codes = page.locator(".print-card svg")
    scanned = [decode_png(codes.nth(i).screenshot()) for i in range(codes.count())]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "cards-room-address.png"), full_page=True)
    tables = [f"{ROOM_URL}/t/{table.token}/" for table in event.tables.order_by("number")]
    teams = [f"{ROOM_URL}/e/{event.pk}/team/{team.pk}/" for team in event.teams.order_by("number")]
    assert scanned == tables + teams


def test_the_projector_s_code_scans_to_the_players_page_at_the_room_s_address(browser, live_server, settings):
    serve_room(settings)
    event = make_event(make_director(), teams=4)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/e/{event.pk}/clock/")
    code = page.locator(".clock-follow svg")
    assert code.is_visible() and not _overlaps(code.bounding_box(), page.locator("[data-clock-digits]").bounding_box())
    assert decode_png(code.screenshot()) == f"{ROOM_URL}/e/{event.pk}/"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "projector-room-address.png"))


def _overlaps(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])
