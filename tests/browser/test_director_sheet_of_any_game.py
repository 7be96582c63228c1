"""The director settles a five-player table's sheet on a laptop, in headless Chromium: the board lists the
table (its players in seat order, "Sent to the director"), its link opens the side page's form in the
director's mode, started from the table's sheet; the director corrects a count, gives a reason, and saving
makes each seat's result final."""

import pytest

from scoring.models import SheetVersion
from scoring.seat_sheets import side_id, submit_seat_sheet, table_seats
from tests.browser.session import log_in
from tests.browser.test_accessibility import axe_violations
from tests.factories import make_director, make_players_event
from tests.scoring.test_table_of_any_game import seat_sheet
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def test_the_director_corrects_a_five_player_sheet_sent_to_the_director(browser, live_server):
    from playwright.sync_api import expect

    event = make_players_event(make_director(), ruleset="five_player", players=5)
    game = Game.objects.select_related("round__event", "table").get(round__event=event, round__number=1)
    wrong = seat_sheet(game, "five_player")
    wrong["hands"][0]["s1"]["total"] += 5   # does not add up: the rules' error
    submit_seat_sheet(game, wrong, "k1", review=True, reason="Seat 1's total looks wrong")
    seats = table_seats(game)
    page = browser.new_context(**LAPTOP).new_page()
    board = f"/director/events/{event.pk}/board/"
    log_in(page, live_server, board)
    expect(page.locator("h3", has_text="Table 1: Sent to the director by the scorekeeper")).to_be_visible()
    expect(page.locator("main")).to_contain_text(f"1. {seats[0].team.name} · 2. {seats[1].team.name}")
    page.click("text=Settle the sheet")
    expect(page.locator("#h0-s1-base")).to_have_value(str(wrong["hands"][0]["s1"]["base"]), timeout=15000)
    assert axe_violations(page) == []
    page.click("#side-s2")
    page.fill("#h0-s2-count", "60")    # the paper sheet says 60
    page.click("#send")
    expect(page.locator("#submit-status")).to_contain_text("Give a reason")
    page.fill("#correction-reason", "Paper sheet: seat 2's count was 60")
    page.click("#send")
    expect(page.locator("#version-2")).to_contain_text("Accepted", timeout=15000)
    version = SheetVersion.objects.get(game=game, number=2)
    assert version.source == "director" and version.reason == "Paper sheet: seat 2's count was 60"
    own = version.validation["computed"]["own_final"]
    assert version.document["hands"][0]["s2"]["count"] == 60
    assert [seat.score for seat in table_seats(game)] == [own[side_id(n)] for n in range(1, 6)]
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINAL
