"""The practice endpoints behind the sheet check page's form: the table's draft and base answers, under a
new event's default rules, for anyone, and nothing is ever stored (not even a draft)."""

import hashlib
import json

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from scoring.api.throttles import CheckThrottle
from scoring.models import SheetDecision, SheetDraft, SheetVersion
from tests.scoring.api.test_hostile_input import DEEP, plain
from tests.scoring.sheets import sheet, with_bad_count

pytestmark = pytest.mark.django_db

CHECK = "/api/v1/check/"
BASE = "/api/v1/check/base/"
DETAILS = {"red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1, "went_out": True}


def throttle_key(address: str) -> str:
    return CheckThrottle.cache_format % {"scope": "check",
                                         "ident": hashlib.sha256(address.encode()).hexdigest()[:32]}


@pytest.fixture(autouse=True)
def fresh_throttle():
    """Every test client is 127.0.0.1: start each test with that address's count at zero (Redis keeps it
    between runs)."""
    for address in ("127.0.0.1", "10.0.0.7"):
        cache.delete(throttle_key(address))
    yield


def nothing_stored() -> bool:
    return not (SheetVersion.objects.exists() or SheetDraft.objects.exists() or SheetDecision.objects.exists())


def check(api, body, raw=False):
    return api.put(CHECK, data=body if raw else json.dumps(body), content_type="application/json")


def base(api, body, raw=False):
    return api.post(BASE, data=body if raw else json.dumps(body), content_type="application/json")


def test_a_valid_sheet_gets_the_rules_answer_and_nothing_else(api):
    response = check(api, {"form": {"hands": []}, "sheet": sheet()})
    assert response.status_code == 200
    body = response.json()
    assert list(body) == ["validation"]
    assert body["validation"]["valid"] is True
    assert body["validation"]["computed"]["final"] == {"ns": 7585, "ew": 4145}
    assert nothing_stored()


def test_the_answer_is_the_one_a_table_of_a_default_event_gets(api, game):
    """Same sheet, same rules: the practice answer is the table draft's validation, word for word."""
    bad = with_bad_count()
    table = api.put(f"/api/v1/tables/{game.table.token}/draft/", {"form": {}, "sheet": bad}, format="json")
    drafts = SheetDraft.objects.count()
    practice = check(api, {"form": {}, "sheet": bad})
    assert practice.json()["validation"] == table.json()["validation"]
    assert SheetDraft.objects.count() == drafts == 1


def test_mistakes_come_back_as_messages_for_the_fields(api):
    response = check(api, {"sheet": with_bad_count()})
    assert response.status_code == 200
    validation = response.json()["validation"]
    assert validation["valid"] is False and not validation.get("malformed")
    errors = [v for v in validation["violations"] if v["severity"] == "error"]
    assert [(v["hand"], v["team"], v["field"]) for v in errors] == [(2, "ew", "count")]
    assert errors[0]["message"].startswith("Hand 2, East-West: a count of 283 is impossible")
    assert nothing_stored()


def test_no_complete_hand_yet_is_no_answer(api):
    response = check(api, {"form": {"hands": [{"ns": {"base": "2200"}}]}, "sheet": None})
    assert response.status_code == 200 and response.json() == {"validation": None}
    assert check(api, {}).json() == {"validation": None}


def test_a_sheet_the_rules_cannot_read_is_answered_as_malformed(api):
    document = {"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "hands": [{"ns": 1}]}
    validation = check(api, {"sheet": document}).json()["validation"]
    assert validation["malformed"] is True and validation["problems"][0]["message"].startswith("Hand 1")
    not_an_object = check(api, {"sheet": [1, 2]}).json()["validation"]
    assert not_an_object["malformed"] is True
    assert not_an_object["problems"][0]["message"] == "A score sheet is a JSON object with its hands."
    assert nothing_stored()


def test_the_sheet_is_checked_under_the_default_rules_not_its_own_ruleset(api):
    """A practice sheet cannot pick another rule set: it is checked as a new event's tables are."""
    document = {**sheet(), "ruleset": "no-such-rules"}
    assert check(api, {"sheet": document}).json()["validation"]["valid"] is True


@pytest.mark.parametrize("body, words", [
    ("nope", "not valid JSON"),
    ("[1, 2]", "A draft is a JSON object"),
    ('{"form": [1], "sheet": null}', "A draft's form is its fields and values"),
    ("", "A draft is a JSON object"),
])
def test_a_body_that_is_not_a_draft_is_refused_in_a_sentence(api, body, words):
    response = check(api, body, raw=True)
    assert response.status_code == 400
    assert words in plain(response)["detail"]
    assert nothing_stored()


HOSTILE = {
    "deep": DEEP,
    "nested deeper than a sheet": json.dumps(
        {"sheet": {**sheet(), "teams": {"ns": json.loads("[" * 200 + "]" * 200)}}}),
    "NUL": '{"sheet": {"teams": {"ns": "North\\u0000South"}}}',
    "NaN": '{"sheet": {"hands": [{"ns": {"base": NaN}}]}}',
    "Infinity": '{"sheet": {"hands": [{"ns": {"base": Infinity}}]}}',
    "1e999": '{"sheet": {"hands": [{"ns": {"base": 1e999}}]}}',
    "half an emoji": '{"sheet": {"teams": {"ns": "\\ud83d"}}}',
}


@pytest.mark.parametrize("name", list(HOSTILE))
@pytest.mark.parametrize("endpoint", ["check", "base"])
def test_hostile_bodies_get_a_plain_400(api, name, endpoint):
    raw = HOSTILE[name] if endpoint == "check" else HOSTILE[name].replace('"sheet"', '"details"', 1)
    response = (check if endpoint == "check" else base)(api, raw, raw=True)
    assert response.status_code == 400, response.content[:300]
    plain(response)
    assert nothing_stored()


def test_bad_content_types_get_a_415_sentence(api):
    for body, content_type in (("hello", "text/plain"), ("a=1&b=2", "application/x-www-form-urlencoded")):
        response = api.put(CHECK, data=body, content_type=content_type)
        assert response.status_code == 415
        assert plain(response)["code"] == "unsupported_media_type"


def test_the_base_calculator(api):
    response = base(api, {"details": DETAILS})
    assert response.status_code == 200 and response.json() == {"base": 2200}
    too_many = base(api, {"details": {"red_threes": 9}})
    assert too_many.status_code == 400 and plain(too_many)["detail"]
    for body in ({}, {"details": [1]}, [1]):
        missing = base(api, body)
        assert missing.status_code == 400
        assert plain(missing)["detail"] == 'Send the team\'s details: {"details": {...}}.'
    assert nothing_stored()


def test_the_endpoints_never_touch_the_database(api, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert check(api, {"sheet": with_bad_count()}).status_code == 200
        assert base(api, {"details": DETAILS}).status_code == 200


def test_a_signed_in_director_needs_no_csrf_token(director):
    """The page may be opened by a director who is signed in: the practice form still works."""
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(director)
    checked = check(client, {"sheet": sheet()})
    assert checked.status_code == 200 and checked.json()["validation"]["valid"] is True
    assert base(client, {"details": DETAILS}).json() == {"base": 2200}
    assert nothing_stored()


def test_other_methods_are_refused_in_a_sentence(api):
    response = api.get(CHECK)
    assert response.status_code == 405 and plain(response)["detail"] == "This address does not take GET requests."
    assert api.get(BASE).status_code == 405


def test_throttled_per_client_address(api, monkeypatch):
    monkeypatch.setattr(CheckThrottle, "THROTTLE_RATES", {"check": "2/min"})
    codes = [check(api, {"sheet": None}).status_code, base(api, {"details": DETAILS}).status_code,
             check(api, {"sheet": None}).status_code]
    assert codes == [200, 200, 429]
    throttled = check(api, {"sheet": None})
    assert plain(throttled)["detail"].startswith("Too many requests from this address: wait ")
    other = api.put(CHECK, data="{}", content_type="application/json", REMOTE_ADDR="10.0.0.7")
    assert other.status_code == 200


def test_the_rate_comes_from_the_settings():
    assert CheckThrottle().get_rate() == "600/min"
    assert (CheckThrottle().num_requests, CheckThrottle().duration) == (600, 60)


def test_the_schema_describes_the_practice_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert "put" in schema["paths"]["/api/v1/check/"]
    assert "post" in schema["paths"]["/api/v1/check/base/"]
    # Anonymous: no sign-in is asked for (an empty or absent security list).
    assert schema["paths"]["/api/v1/check/"]["put"].get("security", [{}]) == [{}]
