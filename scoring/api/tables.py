"""The table's endpoints: its device sends the sheet, the opponents accept or dispute it, the draft is
kept as they type, and the Base calculator adds up a team's details.

Who: the device at one table. How they authenticate: they do not. There is no user and no session (so no
CSRF): the table's secret token in the URL is the credential, and it reaches only that table's current
game. Throttled per token (scope "table"), not per address, because a whole room of tables shares the
venue's one public address.
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import selectors, services
from ..services import ScoringError
from ..validation import MAX_REASON_CHARS
from .answers import (
    REFUSED,
    REFUSED_FIELDS,
    SHEET_EXAMPLE,
    SHEET_REFUSED,
    DecidedVersionOutput,
    FullVersionOutput,
    IsoDateTime,
    Refusal,
    RulesAnswerField,
    VersionOutput,
)
from .checks import DETAILS_EXAMPLE, BaseInput, BaseOutput, DraftInput, base_of, read_details, read_draft
from .reading import Flag, Text, asked_sides, check, parse, read_sheet
from .throttles import TableThrottle


class TableView(APIView):
    """For the device at one table: the table's secret token in the URL is the credential (no user, no
    session, so no CSRF), and it reaches only that table's current game."""

    authentication_classes = []
    permission_classes = []
    throttle_classes = [TableThrottle]
    throttled_from = "this table"

    def table(self):
        return services.table_for_token(self.kwargs["token"])


class NoSheetYet(ScoringError):
    """Nothing to show yet: the 404 still names the game (null when none is seated), so the page knows
    which game it is waiting for."""

    def __init__(self, game):
        super().__init__("No sheet has been submitted at this table yet.", "no_sheet")
        self.extra = {"game": game.pk if game is not None else None}


class NoSheetYetAnswer(Refusal):
    game = serializers.IntegerField(allow_null=True)


class SubmissionQuery(serializers.Serializer):
    """How the sheet is sent: the body is the sheet itself; these come in the query string."""

    review = Flag(default=False, help_text="1: a sheet with errors goes to the director instead of back.")
    reason = Text(default="", help_text="Why the director should look at it (with review=1).")


class TableSheetView(TableView):
    Input = SubmissionQuery
    Output = VersionOutput

    @extend_schema(
        summary="Submit the table's score sheet",
        request=OpenApiTypes.OBJECT,
        parameters=[
            SubmissionQuery,
            OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=True,
                             description="One key per submission attempt; a retry with it is answered, not stored."),
        ],
        examples=[OpenApiExample("A one-hand sheet", value=SHEET_EXAMPLE, request_only=True)],
        responses={201: VersionOutput, 400: SHEET_REFUSED, 404: REFUSED, 409: REFUSED, 422: SHEET_REFUSED},
    )
    def post(self, request, token):
        table = self.table()
        document = read_sheet(request)
        game = services.open_game(table)
        query = check(self.Input, request.query_params)
        submission = services.submit_sheet(game, document, request.headers.get("Idempotency-Key", ""),
                                           review=query["review"], reason=query["reason"])
        response = Response(self.Output(submission.version).data, status=status.HTTP_201_CREATED)
        if submission.replayed:
            response["Idempotent-Replayed"] = "true"
        return response

    @extend_schema(summary="The latest stored version of the table's sheet",
                   responses={200: FullVersionOutput, 404: NoSheetYetAnswer})
    def get(self, request, token):
        game = services.current_game(self.table())
        version = selectors.latest_version(game) if game else None
        if version is None:
            raise NoSheetYet(game)
        return Response(FullVersionOutput(version).data)


class DecisionInput(serializers.Serializer):
    code = serializers.CharField(default="", allow_blank=True, max_length=10,
                                 help_text="East-West's 4-digit team code, when the event asks for it.")
    version = serializers.IntegerField(default=None, min_value=1,
                                       help_text="The version read; refused if the sheet changed since.")
    reason = serializers.CharField(default="", allow_blank=True, max_length=MAX_REASON_CHARS,
                                   help_text="Why the opponents dispute it (a dispute only).")

    sentences = {
        "code": "The team code is the 4 digits on East-West's team card.",
        "version": "The version is the number of the sheet you read (1, 2, ...).",
        "reason": f"The reason is text of at most {MAX_REASON_CHARS:,} characters.",
    }


class TableDecisionView(TableView):
    """The opponents' answer to the latest version: accept it (the result is final) or dispute it."""

    Input = DecisionInput
    Output = DecidedVersionOutput

    @extend_schema(request=DecisionInput, responses={200: DecidedVersionOutput, 400: REFUSED_FIELDS,
                                                     403: REFUSED, 404: REFUSED, 409: REFUSED})
    def post(self, request, token):
        table = self.table()
        data = parse(request, self.Input)
        version = self.decide(services.open_game(table), data)
        return Response(self.Output(version).data)

    def decide(self, game, data):
        raise NotImplementedError


class TableAcceptView(TableDecisionView):
    def decide(self, game, data):
        return services.accept_sheet(game, code=data["code"], version=data["version"])


class TableDisputeView(TableDecisionView):
    def decide(self, game, data):
        return services.dispute_sheet(game, reason=data["reason"], code=data["code"], version=data["version"])


class DraftKeptOutput(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    updated_at = IsoDateTime()
    validation = RulesAnswerField(allow_null=True, help_text="The rules app's answer for the sheet; null "
                                                             "without one.")


class DraftOutput(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    updated_at = IsoDateTime()
    form = serializers.JSONField(source="data", help_text="The form as typed.")
    validation = RulesAnswerField(allow_null=True)


class TableDraftView(TableView):
    Input = DraftInput
    Output = DraftKeptOutput

    @extend_schema(summary="Keep what is typed; answers the rules app's messages for the complete hands",
                   description="`?sides=page` names the sides We and They in the messages, as the table's page "
                               "does (the draft is the device's: it keeps the messages it was shown).",
                   request=DraftInput, responses={200: DraftKeptOutput, 400: REFUSED, 404: REFUSED, 409: REFUSED})
    def put(self, request, token):
        table = self.table()
        sides = asked_sides(request)
        data = read_draft(request, self.Input)
        draft = services.save_draft(services.open_game(table), data["form"], data["sheet"], sides=sides)
        return Response(self.Output(draft).data)

    @extend_schema(summary="The draft kept on the server", responses={200: DraftOutput, 404: REFUSED, 409: REFUSED})
    def get(self, request, token):
        game = services.open_game(self.table())
        draft = getattr(game, "sheet_draft", None)
        if draft is None:
            raise ScoringError("Nothing has been typed at this table yet.", "no_draft")
        return Response(DraftOutput(draft).data)


class TableBaseView(TableView):
    Input = BaseInput
    Output = BaseOutput

    @extend_schema(summary="The Base a team's details add up to, by the rules calculator",
                   request=BaseInput, responses={200: BaseOutput, 400: REFUSED, 404: REFUSED, 409: REFUSED},
                   examples=[OpenApiExample("Details", request_only=True, value={"details": DETAILS_EXAMPLE})])
    def post(self, request, token):
        game = services.open_game(self.table())
        return Response(self.Output(base_of(game.round.event, read_details(request))).data)
