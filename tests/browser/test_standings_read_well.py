"""Issue 16, the public standings as a room reads them, at a phone's width (360 px) and a laptop's
(1366 px): before game 1 is counted a sentence instead of every team ranked 1; after it, headings in words
on the laptop and letters with a visible key on the phone; "my team" highlighted and remembered; each
name a link to its team's page."""

import pytest

from scoring import services
from tests.browser.conftest import screenshot
from tests.browser.test_accessibility import axe_violations
from tests.factories import make_director, make_event
from tests.scoring.sheets import sheet
from tournament.core import services as tournament_services
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

WIDTHS = {360: {"width": 360, "height": 800}, 1366: {"width": 1366, "height": 900}}
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


@pytest.mark.parametrize("width", [360, 1366])
def test_the_standings_before_and_after_game_1(browser, live_server, width):
    from playwright.sync_api import expect

    director = make_director()
    event = make_event(director, teams=8, name="Standings")
    tournament_services.publish(event, director, "standings", True)
    game = Game.objects.select_related("ns_team", "ew_team").get(round__event=event, table__number=1)
    page = browser.new_page(viewport=WIDTHS[width])
    url = f"{live_server.url}/e/{event.pk}/standings/"

    page.goto(url)
    expect(page.locator("#standings-empty")).to_have_text("No game counted yet: the standings start after game 1.")
    expect(page.locator("#standings tr[data-team]")).to_have_count(0)
    assert page.evaluate(OVERFLOW) <= 0
    violations = axe_violations(page)
    assert violations == [], "\n".join(violations)

    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    page.goto(url)
    rows = page.locator("#standings tr[data-team]")
    expect(rows).to_have_count(8)
    expect(rows.first.locator("td.rank")).to_have_text("1")
    expect(rows.first).to_contain_text(game.ns_team.name)
    heads = page.locator("#standings thead th")
    if width == 1366:
        for word in ("Played", "Won", "Lost", "Tied", "Points", "Difference"):
            expect(heads.get_by_text(word, exact=True)).to_be_visible()
        expect(page.locator("#standings-key")).to_be_hidden()
        expect(heads.locator(".head-short").first).to_be_hidden()
    else:
        for letter in ("P", "W", "L", "T", "Diff."):
            expect(heads.locator(".head-short").get_by_text(letter, exact=True)).to_be_visible()
        key = page.locator("#standings-key")
        expect(key).to_be_visible()
        for words in ("P played", "W won", "L lost", "T tied", "Diff. difference"):
            expect(key).to_contain_text(words)
    # The words stay for screen readers on both: the column header's accessible name.
    expect(page.get_by_role("columnheader", name="Played")).to_have_count(1)

    # My team: highlighted, and still highlighted when the page is opened again.
    page.select_option("#my-team", str(game.ew_team.pk))
    expect(page.locator(f"tr[data-team='{game.ew_team.pk}']")).to_have_class("mine")
    page.reload()
    expect(page.locator(f"tr[data-team='{game.ew_team.pk}']")).to_have_class("mine")
    # Each name leads to its team's page; the highlighted row's link as much as any other.
    mine = page.locator(f"tr[data-team='{game.ew_team.pk}'] td.team a")
    expect(mine).to_have_attribute("href", f"/e/{event.pk}/team/{game.ew_team.pk}/")
    assert page.evaluate(OVERFLOW) <= 0
    violations = axe_violations(page)
    assert violations == [], "\n".join(violations)
    screenshot(page, f"standings-{width}.png")


@pytest.mark.parametrize("order", ["wins,buchholz,median_buchholz,points,difference",
                                   "wins,head_to_head,points,difference"])
def test_the_tiebreak_columns_fit_a_phone(browser, live_server, order):
    """Issue 14: an event ranked by Buchholz or head-to-head shows those columns too, still within 360 px,
    with long names, spelt out in the key under the table."""
    director = make_director()
    event = make_event(director, teams=8, name="Tiebreaks", standings_order=order)
    event.teams.filter(number=1).update(player1="Wilhelmina van der Heijden-Oosterbroek", player2="Bartholomeus")
    tournament_services.publish(event, director, "standings", True)
    for game in Game.objects.filter(round__event=event):
        tournament_services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    page = browser.new_page(viewport=WIDTHS[360])
    page.goto(f"{live_server.url}/e/{event.pk}/standings/")
    key = page.locator("#standings-key")
    for words in (("Bu. buchholz", "MBu. median-buchholz") if "buchholz" in order else ("H2H head-to-head",)):
        assert words in key.inner_text()
    assert page.evaluate(OVERFLOW) <= 0
    violations = axe_violations(page)
    assert violations == [], "\n".join(violations)
