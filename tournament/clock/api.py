"""The clock's REST API: a public read that pages poll, and the director's controls.

GET /api/v1/events/<id>/clock/ gives the clock of the event's latest game: `round` (its number), `phase`
(not_started, running, warning, paused, time_up), `remaining_seconds` (a float, to the millisecond; null
with no game), `deadline` and `warning_at` (ISO 8601 UTC; null before the start and while paused),
`server_time`, and `tables`: table number (a string) -> that table's phase, remaining_seconds, deadline,
warning_at and extra_seconds (its own extra time). It is public and cheap: three queries whatever the
event's size, an ETag that changes only when what a page shows changes (so a poll is usually a 304 with no
body), `Cache-Control: no-cache`, and the server's time in `X-Server-Time` on every answer, 304s
included, for the page to keep its offset right.

POST .../clock/start/, pause/, resume/, extend/ and end/ are for the event's directors (token or session):
401 without credentials, 403 for anyone else, 400 with a plain sentence for bad input (a body that is
not JSON included; 415, with the same sentence, for a body of another media type), 409 for a control
that does not fit the clock as it stands. Each answers with the clock as the GET gives it.

Refusals are raised, not answered here: `config.exceptions` gives each its status and its
`{"detail": sentence, "code": ...}` body (the clock's own refusals: "invalid" and "clock_state").
"""

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import ParseError, PermissionDenied, UnsupportedMediaType
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.core.api import Refusal, Sent
from tournament.core.models import Event

from . import services, state
from .moments import catch_up_on_read
from .selectors import clock_view, section_asked

EXAMPLE = {
    "round": 1, "game": 1, "round_id": 12, "phase": "running", "remaining_seconds": 1834.512,
    "deadline": "2026-11-20T10:50:00.000Z", "warning_at": "2026-11-20T10:40:00.000Z",
    "server_time": "2026-11-20T10:19:25.488Z", "length_seconds": 3000, "warning_seconds": 600,
    "extra_seconds": 0, "paused": False, "started_at": "2026-11-20T10:00:00.000Z", "ended_at": None, "section": "",
    "tables": {
        "1": {"phase": "running", "remaining_seconds": 1834.512, "deadline": "2026-11-20T10:50:00.000Z",
              "warning_at": "2026-11-20T10:40:00.000Z", "extra_seconds": 0},
        "7": {"phase": "running", "remaining_seconds": 2134.512, "deadline": "2026-11-20T10:55:00.000Z",
              "warning_at": "2026-11-20T10:45:00.000Z", "extra_seconds": 300},
    },
}

BAD_BODY = gettext_lazy('The body must be JSON, for example {"minutes": 5}.')
PHASES = [state.NOT_STARTED, state.RUNNING, state.WARNING, state.PAUSED, state.TIME_UP]


# --- The clock as the API answers it (`selectors.clock_view` builds it; these describe and answer it) ---

class TableClock(serializers.Serializer):
    phase = serializers.ChoiceField(PHASES)
    remaining_seconds = serializers.FloatField(help_text="Seconds left, a float (ms).")
    deadline = serializers.DateTimeField(allow_null=True, help_text="UTC; null before the start and paused.")
    warning_at = serializers.DateTimeField(allow_null=True)
    extra_seconds = serializers.IntegerField(help_text="This table's own extra time, on top of the game's.")


class Clock(serializers.Serializer):
    round = serializers.IntegerField(allow_null=True, help_text="The game's number (the latest round).")
    game = serializers.IntegerField(allow_null=True, help_text="The same number, as the pages call it.")
    round_id = serializers.IntegerField(required=False, help_text="Absent before a game is seated.")
    section = serializers.CharField(allow_blank=True, help_text="The section asked for (?section=A), in an event "
                                                                "in sections (docs/sections.md); else empty.")
    phase = serializers.ChoiceField(PHASES)
    remaining_seconds = serializers.FloatField(allow_null=True, help_text="Seconds left, a float (ms).")
    deadline = serializers.DateTimeField(allow_null=True, help_text="UTC; null before the start and paused.")
    warning_at = serializers.DateTimeField(allow_null=True)
    server_time = serializers.DateTimeField()
    length_seconds = serializers.IntegerField(allow_null=True)
    warning_seconds = serializers.IntegerField(allow_null=True)
    extra_seconds = serializers.IntegerField(allow_null=True, help_text="Extra time for every table.")
    paused = serializers.BooleanField()
    started_at = serializers.DateTimeField(allow_null=True)
    ended_at = serializers.DateTimeField(allow_null=True, help_text="Set when the director ended the game early.")
    tables = serializers.DictField(child=TableClock(), help_text="Table number -> its clock.")


def clock_answer(view, response_status: int = status.HTTP_200_OK) -> Response:
    """The clock (no body for a 304) with the headers every answer carries: ETag, no-cache, the server's
    time.

    The body is the selector's payload as it is: `Clock` describes it for the schema, and a test proves it
    describes it exactly (Clock(payload).data == payload). Running every poll's payload through the
    serializer's fields would cost each poll a third more CPU for the same bytes."""
    body = view.payload if response_status == status.HTTP_200_OK else None
    response = Response(body, status=response_status)
    response["ETag"] = view.etag
    response["Cache-Control"] = "no-cache"
    response["X-Server-Time"] = view.payload["server_time"]
    return response


