"""Two phones at one table, in two headless Chromium contexts (two devices, each with its own storage): what
one types reaches the other with a note of what changed; the same field typed on both keeps each phone's
own value and says so; a page waiting for the opponents follows a new version; and a tap on "accept" for a
version the other phone has replaced says so and shows the new one."""

import re
import time

import pytest

from scoring.models import SheetDraft, SheetVersion
from tests.browser.test_accessibility import axe_violations
from tests.factories import make_director, make_event
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def type_line(page, hand, side, base, count):
    page.fill(f"#h{hand}-{side}-base", str(base))
    page.fill(f"#h{hand}-{side}-count", str(count))


def wait_for_draft(game, test, seconds=20):
    """Until the server's draft passes `test` (a save is debounced, then on its way). The reads are spaced
    and the wait is long, for a busy machine: CI once saw the save land just after a 10 s wait."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        draft = SheetDraft.objects.filter(game=game).first()
        if draft is not None and test(draft.data):
            return draft
        time.sleep(0.3)
    raise AssertionError(f"the draft never got there: {SheetDraft.objects.filter(game=game).first().data}")


def ns_count(data):
    return data["hands"][0]["ns"]["count"]


def two_phones(browser, live_server, game):
    phones = []
    for _ in range(2):
        page = browser.new_context(**PHONE).new_page()
        page.goto(f"{live_server.url}/t/{game.table.token}/")
        phones.append(page)
    return phones


@pytest.fixture
def game():
    event = make_event(make_director(), teams=4, name="Two phones")
    return Game.objects.select_related("round__event", "table", "ns_team", "ew_team").get(
        round__event=event, table__number=1)


def test_two_phones_typing_at_one_table_merge_and_say_what_the_other_changed(browser, live_server, game):
    from playwright.sync_api import expect

    first, second = two_phones(browser, live_server, game)
    type_line(first, 0, "ns", 2200, 325)
    wait_for_draft(game, lambda data: ns_count(data) == "325")

    # The second phone, on the form, picks up the first one's typing and says what changed.
    expect(second.locator("#h0-ns-count")).to_have_value("325", timeout=15000)
    expect(second.locator("#sync-note")).to_contain_text("Another phone at this table changed the sheet")
    expect(second.locator("#sync-note")).to_contain_text("Hand 1, We (North-South), Count: empty → 325")
    second.click("#sync-ok")
    expect(second.locator("#sync-note")).to_be_hidden()

    # Each types its own team's line: both lines are kept, on both phones.
    type_line(second, 0, "ew", 1800, 275)
    wait_for_draft(game, lambda data: data["hands"][0]["ew"]["count"] == "275")
    expect(first.locator("#h0-ew-count")).to_have_value("275", timeout=15000)
    expect(first.locator("#sync-note")).to_contain_text("Hand 1, They (East-West), Count: empty → 275")
    expect(first.locator("#final-ew")).to_have_text("2,075")
    first.click("#sync-ok")

    # The same field on both, the second phone offline meanwhile: when it is back, its save is refused as
    # behind, the two are merged, it keeps what it typed and names the other phone's value; the first
    # phone then follows, and says what changed.
    second.context.set_offline(True)
    second.fill("#h0-ns-count", "300")
    expect(second.locator("#connection")).to_contain_text("No connection")
    first.fill("#h0-ns-count", "350")
    wait_for_draft(game, lambda data: ns_count(data) == "350")
    second.context.set_offline(False)
    second.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(second.locator("#sync-note")).to_contain_text(
        "Hand 1, We (North-South), Count: this phone kept 300, the other phone typed 350. Check which is right.",
        timeout=15000)
    expect(second.locator("#h0-ns-count")).to_have_value("300")
    expect(second.locator("#h0-ns-count")).to_have_class(re.compile("changed-elsewhere"))
    assert axe_violations(second) == []
    draft = wait_for_draft(game, lambda data: ns_count(data) == "300")
    assert draft.data["hands"][0]["ew"]["count"] == "275"  # the other line was not lost in the merge
    expect(first.locator("#h0-ns-count")).to_have_value("300", timeout=15000)
    expect(first.locator("#sync-note")).to_contain_text("Hand 1, We (North-South), Count: 350 → 300")

    # A reload of the first phone starts from what both typed.
    first.reload()
    expect(first.locator("#h0-ns-count")).to_have_value("300")
    expect(first.locator("#h0-ew-count")).to_have_value("275")

    # One phone submits: the other, still on the form, is told and shows the submitted sheet.
    first.click("#submit-sheet")
    first.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
    expect(first.locator(".confirm h2")).to_contain_text("East-West", timeout=15000)
    expect(second.locator(".confirm h2")).to_contain_text("East-West", timeout=15000)
    expect(second.locator("#sync-note")).to_contain_text("The sheet was submitted from another phone")
    assert SheetVersion.objects.filter(game=game).count() == 1


def test_a_phone_reopened_with_typing_the_server_never_got_merges_it_with_the_other_phone_s(
        browser, live_server, game):
    from playwright.sync_api import expect

    first, second = two_phones(browser, live_server, game)
    type_line(first, 0, "ns", 2200, 325)
    wait_for_draft(game, lambda data: ns_count(data) == "325")
    expect(second.locator("#h0-ns-count")).to_have_value("325", timeout=15000)

    # The second phone's saves do not reach the server; what it types is kept on the phone only.
    drafts = re.compile(r"/draft/\?")
    second.route(drafts, lambda route: route.abort() if route.request.method == "PUT" else route.continue_())
    type_line(second, 0, "ew", 1800, 275)
    expect(second.locator("#connection")).to_contain_text("No connection", timeout=15000)
    first.fill("#h0-ns-count", "350")
    wait_for_draft(game, lambda data: ns_count(data) == "350")

    # Opened again: its own typing and the other phone's, and a note of what the other changed.
    second.reload()
    expect(second.locator("#h0-ew-count")).to_have_value("275")
    expect(second.locator("#h0-ns-count")).to_have_value("350")
    expect(second.locator("#sync-note")).to_contain_text("Hand 1, We (North-South), Count: 325 → 350")
    second.unroute(drafts)
    second.evaluate("() => window.dispatchEvent(new Event('online'))")
    draft = wait_for_draft(game, lambda data: data["hands"][0]["ew"]["count"] == "275")
    assert ns_count(draft.data) == "350"


def test_a_replaced_version_is_followed_and_an_answer_about_it_says_so(browser, live_server, game):
    from playwright.sync_api import expect

    scorekeeper, opponents = two_phones(browser, live_server, game)
    type_line(scorekeeper, 0, "ns", 2200, 325)
    type_line(scorekeeper, 0, "ew", 1800, 275)
    scorekeeper.click("#submit-sheet")
    scorekeeper.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
    expect(scorekeeper.locator(".confirm h2")).to_contain_text("East-West", timeout=15000)
    opponents.reload()
    expect(opponents.locator(".confirm .winner")).to_contain_text("2,525 to 2,075")

    # The scorekeeper corrects the sheet: the opponents' page, waiting, follows the new version.
    scorekeeper.click("#correct-sheet")
    scorekeeper.fill("#h0-ew-count", "300")
    scorekeeper.click("#submit-sheet")
    scorekeeper.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
    expect(scorekeeper.locator(".confirm .winner")).to_contain_text("2,525 to 2,100", timeout=15000)
    expect(opponents.locator(".confirm .winner")).to_contain_text("2,525 to 2,100", timeout=15000)
    note = opponents.locator("#sync-note")
    expect(note).to_contain_text("The sheet was changed on another phone at this table. Here is the new "
                                 "version (version 2): check it before you accept.")
    expect(note).to_contain_text(f"Hand 1, {game.ew_team.name}, Count: 275 → 300")
    assert axe_violations(opponents) == []  # the note is read as easily as the rest of the page
    opponents.click("#sync-ok")

    # Corrected again while the opponents' page cannot read the sheet: their tap on "accept" is about the
    # replaced version. It is refused, the page says so and shows the new version; nothing was accepted.
    hold = {"on": True}

    def sheet_reads(route):
        if hold["on"] and route.request.method == "GET":
            route.fulfill(status=503, body="")
        else:
            route.continue_()

    opponents.route(re.compile(r"/sheet/\?"), sheet_reads)
    scorekeeper.click("#correct-sheet")
    scorekeeper.fill("#h0-ns-count", "350")
    scorekeeper.click("#submit-sheet")
    scorekeeper.click("#send-anyway")  # a short sheet before the go-ahead: the page asks first
    expect(scorekeeper.locator(".confirm .winner")).to_contain_text("2,550 to 2,100", timeout=15000)
    expect(opponents.locator(".confirm .winner")).to_contain_text("2,525 to 2,100")
    hold["on"] = False
    opponents.click("#accept-sheet")
    expect(note).to_contain_text("Your answer was not recorded: the sheet was changed on another phone at this "
                                 "table. Here is the new version (version 3): check it before you accept.",
                                 timeout=15000)
    expect(note).to_contain_text(f"Hand 1, {game.ns_team.name}, Count: 325 → 350")
    expect(opponents.locator(".confirm .winner")).to_contain_text("2,550 to 2,100")
    game.refresh_from_db()
    assert game.status == Game.Status.SCHEDULED
    assert SheetVersion.objects.get(game=game, number=3).status == "submitted"

    # Now they accept the version they read: both phones show the final result.
    if game.round.event.require_opponent_code:
        opponents.fill("#team-code", game.ew_team.code)
    opponents.click("#accept-sheet")
    expect(opponents.locator("#final h2")).to_have_text("Accepted: the result is final", timeout=15000)
    expect(note).to_be_hidden()
    expect(scorekeeper.locator("#final h2")).to_have_text("Accepted: the result is final", timeout=15000)
    game.refresh_from_db()
    assert (game.status, game.ns_total, game.ew_total) == (Game.Status.FINAL, 2550, 2100)


@pytest.mark.parametrize("typed", [True, False], ids=["after typing", "before anything was typed"])
def test_a_phone_on_the_form_is_told_when_the_director_enters_the_sheet(browser, live_server, game, typed):
    """Not "another phone at this table": the director entered a paper sheet for the game (with a draft
    typed at the table, or none yet)."""
    from playwright.sync_api import expect

    from scoring import services
    from tests.scoring.sheets import sheet

    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    expect(page.locator("#h0-ns-base")).to_be_visible()
    if typed:
        type_line(page, 0, "ns", 2200, 350)
        wait_for_draft(game, lambda data: ns_count(data) == "350")
    services.director_enter_paper_sheet(game, sheet(), game.round.event.directors.get())
    expect(page.locator("#sync-note")).to_contain_text("The director entered a sheet for this table",
                                                       timeout=15000)
    expect(page.locator("#sync-note")).not_to_contain_text("another phone")
