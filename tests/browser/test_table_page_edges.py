"""The table page at its edges, in one headless Chromium session: team names longer than a sheet's
labels, removing a hand that has numbers, a double tap on Submit, a reload in the middle of a
correction, and the screens where only the director may act (a dispute, too many wrong team codes)."""

import re

import pytest

from scoring import services
from scoring.models import MAX_WRONG_CODES, SheetVersion
from tests.browser.conftest import ARTIFACTS
from tests.factories import make_director, make_event
from tests.scoring.sheets import sheet
from tournament.core.models import Game, Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def type_line(page, hand, side, base, count):
    page.fill(f"#h{hand}-{side}-base", str(base))
    page.fill(f"#h{hand}-{side}-count", str(count))


def test_the_table_page_at_its_edges(browser, live_server):
    from playwright.sync_api import expect

    director = make_director()
    event = make_event(director, teams=4, name="Edges")
    game = Game.objects.select_related("table", "ns_team", "ew_team").get(round__event=event, table__number=1)
    # Two players with 100-character names: the team's name has 203 characters, the sheet allows 200.
    Team.objects.filter(pk__in=[game.ns_team_id, game.ew_team_id]).update(player1="A" * 100, player2="B" * 100)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    type_line(page, 0, "ns", 2200, 325)
    type_line(page, 0, "ew", 1800, 275)

    # Removing a hand with numbers asks first (dismissed: kept); an empty one goes at once.
    page.click("#add-hand")
    page.fill("#h1-ns-base", "1500")
    page.click("#remove-hand")
    assert dialogs == ["Remove hand 2? The numbers typed in it will be lost."]
    expect(page.locator("#h1-ns-base")).to_have_value("1500")
    page.fill("#h1-ns-base", "")
    page.click("#remove-hand")
    expect(page.locator("#h1-ns-base")).to_have_count(0)
    assert len(dialogs) == 1

    # A double tap on Submit sends one submission key and stores one version (and the long names do not
    # make the sheet malformed).
    keys = []

    def note_key(route):
        if route.request.method == "POST":
            keys.append(route.request.headers.get("idempotency-key"))
        route.continue_()

    submission = re.compile(r"/sheet/(\?|$)")  # the sheet's address, with the game it names
    page.route(submission, note_key)
    page.click("#submit-sheet")  # one hand, before the go-ahead: the page asks first; the double tap is on its answer
    page.evaluate("() => { const b = document.getElementById('send-anyway'); b.click(); b.click(); }")
    expect(page.locator(".confirm h2")).to_contain_text("East-West", timeout=10000)
    page.unroute(submission)
    assert len(keys) >= 1 and len(set(keys)) == 1, keys
    versions = list(SheetVersion.objects.filter(game=game))
    assert len(versions) == 1 and len(versions[0].document["teams"]["ns"]) == 200

    # The scorekeeper corrects the sheet; a reload keeps the correction, not the submitted sheet.
    page.click("#correct-sheet")
    page.fill("#h0-ew-count", "280")
    page.wait_for_timeout(100)
    page.reload()
    expect(page.locator("#h0-ew-count")).to_have_value("280")
    page.click("#submit-sheet")
    page.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
    expect(page.locator(".confirm")).to_contain_text("2,080", timeout=10000)
    assert SheetVersion.objects.filter(game=game).count() == 2

    # Disputed: the director has been called, and the scorekeeper is not offered a correction.
    page.click("summary:has-text('We do not agree')")
    page.fill("#dispute-reason", "Count was 275")
    page.click("#dispute-sheet")
    expect(page.locator("#waiting h2")).to_have_text("The director has been called")
    expect(page.locator("#correct-sheet")).to_have_count(0)
    page.reload()
    expect(page.locator("#waiting h2")).to_have_text("The director has been called")
    expect(page.locator("#correct-sheet")).to_have_count(0)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table-disputed.png"), full_page=True)

    # Too many wrong team codes at another table: its page says so and offers nothing to tap.
    other = Game.objects.select_related("round__event", "table").get(round__event=event, table__number=2)
    services.submit_sheet(other, sheet(), "k")
    SheetVersion.objects.filter(game=other).update(wrong_codes=MAX_WRONG_CODES)
    page.goto(f"{live_server.url}/t/{other.table.token}/")
    expect(page.locator("#waiting h2")).to_have_text("Too many wrong team codes")
    expect(page.locator("#accept-sheet, #correct-sheet")).to_have_count(0)
    page.close()

