"""One answer to every refusal of the REST API: its status, and `{"detail": a sentence, "code": ...}`.

The services refuse in their own terms: `ScoringError` with a code, `SheetRefused` with the rules app's
answer, the clock's `ClockStateError`, any other `TournamentError`. Django and DRF refuse in theirs: no
such object, not allowed, not signed in, too many requests, a body that is not JSON. This handler
(REST_FRAMEWORK["EXCEPTION_HANDLER"]) turns each into its status and a sentence a player or a director
can read, so no view catches an error to answer it and every app's refusals read alike.

Every service refusal is a `TournamentError` (the scoring and the clock errors are subclasses) whose
`code` picks the status (`ERROR_STATUS`); `SheetRefused` carries the rules app's whole answer. The
handler lives in `config` because it answers for every app's API, scoring's included, and only `config`
sits above them all (the layers in pyproject.toml).

What a view may add:

* `throttled_from`: who has sent too many requests, "this table" or "this address" (the default);
* `refusal_sentences`: DRF's refusals in the view's own words, by exception class (the clock says how
  its body must look, whether the body was not JSON or of another media type).

The body reader's own refusals (`config.parsers`: too large, a 413; nested too deeply, NaN or Infinity,
a 400) keep their sentence whatever the view says, since it names the limit the body broke.

An input refused by a view's input serializer is a DRF `ValidationError`: with one sentence per field
(a dict), the answer names them in `fields`; with one sentence, the answer is that sentence.
"""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler, set_rollback

from scoring.services import SheetRefused
from tournament.core.errors import TournamentError

from .parsers import NotANumber, TooDeep, TooLarge

# A service's refusal's status, by its code (`TournamentError.code` and its subclasses'); any other is a 400.
ERROR_STATUS = {
    "not_found": status.HTTP_404_NOT_FOUND,
    "no_sheet": status.HTTP_404_NOT_FOUND,
    "no_draft": status.HTTP_404_NOT_FOUND,
    "not_published": status.HTTP_404_NOT_FOUND,
    "no_open_game": status.HTTP_409_CONFLICT,
    "unknown_game": status.HTTP_409_CONFLICT,
    "key_reused": status.HTTP_409_CONFLICT,
    "not_acceptable": status.HTTP_409_CONFLICT,
    "stale": status.HTTP_409_CONFLICT,
    "draft_changed": status.HTTP_409_CONFLICT,
    "bad_code": status.HTTP_403_FORBIDDEN,
    "locked": status.HTTP_409_CONFLICT,
    "disputed": status.HTTP_409_CONFLICT,
    "clock_state": status.HTTP_409_CONFLICT,
    "withdrawn": status.HTTP_409_CONFLICT,
    "no_result_before": status.HTTP_409_CONFLICT,
    "invalid": status.HTTP_400_BAD_REQUEST,
}

# DRF's own refusals, in the words of this project.
PLAIN = {
    exceptions.NotAuthenticated: gettext_lazy("Sign in as one of this event's directors first."),
    exceptions.AuthenticationFailed: gettext_lazy(
        "That sign-in is not known: sign in again as one of this event's directors."),
    exceptions.NotFound: gettext_lazy("There is no such event or game."),
    exceptions.PermissionDenied: gettext_lazy("Only this event's directors can do this."),
    exceptions.NotAcceptable: gettext_lazy("This address answers in JSON only (Accept: application/json)."),
    exceptions.UnsupportedMediaType: gettext_lazy("Send the body as JSON (Content-Type: application/json)."),
    exceptions.ParseError: gettext_lazy("The body is not valid JSON."),
}
ANY_OTHER = gettext_lazy("That request cannot be carried out.")
# The views' own sentences come with these two; DRF's defaults and Django's 404 texts are not sentences.
OWN_SENTENCES = (exceptions.NotFound, exceptions.PermissionDenied)
# The body reader's refusals (config.parsers) always carry their sentence: a view's words cannot replace it.
READER_SENTENCES = (TooDeep, NotANumber, TooLarge)


