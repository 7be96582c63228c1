"""Schema = behaviour: a bounded schemathesis run over every operation of the API's own OpenAPI schema.

For each operation, schemathesis builds requests from the schema (valid ones, and invalid ones that the
API must refuse) and sends them to the Django app in process (WSGI, no network); every answer must be
documented: its status, its content type, its body's schema and headers, and never a 5xx. The ids and the
table's token are real (an event seated for game 1, its director's API token), so the requests reach the
views and their refusals, not only a 404. Derandomized and without a database of examples, so a run is
the same run every time; the number of examples bounds it in time.
"""

import json
from functools import cache

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from scoring.api.throttles import CheckThrottle, TableThrottle
from tournament.core.models import Game

EXAMPLES = 8  # per operation and mode: about 250 requests in all
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance]


@cache
def api_schema() -> dict:
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiJsonRenderer

    return json.loads(OpenApiJsonRenderer().render(SchemaGenerator().get_schema(request=None, public=True)))


def runs() -> list:
    """(mode, operation) for each operation: valid requests for all, invalid ones where there is more to
    get wrong than the path (whose ids are fixed to real ones)."""
    found = []
    for path, methods in api_schema()["paths"].items():
        for method, operation in methods.items():
            label = f"{method.upper()} {path}"
            found.append(pytest.param(GenerationMode.POSITIVE, label, id=f"valid {label}"))
            if "requestBody" in operation or any(p["in"] != "path" for p in operation.get("parameters", [])):
                found.append(pytest.param(GenerationMode.NEGATIVE, label, id=f"invalid {label}"))
    return found


@pytest.fixture
def wsgi_app():
    """The app as a server runs it; the request signals that close the connection between requests are
    held off, as Django's test client does, so the test's transaction stays open."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield WSGIHandler()
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def generous_throttles(monkeypatch):
    # 429 is documented, but a run throttled from its tenth request would test little else.
    monkeypatch.setattr(TableThrottle, "THROTTLE_RATES", {"table": "100000/min"})
    monkeypatch.setattr(CheckThrottle, "THROTTLE_RATES", {"check": "100000/min"})


@pytest.mark.django_db
@pytest.mark.parametrize(("mode", "label"), runs())
def test_every_answer_of_the_operation_is_documented(mode, label, event, director, wsgi_app, generous_throttles):
    game = Game.objects.select_related("table").get(round__event=event, round__number=1, table__number=1)
    schema = schemathesis.openapi.from_dict(api_schema())
    schema.app = wsgi_app
    method, path = label.split(" ", 1)
    operation = schema[path][method]
    known = {"event_id": event.pk, "game_id": game.pk, "token": game.table.token}
    fixed = {name: value for name, value in known.items() if "{" + name + "}" in path}
    headers = {"Authorization": f"Token {Token.objects.create(user=director).key}"}
    failures = []

    @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
              phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(mode, path_parameters=fixed))
    def exchange(case):
        response = case.call(headers=headers)
        try:
            case.validate_response(response, checks=CHECKS, headers=headers)
        except (AssertionError, BaseExceptionGroup) as failure:  # every mismatch, collected and reported together
            failures.append(f"{response.status_code} for {case.as_curl_command(headers=headers)}\n{failure}"[:3000])

    exchange()
    assert not failures, "\n\n".join(failures[:5])
