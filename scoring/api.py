"""The REST API for score sheets, the director's board and corrections, and the standings.

Table endpoints carry no user: the table's secret token in the URL is the credential, and it reaches only
that table's current game. They are throttled per token (scope "table"), not per address, because a
whole room of tables shares the venue's one public address.

The practice endpoints (`check/`) serve the sheet check page's practice form: the same answers as a
table's draft and base endpoints, checked under a new event's default rules, and nothing is stored. They
have no token, so they are throttled per client address (scope "check").
"""

import hashlib
import re

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.http.request import RawPostDataException
from django.shortcuts import get_object_or_404
from django.utils.http import parse_etags
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from tournament.core.models import Event, Game

from . import selectors, services
from .services import ScoringError, SheetRefused
from .validation import (
    MAX_REASON_CHARS,
    UnstorableJSON,
    effective_document,
    json_problem,
    malformed,
    parse_json,
    validate_for_event,
)

ERROR_STATUS = {
    "not_found": status.HTTP_404_NOT_FOUND,
    "no_sheet": status.HTTP_404_NOT_FOUND,
    "no_open_game": status.HTTP_409_CONFLICT,
    "key_reused": status.HTTP_409_CONFLICT,
    "not_acceptable": status.HTTP_409_CONFLICT,
    "stale": status.HTTP_409_CONFLICT,
    "bad_code": status.HTTP_403_FORBIDDEN,
    "locked": status.HTTP_409_CONFLICT,
    "disputed": status.HTTP_409_CONFLICT,
    "invalid": status.HTTP_400_BAD_REQUEST,
}

SHEET_EXAMPLE = {
    "format": "canasta-td/score-sheet@1", "ruleset": "nvso",
    "hands": [{"ns": {"base": 2200, "count": 325, "total": 2525, "cumulative": 2525},
               "ew": {"base": 1800, "count": 275, "total": 2075, "cumulative": 2075}}],
    "final": {"ns": 2525, "ew": 2075}, "winner": "ns",
}


def error_response(error: ScoringError, **extra) -> Response:
    return Response({"detail": error.message, "code": error.code, **extra},
                    status=ERROR_STATUS.get(error.code, status.HTTP_400_BAD_REQUEST))


def refused_response(refused: SheetRefused) -> Response:
    code = status.HTTP_400_BAD_REQUEST if refused.malformed else status.HTTP_422_UNPROCESSABLE_ENTITY
    return Response(refused.answer, status=code)


def read_json(request):
    """The body as JSON, or a malformed answer that says so in words (never a parser's message).

    Every table and director endpoint reads its body here, not through DRF's parsers: whatever the
    Content-Type, the answer to a bad body is a sentence, and nothing reaches the database that it would
    refuse (NaN, Infinity, NUL characters) or that is nested deeper than any sheet.
    """
    try:
        raw = request.body
    except RequestDataTooBig:
        return None, malformed("$", "This is far too large to be a game's sheet: nothing was stored.")
    except RawPostDataException:  # a multipart form, already read as a form (by a CSRF check)
        return None, malformed("$", "This is not a score sheet: send it as JSON.")
    try:
        value = parse_json(raw or b"null")
    except UnstorableJSON as error:
        return None, malformed("$", str(error))
    except (ValueError, UnicodeDecodeError):
        return None, malformed("$", "This is not a score sheet: the text is not valid JSON.")
    problem = json_problem(value)
    if problem:
        return None, malformed("$", problem)
    return value, None


def read_object(request):
    """The body as a JSON object ({} when empty), or the answer that refuses it."""
    body, problem = read_json(request)
    if problem:
        return None, Response({"detail": problem["problems"][0]["message"], "code": "invalid"},
                              status=status.HTTP_400_BAD_REQUEST)
    if body is None:
        return {}, None
    if not isinstance(body, dict):
        return None, Response({"detail": "Send a JSON object, like {\"version\": 1}.", "code": "invalid"},
                              status=status.HTTP_400_BAD_REQUEST)
    return body, None


