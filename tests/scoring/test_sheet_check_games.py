"""The check page's game picker and the practice API for every game: every registered rule set is offered,
the box starts from the chosen game's example, and a sheet of any game (@1 or @2) is checked under the
rules it names, by the page and by PUT /api/v1/check/. A toy rule set of three sides is registered here,
as tests/rules/sides/test_sheet.py does."""

import html as html_text
import json

import pytest
from django.core.cache import cache
from django.urls import reverse

from rules import registry
from rules.examples import EXAMPLE_SHEET, example_text
from rules.sides import FORMAT2
from tests.rules.sides.test_sheet import Toy
from tests.scoring.api.test_practice import throttle_key

CHECK = "/api/v1/check/"


class ToyWithExample(Toy):
    name = "toy_example"
    title = "A toy game with an example"

    @staticmethod
    def example():
        return toy_sheet("toy_example", {"ana": line(100, 20), "bo": line(50, 5), "cy": line(0, 0)})


def line(base, count, **more):
    return {"base": base, "count": count, **more}


def toy_sheet(ruleset, *hands, **top):
    return {"format": FORMAT2, "ruleset": ruleset,
            "sides": [{"id": "ana", "label": "Ana"}, {"id": "bo", "label": "Bo"}, {"id": "cy"}],
            "hands": list(hands), **top}


@pytest.fixture(autouse=True)
def toys():
    registry.register(Toy())
    registry.register(ToyWithExample())
    yield
    registry._RULESETS.pop("toy")
    registry._RULESETS.pop("toy_example")


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.delete(throttle_key("127.0.0.1"))
    yield


def options(html: str) -> list[tuple[str, str]]:
    select = html.split('<select id="game" name="game"', 1)[1].split("</select>", 1)[0]
    return [(part.split('"', 1)[0], html_text.unescape(part.split(">", 1)[1].split("</option>", 1)[0]))
            for part in select.split('<option value="')[1:]]


def test_the_picker_is_a_labelled_select_of_every_registered_rule_set_with_its_title(client):
    html = client.get(reverse("sheet-check")).content.decode()
    assert '<label for="game">Game</label>' in html
    assert options(html) == [(name, registry.get_ruleset(name).title) for name in registry.ruleset_names()]
    assert {"nvso", "toy", "toy_example"} <= {name for name, _ in options(html)}
    assert '<option value="nvso" selected>' in html


def test_picking_a_game_with_an_example_starts_the_box_from_it(client):
    response = client.get(reverse("sheet-check"), {"game": "toy_example"})
    assert response.context["text"] == json.dumps(ToyWithExample.example(), indent=2)
    html = response.content.decode()
    assert '<option value="toy_example" selected>' in html
    assert '<input type="hidden" name="game" value="toy_example" data-game-field>' in html
    assert "no example sheet of its own" not in html


def test_a_game_without_an_example_starts_from_the_nvso_example_and_says_so(client):
    response = client.get(reverse("sheet-check"), {"game": "toy"})
    assert response.context["text"] == json.dumps(EXAMPLE_SHEET, indent=2)
    assert ("This game has no example\n    sheet of its own yet, so the box starts from the NVSO example."
            in response.content.decode())


def test_an_unknown_game_is_the_nvso_game(client):
    response = client.get(reverse("sheet-check"), {"game": "<script>"})
    assert response.context["game"] == "nvso"
    assert response.context["text"] == example_text()
    assert "<script>" not in response.content.decode().split("<main", 1)[1].split("</main>", 1)[0]


def test_every_example_is_on_the_page_as_data_for_the_picker_s_script(client):
    html = client.get(reverse("sheet-check")).content.decode()
    data = json.loads(html.split('id="game-examples" type="application/json">', 1)[1].split("</script>")[0])
    assert data == {name: example_text(name) for name in registry.ruleset_names()}
    assert '<script type="module" src="/static/js/check_game.js">' in html


def test_a_pasted_three_sided_sheet_is_checked_under_its_game_with_a_column_per_side(client):
    sheet = toy_sheet("toy", {"ana": line(100, 20), "bo": line(50, 5, total=60), "cy": line(0, -10)})
    response = client.post(reverse("sheet-check"), {"sheet": json.dumps(sheet), "game": "toy"})
    html = response.content.decode()
    assert "The sheet has 1 error." in html
    assert "Hand 1, Bo: the total should be 55." in html
    assert response.context["totals"] == {"sides": ["Ana", "Bo", "Side cy"],
                                          "rows": [{"hand": 1, "cells": [("120", "120"), ("55", "55"),
                                                                         ("-10", "-10")]}],
                                          "final": ["120", "55", "-10"], "winner": "Ana"}
    assert "<th class=\"num\">Side cy running</th>" in html
    assert '<option value="toy" selected>' in html


