"""The OpenAPI schema and its docs page: each answer documented with the fields it really has."""

import pytest
from rest_framework.test import APIClient

from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import sheet
from tournament.core import services as tournament_services

pytestmark = pytest.mark.django_db


def test_the_openapi_schema_and_docs_are_served(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/v1/tables/{token}/sheet/" in schema.content
    assert client.get("/api/docs/").status_code == 200


@pytest.fixture
def schema(client):
    return client.get("/api/schema/", HTTP_ACCEPT="application/json").json()


def documented(schema, path, method, status):
    """The properties and the required keys of an answer, as the schema describes it."""
    answer = schema["paths"][path][method]["responses"][str(status)]["content"]["application/json"]["schema"]
    component = schema["components"]["schemas"][answer["$ref"].rsplit("/", 1)[1]]
    return component["properties"], set(component.get("required", []))


def item(schema, prop):
    """The component a property refers to (directly, through allOf, or as an array's items)."""
    node = prop.get("items", prop)
    ref = node.get("$ref") or node["allOf"][0]["$ref"]
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]]["properties"]


def test_the_sheet_submission_s_201_documents_its_real_fields(schema, api, game):
    properties, required = documented(schema, "/api/v1/tables/{token}/sheet/", "post", 201)
    answer = post_sheet(api, game.table.token, sheet()).json()
    assert set(answer) == set(properties) == required
    assert properties["locked"]["type"] == "boolean" and properties["version"]["type"] == "integer"
    assert set(answer["validation"]) <= set(item(schema, properties["validation"]))


def test_the_table_s_reads_document_their_real_fields(schema, api, game):
    sheet_path = "/api/v1/tables/{token}/sheet/"
    properties, _ = documented(schema, sheet_path, "get", 404)
    assert set(api.get(f"/api/v1/tables/{game.table.token}/sheet/").json()) == set(properties)
    post_sheet(api, game.table.token, sheet())
    properties, _ = documented(schema, sheet_path, "get", 200)
    assert set(api.get(f"/api/v1/tables/{game.table.token}/sheet/").json()) == set(properties)
    properties, _ = documented(schema, "/api/v1/tables/{token}/sheet/accept/", "post", 200)
    accept = f"/api/v1/tables/{game.table.token}/sheet/accept/"
    assert set(api.post(accept, {"code": game.ew_team.code}, format="json").json()) == \
        set(properties)


def test_the_standings_get_documents_its_real_fields(schema, api, event, director):
    properties, required = documented(schema, "/api/v1/events/{event_id}/standings/", "get", 200)
    tournament_services.publish(event, director, "standings", True)
    answer = api.get(f"/api/v1/events/{event.pk}/standings/").json()
    assert set(answer) == set(properties) == required
    row = item(schema, properties["rows"])
    assert set(answer["rows"][0]) == set(row)
    assert set(answer["rows"][0]["team"]) == set(item(schema, row["team"]))


def test_the_director_s_reads_document_their_real_fields(schema, event, game, director):
    client = APIClient()
    client.force_authenticate(director)
    post_sheet(client, game.table.token, sheet())
    properties, _ = documented(schema, "/api/v1/events/{event_id}/board/", "get", 200)
    board = client.get(f"/api/v1/events/{event.pk}/board/").json()
    assert set(board) == set(properties)
    assert set(board["tables"][0]) == set(item(schema, properties["tables"]))
    assert set(board["rounds"][0]) == set(item(schema, properties["rounds"]))
    properties, _ = documented(schema, "/api/v1/events/{event_id}/games/{game_id}/history/", "get", 200)
    history = client.get(f"/api/v1/events/{event.pk}/games/{game.pk}/history/").json()
    assert set(history) == set(properties)
    assert set(history["versions"][0]) == set(item(schema, properties["versions"]))
