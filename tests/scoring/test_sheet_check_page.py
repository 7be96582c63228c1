"""The sheet check page: a form prefilled with a valid example; the verdict after posting."""

import json

from django.urls import reverse

from rules.examples import EXAMPLE_SHEET
from rules.registry import get_ruleset
from tests.rules.builders import build, plain

# The site's own URLs (config.urls): the page links the practice form to the API under /api/v1/.


def post(client, text: str):
    return client.post(reverse("sheet-check"), {"sheet": text})


def test_the_page_is_at_check():
    assert reverse("sheet-check") == "/check/"


def test_get_shows_a_form_with_a_valid_example(client):
    response = client.get(reverse("sheet-check"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<textarea" in html and 'name="sheet"' in html
    assert "canasta-td/score-sheet@1" in html
    assert "The verdict" not in html
    assert response.context["text"] == json.dumps(EXAMPLE_SHEET, indent=2)


def test_the_example_is_valid(client):
    response = post(client, json.dumps(EXAMPLE_SHEET))
    html = response.content.decode()
    assert response.status_code == 200
    assert "The sheet is valid." in html
    assert "2,945" in html and "1,690" in html  # the final totals, as written on paper
    assert "Winner: <strong>North-South</strong>" in html


def test_errors_are_grouped_by_hand(client):
    sheet = build((plain(2200, 325), plain(1800, 275)), (plain(300, 100), plain(500, 283)))
    sheet["winner"] = "ew"
    response = post(client, json.dumps(sheet))
    html = response.content.decode()
    assert "The sheet has 2 errors." in html
    assert "Hand 2, East-West: a count of 283 is impossible; every card is worth a multiple of 5." in html
    groups = response.context["groups"]
    assert [g["title"] for g in groups] == ["Hand 1", "Hand 2", "The whole sheet"]
    assert html.index("<h3>Hand 2</h3>") < html.index("a count of 283") < html.index("<h3>The whole sheet</h3>")


def test_a_malformed_sheet_shows_each_problem_in_plain_words(client):
    response = post(client, '{"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "hands": [{"ns": 1}]}')
    html = response.content.decode()
    assert response.status_code == 200
    assert "not a score sheet the rules app can read" in html
    assert "Hand 1, North-South: the team" in html
    assert "Hand 1: the line for East-West" in html
    assert "Traceback" not in html and "Error" not in html.replace("bad-box", "")


def test_not_json_at_all(client):
    response = post(client, "Base 2,200 Count 325")
    html = response.content.decode()
    assert "The text is not a valid JSON document" in html
    assert "Base 2,200 Count 325" in html  # what was typed is kept in the form


def test_an_empty_post(client):
    response = client.post(reverse("sheet-check"), {})
    assert "The text is empty" in response.content.decode()


def test_too_long(client):
    response = post(client, " " * 200_001)
    assert "too long" in response.content.decode()


def test_no_login_needed_and_only_get_and_post(client):
    assert client.get(reverse("sheet-check")).status_code == 200
    assert client.put(reverse("sheet-check")).status_code == 405


def test_the_practice_form_comes_first_and_the_json_box_second(client):
    response = client.get(reverse("sheet-check"))
    html = response.content.decode()
    assert 'id="sheet-app"' in html and 'id="sheet-config"' in html
    assert '<script type="module" src="/static/js/table/main.js">' in html
    assert html.index('id="practice"') < html.index('id="sheet-app"') < html.index('id="paste"') \
        < html.index("<textarea")
    assert "Paste a sheet (JSON)" in html
    config = response.context["practice"]
    assert config["mode"] == "practice" and (config["ns"], config["ew"]) == ("We", "They")
    assert config["urls"] == {"draft": "/api/v1/check/?sides=page", "base": "/api/v1/check/base/"}
    # The practice config reaches the page as data, and no table's or game's address is in it.
    page_config = json.loads(html.split('id="sheet-config" type="application/json">', 1)[1].split("</script>")[0])
    assert page_config == config and "/t/" not in json.dumps(page_config)


def test_a_posted_sheet_s_verdict_is_in_the_json_section(client):
    response = post(client, json.dumps(EXAMPLE_SHEET))
    html = response.content.decode()
    assert html.index('id="paste"') < html.index('id="verdict"') < html.index("<textarea")
    assert 'action="/check/#verdict"' in html


def test_the_practice_form_is_built_from_the_nvso_rule_set_s_description_of_a_line(client):
    html = client.get(reverse("sheet-check")).content.decode()
    page_config = json.loads(html.split('id="sheet-config" type="application/json">', 1)[1].split("</script>")[0])
    assert page_config["ruleset"] == "nvso"
    assert page_config["line"] == get_ruleset("nvso").describe_line()
    assert [field["name"] for field in page_config["line"][:3]] == ["base", "count", "red_threes"]
    assert page_config["teamLabelLimit"] == 200
