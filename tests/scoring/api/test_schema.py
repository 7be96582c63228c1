"""The OpenAPI schema and its docs page."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_openapi_schema_and_docs_are_served(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/v1/tables/{token}/sheet/" in schema.content
    assert client.get("/api/docs/").status_code == 200
