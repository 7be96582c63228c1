"""The director's board keeps itself current in place: no reload, so the clock's chime stays allowed."""

import uuid

import pytest

from scoring import services
from tests.factories import make_director, make_event
from tests.scoring.sheets import sheet
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_board_updates_without_reloading(browser, live_server):
    from playwright.sync_api import expect

    director = make_director()
    event = make_event(director, teams=4)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/accounts/login/?next=/director/events/{event.pk}/board/")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", "director-pass-1")
    page.locator("form button[type=submit]").first.click()
    counts = page.locator(".board-counts .state-submitted strong")
    expect(counts).to_have_text("0")
    page.evaluate("window.notReloaded = true")

    game = Game.objects.get(round__event=event, table__number=1)
    services.submit_sheet(game, sheet(), str(uuid.uuid4()))
    page.wait_for_function("typeof window.canastaBoardRefresh === 'function'")  # the page's scripts have run
    page.evaluate("window.canastaBoardRefresh()")

    expect(counts).to_have_text("1")
    assert page.evaluate("window.notReloaded === true"), "the board must update in place, not reload"
    assert page.locator("meta[http-equiv=refresh]").count() == 0