def test_the_game_s_own_example_is_valid_on_the_page(client):
    response = client.post(reverse("sheet-check"), {"sheet": example_text("toy_example"), "game": "toy_example"})
    assert "The sheet is valid." in response.content.decode()
    assert response.context["totals"]["winner"] == "Ana"


@pytest.mark.django_db
def test_the_practice_api_checks_an_at2_sheet_under_its_own_game(client):
    sheet = toy_sheet("toy", {"ana": line(100, 20), "bo": line(50, 5, total=60), "cy": line(0, 0)})
    response = client.put(f"{CHECK}?sides=page", json.dumps({"form": {}, "sheet": sheet}),
                          content_type="application/json")
    assert response.status_code == 200
    validation = response.json()["validation"]
    assert validation["valid"] is False and validation["malformed"] is False
    assert [(v["hand"], v["side"], v["field"], v["code"], v["message"]) for v in validation["violations"]] == [
        (1, "bo", "total", "total-wrong", "Hand 1, Bo: the total should be 55.")]
    assert validation["computed"]["final"] == {"ana": 120, "bo": 55, "cy": 0}


@pytest.mark.django_db
def test_the_practice_api_still_holds_an_nvso_sheet_to_a_new_event_s_rules(client):
    sheet = dict(EXAMPLE_SHEET, options={"target_score": 100})  # an event's own target score wins
    response = client.put(CHECK, json.dumps({"form": {}, "sheet": sheet}), content_type="application/json")
    codes = [v["code"] for v in response.json()["validation"]["violations"]]
    assert "hand-after-target" not in codes and response.json()["validation"]["valid"] is True


@pytest.mark.django_db
def test_the_practice_api_bounds_a_sheet_of_any_game_as_a_table_s(client):
    sheet = toy_sheet("toy", {"ana": line(100, 20), "bo": line(50, 5), "cy": line(0, 0)},
                      note="x" * 70_000)  # over a game's 64 KB, under the API's 128 KB
    response = client.put(CHECK, json.dumps({"form": {}, "sheet": sheet}), content_type="application/json")
    validation = response.json()["validation"]
    assert validation["malformed"] is True
    assert validation["problems"] == [{"path": "$", "message": "This score sheet is too large to be a game's sheet."}]


@pytest.mark.django_db
def test_an_at2_sheet_of_an_unknown_game_is_malformed_not_an_error(client):
    sheet = toy_sheet("no_such_game", {"ana": line(1, 0), "bo": line(1, 0), "cy": line(1, 0)})
    response = client.put(CHECK, json.dumps({"form": {}, "sheet": sheet}), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["validation"]["malformed"] is True


def test_the_verdicts_columns_name_nvso_seats_on_an_at_2_sheet_without_labels():
    from scoring.sheet_check_views import side_columns

    document = {"format": "canasta-td/score-sheet@2", "ruleset": "nvso",
                "sides": [{"id": "ns"}, {"id": "ew", "label": "Brown / Green"}], "hands": []}
    computed = {"final": {"ns": 0, "ew": 0}}
    assert side_columns(computed, document) == [("ns", "North-South"), ("ew", "Brown / Green")]


PRACTICE_NOTE = "The practice form is the NVSO score sheet."


def _practice_section(html: str) -> str:
    return html.split('<section id="practice"', 1)[1].split("</section>", 1)[0]


@pytest.mark.parametrize("game", ["crazy_canasta", "five_player"])
def test_another_game_s_practice_section_says_the_form_is_nvso_s_and_points_to_the_box(client, game):
    for response in (client.get(reverse("sheet-check"), {"game": game}),
                     client.post(reverse("sheet-check"), {"game": game, "sheet": example_text(game)})):
        practice = _practice_section(response.content.decode())
        title = html_text.escape(registry.get_ruleset(game).title)
        assert (f"{PRACTICE_NOTE} For {title}, <a href=\"#paste\">edit the example sheet below</a>."
                in practice)
        assert 'id="practice-game" class="warn-box" data-practice-game data-practice-ruleset="nvso">' in practice


def test_the_nvso_practice_section_has_no_such_note(client):
    for response in (client.get(reverse("sheet-check")), client.get(reverse("sheet-check"), {"game": "nvso"})):
        html = response.content.decode()
        assert PRACTICE_NOTE not in html
        assert 'data-practice-game data-practice-ruleset="nvso" hidden></p>' in _practice_section(html)
