"""A player finds their team by name on the front door, opens its page, and the page follows the director's
seating of game 2 without a reload; the page has no axe-core violation and nothing sideways at 360 and
1366 px, and a team remembered on the phone is offered on the front door."""


import pytest
from django.utils import timezone

from tests.browser.conftest import screenshot
from tests.browser.test_accessibility import axe_violations
from tests.factories import make_director, make_event
from tests.scoring.test_query_counts import play_all
from tournament.core import published, services
from tournament.core.models import Game, Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]



def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_player_finds_their_team_and_its_page_follows_the_move_to_game_2(browser, live_server):
    from playwright.sync_api import expect

    director = make_director()
    event = make_event(director, teams=8, name="Club night", date=timezone.localdate(),
                       seating_published=True, standings_published=True)
    Team.objects.filter(event=event, number=3).update(player1="Hélène", player2="Dupré")
    published.changed(event.pk)  # renamed behind the services' back, which announce what they change
    team = Team.objects.get(event=event, number=3)
    game = Game.objects.select_related("table").get(
        round__event=event, round__number=1, **({"ew_team": team} if Game.objects.filter(
            round__number=1, round__event=event, ew_team=team).exists() else {"ns_team": team}))

    page = browser.new_page(viewport={"width": 360, "height": 800})
    page.goto(f"{live_server.url}/")
    page.fill("#team-name", "HELENE")
    page.get_by_role("button", name="Find my team").click()
    expect(page.locator(".found li")).to_have_count(1)
    assert axe_violations(page) == []
    assert no_sideways_scroll(page)
    page.get_by_role("link", name="Hélène / Dupré").click()

    expect(page.locator("h1")).to_have_text("Hélène / Dupré")
    expect(page.locator(".team-move")).to_contain_text(f"Go to table {game.table.number}")
    expect(page.locator("[data-clock-digits]")).not_to_have_text("--:--")
    assert axe_violations(page) == []
    assert no_sideways_scroll(page)
    page.evaluate("window.notReloaded = true")

    play_all(event.rounds.get(number=1), director)
    services.advance_to_next_game(event, director)
    moved = Game.objects.select_related("table").get(round__event=event, round__number=2,
                                                     **{("ew_team" if game.ew_team_id == team.pk else "ns_team"): team})
    page.wait_for_function("typeof window.canastaTeamRefresh === 'function'")  # the page's scripts have run
    page.evaluate("window.canastaTeamRefresh()")

    side = "East-West" if moved.ew_team_id == team.pk else "North-South"
    expected = (f"Move from table {game.table.number} to table {moved.table.number}, {side}"
                if moved.table_id != game.table_id else f"Stay at table {game.table.number}, {side}")
    expect(page.locator(".team-move")).to_have_text(expected)
    expect(page.locator("h2#where-title")).to_have_text("Next: game 2")
    expect(page.locator(".team-games li")).to_have_count(2)
    expect(page.locator(".team-games li").first).to_contain_text("Accepted")
    expect(page.locator(".team-rank")).to_contain_text("Place ")
    assert page.evaluate("window.notReloaded === true")
    assert axe_violations(page) == []
    assert no_sideways_scroll(page)
    screenshot(page, "team-page-360.png")

    page.set_viewport_size({"width": 1366, "height": 900})
    assert axe_violations(page) == []
    assert no_sideways_scroll(page)
    screenshot(page, "team-page-1366.png")

    # "This is my team": the front door leads back to it.
    page.get_by_role("button", name="This is my team: remember it on this phone").click()
    expect(page.get_by_role("button", name="Not my team: forget it on this phone")).to_be_focused()
    page.goto(f"{live_server.url}/")
    expect(page.get_by_role("link", name="My team: Hélène / Dupré")).to_have_attribute(
        "href", f"/e/{event.pk}/team/{team.pk}/")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 360, "height": 800})
    assert no_sideways_scroll(page)