def validated_body(request, serializer_class, sentences: dict[str, str]):
    """The body checked by `serializer_class`: (data, None), or (None, the answer that refuses it)."""
    body, refusal = read_object(request)
    if refusal:
        return None, refusal
    serializer = serializer_class(data=body)
    if not serializer.is_valid():
        return None, invalid_fields(serializer, sentences)
    return serializer.validated_data, None


def invalid_fields(serializer, sentences: dict[str, str]) -> Response:
    """One plain sentence per field the serializer refused, never its own wording."""
    fields = {name: sentences.get(name, f"The field {name} is not right.") for name in serializer.errors}
    return Response({"detail": " ".join(fields.values()), "code": "invalid", "fields": fields},
                    status=status.HTTP_400_BAD_REQUEST)


def version_data(version, *, full: bool = False) -> dict:
    data = {"id": version.pk, "version": version.number, "status": version.status,
            "validation": version.validation, "locked": version.is_locked}
    if full:
        data.update({
            "game": version.game_id, "table": version.game.table.number,
            "document": version.document, "source": version.source, "reason": version.reason,
            "ns_total": version.ns_total, "ew_total": version.ew_total, "winner": version.winner,
            "created_at": version.created_at.isoformat(),
            "submitted_by": version.submitted_by.get_username() if version.submitted_by else None,
        })
    return data


class TableThrottle(SimpleRateThrottle):
    scope = "table"

    def get_cache_key(self, request, view):
        # Hashed: a token from the URL may hold any character, and a cache key must not.
        token = view.kwargs.get("token", "")[:64]
        return self.cache_format % {"scope": self.scope,
                                    "ident": hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()[:32]}


class CheckThrottle(SimpleRateThrottle):
    """The practice endpoints, per client address (DRF's `get_ident`, which honours NUM_PROXIES); the rate
    is generous (CHECK_THROTTLE_RATE) because a whole venue may share one public address."""

    scope = "check"

    def get_cache_key(self, request, view):
        ident = self.get_ident(request) or ""
        return self.cache_format % {"scope": self.scope,
                                    "ident": hashlib.sha256(ident.encode("utf-8", "replace")).hexdigest()[:32]}


# DRF's own refusals, in the words of this app ({"detail": sentence, "code": ...}).
PLAIN = {
    exceptions.NotAuthenticated: "Sign in as one of this event's directors first.",
    exceptions.AuthenticationFailed: "That sign-in is not known: sign in again as one of this event's directors.",
    exceptions.NotFound: "There is no such event or game.",
    exceptions.NotAcceptable: "This address answers in JSON only (Accept: application/json).",
    exceptions.UnsupportedMediaType: "Send the body as JSON (Content-Type: application/json).",
    exceptions.ParseError: "The body is not valid JSON.",
}


class ScoringAPIView(APIView):
    """Turns the scoring services' refusals into their HTTP answers (4xx with a plain sentence)."""

    throttled_from = "this table"

    def handle_exception(self, exc):
        if isinstance(exc, ScoringError):
            return error_response(exc)
        if isinstance(exc, SheetRefused):
            return refused_response(exc)
        response = super().handle_exception(exc)
        if isinstance(exc, (exceptions.APIException, Http404)):
            response.data = {"detail": self.plain(exc), "code": getattr(exc, "default_code", "not_found")}
        return response

    def plain(self, exc) -> str:
        if isinstance(exc, exceptions.Throttled):
            wait = int(exc.wait or 0) + 1 if exc.wait is not None else 60
            return f"Too many requests from {self.throttled_from}: wait {wait} seconds and try again."
        if isinstance(exc, exceptions.MethodNotAllowed):
            return f"This address does not take {self.request.method} requests."
        if isinstance(exc, exceptions.PermissionDenied):
            detail = str(exc.detail)  # the views' own sentences; DRF's default is not one
            return detail if detail != exceptions.PermissionDenied.default_detail else \
                "Only this event's directors can do this."
        if isinstance(exc, Http404):
            return PLAIN[exceptions.NotFound]
        for kind, sentence in PLAIN.items():
            if isinstance(exc, kind):
                return sentence
        return "That request cannot be carried out."


