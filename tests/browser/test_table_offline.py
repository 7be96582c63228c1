"""The table's page with a slow server, in headless Chromium: a server that answers after 20 s is slow,
not gone: the page says it is still sending, then shows the stored sheet."""

import re
import time

import pytest

from scoring.models import SheetVersion
from tests.factories import make_director, make_event
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def type_line(page, hand, side, base, count):
    page.fill(f"#h{hand}-{side}-base", str(base))
    page.fill(f"#h{hand}-{side}-count", str(count))


def table_game():
    event = make_event(make_director(), teams=4, name="Offline")
    return Game.objects.select_related("table").get(round__event=event, table__number=1)


def test_a_server_that_answers_after_20_s_is_still_sending_then_shows_the_stored_sheet(browser, live_server):
    from playwright.sync_api import expect

    game = table_game()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    type_line(page, 0, "ns", 2200, 325)
    type_line(page, 0, "ew", 1800, 275)

    held = []  # the server stores the sheet at once; its answer reaches the page only 20 s later

    def slow_answer(route):
        if route.request.method != "POST":
            route.continue_()
            return
        held.append((route, route.fetch(), time.monotonic()))

    page.route(re.compile(r"/sheet/\?"), slow_answer)
    page.click("#submit-sheet")
    expect(page.locator("#submit-status")).to_contain_text("Still sending", timeout=10000)
    assert SheetVersion.objects.filter(game=game).count() == 1
    route, answer, sent_at = held[0]
    page.wait_for_timeout(max(0, 20 - (time.monotonic() - sent_at)) * 1000)
    expect(page.locator("#submit-status")).to_contain_text("Still sending")  # not "No connection"
    expect(page.locator("#connection")).to_be_hidden()
    assert len(held) == 1, "a slow answer is waited for, not sent again"
    route.fulfill(response=answer)
    expect(page.locator(".confirm h2")).to_contain_text("East-West", timeout=10000)
    assert SheetVersion.objects.filter(game=game).count() == 1
    context.close()
