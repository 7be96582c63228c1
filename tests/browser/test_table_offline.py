"""The table's page without a connection, and with a slow server, in headless Chromium.

Once opened at the table, the page opens again offline (the tables' service worker gives back the page and
its files, never an API answer): it says it is offline, keeps the typing, and sends the sheet once the
connection is back, stored once. A server that answers after 20 s is slow, not gone: the page says it is
still sending, then shows the stored sheet."""

import re
import time

import pytest

from scoring.models import SheetDraft, SheetVersion
from tests.factories import make_director, make_event
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEPT = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) { urls.push(new URL(request.url).pathname); }
  }
  return urls;
}"""


def type_line(page, hand, side, base, count):
    page.fill(f"#h{hand}-{side}-base", str(base))
    page.fill(f"#h{hand}-{side}-count", str(count))


def table_game():
    event = make_event(make_director(), teams=4, name="Offline")
    return Game.objects.select_related("table").get(round__event=event, table__number=1)


def test_the_table_page_opens_offline_after_a_first_visit_and_sends_the_sheet_once_back(browser, live_server):
    from playwright.sync_api import expect

    game = table_game()
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")
    page = context.new_page()
    url = f"{live_server.url}/t/{game.table.token}/"
    page.goto(url)
    expect(page.locator("body[data-offline=ready]")).to_have_count(1, timeout=10000)
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    kept = page.evaluate(KEPT)
    assert f"/t/{game.table.token}/" in kept and "/static/js/table/main.js" in kept
    assert "/static/js/table/offline.js" in kept and "/static/css/table.css" in kept

    context.set_offline(True)
    page.reload()
    # The worker's copy, which says so (the network's page would have found no connection, not this).
    expect(page.locator("#connection")).to_contain_text("Offline: your typing is kept", timeout=10000)
    expect(page.locator("#connection")).to_have_class(re.compile("offline"))
    type_line(page, 0, "ns", 2200, 325)
    type_line(page, 0, "ew", 1800, 275)
    page.reload()  # still offline: the page opens again, with what was typed
    expect(page.locator("#h0-ew-count")).to_have_value("275", timeout=10000)
    page.click("#submit-sheet")
    page.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
    expect(page.locator("#submit-status")).to_contain_text("No connection")
    assert SheetVersion.objects.filter(game=game).count() == 0

    context.set_offline(False)
    expect(page.locator(".confirm h2")).to_contain_text("East-West", timeout=20000)
    versions = list(SheetVersion.objects.filter(game=game))
    assert len(versions) == 1 and versions[0].document["hands"][0]["ew"]["count"] == 275
    assert not [path for path in page.evaluate(KEPT) if path.startswith("/api/")], "API answers are never kept"
    context.close()


def test_a_page_from_the_kept_copy_reloads_for_fresh_state_once_the_server_is_reached(browser, live_server):
    from playwright.sync_api import expect

    game = table_game()
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator("body[data-offline=ready]")).to_have_count(1, timeout=10000)
    context.set_offline(True)
    page.reload()
    expect(page.locator("#connection")).to_contain_text("Offline: your typing is kept", timeout=10000)
    type_line(page, 0, "ns", 2200, 325)
    page.evaluate("() => { window.keptCopy = true; }")

    context.set_offline(False)
    # Reloaded from the server (the kept copy's state may be old), with the typing, which reaches the draft.
    page.wait_for_function("() => window.keptCopy === undefined", timeout=20000)
    expect(page.locator("#h0-ns-count")).to_have_value("325", timeout=10000)
    expect(page.locator("#connection")).not_to_contain_text("Offline")
    deadline = time.monotonic() + 10
    while not SheetDraft.objects.filter(game=game, data__hands__0__ns__count="325").exists():
        assert time.monotonic() < deadline, "the typing never reached the server's draft"
        time.sleep(0.2)
    context.close()


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
    page.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
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


def test_over_plain_http_at_a_venue_the_page_works_as_before_without_a_worker(browser, live_server):
    """http://venue.test is not a secure context (localhost is): no service worker, quietly."""
    from playwright.sync_api import expect

    game = table_game()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.route(re.compile(r"^http://venue\.test/"), lambda route: route.fulfill(
        response=route.fetch(url=route.request.url.replace("http://venue.test", live_server.url))))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"http://venue.test/t/{game.table.token}/")
    assert page.evaluate("() => window.isSecureContext") is False
    # Nothing could give the page back after a reload without a connection: a pull does not reload it.
    assert page.evaluate("() => getComputedStyle(document.documentElement).overscrollBehaviorY") == "contain"
    type_line(page, 0, "ns", 2200, 325)
    type_line(page, 0, "ew", 1800, 275)
    page.click("#submit-sheet")
    page.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
    expect(page.locator(".confirm h2")).to_contain_text("East-West", timeout=10000)
    assert SheetVersion.objects.filter(game=game).count() == 1
    assert page.evaluate("() => document.body.dataset.offline") is None and errors == []
    context.close()


def test_an_accept_answered_after_20_s_is_still_sending_then_shows_the_final_result(browser, live_server):
    """The opponents' answer, like the sheet: a slow server is not a lost connection, and the tap is not
    to be made again."""
    from playwright.sync_api import expect

    from scoring import services
    from tests.scoring.sheets import sheet

    game = table_game()
    services.submit_sheet(game, sheet(), "slow-accept")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    held = []

    def slow_answer(route):
        held.append((route, route.fetch(), time.monotonic()))

    page.route(re.compile(r"/accept/\?"), slow_answer)
    reads = []  # the page's own readings of the sheet wait until the note has been seen
    page.route(re.compile(r"/sheet/\?"), lambda route: reads.append(route))
    page.fill("#team-code", game.ew_team.code)
    page.click("#accept-sheet")
    expect(page.get_by_text("Still sending… the server is slow to answer.")).to_be_visible(timeout=10000)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINAL
    page.unroute(re.compile(r"/sheet/\?"))
    for read in reads:
        read.continue_()
    # While the answer is held, the page's own reading of the sheet finds the result final and shows it.
    final = page.get_by_role("heading", name="Accepted: the result is final")
    expect(final).to_be_visible(timeout=20000)
    route, answer, sent_at = held[0]
    page.wait_for_timeout(max(0, 20 - (time.monotonic() - sent_at)) * 1000)
    expect(page.get_by_text("No connection")).to_have_count(0)
    route.fulfill(response=answer)
    page.wait_for_timeout(500)
    expect(final).to_be_visible()
    assert len(held) == 1, "the tap is waited for, not sent again"
    context.close()