class TableView(ScoringAPIView):
    """Base for the table endpoints: no user, no session (so no CSRF), the token decides."""

    authentication_classes = []
    permission_classes = []
    throttle_classes = [TableThrottle]

    def table(self):
        return services.table_for_token(self.kwargs["token"])


# --- Sheet documents in the schema: free-form JSON in the shared format.

ValidationAnswer = OpenApiResponse(OpenApiTypes.OBJECT, description="The rules app's answer (score-sheet-format.md).")
Detail = OpenApiResponse(OpenApiTypes.OBJECT, description='{"detail": "a sentence", "code": "..."}')


class VersionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    validation = serializers.JSONField()


class TableSheetView(TableView):
    @extend_schema(
        summary="Submit the table's score sheet",
        request=OpenApiTypes.OBJECT,
        parameters=[
            OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=True,
                             description="One key per submission attempt; a retry with it is answered, not stored."),
            OpenApiParameter("review", int, description="1: a sheet with errors goes to the director."),
            OpenApiParameter("reason", str, description="Why the director should look at it (with review=1)."),
        ],
        examples=[OpenApiExample("A one-hand sheet", value=SHEET_EXAMPLE, request_only=True)],
        responses={201: VersionSerializer, 400: ValidationAnswer, 404: Detail, 409: Detail, 422: ValidationAnswer},
    )
    def post(self, request, token):
        table = self.table()
        document, problem = read_json(request)
        if problem:
            return Response(problem, status=status.HTTP_400_BAD_REQUEST)
        game = services.open_game(table)
        key = request.headers.get("Idempotency-Key", "")
        review = request.query_params.get("review") in ("1", "true", "yes")
        submission = services.submit_sheet(game, document, key, review=review,
                                           reason=request.query_params.get("reason", ""))
        response = Response(version_data(submission.version), status=status.HTTP_201_CREATED)
        if submission.replayed:
            response["Idempotent-Replayed"] = "true"
        return response

    @extend_schema(summary="The latest stored version of the table's sheet",
                   responses={200: OpenApiTypes.OBJECT, 404: Detail})
    def get(self, request, token):
        table = self.table()
        game = services.current_game(table)
        version = selectors.latest_version(game) if game else None
        if version is None:
            return Response({"detail": "No sheet has been submitted at this table yet.", "code": "no_sheet",
                             "game": game.pk if game else None}, status=status.HTTP_404_NOT_FOUND)
        return Response(version_data(version, full=True))


class DecisionSerializer(serializers.Serializer):
    code = serializers.CharField(required=False, allow_blank=True, max_length=10,
                                 help_text="East-West's 4-digit team code, when the event asks for it.")
    version = serializers.IntegerField(required=False, min_value=1,
                                       help_text="The version read; refused if the sheet changed since.")
    reason = serializers.CharField(required=False, allow_blank=True, max_length=MAX_REASON_CHARS)


DECISION_SENTENCES = {
    "code": "The team code is the 4 digits on East-West's team card.",
    "version": "The version is the number of the sheet you read (1, 2, ...).",
    "reason": f"The reason is text of at most {MAX_REASON_CHARS:,} characters.",
}


class TableDecisionView(TableView):
    kind = "accept"

    @extend_schema(request=DecisionSerializer, responses={200: VersionSerializer, 400: Detail, 403: Detail,
                                                          404: Detail, 409: Detail})
    def post(self, request, token):
        table = self.table()
        data, refusal = validated_body(request, DecisionSerializer, DECISION_SENTENCES)
        if refusal:
            return refusal
        game = services.open_game(table)
        if self.kind == "accept":
            version = services.accept_sheet(game, code=data.get("code", ""), version=data.get("version"))
        else:
            version = services.dispute_sheet(game, reason=data.get("reason", ""), code=data.get("code", ""),
                                             version=data.get("version"))
        body = version_data(version)
        body.update(ns_total=version.ns_total, ew_total=version.ew_total, winner=version.winner)
        return Response(body)


