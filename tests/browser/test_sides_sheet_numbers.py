"""The table page of the other games reads and writes points in the page's language (static/js/numbers.js):
8.500 on a Spanish page, 8,500 on an English one; a mark that cannot be a thousands separator there is
refused beside the hand, in plain words of that language, rather than guessed."""

import pytest

from tests.factories import make_director, make_players_event
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def open_table(browser, live_server, language):
    event = make_players_event(make_director(), ruleset="five_player", players=5)
    game = Game.objects.select_related("table").get(round__event=event, round__number=1, table__number=1)
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    return page


def test_a_spanish_page_reads_8_500_and_refuses_a_comma(browser, live_server):
    from playwright.sync_api import expect

    page = open_table(browser, live_server, "es")
    assert page.get_attribute("html", "lang") == "es"
    expect(page.locator("#sheet-app h2", has_text="Mano 1")).to_have_count(1)
    page.fill("#h0-s1-base", "1.250")
    page.fill("#h0-s1-count", "-1.500")
    expect(page.locator("#tab-total-s1")).to_have_text("-250")
    page.fill("#h0-s1-count", "8.500")
    expect(page.locator("#tab-total-s1")).to_have_text("9.750")
    expect(page.locator("#running")).to_have_text("Total: 9.750")
    expect(page.locator("#msg-0-s1")).to_have_text("")
    page.fill("#h0-s1-count", "8,500")
    expect(page.locator("#msg-0-s1")).to_have_text(
        "Los puntos son números enteros: escriba 8.500 o 8500, sin «,».")
    expect(page.locator("#tab-total-s1")).to_have_text("0")   # a hand with a refused number is not counted
    page.fill("#h0-s1-count", "85.00")
    expect(page.locator("#msg-0-s1")).to_have_text("El «.» solo va entre los miles: escriba 8.500 o 8500.")
    page.click("#send")
    expect(page.locator("#messages")).to_contain_text("escriba los números de todos los jugadores")


def test_an_english_page_reads_8_500_with_a_comma_and_refuses_a_point(browser, live_server):
    from playwright.sync_api import expect

    page = open_table(browser, live_server, "en")
    page.fill("#h0-s1-base", "1,250")
    page.fill("#h0-s1-count", "8500")
    expect(page.locator("#tab-total-s1")).to_have_text("9,750")
    page.fill("#h0-s1-count", "8.500")
    expect(page.locator("#msg-0-s1")).to_have_text("Points are whole numbers: type 8,500 or 8500, without “.”.")
    page.fill("#h0-s1-count", "8,500")
    expect(page.locator("#msg-0-s1")).to_have_text("")
    expect(page.locator("#tab-total-s1")).to_have_text("9,750")
