"""The practice check answers in the language the program asks for with Accept-Language: the rules'
messages are translated, and their numbers written as a player of that language writes them."""

import json

import pytest
from django.core.cache import cache

from tests.scoring.api.test_practice import CHECK, throttle_key
from tests.scoring.sheets import with_bad_count

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.delete(throttle_key("127.0.0.1"))
    yield


def _errors(api, **headers) -> list[str]:
    response = api.put(CHECK, data=json.dumps({"sheet": with_bad_count()}), content_type="application/json",
                       **headers)
    assert response.status_code == 200
    validation = response.json()["validation"]
    assert validation["valid"] is False
    return [v["message"] for v in validation["violations"] if v["severity"] == "error"]


def test_the_check_answers_in_spanish_when_asked(api):
    assert _errors(api, HTTP_ACCEPT_LANGUAGE="es") == [
        "Mano 2, Este-Oeste: un conteo de 283 es imposible; cada carta vale un múltiplo de 5."]


def test_the_check_answers_in_english_by_default(api):
    assert _errors(api) == [
        "Hand 2, East-West: a count of 283 is impossible; every card is worth a multiple of 5."]
