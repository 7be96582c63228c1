"""The table page of a game of single players on a phone, in headless Chromium: the five-player game (five
columns, one player at a time) and the solitaire (one number). The scorekeeper types the sheet, sends it,
another player (the solitaire's player alone) confirms it with their code, and each seat's result is stored."""

import pytest

from scoring.models import SheetDraft, SheetVersion
from scoring.seat_sheets import table_seats
from tests.browser.conftest import screenshot
from tests.browser.test_accessibility import axe_violations
from tests.factories import make_director, make_event, make_players_event
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# One hand of the five-player game, seat by seat (the rules' example): base and count.
FIVE = [(250, 185), (50, 55), (100, 100), (0, 5), (50, -65)]


def table_game(event) -> Game:
    return Game.objects.select_related("round__event", "table").get(round__event=event, round__number=1,
                                                                    table__number=1)


def test_five_players_enter_and_confirm_a_sheet_on_a_phone(browser, live_server):
    from playwright.sync_api import expect

    event = make_players_event(make_director(), ruleset="five_player", players=5, require_opponent_code=True)
    game = table_game(event)
    seats = table_seats(game)
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    other = browser.new_context(**PHONE).new_page()   # a second phone at the table, open on the form
    other.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator("h1")).to_contain_text("Table 1")
    assert page.get_attribute("#h0-s1-base", "inputmode") == "numeric"
    for n, (base, count) in enumerate(FIVE, start=1):
        page.click(f"#side-s{n}")
        expect(page.locator("#active-side")).to_have_text(seats[n - 1].team.name)
        page.fill(f"#h0-s{n}-base", str(base))
        page.fill(f"#h0-s{n}-count", str(count))
        expect(page.locator(f"#tab-total-s{n}")).to_have_text(f"{base + count:,}")
    # The second phone follows the draft: it shows what the first typed.
    other.click("#side-s5")
    expect(other.locator("#h0-s5-count")).to_have_value("-65", timeout=20000)
    # No field wider than the phone: five players fit, one at a time.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "five-player-phone-form.png")
    assert axe_violations(page) == []
    page.click("#send")
    # Before the director's go-ahead the page asks first, as NVSO's does (table/warnings.js).
    expect(page.locator("#send-question")).to_contain_text("not given the go-ahead for game 1")
    page.click("#not-yet")
    expect(page.locator("#send-question")).to_have_count(0)
    assert not SheetVersion.objects.filter(game=game).exists()
    page.click("#send")
    page.click("#send-anyway")  # before the go-ahead: the page asks first
    expect(page.locator("#sheet-state")).to_contain_text("Another player confirms", timeout=15000)
    expect(page.locator("#final-s1")).to_have_text("435")
    expect(page.locator("#credited-s1")).to_have_text("with partner: 635")   # seat 3's 200 too
    assert axe_violations(page) == []
    # The scorekeeper (seat 1) cannot confirm; seat 2's player does, with their own code.
    page.fill("#confirm-code", seats[0].team.code)
    page.click("#confirm")
    expect(page.locator("#confirm-msg")).to_contain_text("cannot confirm their own sheet")
    page.fill("#confirm-code", seats[1].team.code)
    page.click("#confirm")
    expect(page.locator("#sheet-state")).to_contain_text("final", timeout=15000)
    expect(other.locator("#sheet-state")).to_contain_text("final", timeout=20000)  # the other phone too
    screenshot(page, "five-player-phone-final.png")
    game.refresh_from_db()
    assert game.status == Game.Status.FINAL
    assert [seat.score for seat in table_seats(game)] == [base + count for base, count in FIVE]
    assert SheetVersion.objects.get(game=game).status == "accepted"