class TableAcceptView(TableDecisionView):
    kind = "accept"


class TableDisputeView(TableDecisionView):
    kind = "dispute"


def read_draft(request):
    """A draft's body ({"form": ..., "sheet": ...}), or the answer that refuses it."""
    body, problem = read_json(request)
    if problem or not isinstance(body, dict):
        detail = (problem["problems"][0]["message"] if problem
                  else "A draft is a JSON object: {\"form\": ..., \"sheet\": ...}.")
        return None, Response({"detail": detail, "code": "invalid"}, status=status.HTTP_400_BAD_REQUEST)
    return body, None


def base_response(request, event: Event) -> Response:
    """The Base a team's details add up to under the event's rules, or the sentence that refuses them."""
    body, problem = read_json(request)
    details = body.get("details") if isinstance(body, dict) else None
    if problem or not isinstance(details, dict):
        detail = (problem["problems"][0]["message"] if problem
                  else "Send the team's details: {\"details\": {...}}.")
        return Response({"detail": detail, "code": "invalid"}, status=status.HTTP_400_BAD_REQUEST)
    options = effective_document(event, {})["options"]
    from rules import calculator  # imported here: the rules engine must not stop the API from loading

    try:
        base = calculator.base_from_details(details, options=options)
    except (ValueError, TypeError, KeyError) as error:
        message = str(error) if isinstance(error, ValueError) else "Those details cannot be added up."
        return Response({"detail": message, "code": "invalid"}, status=status.HTTP_400_BAD_REQUEST)
    return Response({"base": base})


class TableDraftView(TableView):
    @extend_schema(summary="Keep what is typed; answers the rules app's messages for the complete hands",
                   request=OpenApiTypes.OBJECT, responses={200: OpenApiTypes.OBJECT, 400: Detail})
    def put(self, request, token):
        table = self.table()
        body, refusal = read_draft(request)
        if refusal:
            return refusal
        game = services.open_game(table)
        draft = services.save_draft(game, body.get("form") or {}, body.get("sheet"))
        return Response({"game": game.pk, "updated_at": draft.updated_at.isoformat(),
                         "validation": draft.validation})

    @extend_schema(summary="The draft kept on the server", responses={200: OpenApiTypes.OBJECT, 404: Detail})
    def get(self, request, token):
        game = services.open_game(self.table())
        draft = getattr(game, "sheet_draft", None)
        if draft is None:
            return Response({"detail": "Nothing has been typed at this table yet.", "code": "no_draft"},
                            status=status.HTTP_404_NOT_FOUND)
        return Response({"game": game.pk, "updated_at": draft.updated_at.isoformat(), "form": draft.data,
                         "validation": draft.validation})


class TableBaseView(TableView):
    @extend_schema(summary="The Base a team's details add up to, by the rules calculator",
                   request=OpenApiTypes.OBJECT, responses={200: OpenApiTypes.OBJECT, 400: Detail})
    def post(self, request, token):
        game = services.open_game(self.table())
        return base_response(request, game.round.event)


# --- Practice (the sheet check page): the table's answers, nothing stored ---------------------------

def practice_rules() -> Event:
    """The rules a practice sheet is checked under: those of a new event left at its defaults (nvso,
    no option overridden, its default target score). Never saved: it only carries the rules."""
    return Event()


class CheckView(ScoringAPIView):
    """Public and anonymous, like the table endpoints; no session, so no CSRF, and nothing to write."""

    authentication_classes = []
    permission_classes = []
    throttle_classes = [CheckThrottle]
    throttled_from = "this address"


