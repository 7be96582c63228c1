"""Every kind of page works under the Content-Security-Policy, and none logs a refusal (the browser fixture
fails a test whose pages logged any). The questions and print buttons that were inline handlers still
work from static/js/page_actions.js."""

import pytest

from tests.browser.session import log_in
from tests.factories import make_director, make_event
from tournament.core.models import Game, Team

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def test_the_table_page_works_under_the_policy(browser, live_server):
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=4)
    game = Game.objects.select_related("table").get(round__event=event, table__number=1)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    response = page.goto(f"{live_server.url}/t/{game.table.token}/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.fill("#h0-ns-base", "2200")
    page.fill("#h0-ns-count", "325")
    page.click("#add-hand")
    expect(page.locator("#h1-ns-base")).to_be_visible()
    page.click("#sheet-app [data-hand='0'] .team-ns summary")
    expect(page.locator("#sheet-app [data-hand='0'] .team-ns .details-grid")).to_be_visible()
    assert browser.csp_violations == []


def test_the_event_page_asks_before_a_withdrawal_under_the_policy(browser, live_server):
    """The question is a page of its own (no script): going back from it sends nothing, its button does."""
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=4)
    team = Team.objects.get(event=event, number=1)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    log_in(page, live_server, f"/director/events/{event.pk}/")
    page.get_by_role("link", name=f"Withdraw {team.name}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Withdraw {team.name}?")
    page.get_by_role("link", name="No, keep them playing").click()
    team.refresh_from_db()
    assert team.is_active, "going back sends nothing"

    page.get_by_role("link", name=f"Withdraw {team.name}").click()
    page.get_by_role("button", name=f"Yes, withdraw {team.name}").click()
    expect(page.get_by_role("link", name=f"Withdraw {team.name}")).to_have_count(0)
    team.refresh_from_db()
    assert not team.is_active
    assert browser.csp_violations == []


def test_the_print_buttons_print_under_the_policy(browser, live_server):
    event = make_event(make_director(), teams=4)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; };")
    log_in(page, live_server, f"/director/events/{event.pk}/cards/")
    page.locator("[data-print]").click()
    page.goto(f"{live_server.url}/director/events/{event.pk}/seating/")
    page.locator("[data-print]").click()
    assert page.evaluate("window.printed") == 1
    assert browser.csp_violations == []


def test_the_director_and_public_pages_load_without_a_refusal(browser, live_server):
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=4)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    log_in(page, live_server, f"/director/events/{event.pk}/board/")
    for path in [f"/director/events/{event.pk}/", f"/director/events/{event.pk}/board/",
                 f"/director/events/{event.pk}/bracket/", f"/e/{event.pk}/", f"/e/{event.pk}/seating/",
                 f"/e/{event.pk}/standings/", f"/e/{event.pk}/clock/", f"/e/{event.pk}/bracket/", "/check/",
                 "/admin/"]:
        response = page.goto(f"{live_server.url}{path}")
        assert response.status == 200, path
        page.wait_for_load_state("networkidle")
    page.goto(f"{live_server.url}/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Canasta TD API")
    assert browser.csp_violations == []
