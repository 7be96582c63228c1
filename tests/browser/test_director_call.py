"""A scorekeeper presses "Call the director" on the table's page; the director's board, open on another
device, shows the call within its polling interval without a reload, beeps, and clears it; the table's
page then offers the button again."""

import pytest

from scoring.models import DirectorCall
from tests.browser.session import log_in
from tests.factories import make_director, make_event
from tournament.core.models import DirectorAction

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BOARD_POLL_MS = 10_000


def test_the_call_button_reaches_the_board_which_beeps_and_clears_it(browser, live_server):
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=8)
    table = event.tables.get(number=3)

    board = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(board, live_server, f"/director/events/{event.pk}/board/")
    board.evaluate("window.notReloaded = true")
    board.locator("h1, h2, p").first.click()   # the director has touched the page: sound is allowed
    assert board.locator("[data-call-id]").count() == 0

    phone = browser.new_page(viewport={"width": 360, "height": 800})
    phone.goto(f"{live_server.url}/t/{table.token}/")
    phone.get_by_role("button", name="Call the director").click()
    expect(phone.get_by_text("The director is called — stay at the table")).to_be_visible()
    phone.get_by_role("button", name="A ruling").click()
    expect(phone.get_by_role("button", name="A ruling")).to_have_attribute("aria-pressed", "true")
    expect(phone.get_by_role("button", name="Call the director")).to_be_hidden()
    assert DirectorCall.objects.get(table=table).reason == "ruling"

    # The board's own polling brings it, within its interval (and a little time to fetch).
    banner = board.locator("#director-calls")
    expect(banner).to_contain_text("Table 3: A ruling", timeout=BOARD_POLL_MS + 5000)
    assert board.evaluate("window.canastaCallBeeps") == 1
    assert board.evaluate("window.canastaChime.played") == 1, "the touched board makes the sound"
    assert board.evaluate("window.notReloaded === true"), "the board must update in place, not reload"

    board.get_by_role("button", name="I have seen table 3: clear the call").click()
    expect(board.locator("[data-call-id]")).to_have_count(0)
    assert DirectorAction.objects.filter(event=event, action="clear_call").count() == 1

    phone.reload()
    expect(phone.get_by_role("button", name="Call the director")).to_be_visible()
    expect(phone.get_by_text("The director is called — stay at the table")).to_be_hidden()


def test_the_table_takes_its_call_back_and_a_second_press_is_the_same_call(browser, live_server):
    from playwright.sync_api import expect

    director = make_director()
    event = make_event(director, teams=8)
    table = event.tables.get(number=1)
    first = browser.new_page(viewport={"width": 360, "height": 800})
    second = browser.new_page(viewport={"width": 360, "height": 800})
    first.goto(f"{live_server.url}/t/{table.token}/")
    second.goto(f"{live_server.url}/t/{table.token}/")
    first.get_by_role("button", name="Call the director").click()
    second.get_by_role("button", name="Call the director").click()
    for page in (first, second):
        expect(page.get_by_text("The director is called — stay at the table")).to_be_visible()
    assert DirectorCall.objects.filter(table=table).count() == 1

    first.get_by_role("button", name="We no longer need the director").click()
    expect(first.get_by_role("button", name="Call the director")).to_be_visible()
    assert not DirectorCall.objects.get(table=table).is_open