class CheckDraftView(CheckView):
    @extend_schema(
        summary="Practice: the rules app's messages for a typed sheet, as a table's draft gets them",
        description="Nothing is stored. The sheet is checked under a new event's default rules (nvso). "
                    "`sheet` may be null (no complete hand yet): the answer's validation is then null.",
        request=OpenApiTypes.OBJECT,
        examples=[OpenApiExample("A one-hand sheet", request_only=True,
                                 value={"form": {"hands": []}, "sheet": SHEET_EXAMPLE})],
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description='{"validation": the rules app\'s answer '
                                        "(score-sheet-format.md), or null}"),
                   400: Detail, 429: Detail},
    )
    def put(self, request):
        body, refusal = read_draft(request)
        if refusal:
            return refusal
        if not isinstance(body.get("form") or {}, dict):
            return Response({"detail": "A draft's form is its fields and values: a JSON object.",
                             "code": "invalid"}, status=status.HTTP_400_BAD_REQUEST)
        sheet = body.get("sheet")
        return Response({"validation": validate_for_event(practice_rules(), sheet) if sheet is not None else None})


class CheckBaseView(CheckView):
    @extend_schema(summary="Practice: the Base a team's details add up to, by the rules calculator",
                   description="Nothing is stored; the default rules (nvso) of a new event.",
                   request=OpenApiTypes.OBJECT,
                   examples=[OpenApiExample("Details", request_only=True, value={"details": {
                       "red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1,
                       "went_out": True}})],
                   responses={200: OpenApiTypes.OBJECT, 400: Detail, 429: Detail})
    def post(self, request):
        return base_response(request, practice_rules())


# --- Directors -------------------------------------------------------------------------------------

class DirectorView(ScoringAPIView):
    permission_classes = [IsAuthenticated]

    def event(self) -> Event:
        event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        if not event.is_director(self.request.user):
            self.permission_denied(self.request, message="Only this event's directors can see this.")
        return event



def board_data(event: Event, number: int | None = None) -> dict:
    """The board of one game of the event (the latest when `number` is None); `rounds` lists them all,
    with how many tables in each still need the director, so an earlier game's sheets stay reachable."""
    round_ = selectors.board_round(event, number)
    rounds = [{"round": n, "needs_director": calls}
              for n, calls in selectors.board_rounds(event)]
    if round_ is None:
        return {"event": event.pk, "round": None, "rounds": rounds, "counts": {}, "tables": []}
    rows, counts = selectors.board(round_)
    return {
        "event": event.pk, "round": round_.number, "rounds": rounds, "counts": counts,
        "tables": [{
            "table": row.table, "game": row.game.pk, "state": row.state,
            "needs_director": row.needs_director, "why": row.why,
            "locked": bool(row.version and row.version.is_locked),
            "ns": row.game.ns_team.name, "ew": row.game.ew_team.name,
            "version": row.version.number if row.version else None,
            "ns_total": row.version.ns_total if row.version else None,
            "ew_total": row.version.ew_total if row.version else None,
            "messages": row.messages, "reason": row.version.reason if row.version else "",
            "disputes": [d.reason for d in row.version.decisions.all() if d.kind == "dispute"]
            if row.version else [],
            "draft_at": row.draft_at.isoformat() if row.draft_at else None,
        } for row in rows],
    }


class BoardView(DirectorView):
    @extend_schema(summary="Every table of a game (the latest unless ?round=N) with its sheet's state",
                   parameters=[OpenApiParameter("round", int, description="The game's number; the latest if unset.")],
                   responses={200: OpenApiTypes.OBJECT, 403: Detail, 404: Detail})
    def get(self, request, event_id):
        event = self.event()
        number = request.query_params.get("round")
        if number is not None and not re.fullmatch(r"[0-9]{1,5}", number):
            return Response({"detail": "The round is a game's number, like ?round=2.", "code": "invalid"},
                            status=status.HTTP_400_BAD_REQUEST)
        data = board_data(event, int(number) if number else None)
        if number and data["round"] is None:
            return Response({"detail": f"This event has no game {int(number)}.", "code": "not_found"},
                            status=status.HTTP_404_NOT_FOUND)
        return Response(data)


