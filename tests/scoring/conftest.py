import json

import pytest
from rest_framework.test import APIClient

from tournament.core.models import Game


@pytest.fixture
def game(event):
    """Game 1 at table 1: two teams (eight teams, so no sit-out)."""
    return Game.objects.select_related("round__event", "table", "ns_team", "ew_team").get(
        round__event=event, round__number=1, table__number=1)


@pytest.fixture
def api():
    return APIClient()


def post_sheet(client, token, document, key="key-1", query=""):
    body = document if isinstance(document, (str, bytes)) else json.dumps(document)
    return client.post(f"/api/v1/tables/{token}/sheet/{query}", data=body, content_type="application/json",
                       HTTP_IDEMPOTENCY_KEY=key)