def test_the_solitaire_asks_one_number_and_its_player_confirms_it(browser, live_server):
    from playwright.sync_api import expect

    event = make_players_event(make_director(), ruleset="fibonacci21_solitaire", players=2,
                               require_opponent_code=True)
    game = table_game(event)
    player = table_seats(game)[0].team
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator("#sheet-app input")).to_have_count(1)
    expect(page.locator("label[for=h0-s1-discards]")).to_have_text("Cards in the discard pile")
    page.fill("#h0-s1-discards", "14")
    page.reload()  # at once: this device's copy keeps what was typed
    expect(page.locator("#h0-s1-discards")).to_have_value("14")
    # The draft is the server's too: another phone at the table starts from it.
    other = browser.new_context(**PHONE).new_page()
    for _ in range(50):
        if SheetDraft.objects.filter(game=game, data__hands__0__s1__discards="14").exists():
            break
        other.wait_for_timeout(200)
    other.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(other.locator("#h0-s1-discards")).to_have_value("14")
    # The connection drops as the sheet is sent: it goes as soon as it is back, once.
    page.context.set_offline(True)
    page.click("#send")
    page.click("#send-anyway")  # before the go-ahead: the page asks first
    expect(page.locator("#messages")).to_contain_text("No connection")
    page.context.set_offline(False)
    expect(page.locator("#sheet-state")).to_contain_text("Confirm your number", timeout=15000)
    page.fill("#confirm-code", player.code)
    page.click("#confirm")
    expect(page.locator("#sheet-state")).to_contain_text("final", timeout=15000)
    screenshot(page, "solitaire-phone-final.png")
    assert [seat.score for seat in table_seats(table_game(event))] == [14]
    assert SheetVersion.objects.filter(game=game).count() == 1


# Crazy Canasta's four deals (the rules' example): each side's base and count.
CRAZY = [((5800, 575), (1300, 250)), ((2700, 265), (7400, 770)), ((1500, 220), (800, -40)),
         ((1500, 180), (7100, 690))]


def test_crazy_canasta_two_partnerships_play_their_four_deals(browser, live_server):
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=4, ruleset="crazy_canasta", require_opponent_code=True)
    game = Game.objects.select_related("ew_team").get(round__event=event, round__number=1, table__number=1)
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator(".hand")).to_have_count(4)        # the game's four deals, from the start
    expect(page.locator("#add-hand")).to_have_count(0)
    for side, column in (("ns", 0), ("ew", 1)):
        page.click(f"#side-{side}")
        for hand, lines in enumerate(CRAZY):
            page.fill(f"#h{hand}-{side}-base", str(lines[column][0]))
            page.fill(f"#h{hand}-{side}-count", str(lines[column][1]))
    expect(page.locator("#tab-total-ew")).to_have_text("18,270", timeout=10000)
    page.click("#send")
    page.click("#send-anyway")  # before the go-ahead: the page asks first
    expect(page.locator("#final-ns")).to_have_text("12,740", timeout=15000)
    page.fill("#confirm-code", game.ew_team.code)
    page.click("#confirm")
    expect(page.locator("#sheet-state")).to_contain_text("final", timeout=15000)
    game.refresh_from_db()
    assert (game.status, game.ns_total, game.ew_total) == (Game.Status.FINAL, 12740, 18270)


def test_after_the_go_ahead_the_page_asks_only_about_a_sheet_short_of_the_game_s_deals(browser, live_server,
                                                                                       monkeypatch):
    from playwright.sync_api import expect

    from tournament.clock import services as clock_services

    # No worker takes part here: keep the moment tasks off whatever broker the settings name.
    monkeypatch.setattr(clock_services, "schedule_moments", lambda round_id, moments, now=None: None)
    event = make_event(make_director(), teams=4, ruleset="crazy_canasta")
    clock_services.start_clock(event.rounds.get(), event.directors.get(), length_seconds=3600, warning_seconds=60)
    game = Game.objects.get(round__event=event, round__number=1, table__number=1)
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    for side, column in (("ns", 0), ("ew", 1)):
        page.click(f"#side-{side}")
        for hand, lines in enumerate(CRAZY[:2]):
            page.fill(f"#h{hand}-{side}-base", str(lines[column][0]))
            page.fill(f"#h{hand}-{side}-count", str(lines[column][1]))
    page.click("#send")
    question = page.locator("#send-question")
    expect(question).to_contain_text("You are sending 2 hands; this game has 4.")
    expect(question).not_to_contain_text("go-ahead")
    page.click("#not-yet")
    for side, column in (("ns", 0), ("ew", 1)):
        page.click(f"#side-{side}")
        for hand, lines in enumerate(CRAZY[2:], start=2):
            page.fill(f"#h{hand}-{side}-base", str(lines[column][0]))
            page.fill(f"#h{hand}-{side}-count", str(lines[column][1]))
    page.click("#send")   # the whole game after the go-ahead: sent without a question
    expect(page.locator("#final-ns")).to_have_text("12,740", timeout=15000)
    expect(page.locator("#send-question")).to_have_count(0)
    assert SheetVersion.objects.get(game=game).status == "submitted"
