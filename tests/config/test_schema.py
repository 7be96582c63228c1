"""The OpenAPI schema of the whole API (config.urls): generated without an error or a warning, and valid."""

import pytest
from django.core.management import call_command
from drf_spectacular.drainage import GENERATOR_STATS


@pytest.mark.django_db
def test_the_schema_generates_without_errors_or_warnings_and_is_valid_openapi(tmp_path):
    GENERATOR_STATS.reset()
    # --fail-on-warn raises on any warning or error; --validate checks the result against OpenAPI 3.
    call_command("spectacular", "--fail-on-warn", "--validate", "--file", str(tmp_path / "schema.yaml"))
    text = (tmp_path / "schema.yaml").read_text()
    assert "/api/v1/tables/{token}/sheet/" in text and "/api/v1/events/{event_id}/clock/" in text


def _operations():
    from tests.config.test_schema_behaviour import api_schema

    return [pytest.param(method, path, id=f"{method.upper()} {path}")
            for path, methods in api_schema()["paths"].items() for method in methods]


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), _operations())
@pytest.mark.parametrize("credentials", [None, "Token not-a-token"], ids=["no sign-in", "unknown token"])
def test_a_request_without_a_sign_in_gets_a_documented_answer(client, event, method, path, credentials):
    """The run in test_schema_behaviour signs in; this is the other side: 401 where it is documented
    (the first authenticator asks for a token), 403 where DRF answers that instead, never undocumented."""
    from tests.config.test_schema_behaviour import api_schema
    from tournament.core.models import Game

    game = Game.objects.select_related("table").get(round__event=event, round__number=1, table__number=1)
    known = {"event_id": event.pk, "game_id": game.pk, "token": game.table.token, "late_id": 999999,
             "family": "penalties", "ruling_id": 999999}
    address = path.format(**{name: value for name, value in known.items() if "{" + name + "}" in path})
    extra = {"HTTP_AUTHORIZATION": credentials} if credentials else {}
    body = {"data": "{}", "content_type": "application/json"} if method in ("post", "put") else {}
    response = getattr(client, method)(address, **body, **extra)
    documented = api_schema()["paths"][path][method]["responses"]
    assert str(response.status_code) in documented, response.content[:200]
    if credentials and "401" in documented:
        assert response.status_code == 401 and response.json()["code"] == "authentication_failed"
    if response.status_code >= 400:
        assert set(response.json()) >= {"detail", "code"} or response.json().get("malformed")
