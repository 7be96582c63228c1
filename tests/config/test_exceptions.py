"""The API's one exception handler: every refusal a status and {"detail": sentence, "code": ...}."""

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404
from rest_framework import exceptions
from rest_framework.test import APIRequestFactory

from config.exceptions import api_exception_handler
from scoring.services import ScoringError, SheetRefused
from tournament.clock.services import ClockStateError
from tournament.core.errors import TournamentError


class View:
    """What the handler reads of a view: who is throttled, and its own sentences."""

    throttled_from = "this table"
    refusal_sentences = {exceptions.ParseError: "Send JSON, like {\"minutes\": 5}."}


def answer(exc, view=None):
    request = APIRequestFactory().delete("/api/v1/anything/")
    response = api_exception_handler(exc, {"view": view, "request": request})
    return response.status_code, response.data


@pytest.mark.parametrize("code, status", [("not_found", 404), ("no_sheet", 404), ("no_draft", 404),
                                          ("not_published", 404), ("stale", 409), ("locked", 409),
                                          ("draft_changed", 409), ("bad_code", 403), ("invalid", 400),
                                          ("anything_else", 400)])
def test_a_scoring_refusal_s_status_comes_from_its_code(code, status):
    assert answer(ScoringError("A sentence.", code)) == (status, {"detail": "A sentence.", "code": code})


def test_a_scoring_refusal_may_carry_more_for_the_client():
    error = ScoringError("No sheet yet.", "no_sheet")
    error.extra = {"game": 7}
    assert answer(error) == (404, {"detail": "No sheet yet.", "code": "no_sheet", "game": 7})


def test_a_refused_sheet_is_answered_with_the_rules_answer():
    malformed = {"valid": False, "malformed": True, "problems": [{"path": "$", "message": "Not a sheet."}]}
    assert answer(SheetRefused(malformed)) == (400, malformed)
    with_errors = {"valid": False, "malformed": False, "violations": [{"message": "Hand 2: no."}]}
    assert answer(SheetRefused(with_errors)) == (422, with_errors)


def test_the_clock_s_refusals_and_any_other_tournament_error():
    assert answer(ClockStateError("Cannot pause: not started.")) == (
        409, {"detail": "Cannot pause: not started.", "code": "clock_state"})
    assert answer(TournamentError("Give the minutes.")) == (400, {"detail": "Give the minutes.", "code": "invalid"})


def test_refused_input_names_each_field_or_says_one_sentence():
    fields = exceptions.ValidationError({"code": "The team code is 4 digits.", "version": "The version is 1, 2."})
    assert answer(fields) == (400, {"detail": "The team code is 4 digits. The version is 1, 2.", "code": "invalid",
                                    "fields": {"code": "The team code is 4 digits.",
                                               "version": "The version is 1, 2."}})
    assert answer(exceptions.ValidationError("Send a JSON object.")) == (
        400, {"detail": "Send a JSON object.", "code": "invalid"})


def test_django_s_refusals_are_sentences():
    assert answer(Http404("No Event matches the given query.")) == (
        404, {"detail": "There is no such event or game.", "code": "not_found"})
    assert answer(PermissionDenied("Only this event's directors can change it.")) == (
        403, {"detail": "Only this event's directors can change it.", "code": "permission_denied"})
    assert answer(PermissionDenied()) == (
        403, {"detail": "Only this event's directors can do this.", "code": "permission_denied"})


def test_drf_s_refusals_are_sentences_the_view_may_word():
    assert answer(exceptions.MethodNotAllowed("DELETE")) == (
        405, {"detail": "This address does not take DELETE requests.", "code": "method_not_allowed"})
    assert answer(exceptions.ParseError("JSON parse error - Expecting value")) == (
        400, {"detail": "The body is not valid JSON.", "code": "parse_error"})
    assert answer(exceptions.ParseError(), View()) == (
        400, {"detail": "Send JSON, like {\"minutes\": 5}.", "code": "parse_error"})
    assert answer(exceptions.NotFound("The bracket is not published yet.")) == (
        404, {"detail": "The bracket is not published yet.", "code": "not_found"})
    assert answer(exceptions.NotFound()) == (404, {"detail": "There is no such event or game.", "code": "not_found"})
    assert answer(exceptions.Throttled(wait=29.5), View())[1]["detail"] == (
        "Too many requests from this table: wait 31 seconds and try again.")
    assert answer(exceptions.Throttled(wait=29.5))[1]["detail"].startswith("Too many requests from this address")


def test_the_headers_of_drf_s_answer_are_kept():
    request = APIRequestFactory().post("/api/v1/anything/")
    not_signed_in = exceptions.NotAuthenticated()
    not_signed_in.auth_header = "Token"
    response = api_exception_handler(not_signed_in, {"view": None, "request": request})
    assert (response.status_code, response["WWW-Authenticate"]) == (401, "Token")
    assert response.data == {"detail": "Sign in as one of this event's directors first.", "code": "not_authenticated"}
    throttled = api_exception_handler(exceptions.Throttled(wait=12), {"view": None, "request": request})
    assert (throttled.status_code, throttled["Retry-After"]) == (429, "12")


def test_a_fault_is_left_to_be_a_500():
    assert api_exception_handler(ZeroDivisionError(), {"view": None, "request": None}) is None
