"""A dangerous action in the browser: withdrawing a team is asked on a page of its own that says what will
happen; confirmed, the team withdraws; cancelled, nothing changes. Without any script: the page, not a
dialog, asks."""

import pytest

from tests.browser.session import log_in
from tests.factories import make_director, make_event
from tournament.clock import services as clock
from tournament.core import services
from tournament.core.models import Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def event(live_server):
    director = make_director()
    event = make_event(director, teams=6, seating_published=True)
    clock.start_clock(event.latest_round(), director)
    game = event.latest_round().games.get(table__number=1)
    services.record_game_result(game, ns_total=5000, ew_total=4000, user=director)
    return event


def open_withdrawal(browser, live_server, event, team, *, javascript=True):
    page = browser.new_page(viewport={"width": 360, "height": 800}, java_script_enabled=javascript)
    log_in(page, live_server, f"/director/events/{event.pk}/")
    withdraw = page.get_by_role("link", name=f"Withdraw {team.name}")
    withdraw.scroll_into_view_if_needed()
    withdraw.click()
    return page


def test_a_withdrawal_is_shown_then_confirmed(browser, live_server, event):
    from playwright.sync_api import expect

    team = event.latest_round().games.get(table__number=1).ns_team
    page = open_withdrawal(browser, live_server, event, team)
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Withdraw {team.name}?")
    expect(page.get_by_text("Their 1 game already scored is kept")).to_be_visible()
    expect(page.get_by_text("From game 2 their seat is empty: their opponents sit out.")).to_be_visible()
    page.get_by_role("button", name=f"Yes, withdraw {team.name}").click()
    expect(page.get_by_role("status")).to_contain_text(f"{team.name} has withdrawn")
    team.refresh_from_db()
    assert team.status == Team.Status.WITHDRAWN


def test_a_withdrawal_cancelled_changes_nothing(browser, live_server, event):
    from playwright.sync_api import expect

    team = event.teams.get(number=3)
    page = open_withdrawal(browser, live_server, event, team, javascript=False)
    page.get_by_role("link", name="No, keep them playing").click()
    expect(page.get_by_role("heading", name="Teams (6 active)")).to_be_visible()
    team.refresh_from_db()
    assert team.is_active and not event.actions.filter(action="withdraw_team").exists()


def test_an_accepted_result_is_replaced_only_once_the_director_ticks_it(browser, live_server, event):
    from playwright.sync_api import expect

    from tests.browser.test_scorekeeper_flow import type_line

    game = event.latest_round().games.get(table__number=1)
    page = browser.new_page(viewport={"width": 360, "height": 800})
    log_in(page, live_server, f"/director/events/{event.pk}/games/{game.pk}/sheet/")
    type_line(page, 0, "ns", 2200, 325)
    type_line(page, 0, "ew", 1800, 275)
    page.fill("#correction-reason", "The paper sheet says otherwise")
    page.click("#save-correction")
    expect(page.locator("#submit-status")).to_contain_text("This game has a final result")
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (5000, 4000)
    page.get_by_label("Replace the result (N-S 5000, E-W 4000)").check()
    page.click("#save-correction")
    expect(page.locator("#version-1")).to_contain_text("The paper sheet says otherwise")
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) == (2525, 2075)
