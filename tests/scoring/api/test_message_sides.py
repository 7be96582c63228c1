"""One set of rules messages, named per audience: the table's page says We and They (as its headings
do), the API North-South and East-West, and what is stored of a submitted sheet stays in the API's words."""

import json

import pytest
from django.core.cache import cache
from django.urls import reverse

from scoring.validation import page_sides, phrased_for
from tests.scoring.api.test_practice import CHECK, throttle_key
from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import sheet, with_bad_count

pytestmark = pytest.mark.django_db

FOR_THE_PAGE = "Hand 2, They: a count of 283 is impossible; every card is worth a multiple of 5."
FOR_THE_API = "Hand 2, East-West: a count of 283 is impossible; every card is worth a multiple of 5."


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.delete(throttle_key("127.0.0.1"))
    yield


def messages(validation: dict) -> list[str]:
    return [v["message"] for v in validation["violations"] if v["severity"] == "error"]


def put(api, url: str, sheet: dict):
    return api.put(url, data=json.dumps({"form": {}, "sheet": sheet}), content_type="application/json")


def test_the_practice_check_names_the_sides_as_asked(api):
    assert messages(put(api, CHECK + "?sides=page", with_bad_count()).json()["validation"]) == [FOR_THE_PAGE]
    assert messages(put(api, CHECK, with_bad_count()).json()["validation"]) == [FOR_THE_API]


def test_an_unknown_naming_of_the_sides_is_refused_in_a_sentence(api):
    response = put(api, CHECK + "?sides=mine", with_bad_count())
    assert response.status_code == 400
    assert response.json() == {"detail": '"sides" is "page" (the messages say We and They), or leave it out '
                                         "(North-South and East-West).", "code": "invalid"}


def test_the_table_page_asks_its_draft_for_we_and_they(client, api, game):
    config = client.get(reverse("table-page", args=[game.table.token])).context["config"]
    assert config["urls"]["draft"] == f"/api/v1/tables/{game.table.token}/draft/?sides=page"
    answer = put(api, config["urls"]["draft"], with_bad_count()).json()
    assert messages(answer["validation"]) == [FOR_THE_PAGE]


def test_a_submitted_sheet_keeps_the_api_words_for_the_director(api, game):
    response = post_sheet(api, game.table.token, with_bad_count())
    assert response.status_code == 422
    assert messages(response.json()) == [FOR_THE_API]


NS_DETAILS = {"red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1, "went_out": True,
              "table_points": 335, "hand_points": 10}  # hand 1's North-South base 2,200 and count 325


def with_one_side_itemised() -> dict:
    """A valid sheet whose hand 1 itemises North-South only: its answer notes East-West by name."""
    document = sheet()
    document["hands"][0]["ns"]["details"] = dict(NS_DETAILS)
    return document


def notes(validation: dict) -> list[str]:
    """Hand 1's note on what could not be checked (hands 2 and 3 itemise neither team: no side is named)."""
    return [v["message"] for v in validation["violations"] if v["code"] == "base-not-itemised" and v["hand"] == 1]


NOTE = ("Hand 1, {}: only base and count are written, so the checks confirm the arithmetic and that the base "
        "is possible, but not the threes, canastas and penalties behind it.")


def test_the_table_page_asks_every_sheet_endpoint_for_we_and_they(client, game):
    config = client.get(reverse("table-page", args=[game.table.token])).context["config"]
    token = game.table.token
    assert {name: config["urls"][name] for name in ("sheet", "accept", "dispute")} == {
        "sheet": f"/api/v1/tables/{token}/sheet/?sides=page",
        "accept": f"/api/v1/tables/{token}/sheet/accept/?sides=page",
        "dispute": f"/api/v1/tables/{token}/sheet/dispute/?sides=page"}


def test_a_refused_sheet_answers_the_page_in_its_words_and_stores_nothing(api, game):
    response = post_sheet(api, game.table.token, with_bad_count(), query="?sides=page")
    assert response.status_code == 422
    assert messages(response.json()) == [FOR_THE_PAGE]
    assert not game.sheet_versions.exists()


def test_a_stored_answer_is_read_by_the_page_in_its_words_and_kept_in_the_apis(api, client, game):
    sent = post_sheet(api, game.table.token, with_one_side_itemised(), query="?sides=page")
    assert sent.status_code == 201
    assert notes(sent.json()["validation"]) == [NOTE.format("They")]
    stored = game.sheet_versions.get()
    assert notes(stored.validation) == [NOTE.format("East-West")]
    url = f"/api/v1/tables/{game.table.token}/sheet/"
    assert notes(api.get(url + "?sides=page").json()["validation"]) == [NOTE.format("They")]
    assert notes(api.get(url).json()["validation"]) == [NOTE.format("East-West")]
    config = client.get(reverse("table-page", args=[game.table.token])).context["config"]
    assert notes(config["latest"]["validation"]) == [NOTE.format("They")]


def test_the_opponents_answer_is_in_the_pages_words(api, game):
    post_sheet(api, game.table.token, with_one_side_itemised())
    answer = api.post(f"/api/v1/tables/{game.table.token}/sheet/accept/?sides=page",
                      data=json.dumps({"code": game.ew_team.code, "version": 1}), content_type="application/json")
    assert answer.status_code == 200, answer.json()
    assert notes(answer.json()["validation"]) == [NOTE.format("They")]


def test_a_stored_answer_the_rules_would_no_longer_give_is_shown_as_it_was_stored(game):
    document = with_one_side_itemised()
    stored = {"valid": True, "malformed": False, "computed": None, "violations": [
        {"severity": "info", "hand": 1, "team": "ew", "field": "details", "code": "an-older-note", "rule": "",
         "message": "Hand 1, East-West: an older rule's note."}]}
    assert phrased_for(game.round.event, document, stored, page_sides()) is stored
    assert phrased_for(game.round.event, document, stored, None) is stored
