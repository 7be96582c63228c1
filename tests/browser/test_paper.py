"""Paper that matches the screen, printed by headless Chromium to PDF (`page.pdf()`, the print CSS) and
read back with pypdf: one A4 portrait page for each table's score sheet, with its game, table, teams,
initial meld and the rule set's fields; one table's sheet alone from the director's seating page; and the
guide cards, several to a page, each team's games and seats as the movement gives them."""

import io
import re

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.session import log_in
from tests.factories import make_director, make_event
from tournament.core.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

A4_POINTS = (595, 842)   # 210 x 297 mm


@pytest.fixture
def day(live_server):
    """Nine teams at five tables (one team sits out each game), three games, game 1 seated; two teams
    with names long enough to wrap, which must not push a sheet onto a second page."""
    event = make_event(make_director(), teams=9, games=3, name="Harbour canasta day at the Riverside community hall")
    event.teams.filter(number__in=(1, 6)).update(player1="Margaret Featherstonehaugh-Smythe",
                                                 player2="Bartholomew Cholmondeley-Warburton")
    return event


def printed(page, name: str):
    """The page as the browser prints it, kept in test-artifacts/ for a person to look at, and read."""
    from pypdf import PdfReader

    data = page.pdf(format="A4", print_background=False, prefer_css_page_size=True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / name).write_bytes(data)
    return PdfReader(io.BytesIO(data))


def words(text: str) -> str:
    """Text as pypdf extracts it, with runs of white space as one space (line ends fall anywhere)."""
    return re.sub(r"\s+", " ", text)


def test_each_table_s_sheet_prints_on_its_own_a4_portrait_page(browser, live_server, day):
    games = list(Game.objects.filter(round__event=day, round__number=1, status=Game.Status.SCHEDULED)
                 .select_related("table", "ns_team", "ew_team").order_by("table__number"))
    page = browser.new_page()
    log_in(page, live_server, f"/director/events/{day.pk}/paper/sheets/?game=1")
    pdf = printed(page, "paper-sheets.pdf")

    assert len(pdf.pages) == len(games) == 4
    for sheet, game in zip(pdf.pages, games, strict=True):
        assert tuple(round(float(n)) for n in sheet.mediabox[2:]) == A4_POINTS
        text = words(sheet.extract_text())
        assert f"Game 1 · Table {game.table.number}" in text
        assert f"Team {game.ns_team.number}: {game.ns_team.name}" in text
        assert f"Team {game.ew_team.number}: {game.ew_team.name}" in text
        assert "125 points in hand 1, 155 in hand 2 and 180 in hand 3" in text
        for label in ("Hand 1", "Hand 3", "Initial meld", "Base", "Count", "Pure canastas (500)", "Went out",
                      "Players stuck with sevens", "Running total", "Final score", "Signature",
                      f"North-South, team {game.ns_team.number}", f"East-West, team {game.ew_team.number}"):
            assert label in text, label
        assert "Hand 4" not in text
        assert "Print" not in text   # the screen's buttons and words stay off the paper


def test_the_director_prints_one_table_s_sheet_from_the_seating_page(browser, live_server, day):
    game = Game.objects.select_related("ns_team", "ew_team").get(round__event=day, round__number=1, table__number=3)
    page = browser.new_page()
    log_in(page, live_server, f"/director/events/{day.pk}/seating/")
    page.get_by_role("link", name="Paper sheet of table 3").click()
    page.wait_for_url(re.compile(r".*/paper/sheets/\?game=1&table=3$"))
    pdf = printed(page, "paper-sheet-table-3.pdf")

    assert len(pdf.pages) == 1
    text = words(pdf.pages[0].extract_text())
    assert "Game 1 · Table 3" in text
    assert game.ns_team.name in text and game.ew_team.name in text


def test_the_guide_cards_print_several_to_a_page_with_every_team_s_games(browser, live_server, day):
    page = browser.new_page()
    log_in(page, live_server, f"/director/events/{day.pk}/guide-cards/")
    pdf = printed(page, "guide-cards.pdf")

    assert 1 < len(pdf.pages) < 9   # nine cards, several to a page
    text = words(" ".join(sheet.extract_text() for sheet in pdf.pages))
    for team in day.teams.all():
        assert f"Team {team.number}: {team.name}" in text
    # Team 9 starts East-West at table 4 (the movement's numbering, seated by registration): it moves up a
    # table each game, and meets North-South there; team 5 plays alone at table 5 in game 1.
    game_1 = Game.objects.get(round__event=day, round__number=1, table__number=5)
    alone = game_1.ns_team or game_1.ew_team
    assert text.count("you sit out") == 3   # one team each game, nine teams at five tables
    assert f"Team {alone.number}: {alone.name} Game 1: table 5" in text


def test_printed_the_sheets_and_cards_are_black_on_white_without_the_screen_s_controls(browser, live_server, day):
    page = browser.new_page()
    log_in(page, live_server, f"/director/events/{day.pk}/paper/sheets/")
    for address, sample in ((f"/director/events/{day.pk}/paper/sheets/", ".paper-grid thead th"),
                            (f"/director/events/{day.pk}/guide-cards/", ".guide-card h2")):
        page.goto(live_server.url + address)
        page.emulate_media(media="print")
        assert page.locator("[data-print]").is_hidden()
        colours = page.locator(sample).first.evaluate(
            "el => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]")
        assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]


def test_the_guide_cards_say_a_paired_game_s_table_comes_with_its_pairing(browser, live_server):
    event = make_event(make_director(), teams=8, games=2, paired_rounds=1, name="Paired day")
    page = browser.new_page()
    log_in(page, live_server, f"/director/events/{event.pk}/guide-cards/")
    text = words(" ".join(sheet.extract_text() for sheet in printed(page, "guide-cards-paired.pdf").pages))
    assert text.count("Game 3: table given when the game is paired: see the board or your team page") == 8
    assert "Game 2: table" in text   # the rotation game before it is still foretold by the movement
