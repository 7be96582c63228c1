"""The public seating page picks up the next game by itself and keeps the name a player typed."""

import pytest

from tests.factories import make_director, make_event
from tournament.core import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_next_game_appears_in_place_and_the_filter_stays(browser, live_server):
    from playwright.sync_api import expect

    director = make_director()
    event = make_event(director, teams=6, seating_published=True)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/e/{event.pk}/seating/")
    expect(page.locator("h1")).to_contain_text("game 1")
    page.fill("#find", "ann 2 ")
    expect(page.locator("#seating li:visible")).to_have_count(1)
    page.evaluate("window.notReloaded = true")

    services.advance_to_next_game(event, director, force=True)
    page.wait_for_function("typeof window.canastaSeatingRefresh === 'function'")  # the page's scripts have run
    page.evaluate("window.canastaSeatingRefresh()")

    expect(page.locator("h1")).to_contain_text("game 2")
    expect(page.locator("#seating li:visible")).to_have_count(1)
    assert page.input_value("#find") == "ann 2 "
    assert page.evaluate("window.notReloaded === true")
