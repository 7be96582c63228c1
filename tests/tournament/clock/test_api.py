"""The clock's REST API: the public read (shape, ETag, 304, queries) and the director's controls (token
auth, 401/403/400/409)."""

import datetime as dt

import pytest
import time_machine
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import make_event
from tournament.clock import services as clock_services
from tournament.clock.api import Clock
from tournament.clock.facts import table_extras
from tournament.clock.selectors import clock_view
from tournament.core.models import DirectorAction

T0 = dt.datetime(2026, 11, 20, 10, 0, tzinfo=dt.UTC)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


def clock_url(event, action=""):
    return reverse(f"api-clock-{action}" if action else "api-clock", args=[event.pk])


@pytest.fixture
def token_client(director):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=director).key}")
    return client


def test_no_game_seated_is_not_started_with_nulls(director):
    event = make_event(director, seat=False)
    body = APIClient().get(clock_url(event)).json()
    assert body["round"] is None and body["phase"] == "not_started"
    assert body["remaining_seconds"] is None and body["deadline"] is None and body["warning_at"] is None
    assert body["tables"] == {}
    assert body["server_time"].endswith("Z")


def test_the_answer_s_keys_with_and_without_a_game(event, director):
    """Every key the pages read, and `round_id` only once a game is seated."""
    round_ = event.rounds.get()
    with time_machine.travel(T0, tick=False):
        body = APIClient().get(clock_url(event)).json()
    assert body == {
        "round": 1, "game": 1, "round_id": round_.pk, "phase": "not_started", "remaining_seconds": 3000,
        "deadline": None, "warning_at": None, "server_time": "2026-11-20T10:00:00.000Z", "length_seconds": 3000,
        "warning_seconds": 600, "extra_seconds": 0, "paused": False, "started_at": None, "ended_at": None,
        "section": "",
        "tables": {str(n): {"phase": "not_started", "remaining_seconds": 3000, "deadline": None,
                            "warning_at": None, "extra_seconds": 0} for n in (1, 2, 3, 4)},
    }
    assert isinstance(body["remaining_seconds"], float)
    unseated = make_event(director, seat=False, name="Not seated yet")
    with time_machine.travel(T0, tick=False):
        body = APIClient().get(clock_url(unseated)).json()
    assert body == {
        "round": None, "game": None, "phase": "not_started", "remaining_seconds": None, "deadline": None,
        "warning_at": None, "server_time": "2026-11-20T10:00:00.000Z", "tables": {}, "length_seconds": None,
        "warning_seconds": None, "extra_seconds": None, "paused": False, "started_at": None, "ended_at": None,
        "section": "",
    }


def test_an_unknown_event_is_404_in_a_sentence(db):
    response = APIClient().get("/api/v1/events/999999/clock/")
    assert response.status_code == 404
    assert response.json() == {"detail": "There is no such event or game.", "code": "not_found"}


def test_before_the_go_ahead(event):
    with time_machine.travel(T0, tick=False):
        body = APIClient().get(clock_url(event)).json()
    assert body["round"] == 1 and body["phase"] == "not_started"
    assert body["remaining_seconds"] == 3000 and body["deadline"] is None
    assert set(body["tables"]) == {"1", "2", "3", "4"}
    assert body["tables"]["2"] == {
        "phase": "not_started", "remaining_seconds": 3000, "deadline": None, "warning_at": None, "extra_seconds": 0,
    }


def test_running_with_one_table_extended(event, director):
    round_ = event.rounds.get()
    clock_services.start_clock(round_, director, now=T0)
    clock_services.extend_clock(round_, director, minutes=5, table=3, now=at(10))
    with time_machine.travel(at(2450.25), tick=False):
        response = APIClient().get(clock_url(event))
    body = response.json()
    assert body["phase"] == "warning"
    assert body["remaining_seconds"] == 549.75
    assert body["deadline"] == "2026-11-20T10:50:00.000Z"
    assert body["warning_at"] == "2026-11-20T10:40:00.000Z"
    assert body["server_time"] == "2026-11-20T10:40:50.250Z"
    assert body["started_at"] == "2026-11-20T10:00:00.000Z"
    assert body["tables"]["3"] == {
        "phase": "running", "remaining_seconds": 849.75, "deadline": "2026-11-20T10:55:00.000Z",
        "warning_at": "2026-11-20T10:45:00.000Z", "extra_seconds": 300,
    }
    assert body["tables"]["1"]["phase"] == "warning"
    assert response["Cache-Control"] == "no-cache"
    assert response["X-Server-Time"] == body["server_time"]


