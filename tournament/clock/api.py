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
"""

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import ParseError, PermissionDenied, UnsupportedMediaType
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.core.errors import TournamentError
from tournament.core.models import Event

from . import services as clock_services
from .moments import catch_up_on_read
from .selectors import clock_view

EXAMPLE = {
    "round": 1, "game": 1, "round_id": 12, "phase": "running", "remaining_seconds": 1834.512,
    "deadline": "2026-11-20T10:50:00.000Z", "warning_at": "2026-11-20T10:40:00.000Z",
    "server_time": "2026-11-20T10:19:25.488Z", "length_seconds": 3000, "warning_seconds": 600,
    "extra_seconds": 0, "paused": False, "started_at": "2026-11-20T10:00:00.000Z", "ended_at": None,
    "tables": {
        "1": {"phase": "running", "remaining_seconds": 1834.512, "deadline": "2026-11-20T10:50:00.000Z",
              "warning_at": "2026-11-20T10:40:00.000Z", "extra_seconds": 0},
        "7": {"phase": "running", "remaining_seconds": 2134.512, "deadline": "2026-11-20T10:55:00.000Z",
              "warning_at": "2026-11-20T10:45:00.000Z", "extra_seconds": 300},
    },
}

BAD_BODY = 'The body must be JSON, for example {"minutes": 5}.'

ClockSchema = inline_serializer("Clock", {
    "round": serializers.IntegerField(allow_null=True, help_text="The game's number (the latest round)."),
    "phase": serializers.ChoiceField(["not_started", "running", "warning", "paused", "time_up"]),
    "remaining_seconds": serializers.FloatField(allow_null=True, help_text="Seconds left, a float (ms)."),
    "deadline": serializers.DateTimeField(allow_null=True, help_text="UTC; null before the start and paused."),
    "warning_at": serializers.DateTimeField(allow_null=True),
    "server_time": serializers.DateTimeField(),
    "tables": serializers.DictField(child=serializers.DictField(), help_text="Table number -> its clock."),
})


def _with_time_headers(response: Response, view) -> Response:
    response["ETag"] = view.etag
    response["Cache-Control"] = "no-cache"
    response["X-Server-Time"] = view.payload["server_time"]
    return response


class ClockView(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The clock of the event's latest game",
        responses={200: ClockSchema, 304: None},
        examples=[OpenApiExample("Running, table 7 with 5 extra minutes", value=EXAMPLE)],
    )
    def get(self, request, event_id: int):
        event = get_object_or_404(Event, pk=event_id)
        now = timezone.now()
        view = clock_view(event, now)
        catch_up_on_read(view.round, now, view.extras)
        if view.etag in _etags(request.headers.get("If-None-Match", "")):
            return _with_time_headers(Response(status=status.HTTP_304_NOT_MODIFIED), view)
        return _with_time_headers(Response(view.payload), view)


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


class ClockControl(APIView):
    """A director's control of the latest game's clock."""

    # Token first, so a request with no credentials gets 401 with `WWW-Authenticate: Token`.
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated]
    action = ""

    def post(self, request, event_id: int):
        event = get_object_or_404(Event, pk=event_id)
        if not event.is_director(request.user):
            raise PermissionDenied("Only this event's directors can run its clock.")
        try:
            body = request.data
        except ParseError:
            return Response({"detail": BAD_BODY}, status=status.HTTP_400_BAD_REQUEST)
        except UnsupportedMediaType:
            return Response({"detail": BAD_BODY}, status=status.HTTP_415_UNSUPPORTED_MEDIA_TYPE)
        data = body if isinstance(body, dict) else {}
        try:
            round_ = clock_services.event_round(event)
            self.act(round_, request.user, data)
        except clock_services.ClockStateError as error:
            return Response({"detail": error.message}, status=status.HTTP_409_CONFLICT)
        except TournamentError as error:
            return Response({"detail": error.message}, status=status.HTTP_400_BAD_REQUEST)
        now = timezone.now()
        view = clock_view(event, now)
        return _with_time_headers(Response(view.payload), view)

    def act(self, round_, user, data):
        raise NotImplementedError


def _optional_minutes(data, key: str, what: str, **options) -> int | None:
    value = data.get(key)
    if value is None or str(value).strip() == "":
        return None
    return clock_services.parse_minutes(value, what=what, **options)


START_BODY = inline_serializer("ClockStart", {
    "minutes": serializers.FloatField(required=False, help_text="This game's length, if not the event's."),
    "warning_minutes": serializers.FloatField(required=False, help_text="Warning before the end; 0 for none."),
})
EXTEND_BODY = inline_serializer("ClockExtend", {
    "minutes": serializers.FloatField(help_text="Minutes to add, more than 0."),
    "table": serializers.IntegerField(required=False, allow_null=True, help_text="One table; all if absent."),
})
ERRORS = {400: OpenApiTypes.OBJECT, 401: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT}


class StartClock(ClockControl):
    @extend_schema(summary="Go-ahead: every table's clock starts", request=START_BODY,
                   responses={200: ClockSchema, **ERRORS})
    def post(self, request, event_id: int):
        return super().post(request, event_id)

    def act(self, round_, user, data):
        clock_services.start_clock(
            round_, user,
            length_seconds=_optional_minutes(
                data, "minutes", "the game's length", maximum=clock_services.MAX_GAME_MINUTES),
            warning_seconds=_optional_minutes(
                data, "warning_minutes", "the warning", maximum=clock_services.MAX_GAME_MINUTES,
                allow_zero=True),
        )


class PauseClock(ClockControl):
    @extend_schema(summary="Pause every table's clock", request=None, responses={200: ClockSchema, **ERRORS})
    def post(self, request, event_id: int):
        return super().post(request, event_id)

    def act(self, round_, user, data):
        clock_services.pause_clock(round_, user)


class ResumeClock(ClockControl):
    @extend_schema(summary="Resume after a pause", request=None, responses={200: ClockSchema, **ERRORS})
    def post(self, request, event_id: int):
        return super().post(request, event_id)

    def act(self, round_, user, data):
        clock_services.resume_clock(round_, user)


class ExtendClock(ClockControl):
    @extend_schema(summary="Add minutes to every table, or to one", request=EXTEND_BODY,
                   responses={200: ClockSchema, **ERRORS})
    def post(self, request, event_id: int):
        return super().post(request, event_id)

    def act(self, round_, user, data):
        table = data.get("table")
        clock_services.extend_clock(
            round_, user, minutes=data.get("minutes"), table=None if table in (None, "") else table,
        )


class EndClock(ClockControl):
    @extend_schema(summary="End the game early: time is up now", request=None,
                   responses={200: ClockSchema, **ERRORS})
    def post(self, request, event_id: int):
        return super().post(request, event_id)

    def act(self, round_, user, data):
        clock_services.end_clock(round_, user)
