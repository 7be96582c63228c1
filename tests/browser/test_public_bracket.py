"""The public bracket in headless Chromium: on a phone and on a projector, and keeping itself current."""

import itertools
import random

import pytest

from tests.browser.conftest import ARTIFACTS as BROWSER_ARTIFACTS
from tests.factories import make_director, make_event
from tournament.core import services
from tournament.knockout import services as bracket_services
from tournament.knockout.models import BracketMatch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = BROWSER_ARTIFACTS
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


@pytest.fixture
def event(live_server):
    """13 teams in a knockout with a third-place game (a bracket of 16, byes to seeds 1-3), two results in."""
    director = make_director()
    event = make_event(director, teams=13, seat=False, format="knockout", third_place_game=True,
                       bracket_published=True, name="Seniors' Games canasta")
    event.teams.filter(number=9).update(player1="Margaret Featherstonehaugh-Smythe",
                                        player2="Bartholomew Cholmondeley-Warburton")
    ids = list(event.teams.order_by("number").values_list("pk", flat=True))
    bracket_services.create_bracket(event, director, ids, seeded_by="director", rng=random.Random(2))
    for number in (2, 3):
        game = BracketMatch.objects.get(bracket__event=event, number=number).game
        services.record_game_result(game, ns_total=5120, ew_total=3870, user=director)
    event.director = director
    return event


def open_page(browser, live_server, event, viewport):
    page = browser.new_page(viewport=viewport)
    page.goto(f"{live_server.url}/e/{event.pk}/bracket/")
    page.wait_for_selector(".bracket")
    return page


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_bracket_fits_a_projector(browser, live_server, event):
    page = open_page(browser, live_server, event, PROJECTOR)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "public-bracket-projector.png"), full_page=True)
    assert no_horizontal_scroll(page)
    columns = page.eval_on_selector_all(
        ".bracket-round",
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top]; })",
    )
    assert len(columns) == 4, "round of 16, quarter-finals, semi-finals, final"
    lefts = [c[0] for c in columns]
    assert lefts == sorted(lefts) and len(set(lefts)) == 4, "the rounds stand side by side"
    assert max(c[1] for c in columns) <= PROJECTOR["width"]
    assert len({round(c[2]) for c in columns}) == 1
    size = page.eval_on_selector(".bm-name", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 20, "readable from the back of the room"
    long_name = page.locator(".bm-name", has_text="Featherstonehaugh").first
    box = long_name.bounding_box()
    assert box["x"] + box["width"] <= PROJECTOR["width"]
    assert page.locator("#m2 .bm-team.won").count() == 1
    assert page.locator(".bracket-third-title").count() == 1
    page.close()


def test_the_bracket_is_readable_on_a_phone(browser, live_server, event):
    page = open_page(browser, live_server, event, PHONE)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "public-bracket-phone.png"), full_page=True)
    assert no_horizontal_scroll(page), "nothing to scroll sideways on a phone"
    tops = page.eval_on_selector_all(
        ".bracket-round", "els => els.map(e => [e.getBoundingClientRect().top, e.getBoundingClientRect().bottom])"
    )
    assert all(later[0] >= earlier[1] for earlier, later in itertools.pairwise(tops)), (
        "on a phone the rounds come one under the other"
    )
    sizes = page.eval_on_selector_all(".bm-name", "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 18, "big type on a small screen"
    widths = page.eval_on_selector_all(".bm", "els => els.map(e => e.getBoundingClientRect().right)")
    assert max(widths) <= PHONE["width"]
    page.close()


def test_the_page_updates_itself_and_revalidates_with_the_etag(browser, live_server, event):
    page = open_page(browser, live_server, event, PHONE)
    page.wait_for_function("typeof window.canastaBracket === 'object'")  # the page's scripts have run
    assert page.evaluate("window.canastaBracket.refresh()") is True, "the first answer is drawn"
    assert page.evaluate("window.canastaBracket.refresh()") is False, "unchanged: a 304"
    assert page.locator("#m4 .bm-team.won").count() == 0
    game = BracketMatch.objects.get(bracket__event=event, number=4).game
    services.record_game_result(game, ns_total=2000, ew_total=6100, user=event.director)
    assert page.evaluate("window.canastaBracket.refresh()") is True
    winner = page.locator("#m4 .bm-team.won .bm-name").inner_text()
    assert winner.startswith(game.ew_team.name)
    assert "6100" in page.locator("#m4").inner_text()
    assert "Up to date" in page.locator("#bracket-updated").inner_text()
    page.close()