def test_paused_has_no_deadline(event, director):
    round_ = event.rounds.get()
    clock_services.start_clock(round_, director, now=T0)
    clock_services.pause_clock(round_, director, now=at(100))
    with time_machine.travel(at(500), tick=False):
        body = APIClient().get(clock_url(event)).json()
    assert body["phase"] == "paused" and body["paused"] is True
    assert body["remaining_seconds"] == 2900 and body["deadline"] is None


def test_the_etag_holds_while_the_deadline_holds_and_changes_with_the_phase(event, director):
    round_ = event.rounds.get()
    clock_services.start_clock(round_, director, now=T0)
    client = APIClient()
    with time_machine.travel(at(100), tick=False):
        first = client.get(clock_url(event))
    etag = first["ETag"]
    with time_machine.travel(at(200), tick=False):
        again = client.get(clock_url(event), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["X-Server-Time"] == "2026-11-20T10:03:20.000Z"
    assert again["ETag"] == etag
    with time_machine.travel(at(2401), tick=False):
        warned = client.get(clock_url(event), HTTP_IF_NONE_MATCH=etag)
    assert warned.status_code == 200 and warned.json()["phase"] == "warning"
    clock_services.extend_clock(round_, director, minutes=1, table=1, now=at(2402))
    with time_machine.travel(at(2403), tick=False):
        extended = client.get(clock_url(event), HTTP_IF_NONE_MATCH=warned["ETag"])
    assert extended.status_code == 200 and extended.json()["tables"]["1"]["extra_seconds"] == 60


def test_the_read_costs_the_same_queries_whatever_the_events_size(director, django_assert_num_queries):
    small = make_event(director, teams=4, name="Small")
    large = make_event(director, teams=60, name="Large")
    for event in (small, large):
        clock_services.start_clock(event.rounds.get(), director, now=T0)
        clock_services.extend_clock(event.rounds.get(), director, minutes=1, table=2, now=at(1))
    client = APIClient()
    with time_machine.travel(at(100), tick=False):
        with django_assert_num_queries(3):
            assert len(client.get(clock_url(small)).json()["tables"]) == 2
        with django_assert_num_queries(3):
            assert len(client.get(clock_url(large)).json()["tables"]) == 30


# --- Controls -------------------------------------------------------------------------------------

def test_a_director_runs_the_clock_with_a_token(event, token_client):
    with time_machine.travel(T0, tick=False):
        response = token_client.post(clock_url(event, "start"))
    assert response.status_code == 200
    assert response.json()["phase"] == "running"
    assert response.json()["deadline"] == "2026-11-20T10:50:00.000Z"
    with time_machine.travel(at(60), tick=False):
        assert token_client.post(clock_url(event, "pause")).json()["phase"] == "paused"
    with time_machine.travel(at(120), tick=False):
        assert token_client.post(clock_url(event, "resume")).json()["deadline"] == "2026-11-20T10:51:00.000Z"
    with time_machine.travel(at(130), tick=False):
        body = token_client.post(clock_url(event, "extend"), {"minutes": 5, "table": 4}, format="json").json()
        assert body["tables"]["4"]["deadline"] == "2026-11-20T10:56:00.000Z"
        body = token_client.post(clock_url(event, "extend"), {"minutes": 2}, format="json").json()
        assert body["deadline"] == "2026-11-20T10:53:00.000Z"
        assert body["tables"]["4"]["deadline"] == "2026-11-20T10:58:00.000Z"
    with time_machine.travel(at(140), tick=False):
        body = token_client.post(clock_url(event, "end")).json()
    assert body["phase"] == "time_up" and body["remaining_seconds"] == 0
    assert body["tables"]["4"]["phase"] == "time_up"


def test_a_practice_game_through_the_api(event, token_client):
    response = token_client.post(clock_url(event, "start"), {"minutes": 0.1, "warning_minutes": 0.05},
                                 format="json")
    assert response.status_code == 200
    assert (response.json()["length_seconds"], response.json()["warning_seconds"]) == (6, 3)


def test_without_credentials_401_and_nothing_changes(event):
    response = APIClient().post(clock_url(event, "start"))
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Token")
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert bad.post(clock_url(event, "start")).status_code == 401
    assert event.rounds.get().started_at is None


def test_someone_elses_token_is_403(event, other_user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=other_user).key}")
    response = client.post(clock_url(event, "start"))
    assert response.status_code == 403
    assert response.json()["detail"] == "Only this event's directors can run its clock."
    assert event.rounds.get().started_at is None


