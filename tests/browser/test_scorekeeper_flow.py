"""A scorekeeper's game in headless Chromium, on a laptop and on a phone: open the table link, type a
three-hand sheet with a mistake, read the message beside the field, fix it, lose the connection while
submitting, hand the device to East-West who accept with their team code, and see the public standings."""


import pytest

from scoring.models import SheetVersion
from tests.browser.conftest import ARTIFACTS as BROWSER_ARTIFACTS
from tests.factories import make_director, make_event
from tournament.clock import services as clock_services
from tournament.core import services as tournament_services
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = BROWSER_ARTIFACTS / "scorekeeper"
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def type_line(page, hand, side, base, count):
    page.fill(f"#h{hand}-{side}-base", str(base))
    page.fill(f"#h{hand}-{side}-count", str(count))


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_scorekeeper_enters_fixes_submits_and_opponents_accept(browser, live_server, device):
    from playwright.sync_api import expect

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = lambda page, name: page.screenshot(path=str(ARTIFACTS / f"{device}-{name}.png"), full_page=True)  # noqa: E731
    director = make_director()
    event = make_event(director, teams=8, require_opponent_code=True, name="Seniors' Games canasta")
    tournament_services.publish(event, director, "standings", True)
    game = Game.objects.select_related("round", "table", "ns_team", "ew_team").get(round__event=event, table__number=1)
    clock_services.start_clock(game.round, director)  # the go-ahead: a whole sheet is sent without a question

    context = browser.new_context(viewport=VIEWPORTS[device], is_mobile=device == "phone",
                                   has_touch=device == "phone")
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator("h1")).to_contain_text("Table 1")
    expect(page.locator(".seats")).to_contain_text(game.ns_team.name)
    assert page.get_attribute("#h0-ns-base", "inputmode") == "numeric"

    # Hand 1, totals while typing; then a reload keeps what was typed.
    type_line(page, 0, "ns", 2200, 325)
    type_line(page, 0, "ew", 1800, 275)
    expect(page.locator("#total-0-ns")).to_have_text("2,525")
    expect(page.locator("#final-ew")).to_have_text("2,075")
    page.reload()
    expect(page.locator("#h0-ew-count")).to_have_value("275")

    # Hand 2 with a mistake: the rules' message appears beside East-West's count while typing.
    page.click("#add-hand")
    type_line(page, 1, "ns", 1500, 250)
    type_line(page, 1, "ew", 900, 283)
    # In the page's words (We, They), from the same rules messages the API gives with the sides' names.
    expect(page.locator("#msg-1-ew")).to_contain_text(
        "Hand 2, They: a count of 283 is impossible; every card is worth a multiple of 5.", timeout=10000)
    expect(page.locator("#h1-ew-count")).to_have_attribute("aria-invalid", "true")
    shot(page, "1-mistake")
    page.fill("#h1-ew-count", "130")
    expect(page.locator("#msg-1-ew")).to_be_empty(timeout=10000)

    # Hand 3: a negative count with the ± button, as on a phone keypad without a minus key.
    page.click("#add-hand")
    type_line(page, 2, "ns", 2900, 410)
    page.fill("#h2-ew-base", "1100")
    page.fill("#h2-ew-count", "60")
    page.locator("#h2-ew-count").locator("xpath=..").locator("button.sign").click()
    expect(page.locator("#h2-ew-count")).to_have_value("-60")
    expect(page.locator("#final-ns")).to_have_text("7,585")
    expect(page.locator("#final-ew")).to_have_text("4,145")
    shot(page, "2-sheet")

    # Submit with the connection down: kept on the device, sent once it is back.
    context.set_offline(True)
    page.click("#submit-sheet")
    expect(page.locator("#submit-status")).to_contain_text("No connection")
    assert SheetVersion.objects.count() == 0
    context.set_offline(False)
    expect(page.locator(".confirm h2")).to_contain_text("East-West", timeout=15000)
    assert SheetVersion.objects.filter(game=game).count() == 1
    # East-West hold the device: the columns are the teams' names, not "We" and "They".
    heads = page.locator(".confirm thead th")
    expect(heads.nth(1)).to_contain_text(game.ns_team.name)
    expect(heads.nth(1)).to_contain_text("North-South")
    expect(heads.nth(2)).to_contain_text(game.ew_team.name)
    expect(heads.nth(2)).to_contain_text("East-West")
    expect(page.locator(".confirm thead")).not_to_contain_text("We ·")
    expect(page.locator(".confirm thead")).not_to_contain_text("They")
    shot(page, "3-opponents")

    # East-West accept with their team code (North's code is refused).
    page.fill("#team-code", game.ns_team.code)
    page.click("#accept-sheet")
    expect(page.locator("#decision-status")).to_contain_text("team code")
    page.fill("#team-code", game.ew_team.code)
    page.click("#accept-sheet")
    expect(page.locator("#final h2")).to_contain_text("Accepted")
    shot(page, "4-accepted")
    game.refresh_from_db()
    assert (game.status, game.ns_total, game.ew_total, game.winner) == ("final", 7585, 4145, "ns")

    # The public standings show the result, with "my team" highlighted.
    public = context.new_page()
    public.goto(f"{live_server.url}/e/{event.pk}/standings/")
    first = public.locator("tr[data-team]").first
    expect(first).to_contain_text(game.ns_team.name)
    expect(first.locator("td").nth(3)).to_have_text("1")
    expect(first.locator("td").nth(6)).to_have_text("7,585")
    public.select_option("#my-team", str(game.ns_team.pk))
    expect(first).to_have_class("mine")
    # Diff. is a required column and the default tie-break: it shows on a phone too.
    expect(public.locator("th", has_text="Diff.")).to_be_visible()
    expect(first.locator("td").nth(7)).to_be_visible()
    expect(first.locator("td").nth(7)).to_have_text("+3,440")
    if device == "phone":
        assert public.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(public, "5-standings")
    context.close()


def test_the_director_enters_a_paper_sheet(browser, live_server):
    from playwright.sync_api import expect

    director = make_director()
    event = make_event(director, teams=4)
    game = Game.objects.get(round__event=event, table__number=2)
    page = browser.new_page(viewport=VIEWPORTS["desktop"])
    page.goto(f"{live_server.url}/accounts/login/?next=/director/events/{event.pk}/games/{game.pk}/sheet/")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", "director-pass-1")
    page.locator("form button[type=submit], form input[type=submit]").first.click()
    expect(page.locator("h1")).to_contain_text("Table 2")
    type_line(page, 0, "ns", 2200, 325)
    type_line(page, 0, "ew", 1800, 275)
    page.click("#save-correction")
    expect(page.locator("#submit-status")).to_contain_text("reason")
    page.fill("#correction-reason", "Paper sheet: the tablet's battery was flat")
    page.click("#save-correction")
    expect(page.locator("#version-1")).to_contain_text("the tablet's battery was flat")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "director-paper-sheet.png"), full_page=True)
    game.refresh_from_db()
    assert (game.status, game.ns_total, game.ew_total) == ("final", 2525, 2075)
