"""The table's sheet in each of the product's other languages (docs/languages.md): the page says so on
<html lang>, its words are the language's, points are written and read as its players write them, and a
sheet the rules refuse is refused in that language, naming the hand and the side as the page does."""

import pytest

from tests.factories import make_director, make_event
from tournament.core.models import Event, Game

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LANGUAGES = {
    "es": {"hand": "Mano 1", "add": "Agregar una mano", "submit": "Enviar la planilla", "we": "Nosotros",
           "count": "un conteo de 302 es imposible; cada carta vale un múltiplo de 5."},
    "pt-br": {"hand": "Mão 1", "add": "Adicionar uma mão", "submit": "Enviar a súmula", "we": "Nós",
              "count": "uma contagem de 302 é impossível; cada carta vale um múltiplo de 5."},
    "it": {"hand": "Mano 1", "add": "Aggiungi una mano", "submit": "Invia il foglio", "we": "Noi",
           "count": "un conteggio di 302 è impossibile; ogni carta vale un multiplo di 5."},
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_table_page_speaks_writes_and_refuses_in_the_event_s_language(browser, live_server, code):
    from playwright.sync_api import expect

    words = LANGUAGES[code]
    event = make_event(make_director(), teams=4, name="Club")
    Event.objects.filter(pk=event.pk).update(language=code)
    game = Game.objects.select_related("table").get(round__event=event, table__number=1)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/t/{game.table.token}/")

    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(page.locator("#sheet-app [data-hand='0'] h2")).to_have_text(words["hand"])
    expect(page.locator("#add-hand")).to_have_text(words["add"])
    expect(page.locator("#submit-sheet")).to_have_text(words["submit"])

    # 1.200 is 1200 where a point groups thousands; the total is written the same way.
    page.fill("#h0-ns-base", "1.200")
    page.fill("#h0-ns-count", "300")
    page.fill("#h0-ew-base", "500")
    page.fill("#h0-ew-count", "-100")
    expect(page.locator("#total-0-ns")).to_have_text("1.500")

    # A count no cards can make: the rules refuse it in the page's language, for our side, on hand 1.
    page.fill("#h0-ns-count", "302")
    message = page.locator("#msg-0-ns")
    expect(message).to_contain_text(words["count"], timeout=10000)
    expect(message).to_contain_text(words["hand"])
    expect(message).to_contain_text(words["we"])
    assert errors == []
    page.close()
