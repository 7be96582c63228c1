"""One set of rules messages, named per audience: the table's page says We and They (as its headings
do), the API North-South and East-West, and what is stored of a submitted sheet stays in the API's words."""

import json

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.scoring.api.test_practice import CHECK, throttle_key
from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import with_bad_count

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