class ClockView(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The clock of the event's latest game",
        parameters=[OpenApiParameter("section", str, description="In an event in sections: the section's "
                                     "letter, whose own clock this answers (docs/sections.md).")],
        responses={200: Clock, 304: OpenApiResponse(description="Unchanged since the ETag (still X-Server-Time).")},
        examples=[OpenApiExample("Running, table 7 with 5 extra minutes", value=EXAMPLE)],
    )
    def get(self, request, event_id: int):
        event = get_object_or_404(Event, pk=event_id)
        now = timezone.now()
        view = clock_view(event, now, section_asked(request.GET))
        catch_up_on_read(view.round, now, view.extras)
        if view.etag in _etags(request.headers.get("If-None-Match", "")):
            return clock_answer(view, status.HTTP_304_NOT_MODIFIED)
        return clock_answer(view)


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


# --- The director's controls -----------------------------------------------------------------------

@extend_schema_field(OpenApiTypes.NUMBER)
class Minutes(Sent):
    """Minutes as sent (5, "5", 2.5): the service reads them and says in words what is wrong."""


@extend_schema_field(OpenApiTypes.INT)
class TableNumber(Minutes):
    """A table's number as sent: the service reads it and says in words what is wrong."""


class NoBody(serializers.Serializer):
    """Nothing to send."""


class ClockStart(serializers.Serializer):
    minutes = Minutes(required=False, allow_null=True, help_text="This game's length, if not the event's.")
    warning_minutes = Minutes(required=False, allow_null=True, help_text="Warning before the end; 0 for none.")


class ClockExtend(serializers.Serializer):
    minutes = Minutes(required=False, allow_null=True, help_text="Minutes to add, more than 0.")
    table = TableNumber(required=False, allow_null=True, help_text="One table; all if absent.")


REFUSALS = {code: Refusal for code in (400, 401, 403, 404, 409, 415)}


class ClockControl(APIView):
    """A director's control of the latest game's clock (in an event with sections, ?section=A's)."""

    # Token first, so a request with no credentials gets 401 with `WWW-Authenticate: Token`.
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated]
    # A body that is not JSON, or of another media type (415), is told how the body must look.
    refusal_sentences = {ParseError: BAD_BODY, UnsupportedMediaType: BAD_BODY}
    Input = NoBody

    def post(self, request, event_id: int):
        event = get_object_or_404(Event, pk=event_id)
        if not event.is_director(request.user):
            raise PermissionDenied(_("Only this event's directors can run its clock."))
        data = self.parse(request)
        section = section_asked(request.query_params)   # ?section=A: that section's clock (docs/sections.md)
        self.act(services.event_round(event, section), request.user, data)
        return clock_answer(clock_view(event, timezone.now(), section))

    def parse(self, request) -> dict:
        """The body's fields as sent (any JSON that is not an object is no fields); the services check
        them and refuse them in words."""
        body = request.data  # ParseError, UnsupportedMediaType: answered with BAD_BODY
        serializer = self.Input(data=body if isinstance(body, dict) else {})
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def act(self, round_, user, data):
        raise NotImplementedError


class StartClock(ClockControl):
    Input = ClockStart

    @extend_schema(summary="Go-ahead: every table's clock starts", request=ClockStart,
                   responses={200: Clock, **REFUSALS})
    def post(self, request, event_id: int):
        return super().post(request, event_id)

    def act(self, round_, user, data):
        timing = services.timing_in_minutes(data.get("minutes"), data.get("warning_minutes"))
        services.start_clock(round_, user, **timing)


class PauseClock(ClockControl):
    @extend_schema(summary="Pause every table's clock", request=None, responses={200: Clock, **REFUSALS})
    def post(self, request, event_id: int):
        return super().post(request, event_id)

    def act(self, round_, user, data):
        services.pause_clock(round_, user)


class ResumeClock(ClockControl):
    @extend_schema(summary="Resume after a pause", request=None, responses={200: Clock, **REFUSALS})
    def post(self, request, event_id: int):
        return super().post(request, event_id)

    def act(self, round_, user, data):
        services.resume_clock(round_, user)


class ExtendClock(ClockControl):
    Input = ClockExtend

    @extend_schema(summary="Add minutes to every table, or to one", request=ClockExtend,
                   responses={200: Clock, **REFUSALS})
    def post(self, request, event_id: int):
        return super().post(request, event_id)

    def act(self, round_, user, data):
        table = data.get("table")
        services.extend_clock(
            round_, user, minutes=data.get("minutes"), table=None if table in (None, "") else table,
        )


class EndClock(ClockControl):
    @extend_schema(summary="End the game early: time is up now", request=None,
                   responses={200: Clock, **REFUSALS})
    def post(self, request, event_id: int):
        return super().post(request, event_id)

    def act(self, round_, user, data):
        services.end_clock(round_, user)