def test_a_session_director_may_act_too(event, director):
    client = APIClient()
    client.force_login(director)
    with time_machine.travel(T0, tick=False):
        response = client.post(clock_url(event, "start"))
    assert response.status_code == 200 and response.json()["phase"] == "running"
    round_ = event.rounds.get()
    assert (round_.started_at, round_.status) == (T0, "playing")
    assert DirectorAction.objects.filter(event=event, action="clock_start", user=director).count() == 1


def test_a_session_without_its_csrf_token_changes_nothing(event, director):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(director)
    response = client.post(clock_url(event, "start"))
    assert response.status_code == 403 and response.json()["code"] == "permission_denied"
    assert response.json()["detail"].startswith("CSRF Failed")
    assert event.rounds.get().started_at is None


@pytest.mark.parametrize("body, message", [
    ({"minutes": 0}, "The minutes to add must be more than 0 minutes."),
    ({"minutes": -3}, "The minutes to add must be more than 0 minutes."),
    ({"minutes": "lots"}, "The minutes to add must be a number of minutes, for example 5."),
    ({}, "Give the minutes to add, for example 5."),
    ({"minutes": 5, "table": 99}, "There is no table 99 in game 1."),
    ({"minutes": 5, "table": "seven"}, "The table must be a table number, for example 7."),
    ({"minutes": "1e99999999"}, "The minutes to add can be at most 120 minutes."),
    ({"minutes": "-1e99999999"}, "The minutes to add must be more than 0 minutes."),
    ({"minutes": 1e308}, "The minutes to add can be at most 120 minutes."),
    ({"minutes": 5, "table": 1.5}, "The table must be a table number, for example 7."),
    ({"minutes": 5, "table": True}, "The table must be a table number, for example 7."),
    ({"minutes": 5, "table": [1]}, "The table must be a table number, for example 7."),
])
def test_bad_input_is_400_with_a_plain_sentence(event, token_client, body, message):
    token_client.post(clock_url(event, "start"))
    response = token_client.post(clock_url(event, "extend"), body, format="json")
    assert response.status_code == 400
    assert response.json() == {"detail": message, "code": "invalid"}
    round_ = event.rounds.get()
    assert round_.extra_seconds == 0
    assert table_extras(round_) == {}


def test_a_control_that_does_not_fit_the_state_is_409(event, token_client):
    response = token_client.post(clock_url(event, "pause"))
    assert response.status_code == 409
    assert response.json() == {"detail": "Cannot pause: game 1 has not started yet: give the go-ahead first.",
                               "code": "clock_state"}
    with time_machine.travel(T0, tick=False):
        token_client.post(clock_url(event, "start"))
    with time_machine.travel(at(60), tick=False):
        again = token_client.post(clock_url(event, "start"), {"minutes": 10}, format="json")
        resumed = token_client.post(clock_url(event, "resume"))
    assert (again.status_code, again.json()["code"]) == (409, "clock_state")
    assert (resumed.status_code, resumed.json()["code"]) == (409, "clock_state")
    round_ = event.rounds.get()
    assert (round_.started_at, round_.length_seconds, round_.pauses) == (T0, 3000, [])


def test_controls_with_no_game_seated_are_409(director, token_client):
    event = make_event(director, seat=False)
    response = token_client.post(clock_url(event, "start"))
    assert response.status_code == 409
    assert response.json()["detail"] == "Seat game 1 first: there is no game to time yet."


def test_the_answer_is_the_selectors_clock_key_for_key(event, director):
    """The answer is the selector's clock, and the output serializer (the schema's) describes it exactly."""
    round_ = event.rounds.get()
    clock_services.start_clock(round_, director, now=T0)
    clock_services.extend_clock(round_, director, minutes=2.5, table=2, now=at(5))
    clock_services.pause_clock(round_, director, now=at(30))
    with time_machine.travel(at(40), tick=False):
        body = APIClient().get(clock_url(event)).json()
        payload = clock_view(event, at(40)).payload
        assert body == payload
        assert Clock(payload).data == payload