class CorrectionSerializer(serializers.Serializer):
    sheet = serializers.JSONField(help_text="The whole sheet in the shared format.")
    reason = serializers.CharField(max_length=MAX_REASON_CHARS, help_text="Why: kept with the new version.")
    allow_errors = serializers.BooleanField(required=False, default=False)


CORRECTION_SENTENCES = {
    "sheet": "Send the whole sheet as \"sheet\": a JSON object in the score-sheet format.",
    "reason": f"Give a reason for the correction (at most {MAX_REASON_CHARS:,} characters): it is kept "
              "with the sheet.",
    "allow_errors": "allow_errors is true or false.",
}


class CorrectView(DirectorView):
    @extend_schema(summary="Enter or correct a game's sheet; it becomes the result at once",
                   request=CorrectionSerializer,
                   responses={201: VersionSerializer, 400: ValidationAnswer, 403: Detail, 422: ValidationAnswer})
    def post(self, request, event_id, game_id):
        event = self.event()
        game = get_object_or_404(Game.objects.select_related("round__event", "table"),
                                 pk=game_id, round__event=event)
        data, refusal = validated_body(request, CorrectionSerializer, CORRECTION_SENTENCES)
        if refusal:
            return refusal
        version = services.director_correct(game, data["sheet"], request.user, reason=data["reason"],
                                            allow_errors=data["allow_errors"])
        return Response(version_data(version), status=status.HTTP_201_CREATED)


class HistoryView(DirectorView):
    @extend_schema(summary="Every version of a game's sheet and what changed", responses={200: OpenApiTypes.OBJECT})
    def get(self, request, event_id, game_id):
        event = self.event()
        game = get_object_or_404(Game, pk=game_id, round__event=event)
        return Response({"game": game.pk, "versions": [{
            **version_data(entry.version, full=True),
            "changes": [{"where": c.where, "before": c.before, "after": c.after} for c in entry.changes],
            "decisions": [{"kind": d.kind, "reason": d.reason, "at": d.created_at.isoformat()}
                          for d in entry.decisions],
        } for entry in selectors.history(game)]})


# --- Standings -------------------------------------------------------------------------------------

def standings_data(event: Event, etag: str | None = None) -> dict:
    return {"event": event.pk, "order": event.standings_order, "sit_out_rule": event.sit_out_rule, "rows": [{
        "rank": row.rank, "team": {"id": row.team.pk, "number": row.team.number, "name": row.team.name},
        "played": row.played, "wins": row.wins, "losses": row.losses, "ties": row.ties,
        "points": row.points, "difference": row.difference, "sit_outs": row.sit_outs,
    } for row in selectors.standings(event, etag)]}


class StandingsView(APIView):
    """Public once the director publishes them; the event's directors see them before."""

    permission_classes = []

    @extend_schema(summary="The event's standings, best first (ETag / If-None-Match supported)",
                   responses={200: OpenApiTypes.OBJECT, 304: None, 404: Detail})
    def get(self, request, event_id):
        event = get_object_or_404(Event, pk=event_id)
        if not event.standings_published and not event.is_director(request.user):
            return Response({"detail": "The standings are not published yet.", "code": "not_published"},
                            status=status.HTTP_404_NOT_FOUND)
        version = selectors.standings_etag(event)
        etag = f'"{version}"'
        if etag in parse_etags(request.headers.get("If-None-Match", "")):
            response = Response(status=status.HTTP_304_NOT_MODIFIED)
        else:
            response = Response(standings_data(event, version))
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"
        return response


def ping(request):
    """The cheapest answer the server gives: the ceiling the benchmark compares against."""
    return JsonResponse({"ok": True})
