"""The check page's game picker in Chromium: picking a game swaps the box to its example at once, a sheet
the reader typed is kept (and the status line says so), and without JavaScript the picker is a form that
brings the page back with the chosen game's example. A toy rule set with an example is registered here."""

import json

import pytest

from rules import registry
from rules.examples import example_text
from tests.scoring.test_sheet_check_games import ToyWithExample

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def toy():
    registry.register(ToyWithExample())
    yield
    registry._RULESETS.pop("toy_example")


def test_picking_a_game_swaps_the_example_and_keeps_a_sheet_of_ones_own(browser, live_server):
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/check/#paste")
    box = page.locator("textarea#sheet")
    expect(box).to_have_value(example_text())
    expect(page.get_by_label("Game")).to_have_value("nvso")

    page.get_by_label("Game").select_option("toy_example")
    expect(box).to_have_value(example_text("toy_example"))
    expect(page.locator("#game-status")).to_have_text(
        "The box now holds the example sheet of A toy game with an example.")
    assert json.loads(box.input_value())["format"] == "canasta-td/score-sheet@2"
    note = page.locator("#practice-game")  # the practice form above is NVSO's, and the page says so
    expect(note).to_have_text("The practice form is the NVSO score sheet. For A toy game with an example, edit "
                              "the example sheet below.")
    expect(note.get_by_role("link", name="edit the example sheet below")).to_have_attribute("href", "#paste")

    # The example is checked under its own game, and the page keeps that game picked.
    page.get_by_role("button", name="Check the sheet").click()
    expect(page.locator("#verdict")).to_contain_text("The sheet is valid.")
    expect(page.get_by_label("Game")).to_have_value("toy_example")

    # A sheet of one's own is not replaced by picking a game; the button does replace it.
    box.fill('{"hands": []}')
    page.get_by_label("Game").select_option("nvso")
    expect(box).to_have_value('{"hands": []}')
    expect(page.locator("#game-status")).to_contain_text("Your own sheet is kept.")
    expect(note).to_be_hidden()
    page.get_by_role("button", name="Show this game's example").click()
    expect(box).to_have_value(example_text())
    assert browser.csp_violations == []


def test_without_javascript_the_picker_is_a_form(browser, live_server):
    from playwright.sync_api import expect

    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/check/")
    page.get_by_label("Game").select_option("toy_example")
    page.get_by_role("button", name="Show this game's example").click()
    expect(page.locator("textarea#sheet")).to_have_value(example_text("toy_example"))
    expect(page.get_by_label("Game")).to_have_value("toy_example")
    context.close()
