"""Hostile bodies at the check endpoint and the check page: runs of 4,300 digits (one short of Python's
limit on reading a number) are answered quickly and correctly, at the number that is too long."""

import time

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.scoring.api.test_practice import CHECK, throttle_key

pytestmark = pytest.mark.django_db

DIGITS = "7" * 4300


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.delete(throttle_key("127.0.0.1"))
    yield


def test_a_check_body_of_4300_digit_numbers_is_answered_with_each_number_in_words(api):
    line = f'{{"base": {DIGITS}, "count": {DIGITS}}}'
    hands = ",".join([f'{{"ns": {line}, "ew": {line}}}'] * 3)
    body = f'{{"form": {{}}, "sheet": {{"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "hands": [{hands}]}}}}'
    started = time.process_time()
    response = api.put(CHECK, data=body, content_type="application/json")
    spent = time.process_time() - started
    assert response.status_code == 200
    problems = response.json()["validation"]["problems"]
    assert len(problems) == 12  # base and count of both teams in three hands
    assert problems[0] == {"path": "$.hands[0].ns.base", "message": (
        'Hand 1, North-South: "base" must be between -9,999,999 and 9,999,999, not a number with 4,300 digits.')}
    assert spent < 0.5


def test_the_check_page_finds_the_too_long_number_among_runs_of_4300_digits_in_one_pass(client):
    text = "[" + ",".join([DIGITS] * 45) + "," + "8" * 4301 + "]"
    started = time.process_time()
    response = client.post(reverse("sheet-check"), {"sheet": text})
    spent = time.process_time() - started
    column = 1 + 45 * 4301 + 1
    assert (f"The number at line 1, column {column} is far too long to be a score (4,301 digits); a score has "
            "at most 7 digits.") in response.content.decode()
    assert spent < 0.5  # the backtracking search this replaces took seconds of CPU on such a text
