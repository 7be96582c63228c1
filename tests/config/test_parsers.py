"""The API's one body reader (config.parsers): JSON only, bounded in size (413) and depth (400), on every
endpoint that takes a body, each refusal a sentence that changes nothing."""

import io
import json
import re

import pytest
from django.urls import URLPattern, URLResolver
from rest_framework.exceptions import ParseError
from rest_framework.test import APIClient

from config import api_urls
from config.parsers import JsonBody, NotANumber, TooDeep, TooLarge, parse_body
from scoring.models import SheetDraft, SheetVersion
from tournament.clock.models import ClockEvent
from tournament.core.models import Game

DEEP = "[" * 1000 + "]" * 1000
WRITES = ("post", "put", "patch")


def routes(patterns, prefix="/api/v1/"):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), getattr(pattern.callback, "view_class", None)


def body_endpoints() -> list:
    """Every (route, method) of the API whose view takes a body, from the URL patterns themselves."""
    return [pytest.param(route, method, id=f"{method.upper()} {route}")
            for route, view in routes(api_urls.urlpatterns) if view is not None
            for method in WRITES if hasattr(view, method)]


def test_every_api_view_that_takes_a_body_is_found():
    found = {(route, method) for route, method in (p.values for p in body_endpoints())}
    assert ("/api/v1/events/<int:event_id>/clock/start/", "post") in found
    assert ("/api/v1/tables/<str:token>/draft/", "put") in found
    assert ("/api/v1/check/", "put") in found
    assert len(found) >= 13


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def address(event, director, api):
    game = Game.objects.select_related("table").get(round__event=event, round__number=1, table__number=1)
    known = {"event_id": event.pk, "game_id": game.pk, "token": game.table.token, "late_id": 999999,
             "family": "penalties", "ruling_id": 999999}
    api.force_authenticate(director)
    return lambda route: re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(known[m.group(1)]), route)


def sentence_of(response) -> str:
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    body = response.json()
    return body["detail"] if "detail" in body else body["problems"][0]["message"]


def nothing_changed():
    return not (SheetVersion.objects.exists() or SheetDraft.objects.exists() or ClockEvent.objects.exists())


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "method"), body_endpoints())
@pytest.mark.parametrize("body", [DEEP, json.dumps({"minutes": json.loads("[" * 50 + "]" * 50)})],
                         ids=["1000 levels", "50 levels"])
def test_nested_json_is_a_400_sentence_on_every_endpoint(api, address, route, method, body):
    response = getattr(api, method)(address(route), data=body, content_type="application/json",
                                    HTTP_IDEMPOTENCY_KEY="deep")
    assert response.status_code == 400, response.content[:300]
    assert "nested far too deeply" in sentence_of(response)
    assert nothing_changed()


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "method"), body_endpoints())
def test_a_form_body_is_a_415_on_every_endpoint(api, address, route, method):
    response = getattr(api, method)(address(route), data="minutes=5", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415 and response.json()["code"] == "unsupported_media_type"
    assert "JSON" in sentence_of(response)  # the clock words it with an example of its body
    assert nothing_changed()


TOO_LARGE = "This is too large to send: at most 8 KB can be sent at once, and nothing was stored."


@pytest.mark.django_db
@pytest.mark.parametrize("route", ["/api/v1/check/", "/api/v1/tables/<str:token>/draft/"])
def test_a_body_over_the_size_limit_is_a_413_sentence(api, address, settings, route):
    settings.API_MAX_BODY_BYTES = 8 * 1024
    body = json.dumps({"form": {"note": "x" * 9000}, "sheet": None})
    response = api.put(address(route), data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.json() == {"detail": TOO_LARGE, "code": "too_large"}
    assert nothing_changed()
    just_under = json.dumps({"form": {"note": "x" * 8000}, "sheet": None})
    assert api.put(address(route), data=just_under, content_type="application/json").status_code == 200


class Unreadable(io.BytesIO):
    def read(self, *args):
        raise AssertionError("the body was read")


class Declared:
    def __init__(self, length):
        self.META = {"CONTENT_LENGTH": str(length)}


def test_a_declared_length_over_the_limit_is_refused_before_a_byte_is_read(settings):
    settings.API_MAX_BODY_BYTES = 1024
    with pytest.raises(TooLarge):
        JsonBody().parse(Unreadable(), "application/json", {"request": Declared(1025)})


def test_an_undeclared_body_is_read_at_most_one_byte_past_the_limit(settings):
    settings.API_MAX_BODY_BYTES = 1024
    stream = io.BytesIO(b"[" + b"1," * 100_000 + b"1]")
    with pytest.raises(TooLarge):
        JsonBody().parse(stream, "application/json", {"request": Declared(0)})
    assert stream.tell() == 1025
    at_the_limit = b'"' + b"x" * 1022 + b'"'
    assert JsonBody().parse(io.BytesIO(at_the_limit), "application/json", {"request": Declared(1024)}) == "x" * 1022


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"a": -Infinity}', "1e999"])
def test_nan_and_infinity_are_refused_in_a_sentence(text):
    with pytest.raises(NotANumber, match="ordinary number"):
        parse_body(text.encode(), max_depth=20)


def test_depth_is_counted_in_levels_of_brackets_up_to_the_limit():
    assert parse_body(b"[" * 20 + b"]" * 20, max_depth=20) is not None
    assert parse_body(b'{"a": ' * 20 + b"1" + b"}" * 20, max_depth=20)
    with pytest.raises(TooDeep, match="at most 20 levels"):
        parse_body(b"[" * 21 + b"]" * 21, max_depth=20)
    with pytest.raises(TooDeep):
        parse_body(b"[" * 100_000 + b"]" * 100_000, max_depth=20)


@pytest.mark.parametrize("text", [b"{not json", b"\xff\xfe{", b"1" * 5000])
def test_text_that_is_not_json_is_a_parse_error_never_a_fault(text):
    with pytest.raises(ParseError):
        parse_body(text, max_depth=20)
