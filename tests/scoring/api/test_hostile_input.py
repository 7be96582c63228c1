"""Bodies no device should send: each gets a plain sentence (never a parser's text, never a 500) and
changes nothing. Run on SQLite and PostgreSQL: PostgreSQL refuses NUL characters and NaN in JSON, so a
body that slips past the checks there is a DataError, not a quiet success."""

import json

import pytest

from scoring import services
from scoring.models import SheetDecision, SheetDraft, SheetVersion
from tests.scoring.conftest import post_sheet
from tests.scoring.sheets import sheet, with_bad_count

pytestmark = pytest.mark.django_db

DEEP = "[" * 50000 + "]" * 50000
PARSER_WORDS = ("JSON parse error", "Expecting", "Unsupported media type", "<html", "Traceback", "line 1")


def plain(response) -> dict:
    """The answer is JSON with a sentence, and none of a parser's or framework's own words."""
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    text = response.content.decode()
    assert not any(word in text for word in PARSER_WORDS), text[:300]
    body = response.json()
    sentence = body.get("detail") or body["problems"][0]["message"]
    assert sentence and sentence[0].isupper() and sentence.rstrip().endswith((".", ")")), sentence
    return body


@pytest.fixture
def urls(game, event):
    token = game.table.token
    return {
        "sheet": f"/api/v1/tables/{token}/sheet/",
        "accept": f"/api/v1/tables/{token}/sheet/accept/",
        "dispute": f"/api/v1/tables/{token}/sheet/dispute/",
        "draft": f"/api/v1/tables/{token}/draft/",
        "base": f"/api/v1/tables/{token}/base/",
        "correct": f"/api/v1/events/{event.pk}/games/{game.pk}/correct/",
    }


def send(api, urls, name, body, content_type="application/json"):
    method = api.put if name == "draft" else api.post
    return method(urls[name], data=body, content_type=content_type, HTTP_IDEMPOTENCY_KEY="hostile")


def nothing_stored(game):
    return (not SheetVersion.objects.filter(game=game).exclude(client_key="good").exists()
            and not SheetDecision.objects.exists() and not SheetDraft.objects.filter(game=game).exists())


@pytest.mark.parametrize("name", ["sheet", "accept", "dispute", "draft", "base", "correct"])
def test_deeply_nested_json_is_refused_in_a_sentence(api, urls, name, game, director):
    api.force_authenticate(director)
    post_sheet(api, game.table.token, sheet(), key="good")
    response = send(api, urls, name, DEEP)
    assert response.status_code == 400
    plain(response)
    assert nothing_stored(game)


@pytest.mark.parametrize("name", ["sheet", "draft", "correct"])
def test_nesting_deeper_than_any_sheet_but_parseable_is_refused(api, urls, name, game, director):
    api.force_authenticate(director)
    nested = {"form": {}, "sheet": {**sheet(), "teams": {"ns": json.loads("[" * 200 + "]" * 200)}}}
    body = {"sheet": nested["sheet"], "reason": "x"} if name == "correct" else (
        nested if name == "draft" else nested["sheet"])
    response = send(api, urls, name, json.dumps(body))
    assert response.status_code == 400
    assert "nested far too deeply" in json.dumps(plain(response))
    assert not SheetVersion.objects.exists() and not SheetDraft.objects.exists()


def with_text(name, raw_value: str) -> str:
    """A body with `raw_value` (JSON source text) where a device puts a team label or a reason."""
    if name == "sheet":
        return json.dumps(sheet()).replace('"hands"', f'"teams": {{"ns": {raw_value}, "ew": "B"}}, "hands"', 1)
    if name == "draft":
        return f'{{"form": {{"hands": [], "note": {raw_value}}}, "sheet": null}}'
    if name == "correct":
        return f'{{"sheet": {json.dumps(sheet())}, "reason": {raw_value}}}'
    return f'{{"reason": {raw_value}}}'  # dispute, accept


@pytest.mark.parametrize("raw", ['"North\\u0000South"', "NaN", "Infinity", "-Infinity", "1e999",
                                 '"half an emoji \\ud83d"'])
@pytest.mark.parametrize("name", ["sheet", "draft", "dispute", "correct"])
def test_text_and_numbers_a_database_cannot_store_are_refused(api, urls, name, raw, game, director):
    api.force_authenticate(director)
    if name == "dispute":
        post_sheet(api, game.table.token, sheet(), key="good")
    response = send(api, urls, name, with_text(name, raw))
    assert response.status_code == 400, response.content[:300]
    plain(response)
    assert nothing_stored(game)
    game.refresh_from_db()
    assert game.status == "scheduled"


def test_a_nul_in_the_review_reason_is_refused(api, game):
    response = post_sheet(api, game.table.token, with_bad_count(), query="?review=1&reason=count%00283")
    assert response.status_code == 400 and "cannot be stored" in plain(response)["detail"]
    assert not SheetVersion.objects.exists()


def test_reasons_are_trimmed_and_limited_to_2000_characters(api, urls, game, director):
    too_long = "x" * 2001
    response = post_sheet(api, game.table.token, with_bad_count(), query=f"?review=1&reason={too_long}")
    assert response.status_code == 400 and "2,000" in plain(response)["detail"]
    response = post_sheet(api, game.table.token, with_bad_count(), key="k2",
                          query="?review=1&reason=%20%20We%20agree%20%20")
    assert response.status_code == 201 and SheetVersion.objects.get(game=game).reason == "We agree"
    services.director_correct(game, sheet(), director, reason="settled")
    # The director's reason and the opponents' reason have the same limit, in words.
    api.force_authenticate(director)
    response = send(api, urls, "correct", json.dumps({"sheet": sheet(), "reason": too_long}))
    assert response.status_code == 400
    assert plain(response)["fields"]["reason"].startswith("Give a reason for the correction (at most 2,000")
    with pytest.raises(services.ScoringError, match="2,000"):
        services.director_correct(game, sheet(), director, reason=too_long)


