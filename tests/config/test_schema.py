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
