"""The seating on the director's dashboard before the go-ahead, on a phone: each table reads as its number
and its two pairs, the draw one tap away. Opened, the draw's sentence and its change form stay within
the page and axe finds nothing; the fold is reached and opened from the keyboard."""

import pytest

from tests.browser.session import log_in
from tests.browser.test_accessibility import axe_violations
from tests.factories import make_director, make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


def test_the_draw_is_one_tap_away_and_fits_a_phone_open(browser, live_server):
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=6, name="Draw day")
    page = browser.new_page(viewport={"width": 360, "height": 800})
    log_in(page, live_server, f"/director/events/{event.pk}/")
    seating = page.locator("#seating")
    expect(seating.locator(".draw-summary").first).to_be_hidden()
    expect(seating).not_to_contain_text("drew the", use_inner_text=True)

    first = seating.get_by_text("Drawn at table 1")
    first.focus()
    page.keyboard.press("Enter")
    expect(seating.locator(".draw-summary").first).to_be_visible()
    expect(seating.locator(".draw-summary").first).to_contain_text("drew the")
    for table in (2, 3):
        seating.get_by_text(f"Drawn at table {table}").click()
    expect(seating.locator("details.draw[open]")).to_have_count(3)
    expect(seating.get_by_role("button", name="Change the draw")).to_have_count(3)
    assert page.evaluate(OVERFLOW) <= 0
    violations = axe_violations(page)
    assert violations == [], "\n".join(violations)
