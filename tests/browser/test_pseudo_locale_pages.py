"""Nothing the pages' scripts write escapes translation (docs/languages.md): the table's sheet of NVSO and
of a game of single players, and the practice sheet, in a browser under the pseudo-locale whose every
string is marked (tests/pseudo.py), show no word outside the marks but the names people typed; a rules
message and a slip of the typing the scripts show included."""

import pytest
from django.conf import settings as django_settings

from tests import pseudo
from tests.factories import make_director, make_event, make_players_event
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

# Everything a reader sees or hears on the page: its text, and the words read aloud or shown in attributes.
SHOWN = """() => {
  const texts = [document.body.innerText];
  for (const node of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      if (node.getAttribute(name)) { texts.push(node.getAttribute(name)); }
    }
  }
  return texts.join("\\n");
}"""


@pytest.fixture
def pseudo_locale(tmp_path, settings, monkeypatch):
    pseudo.use(tmp_path, settings, monkeypatch)
    yield
    pseudo.forget()


def names_of(event) -> set[str]:
    typed = " ".join(f"{team.name} {team.player1} {team.player2}" for team in event.teams.all())
    return set(pseudo.unmarked(f"{typed} {event.name}"))


def unmarked_lines(page, allowed) -> list[str]:
    return [line for line in page.evaluate(SHOWN).split("\n") if pseudo.unmarked(line, allowed)]


def open_in_pseudo(browser, live_server, path: str):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": django_settings.LANGUAGE_COOKIE_NAME, "value": pseudo.CODE,
                          "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}{path}")
    return page


def test_the_nvso_table_page_writes_only_marked_words(browser, live_server, pseudo_locale):
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=4, name="Club")
    game = Game.objects.select_related("table").get(round__event=event, table__number=1)
    page = open_in_pseudo(browser, live_server, f"/t/{game.table.token}/")
    expect(page.locator("#add-hand")).to_contain_text(pseudo.OPEN)
    allowed = names_of(event)
    assert unmarked_lines(page, allowed) == []
    # A rules message the script shows beside the numbers, and a slip of the players' own typing.
    page.fill("#h0-ns-base", "1200")
    page.fill("#h0-ns-count", "302")
    page.fill("#h0-ew-base", "500")
    page.fill("#h0-ew-count", "100")
    expect(page.locator("#msg-0-ns")).to_contain_text(pseudo.OPEN, timeout=10000)
    assert unmarked_lines(page, allowed) == []
    page.fill("#h0-ew-count", "8.5")
    expect(page.locator("#msg-0-ew")).to_contain_text(pseudo.OPEN)
    assert unmarked_lines(page, allowed) == []


def test_a_game_of_single_players_table_page_writes_only_marked_words(browser, live_server, pseudo_locale):
    from playwright.sync_api import expect

    event = make_players_event(make_director(), ruleset="five_player", players=5)
    game = Game.objects.select_related("table").get(round__event=event, table__number=1)
    page = open_in_pseudo(browser, live_server, f"/t/{game.table.token}/")
    expect(page.locator("#send")).to_contain_text(pseudo.OPEN)
    allowed = names_of(event)
    assert unmarked_lines(page, allowed) == []
    page.fill("#h0-s1-base", "250")
    page.fill("#h0-s1-count", "8.5")   # a slip of the typing, told in the page's words
    expect(page.locator("#msg-0-s1")).to_contain_text(pseudo.OPEN)
    assert unmarked_lines(page, allowed) == []


def test_the_practice_sheet_writes_only_marked_words(browser, live_server, pseudo_locale):
    from playwright.sync_api import expect

    page = open_in_pseudo(browser, live_server, "/check/")
    expect(page.locator("html")).to_have_attribute("lang", pseudo.CODE)
    page.wait_for_load_state("networkidle")
    assert unmarked_lines(page, set()) == []