def api_exception_handler(exc, context):
    """The response to `exc`, or None for an error that is a fault (a 500), not a refusal."""
    # The services' refusals roll nothing back on purpose: accept_sheet commits the count of wrong team
    # codes before it refuses, and a refusal must not undo it.
    if isinstance(exc, SheetRefused):
        return Response(exc.answer, status=status.HTTP_400_BAD_REQUEST if exc.malformed
                        else status.HTTP_422_UNPROCESSABLE_ENTITY)
    if isinstance(exc, TournamentError):
        return refusal(str(exc.message), exc.code, ERROR_STATUS.get(exc.code, status.HTTP_400_BAD_REQUEST),
                       **getattr(exc, "extra", {}))
    if isinstance(exc, exceptions.ValidationError):
        set_rollback()
        return invalid_input(exc.detail)
    response = exception_handler(exc, context)  # DRF's: the status, WWW-Authenticate, Retry-After
    if response is not None:
        response.data = {"detail": sentence(exc, context.get("view"), context.get("request")),
                         "code": code_of(exc)}
    return response


def refusal(detail: str, code: str, status_code: int, **extra) -> Response:
    return Response({"detail": detail, "code": code, **extra}, status=status_code)


def invalid_input(detail) -> Response:
    """A 400 for input an input serializer refused, in the sentences the view gave."""
    if isinstance(detail, dict):
        fields = {name: _first(messages) for name, messages in detail.items()}
        return Response({"detail": " ".join(fields.values()), "code": "invalid", "fields": fields},
                        status=status.HTTP_400_BAD_REQUEST)
    return refusal(_first(detail), "invalid", status.HTTP_400_BAD_REQUEST)


def _first(messages) -> str:
    while isinstance(messages, (list, tuple)) and messages:
        messages = messages[0]
    return str(messages)


def sentence(exc, view, request) -> str:
    """A Django or DRF refusal as a sentence in the request's language: the view's own sentence when it
    raised one, else ours."""
    return str(_sentence(exc, view, request))


def throttled_sentence(who: str, wait: int) -> str:
    """Too many requests from `who` (a view's `throttled_from`: "this table" or "this address")."""
    if who == "this table":
        # The English plural is the same as the singular: a wait of 1 reads "1 seconds", as it always has.
        return ngettext("Too many requests from this table: wait %(wait)s seconds and try again.",
                        "Too many requests from this table: wait %(wait)s seconds and try again.",
                        wait) % {"wait": wait}
    return ngettext("Too many requests from this address: wait %(wait)s seconds and try again.",
                    "Too many requests from this address: wait %(wait)s seconds and try again.",
                    wait) % {"wait": wait}


def _sentence(exc, view, request):
    if isinstance(exc, Http404):
        return PLAIN[exceptions.NotFound]
    if isinstance(exc, DjangoPermissionDenied):
        return str(exc) or PLAIN[exceptions.PermissionDenied]
    if isinstance(exc, exceptions.Throttled):
        wait = int(exc.wait or 0) + 1 if exc.wait is not None else 60
        return throttled_sentence(getattr(view, "throttled_from", "this address"), wait)
    if isinstance(exc, exceptions.MethodNotAllowed):
        if request is None:
            return _("This address does not take such requests.")
        return _("This address does not take %(method)s requests.") % {"method": request.method}
    if isinstance(exc, READER_SENTENCES):
        return str(exc.detail)
    if isinstance(exc, OWN_SENTENCES) and str(exc.detail) != str(type(exc).default_detail):
        return str(exc.detail)
    for sentences in (getattr(view, "refusal_sentences", {}), PLAIN):
        for kind, words in sentences.items():
            if isinstance(exc, kind):
                return words
    return ANY_OTHER


def code_of(exc) -> str:
    if isinstance(exc, Http404):
        return "not_found"
    if isinstance(exc, DjangoPermissionDenied):
        return "permission_denied"
    return getattr(exc, "default_code", "error")
