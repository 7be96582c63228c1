"""Issue 16, the table page as players meet it, measured in headless Chromium at a phone's width (360 px)
and a laptop's (1366 px): the We and They columns line up whatever the teams' names, no word is broken at
its hyphen, a negative count reads as players write it, the summary is stacked on a phone, a short or
early sheet is asked about and still sent, and a full three-hand sheet takes 12 fields and 17 taps."""

import pytest

from scoring.models import SheetVersion
from tests.browser.conftest import screenshot
from tests.browser.test_accessibility import axe_violations
from tests.factories import make_director, make_event
from tournament.clock import services as clock_services
from tournament.core.models import Game, Team

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

WIDTHS = {360: {"width": 360, "height": 800}, 1366: {"width": 1366, "height": 900}}
LONG = ("Marie-Christine Vandenbroucke-Delacroix", "Jean-Baptiste Oppenheimer-Szczepański")
# A full sheet with no negative count (a phone keypad without a minus key would need the ± button).
FULL = [((2200, 325), (1800, 275)), ((1500, 250), (900, 130)), ((2900, 410), (1100, 60))]

# How many lines a piece of text takes: one client rectangle per line box its text sits on.
LINES = """(el) => { const range = document.createRange(); range.selectNodeContents(el);
  return new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top))).size; }"""
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


def table_game(**event_fields):
    """Table 1 of a new event, its North-South team's name very long and East-West's very short."""
    director = make_director()
    event = make_event(director, teams=8, name="Polish", **event_fields)
    game = Game.objects.select_related("round", "table", "ns_team", "ew_team").get(round__event=event,
                                                                                   table__number=1)
    Team.objects.filter(pk=game.ns_team_id).update(player1=LONG[0], player2=LONG[1])
    Team.objects.filter(pk=game.ew_team_id).update(player1="Al", player2="Bo")
    return director, event, game


def box(page, selector):
    return page.locator(selector).bounding_box()


def type_line(page, hand, side, base, count):
    page.fill(f"#h{hand}-{side}-base", str(base))
    page.fill(f"#h{hand}-{side}-count", str(count))


@pytest.mark.parametrize("width", [360, 1366])
def test_the_columns_line_up_and_no_word_breaks_at_its_hyphen(browser, live_server, width):
    from playwright.sync_api import expect

    _, _, game = table_game()
    page = browser.new_page(viewport=WIDTHS[width])
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    page.click("#add-hand")
    page.click("#add-hand")
    for hand, (ns, ew) in enumerate(FULL):
        type_line(page, hand, "ns", *ns)
        type_line(page, hand, "ew", *ew)
    expect(page.locator(".clock-widget")).to_have_attribute("data-phase", "not_started")

    # The long name wraps over lines, the short one does not; the fields stay in their columns and rows.
    names = page.locator(".seats .team-name")
    assert names.nth(0).evaluate(LINES) > names.nth(1).evaluate(LINES) == 1
    columns = {side: {box(page, f"#h{h}-{side}-{field}")["x"] for h in range(3) for field in ("base", "count")}
               for side in ("ns", "ew")}
    assert len(columns["ns"]) == 1 and len(columns["ew"]) == 1, columns
    for hand in range(3):
        for field in ("base", "count"):
            ns, ew = box(page, f"#h{hand}-ns-{field}"), box(page, f"#h{hand}-ew-{field}")
            assert ns["y"] == ew["y"] and abs(ns["width"] - ew["width"]) < 0.5 and ew["x"] > ns["x"] + ns["width"]
    # Each name heads its own column: the names start where their columns do, whatever their length.
    assert names.nth(1).bounding_box()["x"] > box(page, "#h0-ns-base")["x"] + box(page, "#h0-ns-base")["width"] / 2

    # "GO-AHEAD", "North-South" and "East-West" each on one line.
    assert page.locator(".clock-phase").inner_text().upper() == "WAITING FOR THE GO-AHEAD"
    assert page.locator(".clock-phase").evaluate(LINES) == 1
    for seat in page.locator(".side-seat").all():
        assert seat.evaluate(LINES) == 1, seat.inner_text()

    assert page.evaluate(OVERFLOW) <= 0
    violations = axe_violations(page)
    assert violations == [], "\n".join(violations)
    screenshot(page, f"table-sheet-{width}.png")