def test_a_dispute_reason_is_kept_trimmed(api, urls, game):
    post_sheet(api, game.table.token, sheet(), key="good")
    response = send(api, urls, "dispute", json.dumps({"reason": "   Count was 280   "}))
    assert response.status_code == 200
    assert SheetDecision.objects.get().reason == "Count was 280"
    with pytest.raises(services.ScoringError, match="cannot be stored"):
        services.dispute_sheet(game, reason="a\x00b")


@pytest.mark.parametrize("name", ["sheet", "accept", "dispute", "draft", "base", "correct"])
def test_bad_json_gets_a_sentence_and_other_media_types_a_415(api, urls, name, game, director):
    api.force_authenticate(director)
    post_sheet(api, game.table.token, sheet(), key="good")
    response = send(api, urls, name, "{not json", "application/json")
    assert response.status_code == 400, response.content[:200]
    plain(response)
    for body, content_type in (("hello", "text/plain"), ("a=1&b=2", "application/x-www-form-urlencoded")):
        response = send(api, urls, name, body, content_type)
        assert response.status_code == 415, (body, response.content[:200])
        assert plain(response)["detail"] == "Send the body as JSON (Content-Type: application/json)."
    assert nothing_stored(game)


def test_json_sent_as_text_plain_is_refused_not_read(api, urls, game):
    post_sheet(api, game.table.token, sheet(), key="good")
    response = send(api, urls, "accept", json.dumps({"version": 1, "code": game.ew_team.code}), "text/plain")
    assert response.status_code == 415
    assert not SheetDecision.objects.exists()


@pytest.mark.parametrize("name", ["sheet", "accept", "correct"])
def test_a_body_over_the_size_limit_gets_a_413_sentence(api, urls, name, game, director, settings):
    settings.API_MAX_BODY_BYTES = 10 * 1024
    api.force_authenticate(director)
    response = send(api, urls, name, json.dumps({"reason": "x" * 20_000}))
    assert response.status_code == 413
    assert plain(response) == {"detail": "This is too large to send: at most 10 KB can be sent at once, and "
                                         "nothing was stored.", "code": "too_large"}
    assert not SheetVersion.objects.exists()


def test_the_decision_fields_are_refused_one_by_one_in_words(api, urls, game):
    post_sheet(api, game.table.token, sheet(), key="good")
    response = send(api, urls, "accept", json.dumps({"version": "two", "code": "1" * 40}))
    assert response.status_code == 400
    body = plain(response)
    assert set(body["fields"]) == {"version", "code"}
    assert body["fields"]["version"] == "The version is the number of the sheet you read (1, 2, ...)."
    assert "team card" in body["fields"]["code"]
    response = send(api, urls, "accept", json.dumps([1, 2]))
    assert response.status_code == 400 and "JSON object" in plain(response)["detail"]


def test_the_correction_fields_are_refused_in_words(api, urls, director):
    api.force_authenticate(director)
    response = send(api, urls, "correct", json.dumps({"sheet": sheet()}))
    assert response.status_code == 400
    assert list(plain(response)["fields"]) == ["reason"]


def test_framework_refusals_are_sentences_too(api, urls, game, director, monkeypatch):
    from scoring.api.throttles import TableThrottle

    assert api.delete(urls["sheet"]).json()["detail"] == "This address does not take DELETE requests."
    assert "directors" in plain(api.post(urls["correct"], data="{}", content_type="application/json"))["detail"]
    api.force_authenticate(director)
    missing = api.get(f"/api/v1/events/{game.round.event_id}/games/999999/history/")
    assert missing.status_code == 404 and plain(missing)["detail"] == "There is no such event or game."
    api.force_authenticate(None)
    assert "Accept" in plain(api.get(urls["sheet"], HTTP_ACCEPT="text/csv"))["detail"]
    monkeypatch.setattr(TableThrottle, "THROTTLE_RATES", {"table": "1/min"})
    api.get(urls["sheet"])
    throttled = api.get(urls["sheet"])
    assert throttled.status_code == 429 and plain(throttled)["detail"].startswith("Too many requests")


def test_a_nul_in_a_table_token_is_an_unknown_table(api, db):
    response = api.get("/api/v1/tables/abc%00def/sheet/")
    assert response.status_code == 404 and "not known" in plain(response)["detail"]


def test_totals_too_big_for_the_database_are_not_kept_as_totals():
    """A flagged sheet keeps its document; totals outside a database integer are left empty, not a 500."""
    from scoring.validation import totals

    assert totals({"computed": {"final": {"ns": 2**40, "ew": 5}}}, {}) == (None, None)
    assert totals({"computed": None}, {"final": {"ns": -(2**31), "ew": 5}}) == (None, None)
    assert totals({"computed": None}, {"final": {"ns": True, "ew": 5}}) == (None, None)
    assert totals({"computed": {"final": {"ns": 7585, "ew": -40}}}, {}) == (7585, -40)


@pytest.mark.parametrize("asked", ["²", "9" * 5000, "-1", "1.5"])
def test_the_board_refuses_odd_game_numbers_plainly(client, director, asked):
    from tests.factories import make_event

    event = make_event(director, teams=4)
    client.force_login(director)
    page = client.get(f"/director/events/{event.pk}/board/", {"round": asked})
    assert page.status_code == 404
    api = client.get(f"/api/v1/events/{event.pk}/board/", {"round": asked})
    assert api.status_code == 400 and api.json()["detail"] == "The round is a game's number, like ?round=2."
