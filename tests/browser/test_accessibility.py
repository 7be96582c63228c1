"""axe-core finds nothing against WCAG 2 A and AA on a page showing a notice, the API docs page, the front
door, and the pages that show QR codes (the projector and the cards).

axe-core's script comes from the pinned axe-playwright-python package and is run through Playwright's
evaluate, which the page's Content-Security-Policy does not govern; the browser fixture still fails a test
whose pages logged a refusal of their own.
"""

import pytest

from tests.browser.session import log_in
from tests.factories import make_director, make_event
from tournament.core.models import Team

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

WCAG_2_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
               "resultTypes": ["violations"]}


def axe_violations(page) -> list[str]:
    """Each violation as its rule's id and the elements it was found on."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options=WCAG_2_A_AA)
    return [f"{violation['id']} ({violation['impact']}): "
            + "; ".join(" ".join(node["target"]) for node in violation["nodes"])
            for violation in results.response["violations"]]


def test_a_page_showing_a_notice_has_no_axe_violation(browser, live_server):
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=4)
    team = Team.objects.get(event=event, number=1)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    log_in(page, live_server, f"/director/events/{event.pk}/")
    page.get_by_role("link", name=f"Withdraw {team.name}").click()
    page.get_by_role("button", name=f"Yes, withdraw {team.name}").click()
    expect(page.get_by_role("status")).to_have_text(
        f"{team.name} has withdrawn; their seat is empty in every game not started yet, and the games they "
        "played keep their results.")

    violations = axe_violations(page)

    assert violations == [], "\n".join(violations)


def test_the_api_docs_page_has_no_axe_violation(browser, live_server):
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/api/docs/")
    expect(page.get_by_text("Canasta TD API").first).to_be_visible()
    page.wait_for_load_state("networkidle")

    violations = axe_violations(page)

    assert violations == [], "\n".join(violations)


def test_the_api_docs_page_has_no_axe_violation_once_opened_and_tried(browser, live_server):
    """Operations open (a body with examples, parameters with lists of values), a request tried and sent,
    every schema open, the authorization dialog: Swagger UI draws each of them only when asked."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/api/docs/")
    sheet = page.locator("#operations-v1-v1_tables_sheet_create")
    standings = page.locator("#operations-v1-v1_events_standings_retrieve")
    for operation in [sheet, standings]:
        operation.locator(".opblock-summary-control").click()
    sheet.get_by_role("button", name="Try it out").click()
    expect(sheet.get_by_role("textbox", name="Request body")).to_be_visible()
    standings.get_by_role("button", name="Try it out").click()
    standings.get_by_placeholder("event_id").fill("1")
    standings.get_by_role("button", name="Execute").click()
    expect(standings.locator(".live-responses-table")).to_contain_text("404")
    for schema in page.locator(".models .model-box-control").all():
        schema.click()
    page.get_by_role("button", name="Authorize").click()
    expect(page.locator(".modal-ux .close-modal")).to_have_accessible_name("Close")

    violations = axe_violations(page)

    assert violations == [], "\n".join(violations)


def test_the_front_door_has_no_axe_violation_with_an_event_and_a_wrong_code(browser, live_server):
    """A player's first page, on a phone, after typing a code that names no table: the events of the day,
    their buttons, and the box with its message."""
    from django.utils import timezone
    from playwright.sync_api import expect

    make_event(make_director(), teams=4, date=timezone.localdate(), name="Club night", venue="Rosario")
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(f"{live_server.url}/")
    page.get_by_label("The table's code").fill("zzz zzz")
    page.get_by_role("button", name="Open the score sheet").click()
    expect(page.locator("#table-code-problem")).to_contain_text("No table of today's events has the code ZZZ-ZZZ.")
    expect(page.get_by_role("link", name="Club night")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    violations = axe_violations(page)

    assert violations == [], "\n".join(violations)


def test_the_projector_with_the_players_code_has_no_axe_violation(browser, live_server):
    event = make_event(make_director(), teams=4)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/e/{event.pk}/clock/")
    page.wait_for_selector('[data-clock][data-phase="not_started"]', timeout=10_000)
    assert page.locator(".clock-follow svg title").count() == 1

    violations = axe_violations(page)

    assert violations == [], "\n".join(violations)


def test_the_cards_page_with_its_codes_has_no_axe_violation(browser, live_server):
    event = make_event(make_director(), teams=4)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    log_in(page, live_server, f"/director/events/{event.pk}/cards/")
    assert page.locator(".print-card svg title").count() == 2 + 4

    violations = axe_violations(page)

    assert violations == [], "\n".join(violations)