@pytest.mark.parametrize("width", [360, 1366])
def test_a_negative_count_reads_as_written_and_the_summary_is_stacked_on_a_phone(browser, live_server, width):
    from playwright.sync_api import expect

    director, _, game = table_game(require_opponent_code=False)
    clock_services.start_clock(game.round, director)
    page = browser.new_page(viewport=WIDTHS[width])
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    hands = [((400, -65), (1800, 275)), ((1500, 250), (900, 130)), ((2900, 410), (1100, 60))]
    for hand, (ns, ew) in enumerate(hands):
        if hand:
            page.click("#add-hand")
        type_line(page, hand, "ns", *ns)
        type_line(page, hand, "ew", *ew)
    page.click("#submit-sheet")
    summary = page.locator(".confirm .sheet-summary")
    expect(summary).to_be_visible(timeout=10000)
    first = summary.locator("tbody tr").first.locator("td")
    expect(first.nth(0)).to_contain_text("400 \u2212 65 = 335")
    expect(summary).not_to_contain_text("+ -")
    expect(summary).not_to_contain_text("+ \u2212")

    ns, ew = first.nth(0).bounding_box(), first.nth(1).bounding_box()
    if width == 360:  # one team's line under the other, at the card's full width
        assert ew["y"] >= ns["y"] + ns["height"] - 1 and abs(ew["x"] - ns["x"]) < 1
        assert ns["width"] > 250
        expect(first.nth(0).locator(".sum-seat")).to_have_text("North-South")
    else:  # a table: side by side
        assert abs(ew["y"] - ns["y"]) < 1 and ew["x"] > ns["x"] + ns["width"] - 1
        expect(first.nth(0).locator(".sum-seat")).to_be_hidden()
    # "(North-South)" after the winner's long name is never broken at its hyphen.
    assert page.locator(".confirm .winner .nowrap").evaluate(LINES) == 1
    assert page.evaluate(OVERFLOW) <= 0
    violations = axe_violations(page)
    assert violations == [], "\n".join(violations)


def test_the_words_of_a_line_s_sum(browser, live_server):
    """dom.js's sumWords, as the opponents read each line: a true minus sign, never "+ -"."""
    _, _, game = table_game()
    page = browser.new_page(viewport=WIDTHS[1366])
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    words = page.evaluate("""async () => { const {sumWords} = await import("/static/js/table/dom.js");
      return [sumWords(400, -65), sumWords(2200, 325), sumWords(-120, 65), sumWords(-120, -5), sumWords(0, 0),
              sumWords(undefined, 5)]; }""")
    assert words == ["400 \u2212 65 = 335", "2,200 + 325 = 2,525", "\u2212120 + 65 = \u221255",
                     "\u2212120 \u2212 5 = \u2212125", "0 + 0 = 0", "\u2013 + 5 = \u2013"]


def test_when_the_page_asks_before_sending(browser, live_server):
    """warnings.js's conditions, on the page of a game the director has not started (three hands asked,
    target 8,500): fewer hands unless a team passed the target; no go-ahead unless the clock says so."""
    _, _, game = table_game()
    page = browser.new_page(viewport=WIDTHS[1366])
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    asked = page.evaluate("""async () => { const {sendWarnings} = await import("/static/js/table/warnings.js");
      const sheet = (hands, ns, ew) => ({hands: Array(hands).fill({}), final: {ns: ns, ew: ew}});
      return {short_early: sendWarnings(sheet(2, 5000, 4000), false),
              full_started: sendWarnings(sheet(3, 7000, 4000), true),
              short_started: sendWarnings(sheet(1, 2525, 2075), true),
              past_target: sendWarnings(sheet(2, 8600, 4000), true),
              full_early: sendWarnings(sheet(3, 7000, 4000), false)}; }""")
    early = "The director has not given the go-ahead for game 1 yet."
    assert asked == {"short_early": ["You are sending 2 hands; this game has 3.", early], "full_started": [],
                     "short_started": ["You are sending 1 hand; this game has 3."], "past_target": [],
                     "full_early": [early]}


