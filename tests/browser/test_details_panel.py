"""The details panel at the table is built from the rule set's description of a line, sent by the server:
every field the description asks for, in its order, with its words, its choices, and numbers from the
least to the most one team can show (nine pure canastas, where the page once offered eleven)."""

import pytest

from rules.nvso.line import LABELS
from rules.registry import get_ruleset
from tests.factories import make_director, make_event
from tournament.core.models import Event, Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_table(browser, live_server, event):
    game = Game.objects.select_related("table").get(round__event=event, table__number=1)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    return page, errors


def test_the_details_panel_offers_what_the_rule_set_describes(browser, live_server, monkeypatch):
    from playwright.sync_api import expect

    # Words only the server has: the page can show them only by reading the description.
    monkeypatch.setitem(LABELS, "red_threes", "Red 3s (server)")
    described = [field for field in get_ruleset("nvso").describe_line()
                 if field["part"] == "details" and field["asked"]]
    page, errors = open_table(browser, live_server, make_event(make_director(), teams=4))
    page.click("#sheet-app [data-hand='0'] .team-ns summary")
    panel = page.locator("#sheet-app [data-hand='0'] .team-ns .details-grid")
    expect(panel.locator("select, input[type=checkbox]")).to_have_count(len(described))

    ids = panel.locator("select, input[type=checkbox]").evaluate_all("nodes => nodes.map(n => n.id)")
    assert ids == [f"h0-ns-d-{field['name']}" for field in described]
    expect(page.locator("label[for='h0-ns-d-red_threes']")).to_have_text("Red 3s (server)")
    for field in described:
        where = f"#h0-ns-d-{field['name']}"
        if field["kind"] == "yes_no":
            expect(page.locator(f"label[for='h0-ns-d-{field['name']}']")).to_have_text(" " + field["label"])
            continue
        expect(page.locator(f"label[for='h0-ns-d-{field['name']}']")).to_have_text(field["label"])
        options = page.locator(f"{where} option")
        if field["kind"] == "whole_number":
            values = [str(n) for n in range(field["min"], field["max"] + 1)]
            labels = values
        else:
            values = ["" if choice["value"] is None else choice["value"] for choice in field["choices"]]
            labels = [choice["label"] for choice in field["choices"]]
        assert options.evaluate_all("nodes => nodes.map(n => n.value)") == values, field["name"]
        assert options.evaluate_all("nodes => nodes.map(n => n.textContent)") == labels, field["name"]

    # The pure canastas run to the deck's limit for one team, and the card points are not asked.
    assert page.locator("#h0-ns-d-pure_canastas option").last.get_attribute("value") == "9"
    assert page.locator("#h0-ns-d-mixed_canastas option").last.get_attribute("value") == "10"
    expect(page.locator("#h0-ns-d-table_points, #h0-ns-d-hand_points")).to_have_count(0)

    # A choice made in the panel reaches the Base through the calculator, as before.
    page.select_option("#h0-ns-d-pure_canastas", "9")
    expect(page.locator("#h0-ns-base")).to_have_value("4500", timeout=10000)
    assert errors == []
    page.close()


def test_an_event_under_rules_the_rules_app_does_not_know_gets_a_sentence_not_a_broken_form(browser, live_server):
    from playwright.sync_api import expect

    event = make_event(make_director(), teams=4)
    Event.objects.filter(pk=event.pk).update(ruleset="bridge")
    page, errors = open_table(browser, live_server, event)
    expect(page.locator("#unknown-rules")).to_contain_text('rule set ("bridge") is not known')
    expect(page.locator("#unknown-rules")).to_contain_text("Ask the director for a paper sheet.")
    expect(page.locator("#h0-ns-base")).to_have_count(0)
    assert errors == []
    page.close()


def test_base_and_count_take_what_the_description_allows_and_no_more(browser, live_server):
    """The bounds of Base and Count come from the description too: the format's seven digits are a number
    the page adds up (the rules then say whether it is possible); one digit more is not a score."""
    from playwright.sync_api import expect

    base = next(field for field in get_ruleset("nvso").describe_line() if field["name"] == "base")
    page, errors = open_table(browser, live_server, make_event(make_director(), teams=4))
    page.fill("#h0-ns-base", str(base["max"]))
    page.fill("#h0-ns-count", "100")
    expect(page.locator("#h0-ns-base")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#total-0-ns")).to_have_text(f"{base['max'] + 100:,}")
    page.fill("#h0-ns-base", str(base["max"] + 1))
    expect(page.locator("#h0-ns-base")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#msg-0-ns")).to_contain_text("Base: type a whole number")
    expect(page.locator("#total-0-ns")).to_have_text("\u2013")  # the page's dash for no total
    assert errors == []
    page.close()