def test_the_schema_documents_the_clock_s_real_fields(client, event, director):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert "/api/v1/events/{event_id}/clock/extend/" in schema["paths"]
    get = schema["paths"]["/api/v1/events/{event_id}/clock/"]["get"]["responses"]["200"]
    assert get["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Clock"}
    clock = schema["components"]["schemas"]["Clock"]
    answer = APIClient().get(clock_url(event)).json()
    assert set(answer) == set(clock["properties"])
    assert set(answer["tables"]["1"]) == set(schema["components"]["schemas"]["TableClock"]["properties"])
    unseated = APIClient().get(clock_url(make_event(director, seat=False, name="Not seated yet"))).json()
    assert set(clock["properties"]) - set(unseated) == {"round_id"}
    assert "round_id" not in clock["required"]


# --- Pages and widgets ----------------------------------------------------------------------------

def test_the_projector_page(event, director, client, django_assert_max_num_queries):
    clock_services.start_clock(event.rounds.get(), director, now=T0)
    with time_machine.travel(at(100), tick=False), django_assert_max_num_queries(4):
        response = client.get(reverse("public-clock", args=[event.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert f'data-clock-url="/api/v1/events/{event.pk}/clock/"' in html
    assert '"deadline": "2026-11-20T10:50:00.000Z"' in html
    assert "js/clock.js" in html and "Enable sound" in html


def test_the_widgets_render_with_the_include_lines_given_to_the_lead(event, director):
    request = RequestFactory().get("/director/events/1/")
    request.user = director
    round_ = event.rounds.get()
    controls = render_to_string("includes/clock_controls.html", {"event": event, "round": round_}, request)
    assert "Go-ahead: start game 1" in controls
    assert 'data-clock-chime="off"' in controls  # the director's laptop does not chime; the projector does
    assert reverse("director-clock-action", args=[event.pk, "start"]) in controls
    assert 'name="next" value="/director/events/1/"' in controls
    assert "Pause all tables" not in controls
    clock_services.start_clock(round_, director, now=T0)
    round_.refresh_from_db()
    controls = render_to_string("includes/clock_controls.html", {"event": event, "round": round_}, request)
    assert "Go-ahead" not in controls and "Pause all tables" in controls and "End the game now" in controls
    widget = render_to_string("includes/countdown.html", {"event": event, "table_number": 3})
    assert 'data-clock-table="3"' in widget and "data-clock-extra" in widget


@pytest.mark.parametrize("body, message", [
    ({"minutes": "1e99999999"}, "The game's length can be at most 1440 minutes."),
    ({"minutes": 5, "warning_minutes": "1e99999999"}, "The warning can be at most 1440 minutes."),
    ({"minutes": "1e-99999999"}, "The game's length must be more than 0 minutes."),
])
def test_a_huge_start_length_is_400_with_a_plain_sentence(event, token_client, body, message):
    response = token_client.post(clock_url(event, "start"), body, format="json")
    assert response.status_code == 400
    assert response.json() == {"detail": message, "code": "invalid"}
    assert event.rounds.get().started_at is None


@pytest.mark.parametrize("action", ["start", "extend"])
@pytest.mark.parametrize("content, content_type, code", [
    ('{"minutes": ', "application/json", 400),
    ("minutes=5", "text/plain", 415),
])
def test_a_body_that_is_not_json_gets_a_plain_sentence(event, token_client, action, content, content_type, code):
    if action == "extend":
        token_client.post(clock_url(event, "start"))
    round_ = event.rounds.get()
    before = (round_.started_at, round_.extra_seconds)
    response = token_client.post(clock_url(event, action), data=content, content_type=content_type)
    assert response.status_code == code
    assert response.json() == {"detail": 'The body must be JSON, for example {"minutes": 5}.',
                               "code": "parse_error" if code == 400 else "unsupported_media_type"}
    round_.refresh_from_db()
    assert (round_.started_at, round_.extra_seconds) == before


def test_after_time_up_every_table_gets_more_time_through_the_api(event, token_client):
    with time_machine.travel(T0, tick=False):
        token_client.post(clock_url(event, "start"))
    with time_machine.travel(at(3060), tick=False):
        body = token_client.post(clock_url(event, "extend"), {"minutes": 5}, format="json").json()
    assert body["phase"] in ("running", "warning") and body["deadline"] == "2026-11-20T10:56:00.000Z"
    assert body["remaining_seconds"] == 300
