"""The practice score sheet on the check page, on a phone: the tables' form with the rules' messages while
typing, live totals and the Base calculator, but no Submit button, and nothing reaches the server's
tables or database."""

import pytest
from django.core.cache import cache

from scoring.models import SheetDraft, SheetVersion
from tests.browser.conftest import ARTIFACTS
from tests.scoring.api.test_practice import throttle_key

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_practice_sheet_on_a_phone(browser, live_server):
    from playwright.sync_api import expect

    cache.delete(throttle_key("127.0.0.1"))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    api_calls = []
    page.on("request", lambda request: api_calls.append(request.url) if "/api/" in request.url else None)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
    page.goto(f"{live_server.url}/check/")

    expect(page.locator("#practice .practice-note")).to_have_text("Practice: nothing is sent to the director.")
    expect(page.locator("#sheet-app h3").first).to_have_text("We · North-South")
    expect(page.locator("#paste textarea#sheet")).to_be_visible()

    # Hand 1 with a mistake in North-South's count: the rules' message appears beside it.
    page.fill("#h0-ns-base", "2200")
    page.fill("#h0-ns-count", "283")
    page.fill("#h0-ew-base", "1800")
    page.fill("#h0-ew-count", "275")
    expect(page.locator("#msg-0-ns")).to_contain_text(
        "Hand 1, We: a count of 283 is impossible; every card is worth a multiple of 5.", timeout=10000)
    expect(page.locator("#h0-ns-count")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#practice-verdict")).to_contain_text("1 mistake")

    # Fixed: the message goes, the running total shows 2,525.
    page.fill("#h0-ns-count", "325")
    expect(page.locator("#msg-0-ns")).to_be_empty(timeout=10000)
    expect(page.locator("#h0-ns-count")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#cum-0-ns")).to_have_text("2,525")
    expect(page.locator("#final-ns")).to_have_text("2,525")
    expect(page.locator("#practice-verdict")).to_have_text("The rules find no mistakes in hand 1.", timeout=10000)

    # The details panel fills Base from the calculator: from the last details chosen, even when the
    # answers to the earlier choices come back after it (held here and released last first).
    held = []
    page.route("**/api/v1/check/base/", lambda route: held.append(route))
    page.click("#add-hand")
    page.click("#sheet-app [data-hand='1'] .team-ns summary")
    page.select_option("#h1-ns-d-red_threes", "3")
    page.select_option("#h1-ns-d-black_threes", "2")
    page.select_option("#h1-ns-d-pure_canastas", "2")
    page.select_option("#h1-ns-d-mixed_canastas", "1")
    page.check("#h1-ns-d-went_out")
    for _ in range(50):
        if len(held) == 5:
            break
        page.wait_for_timeout(100)
    assert len(held) == 5
    held[-1].continue_()
    expect(page.locator("#h1-ns-base")).to_have_value("2200", timeout=10000)
    for route in reversed(held[:-1]):
        route.continue_()
    page.wait_for_timeout(500)
    page.unroute("**/api/v1/check/base/")
    expect(page.locator("#h1-ns-base")).to_have_value("2200")
    expect(page.locator("#sheet-app [data-hand='1'] .team-ns .details-note")).to_have_text(
        "Base from these details: 2,200.")

    # No way to submit anything.
    expect(page.locator("#submit-sheet")).to_have_count(0)
    expect(page.get_by_role("button", name="Submit")).to_have_count(0)
    page.screenshot(path=str(ARTIFACTS / "practice-sheet.png"), full_page=True)

    # A reload keeps the practice sheet; "Start again" clears it (after asking).
    page.reload()
    expect(page.locator("#h0-ns-count")).to_have_value("325")
    page.click("#start-again")
    assert dialogs == ["Start again with an empty sheet? What you typed here is cleared."]
    expect(page.locator("#h0-ns-base")).to_have_value("")
    expect(page.locator("#h1-ns-base")).to_have_count(0)
    page.reload()
    expect(page.locator("#h0-ns-count")).to_have_value("")

    assert api_calls and all("/api/v1/check/" in url for url in api_calls), api_calls
    assert not SheetDraft.objects.exists() and not SheetVersion.objects.exists()
    context.close()
