"""Every page, on a phone (360 x 800) and on a laptop (1366 x 900): nothing scrolls sideways, and axe-core
finds nothing against WCAG 2.2 A and AA.

The pages are listed once, in PAGES, with who opens them: a new page is one line there. The event behind
them is in the state of a real day (`tests.browser.day`): teams with long names, game 1 under way with a
sheet accepted and one sent to the director, the seating and standings public, and a knockout drawn.
A wide table may scroll inside its own box; the page itself must not.
"""

import pytest

from tests.browser.conftest import screenshot
from tests.browser.day import build_day
from tests.browser.session import log_in
from tests.browser.test_accessibility import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

VIEWPORTS = {"phone": {"width": 360, "height": 800}, "laptop": {"width": 1366, "height": 900}}

# (who opens it, its address): "public" is a visitor who is not logged in, "director" the event's director.
# The address is filled in from `build_day`'s ids: {event}, {knockout}, {later}, {game}, {flagged}, {team},
# {table_token}, {called_token}, {sit_out_token}.
PAGES = [
    ("public", "/"),
    ("public", "/accounts/login/"),
    ("public", "/check/"),
    ("public", "/e/{event}/"),
    ("public", "/e/{event}/seating/"),
    ("public", "/e/{event}/room/"),
    ("public", "/e/{event}/team/{team}/"),
    ("public", "/e/{event}/standings/"),
    ("public", "/e/{later}/standings/"),   # ranked by victory points: a column and each game's VP
    ("public", "/e/{event}/clock/"),
    ("public", "/e/{knockout}/bracket/"),
    ("public", "/t/{table_token}/"),
    ("public", "/t/{called_token}/"),
    ("public", "/t/{sit_out_token}/"),
    ("director", "/director/"),
    ("director", "/director/events/new/"),
    ("director", "/director/events/{event}/"),
    ("director", "/director/events/{event}/edit/"),
    ("director", "/director/events/{event}/teams/import/"),
    ("director", "/director/events/{event}/teams/{team}/withdraw/"),
    ("director", "/director/events/{event}/teams/{team}/edit/"),
    ("director", "/director/events/{event}/check-in/"),
    ("director", "/director/events/{event}/check-in/no-shows/"),
    ("director", "/director/events/{event}/advance/missing/"),
    ("director", "/director/events/{event}/seating/"),
    ("director", "/director/events/{event}/board/"),
    ("director", "/director/events/{event}/board/?round=1"),
    ("director", "/director/events/{event}/games/{game}/sheet/"),
    ("director", "/director/events/{event}/games/{flagged}/sheet/"),
    ("director", "/director/events/{event}/cards/"),
    ("director", "/director/events/{event}/paper/sheets/"),
    ("director", "/director/events/{event}/paper/sheets/?game=1&table=1"),
    ("director", "/director/events/{event}/guide-cards/"),
    ("director", "/director/events/{later}/paper/sheets/?game=1"),
    ("director", "/director/events/{later}/guide-cards/"),
    ("director", "/director/events/{later}/"),
    ("director", "/director/events/{later}/board/"),
    ("director", "/director/events/{knockout}/"),
    ("director", "/director/events/{knockout}/bracket/"),
    ("director", "/director/events/{knockout}/bracket/print/"),
]

OVERFLOW = """() => {
  const width = window.innerWidth;
  const wide = [...document.querySelectorAll("body *")]
    .filter(e => e.getBoundingClientRect().right > width + 1)
    .filter(e => !(e.parentElement && e.parentElement.closest(".scroll-box")))
    .slice(0, 3).map(e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
      (e.className && typeof e.className === "string" ? "." + e.className.split(" ").join(".") : ""));
  return {scroll: document.documentElement.scrollWidth, width, wide};
}"""


# Pages whose picture is kept in test-artifacts/ at each size: what a director sees first.
PICTURED = {"/director/events/{event}/": "dashboard"}


def problems_of(context, url: str, picture: str | None = None) -> list[str]:
    """What is wrong with the page at `url`: a sideways scroll (with the first elements that stick out),
    and each axe violation. A page of its own, so a page that failed to open leaves the next one alone."""
    page = context.new_page()
    try:
        found = _problems(page, url)
        if picture:
            screenshot(page, picture)
        return found
    finally:
        page.close()


def _problems(page, url: str) -> list[str]:
    from playwright.sync_api import Error

    try:
        response = page.goto(url)
    except Error as error:   # a 405 with no body, say: no page to look at
        return [f"did not open ({error.message.splitlines()[0]})"]
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)   # the pages that draw themselves (the table page, the clock) have drawn
    found = []
    if response is None or response.status >= 400:
        found.append(f"answered {response.status if response else 'nothing'}")
    overflow = page.evaluate(OVERFLOW)
    if overflow["scroll"] > overflow["width"]:
        found.append(f"{overflow['scroll']} px wide in {overflow['width']} px (sticking out: "
                     f"{', '.join(overflow['wide']) or 'nothing named'})")
    found += axe_violations(page)
    return found


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_every_page_fits_the_screen_and_has_no_axe_violation(browser, live_server, size):
    ids = build_day()
    failures = []
    for who in ("public", "director"):
        context = browser.new_context(viewport=VIEWPORTS[size])
        if who == "director":
            page = context.new_page()
            log_in(page, live_server, "/director/")
            page.close()
        for opener, address in PAGES:
            if opener != who:
                continue
            url = live_server.url + address.format(**ids)
            picture = f"{PICTURED[address]}-{VIEWPORTS[size]['width']}.png" if address in PICTURED else None
            failures += [f"{address}: {problem}" for problem in problems_of(context, url, picture)]
        context.close()

    assert failures == [], f"at {size} size:\n" + "\n".join(failures)
