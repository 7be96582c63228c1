"""The public endpoints: the standings (ETag, 304) and the ping."""

import pytest

from scoring import services
from tests.scoring.sheets import NS_TOTAL, sheet

pytestmark = pytest.mark.django_db


def test_standings_are_public_once_published_and_answer_304_when_unchanged(api, event, game, director):
    url = f"/api/v1/events/{event.pk}/standings/"
    assert api.get(url).status_code == 404
    services.set_standings_published(event, director, True)
    first = api.get(url)
    assert first.status_code == 200 and len(first.json()["rows"]) == 8
    etag = first["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game)
    changed = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    top = changed.json()["rows"][0]
    assert top["team"]["id"] == game.ns_team_id and top["wins"] == 1 and top["points"] == NS_TOTAL


def test_ping(api):
    assert api.get("/api/v1/ping/").json() == {"ok": True}
