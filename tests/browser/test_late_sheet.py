"""A sheet names its game, in headless Chromium: the table page that still shows game 1 after the director
has seated game 2 sends game 1's sheet as game 1's. Late for a final result, it is kept for the director
and the table is told so in plain words; for a game still open, it is that game's sheet to accept."""

import pytest

from scoring import services
from scoring.models import LateSheet, SheetVersion
from tests.factories import make_director, make_event
from tests.scoring.sheets import sheet
from tournament.core import services as tournament_services
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_game_1(browser, live_server):
    director = make_director()
    event = make_event(director, teams=8, name="Late sheets")
    game = Game.objects.select_related("round__event", "table").get(round__event=event, round__number=1,
                                                                    table__number=1)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    page.fill("#h0-ns-base", "2200")
    page.fill("#h0-ns-count", "325")
    page.fill("#h0-ew-base", "1800")
    page.fill("#h0-ew-count", "275")
    return director, event, game, context, page


def test_a_sheet_sent_after_its_result_and_the_next_game_is_kept_and_the_table_is_told(browser, live_server):
    from playwright.sync_api import expect

    director, event, game, context, page = open_game_1(browser, live_server)
    context.set_offline(True)
    page.click("#submit-sheet")
    page.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
    expect(page.locator("#submit-status")).to_contain_text("No connection")
    # Meanwhile the director enters game 1's paper sheet and seats game 2.
    services.director_enter_paper_sheet(game, sheet(), director)
    tournament_services.advance_to_next_game(event, director, force=True)
    context.set_offline(False)

    expect(page.locator("#late-sheet")).to_contain_text("already final", timeout=15000)
    expect(page.locator("#late-sheet")).to_contain_text("sent to the director")
    late = LateSheet.objects.get()
    assert late.game == game and (late.ns_total, late.ew_total) == (2525, 2075)
    game.refresh_from_db()
    assert (game.ns_total, game.ew_total) != (2525, 2075)  # the paper sheet's result stands
    assert not SheetVersion.objects.filter(game__round__number=2).exists()

    page.click("#next-game")
    expect(page.locator("h1")).to_contain_text("Game 2")
    context.close()


def test_a_slow_table_s_sheet_is_its_own_game_s_and_the_opponents_accept_it(browser, live_server):
    from playwright.sync_api import expect

    director, event, game, context, page = open_game_1(browser, live_server)
    tournament_services.advance_to_next_game(event, director, force=True)  # game 1 has no result yet
    page.click("#submit-sheet")
    page.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
    expect(page.locator(".confirm h2")).to_contain_text("East-West", timeout=15000)
    assert SheetVersion.objects.get().game == game
    page.fill("#team-code", game.ew_team.code)  # the event asks for East-West's code, as new events do
    page.click("#accept-sheet")
    expect(page.locator("#final")).to_contain_text("Accepted", timeout=15000)
    game.refresh_from_db()
    game_2 = Game.objects.get(round__event=event, round__number=2, table=game.table)
    assert (game.status, game.ns_total, game.ew_total) == ("final", 2525, 2075)
    assert game_2.status == "scheduled" and not SheetVersion.objects.filter(game=game_2).exists()
    context.close()


def test_a_sheet_left_waiting_on_the_device_is_sent_for_its_own_game_when_the_next_game_opens(
        browser, live_server):
    from playwright.sync_api import expect

    director, event, game, context, page = open_game_1(browser, live_server)
    page.route("**/sheet/**", lambda route: route.abort())  # the connection drops as it is sent
    page.click("#submit-sheet")
    page.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
    expect(page.locator("#submit-status")).to_contain_text("No connection")
    page.close()  # the device is closed with the sheet still waiting on it
    services.director_enter_paper_sheet(game, sheet(), director)
    tournament_services.advance_to_next_game(event, director, force=True)

    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator("h1")).to_contain_text("Game 2")
    expect(page.locator("#connection")).to_contain_text("already final", timeout=15000)
    assert LateSheet.objects.get().game == game
    assert not SheetVersion.objects.filter(game__round__number=2).exists()
    assert page.evaluate("Object.keys(window.localStorage).filter((k) => k.startsWith('canasta-pending:'))") == []
    context.close()
