"""The room map in headless Chromium: on a phone and a laptop it stays within the page (a wide map
scrolls inside its own box) with no axe-core violation; printed, the whole map fits an A4 landscape
page; and the projector shows it between games (waiting for the go-ahead, time up), not during play."""

import re

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_accessibility import axe_violations
from tests.factories import make_director, make_event
from tournament.clock import services as clock_services
from tournament.core import services

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

PAGE_OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture
def room(live_server):
    """20 teams at 10 tables, in rows of 5 snaking, game 1 seated and its seating published."""
    return make_event(make_director(), teams=20, seating_published=True, room_tables_per_row=5,
                      room_order="snake", name="Seniors' Games canasta")


@pytest.mark.parametrize("width", [360, 1366])
def test_the_map_stays_within_the_page_with_no_axe_violation(browser, live_server, room, width):
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": width, "height": 900 if width > 400 else 800})
    page.goto(f"{live_server.url}/e/{room.pk}/room/")
    expect(page.locator(".room-table")).to_have_count(10)
    expect(page.locator('[data-table="10"] .room-move')).to_have_text("↑ E-W to table 1")   # snaking: 10 stands under 1
    screenshot(page, f"room-map-{width}.png")

    assert page.evaluate(PAGE_OVERFLOW) <= 0
    box = page.locator(".room-box")
    fits = box.evaluate("box => box.scrollWidth <= box.clientWidth")
    assert fits == (width > 1000)   # the phone scrolls the map inside its box, the laptop shows it whole
    violations = axe_violations(page)
    assert violations == [], "\n".join(violations)


def test_printed_the_whole_map_fits_an_a4_landscape_page_in_black_on_white(browser, live_server, room):
    page = browser.new_page(viewport={"width": 1123, "height": 794})   # A4 landscape at 96 dpi
    page.goto(f"{live_server.url}/e/{room.pk}/room/")
    page.emulate_media(media="print")
    assert page.locator(".room-box").evaluate("box => box.scrollWidth <= box.clientWidth")
    assert page.locator("[data-print]").is_hidden()
    colours = page.locator('[data-table="1"]').evaluate(
        "el => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]")
    assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]


def test_the_projector_shows_the_map_between_games_and_only_then(browser, live_server, room, monkeypatch):
    from playwright.sync_api import expect

    monkeypatch.setattr(clock_services, "schedule_moments", lambda round_id, moments, now=None: None)
    director = room.directors.get()
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/e/{room.pk}/clock/")

    # Game 1 seated, waiting for the go-ahead: where to sit.
    page.wait_for_selector(".clock-room .room-table", timeout=10_000)
    assert page.locator(".clock-room").is_visible()
    assert page.locator(".clock-room h1").text_content().endswith("game 1")
    assert page.evaluate(PAGE_OVERFLOW) <= 0
    # nobody scrolls it, once the page has laid out what its first polls brought (waited for, not sampled once:
    # on a busy machine a measure taken mid-layout overflowed for a moment)
    page.wait_for_function("document.documentElement.scrollHeight <= window.innerHeight", timeout=5_000)
    screenshot(page, "room-map-projector-1920.png")
    violations = axe_violations(page)
    assert violations == [], "\n".join(violations)

    # Playing: the clock alone.
    clock_services.start_clock(room.rounds.get(), director, length_seconds=600, warning_seconds=60)
    page.evaluate("window.CanastaClock.sync()")
    page.wait_for_selector('[data-clock][data-phase="running"]', timeout=5_000)
    assert page.locator(".clock-room").is_hidden()
    assert not page.evaluate("document.body.classList.contains('room-between')")

    # Time is up: the map again, the arrows saying where East-West goes.
    clock_services.end_clock(room.rounds.get(), director)
    page.evaluate("window.CanastaClock.sync()")
    page.wait_for_selector('[data-clock][data-phase="time_up"]', timeout=5_000)
    page.wait_for_selector(".clock-room .room-table", state="visible", timeout=5_000)
    assert page.locator('.clock-room [data-table="3"] .room-move').inner_text() == "→ E-W to table\xa04"

    # The next game seated: its map, picked up without reloading the page.
    services.advance_to_next_game(room, director, force=True)
    page.evaluate("window.CanastaClock.sync()")
    page.wait_for_selector('[data-clock][data-phase="not_started"]', timeout=5_000)
    expect(page.locator(".clock-room h1")).to_have_text(re.compile("game 2$"))
    assert page.locator(".clock-room").is_visible()
    assert errors == []


def test_the_projector_shows_no_map_of_a_seating_not_published(browser, live_server):
    event = make_event(make_director(), teams=6)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/e/{event.pk}/clock/")
    page.wait_for_selector('[data-clock][data-phase="not_started"]', timeout=10_000)
    page.wait_for_timeout(500)
    assert page.locator(".clock-room").is_hidden()
    assert page.locator(".clock-room .room-table").count() == 0


def test_a_room_too_big_to_read_whole_on_the_projector_is_shown_a_few_rows_at_a_time(browser, live_server):
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=200, seating_published=True)   # 100 tables, 10 rows of 10
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/e/{event.pk}/clock/")
    note = page.locator(".clock-room .room-rows-shown")
    expect(note).to_have_text(re.compile(r"^Rows 1 to \d of 10: the next rows in a moment\.$"))
    shown = page.locator(".clock-room .room-row:visible").count()
    assert 1 <= shown < 10
    page.wait_for_function("document.documentElement.scrollHeight <= window.innerHeight", timeout=5_000)
    assert page.locator(".clock-room .room-row").first.is_visible()


def test_the_director_prints_the_room_map_from_the_seating_page_before_it_is_published(browser, live_server):
    from playwright.sync_api import expect

    from tests.browser.session import log_in

    event = make_event(make_director(), teams=8)   # the seating not published yet
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; };")
    log_in(page, live_server, f"/director/events/{event.pk}/seating/")
    page.get_by_role("link", name="Print the room map").click()
    expect(page.locator(".room-table")).to_have_count(4)
    page.wait_for_load_state("load")
    assert page.evaluate("window.printed") == 1
