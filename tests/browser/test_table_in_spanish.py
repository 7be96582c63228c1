"""The table's score sheet in an event's own language (docs/languages.md): a club in Rosario runs its day in
Spanish, so the sheet's scripts speak Spanish, write points as a Spanish player does (8.500), read what
the players type that way ("8.500" is 8500; "8,5" is refused in plain words, not guessed), and ask the
API for Spanish. Opened again without a connection, the page still speaks Spanish: the tables' service worker
kept the Spanish catalog with the page's other files."""

import json

import pytest

from tests.browser.test_table_offline import KEPT
from tests.factories import make_director, make_event
from tournament.core.models import Event, Game

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def test_a_spanish_event_s_table_page_speaks_and_reads_spanish(browser, live_server):
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=4, name="Rosario")
    Event.objects.filter(pk=event.pk).update(language="es")
    game = Game.objects.select_related("table").get(round__event=event, table__number=1)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors, drafts, languages = [], [], set()
    page.on("pageerror", lambda error: errors.append(str(error)))

    def seen(request):
        if "/api/v1/tables/" in request.url:  # the sheet's own requests (the clock's widget is another script)
            languages.add(request.headers.get("accept-language"))
            if request.method == "PUT" and request.post_data:
                drafts.append(json.loads(request.post_data))

    page.on("request", seen)
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator("html")).to_have_attribute("lang", "es")

    # The script's own words, from the Spanish catalog.
    expect(page.locator("#sheet-app [data-hand='0'] h2")).to_have_text("Mano 1")
    expect(page.locator("#add-hand")).to_have_text("Agregar una mano")
    expect(page.locator("#summary h2")).to_have_text("Totales de la partida")
    expect(page.locator("#submit-sheet")).to_have_text("Enviar la planilla")
    expect(page.locator("#sheet-app [data-hand='0'] .running.team-ns")).to_contain_text("Acumulado")

    # "8.500" is 8500 in Spanish, and the totals are written the Spanish way.
    page.fill("#h0-ns-base", "8.500")
    page.fill("#h0-ns-count", "300")
    page.fill("#h0-ew-base", "1.200")
    page.fill("#h0-ew-count", "-100")
    expect(page.locator("#total-0-ns")).to_have_text("8.800")
    expect(page.locator("#final-ew")).to_have_text("1.100")
    # The draft, sent after a pause in the typing, carries the numbers themselves.
    page.wait_for_function("() => document.querySelector('#msg-0-ns') !== null")
    page.wait_for_timeout(1500)
    sent = [d["sheet"] for d in drafts if d.get("sheet")]
    assert sent and sent[-1]["hands"][0]["ns"]["base"] == 8500 and sent[-1]["hands"][0]["ew"]["count"] == -100

    # A comma cannot group thousands in Spanish: refused, in Spanish, with the way to write it.
    page.fill("#h0-ns-base", "8,5")
    expect(page.locator("#h0-ns-base")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#msg-0-ns")).to_contain_text("8,5 no es un número entero")
    expect(page.locator("#msg-0-ns")).to_contain_text("8.500")
    expect(page.locator("#total-0-ns")).to_have_text("\u2013")

    # Every request of the sheet and its call to the director asked the API for the page's language.
    assert languages == {"es"}, languages
    assert errors == []
    page.close()

    # Offline after a first visit: the worker gives back the page, its files and its catalog.
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator("body[data-offline=ready]")).to_have_count(1, timeout=10000)
    kept = page.evaluate(KEPT)
    assert "/jsi18n/es/" in kept and not [path for path in kept if path.startswith("/api/")]
    context.set_offline(True)
    page.reload()
    expect(page.locator("#connection")).to_contain_text("Sin conexión", timeout=10000)
    expect(page.locator("#add-hand")).to_have_text("Agregar una mano")
    context.close()
