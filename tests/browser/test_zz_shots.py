import pytest
from tests.browser.day import build_day
from tests.browser.session import log_in
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
def test_shots(browser, live_server):
    ids = build_day()
    for w, h in ((360, 800), (1366, 900)):
        page = browser.new_page(viewport={"width": w, "height": h})
        log_in(page, live_server, f"/director/events/{ids['event']}/")
        page.screenshot(path=f"/work/notes/shots/h-dash-event-{w}.png")
        page.screenshot(path=f"/tmp/h-dash-event-{w}-full.png", full_page=True)
        page.goto(f"{live_server.url}/director/events/{ids['event']}/board/")
        page.screenshot(path=f"/tmp/h-dash-board-{w}.png", full_page=True)
        page.goto(f"{live_server.url}/director/events/{ids['event']}/teams/{ids['team']}/withdraw/")
        page.screenshot(path=f"/tmp/h-dash-withdraw-{w}.png", full_page=True)
        page.goto(f"{live_server.url}/director/events/{ids['event']}/advance/missing/")
        page.screenshot(path=f"/tmp/h-dash-advance-{w}.png", full_page=True)