def test_a_short_sheet_before_the_go_ahead_is_asked_about_and_still_sent(browser, live_server):
    from playwright.sync_api import expect

    _, _, game = table_game(require_opponent_code=False)
    page = browser.new_page(viewport=WIDTHS[360])
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    type_line(page, 0, "ns", 2200, 325)
    type_line(page, 0, "ew", 1800, 275)
    page.click("#add-hand")
    type_line(page, 1, "ns", 1500, 250)
    type_line(page, 1, "ew", 900, 130)
    page.click("#submit-sheet")
    question = page.locator("#send-question")
    expect(question).to_be_visible()
    expect(question).to_contain_text("You are sending 2 hands; this game has 3.")
    expect(question).to_contain_text("The director has not given the go-ahead for game 1 yet.")
    expect(question).to_be_focused()
    # Not yet: nothing is sent, and the sheet is there as it was.
    page.click("#not-yet")
    expect(question).to_be_hidden()
    expect(page.locator("#submit-sheet")).to_be_focused()
    page.wait_for_timeout(500)
    assert SheetVersion.objects.count() == 0
    # Send anyway: the server takes it like any other sheet.
    page.click("#submit-sheet")
    page.click("#send-anyway")
    expect(page.locator(".confirm h2")).to_contain_text("East-West", timeout=10000)
    assert SheetVersion.objects.filter(game=game).count() == 1
    assert len(SheetVersion.objects.get(game=game).document["hands"]) == 2


# Every tap a thumb makes on the page (not a key of the keypad), and every field that received typing.
COUNT_TAPS = """window.__taps = 0; window.__fields = new Set();
document.addEventListener("pointerdown", (e) => { if (e.isTrusted) { window.__taps++; } }, true);
document.addEventListener("input", (e) => {
  if (e.isTrusted && e.target.id) { window.__fields.add(e.target.id); } }, true);"""


def test_a_full_three_hand_sheet_takes_twelve_fields_and_seventeen_taps(browser, live_server):
    """On a phone, after the go-ahead: tap a field and type, for each of the 12 numbers; two taps to add
    hands; Submit; then East-West tap their code's field, type it, and tap Accept."""
    from playwright.sync_api import expect

    director, _, game = table_game(require_opponent_code=True)
    clock_services.start_clock(game.round, director)
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, has_touch=True)
    context.add_init_script(COUNT_TAPS)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator(".clock-widget")).not_to_have_attribute("data-phase", "not_started")
    for hand, (ns, ew) in enumerate(FULL):
        if hand:
            page.locator("#add-hand").tap()
        for side, (base, count) in (("ns", ns), ("ew", ew)):
            for field, value in (("base", base), ("count", count)):
                page.locator(f"#h{hand}-{side}-{field}").tap()
                page.keyboard.type(str(value))
    expect(page.locator("#final-ns")).to_have_text("7,585")
    page.locator("#submit-sheet").tap()
    expect(page.locator(".confirm")).to_be_visible(timeout=10000)  # no question: a whole sheet, in time
    page.locator("#team-code").tap()
    page.keyboard.type(game.ew_team.code)
    page.locator("#accept-sheet").tap()
    expect(page.locator("#final h2")).to_contain_text("Accepted", timeout=10000)

    fields = page.evaluate("[...window.__fields].filter((id) => /^h\\d-(ns|ew)-(base|count)$/.test(id)).length")
    taps = page.evaluate("window.__taps")
    assert fields == 12 and taps <= 17, (fields, taps)
    game.refresh_from_db()
    assert (game.status, game.ns_total, game.ew_total) == ("final", 7585, 4265)
    context.close()
