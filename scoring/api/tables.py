"""The table's endpoints: its device sends the sheet, the opponents accept or dispute it, the draft is
kept as they type, and the Base calculator adds up a team's details.

Who: the device at one table. How they authenticate: they do not. There is no user and no session (so no
CSRF): the table's secret token in the URL is the credential, and it reaches only that table's games.
Every request names its game in the query (`?game=<id>` or `?round=<number>`; the table page always
does): a sheet that arrives after the director has seated the next game is stored against the game it
names, never another, and a game the table does not have is a 409. A request that names no game is about
the table's open game, as it was before games were named, so older clients keep working.

Throttled per token (scope "table"), not per address, because a whole room of tables shares the venue's
one public address.
"""

import re

from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.core.game_room import seated_by_seats

from .. import drafts, seat_sheets, selectors, services, table_games
from ..drafts import DraftChanged
from ..services import ScoringError, SheetRefused
from ..validation import MAX_REASON_CHARS, has_messages, phrased_for
from .answers import (
    LATE_SHEET,
    REFUSED,
    REFUSED_FIELDS,
    SHEET_EXAMPLE,
    SHEET_OR_INPUT_REFUSED,
    SHEET_REFUSED,
    DecidedVersionOutput,
    FullVersionOutput,
    IsoDateTime,
    LateSheetOutput,
    Refusal,
    RulesAnswerField,
    VersionOutput,
)
from .checks import DETAILS_EXAMPLE, BaseInput, BaseOutput, DraftInput, base_of, read_details, read_draft
from .reading import SIDES, Flag, Text, asked_sides, check, parse, read_sheet
from .throttles import TableThrottle


@extend_schema_field(OpenApiTypes.INT)
class GameName(Text):
    """A game's id or round number as typed in the address; `GameQuery` checks it and refuses it in words."""


def phrased(data: dict, version, sides: dict | None) -> dict:
    """An output whose rules' answer is in the words of its reader (`?sides=page`: We and They)."""
    if sides is not None and has_messages(data["validation"]):  # a clean answer: no event to look up
        data["validation"] = phrased_for(version.game.round.event, version.document, data["validation"], sides)
    return data


class GameQuery(serializers.Serializer):
    """Which of the table's games the request is about: its id or its round number; the open game if
    neither."""

    game = GameName(default=None, help_text="The game's id (the table page's game); the open game if unset.")
    round = GameName(default=None, help_text="Or the game's round number, 1, 2, ...")

    def validate(self, attrs):
        named = {name: attrs[name] for name in ("game", "round") if attrs[name] is not None}
        if len(named) > 1:
            raise ValidationError(_("Name the game once: ?game=<id> or ?round=<number>, not both."))
        for value in named.values():
            if not re.fullmatch(r"[0-9]{1,9}", value):
                raise ValidationError(_("A game is named by its id or its round number, like ?game=12 or ?round=2."))
        return {**attrs, **{name: int(value) for name, value in named.items()}}


class TableView(APIView):
    """For the device at one table: the table's secret token in the URL is the credential (no user, no
    session, so no CSRF), and it reaches only that table's games."""

    authentication_classes = []
    permission_classes = []
    throttle_classes = [TableThrottle]
    throttled_from = "this table"

    def table(self):
        """The table of the token, looked up once per request (the view asks before and after parsing)."""
        if getattr(self, "_table", None) is None:
            self._table = table_games.table_for_token(self.kwargs["token"])
        return self._table

    def game(self, query: dict):
        """The game the query names, or the open game (see `GameQuery`)."""
        return table_games.named_game(self.table(), game_id=query["game"], round_number=query["round"])


class NoSheetYet(ScoringError):
    """Nothing to show yet: the 404 still names the game (null when none is seated), so the page knows
    which game it is waiting for."""

    def __init__(self, game):
        super().__init__("No sheet has been submitted at this table yet.", "no_sheet")
        self.extra = {"game": game.pk if game is not None else None}


class NoSheetYetAnswer(Refusal):
    game = serializers.IntegerField(allow_null=True)


class SubmissionQuery(GameQuery):
    """How the sheet is sent: the body is the sheet itself; its game and these come in the query string."""

    review = Flag(default=False, help_text="1: a sheet with errors goes to the director instead of back.")
    reason = Text(default="", help_text="Why the director should look at it (with review=1).")
    keeper = serializers.IntegerField(default=None, min_value=1, max_value=99,
                                      help_text="A table of single players: the scorekeeper's seat (1, 2, ...); "
                                                "seat 1 if unset. Another player confirms the sheet.")

    sentences = {"keeper": gettext_lazy("The scorekeeper is named by their seat at the table: keeper=1, 2, ...")}


class TableSheetView(TableView):
    Input = SubmissionQuery
    Output = VersionOutput

    @extend_schema(
        summary="Submit the table's score sheet",
        request=OpenApiTypes.OBJECT,
        parameters=[
            SubmissionQuery, SIDES,
            OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=True,
                             description="One key per submission attempt; a retry with it is answered, not stored."),
        ],
        examples=[OpenApiExample("A one-hand sheet", value=SHEET_EXAMPLE, request_only=True)],
        responses={201: VersionOutput, 202: LATE_SHEET, 400: SHEET_OR_INPUT_REFUSED, 404: REFUSED, 409: REFUSED,
                   422: SHEET_REFUSED},
    )
    def post(self, request, token):
        self.table()
        sides = asked_sides(request)
        document = read_sheet(request)
        query = check(self.Input, request.query_params)
        game = self.game(query)
        key = request.headers.get("Idempotency-Key", "")
        try:
            if seated_by_seats(game):
                submission = seat_sheets.submit_seat_sheet(game, document, key, keeper=query["keeper"],
                                                           review=query["review"], reason=query["reason"])
            else:
                submission = services.submit_sheet(game, document, key, review=query["review"],
                                                   reason=query["reason"])
        except SheetRefused as refused:
            raise SheetRefused(phrased_for(game.round.event, document, refused.answer, sides)) from None
        if submission.late is not None:
            response = Response(LateSheetOutput(submission.late).data, status=status.HTTP_202_ACCEPTED)
        else:
            response = Response(phrased(self.Output(submission.version).data, submission.version, sides),
                                status=status.HTTP_201_CREATED)
        if submission.replayed:
            response["Idempotent-Replayed"] = "true"
        return response

    @extend_schema(summary="The latest stored version of the game's sheet (the table's latest game if unset)",
                   parameters=[GameQuery, SIDES],
                   responses={200: FullVersionOutput, 400: REFUSED, 404: NoSheetYetAnswer, 409: REFUSED})
    def get(self, request, token):
        query = check(GameQuery, request.query_params)
        named = query["game"] is not None or query["round"] is not None
        # Unnamed, it is the table's latest game even with one team: the page polls it to see a new game.
        game = self.game(query) if named else table_games.current_game(self.table())
        version = selectors.latest_version(game) if game else None
        if version is None:
            raise NoSheetYet(game)
        data = phrased(FullVersionOutput(version).data, version, asked_sides(request))
        if version.keeper is not None:  # a table of single players: whose sheet it is, so another confirms
            data["keeper"] = version.keeper
        return Response(data)


class DecisionInput(serializers.Serializer):
    code = serializers.CharField(default="", allow_blank=True, max_length=10,
                                 help_text="East-West's 4-digit team code, when the event asks for it.")
    version = serializers.IntegerField(default=None, min_value=1,
                                       help_text="The version read; refused if the sheet changed since.")
    reason = serializers.CharField(default="", allow_blank=True, max_length=MAX_REASON_CHARS,
                                   help_text="Why the opponents dispute it (a dispute only).")
    seat = serializers.IntegerField(default=None, allow_null=True, min_value=1, max_value=99,
                                    help_text="A table of single players: the seat of the player who answers "
                                              "(when the event asks no codes; a code names its player).")

    sentences = {
        "code": gettext_lazy("The team code is the 4 digits on East-West's team card."),
        "version": gettext_lazy("The version is the number of the sheet you read (1, 2, ...)."),
        "reason": lazy(lambda: _("The reason is text of at most %(most)s characters.")
                       % {"most": number_format(MAX_REASON_CHARS, force_grouping=True)}, str)(),
        "seat": gettext_lazy("The seat is the number of the player's place at the table (1, 2, ...)."),
    }


class TableDecisionView(TableView):
    """The opponents' answer to the latest version: accept it (the result is final) or dispute it."""

    Input = DecisionInput
    Output = DecidedVersionOutput

    @extend_schema(request=DecisionInput, parameters=[GameQuery, SIDES],
                   responses={200: DecidedVersionOutput, 400: REFUSED_FIELDS, 403: REFUSED, 404: REFUSED,
                              409: REFUSED})
    def post(self, request, token):
        self.table()
        sides = asked_sides(request)
        data = parse(request, self.Input)
        version = self.decide(self.game(check(GameQuery, request.query_params)), data)
        return Response(phrased(self.Output(version).data, version, sides))

    def decide(self, game, data):
        raise NotImplementedError


class TableAcceptView(TableDecisionView):
    def decide(self, game, data):
        if seated_by_seats(game):
            return seat_sheets.accept_seat_sheet(game, code=data["code"], seat=data["seat"], version=data["version"])
        return services.accept_sheet(game, code=data["code"], version=data["version"])


class TableDisputeView(TableDecisionView):
    def decide(self, game, data):
        if seated_by_seats(game):
            return seat_sheets.dispute_seat_sheet(game, reason=data["reason"], code=data["code"], seat=data["seat"],
                                                  version=data["version"])
        return services.dispute_sheet(game, reason=data["reason"], code=data["code"], version=data["version"])


class TableDraftInput(DraftInput):
    revision = serializers.IntegerField(
        default=None, allow_null=True, min_value=0,
        help_text="The draft's revision this device started from (0 before any): when another device has "
                  "saved since, nothing is kept and the 409 (draft_changed) carries the newer draft. "
                  "Without it, the last save wins.")

    sentences = {"revision": gettext_lazy("The revision is the number the draft's last answer gave (0, 1, 2, ...).")}


class DraftKeptOutput(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    updated_at = IsoDateTime()
    validation = RulesAnswerField(allow_null=True, help_text="The rules app's answer for the sheet; null "
                                                             "without one.")
    revision = serializers.IntegerField(help_text="The draft's revision now: send it with the next save.")


class DraftOutput(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    updated_at = IsoDateTime()
    form = serializers.JSONField(source="data", help_text="The form as typed.")
    validation = RulesAnswerField(allow_null=True)
    revision = serializers.IntegerField(help_text="1, 2, ...: how many times the draft has been saved.")


class ReadDraftOutput(DraftOutput):
    latest_version = serializers.SerializerMethodField(
        help_text="The number of the game's latest submitted sheet; null before the first. A device still "
                  "on the form learns from it that another one has submitted.")

    def get_latest_version(self, draft) -> int | None:
        return selectors.latest_version_number(draft.game)


class DraftChangedAnswer(Refusal):
    draft = DraftOutput(required=False, help_text="With draft_changed: the draft another device saved, to merge "
                                                  "with what this one typed.")


class TableDraftView(TableView):
    Input = TableDraftInput
    Output = DraftKeptOutput

    @extend_schema(summary="Keep what is typed; answers the rules app's messages for the complete hands",
                   description="`?sides=page` names the sides We and They in the messages, as the table's page "
                               "does (the draft is the device's: it keeps the messages it was shown).",
                   request=TableDraftInput, parameters=[GameQuery, SIDES],
                   responses={200: DraftKeptOutput, 400: REFUSED, 404: REFUSED, 409: DraftChangedAnswer})
    def put(self, request, token):
        self.table()
        sides = asked_sides(request)
        data = read_draft(request, self.Input)
        try:
            draft = drafts.save_draft(self.game(check(GameQuery, request.query_params)), data["form"],
                                        data["sheet"], sides=sides, revision=data["revision"])
        except DraftChanged as changed:
            changed.extra = {"draft": DraftOutput(changed.draft).data}
            raise
        return Response(self.Output(draft).data)

    @extend_schema(summary="The draft kept on the server", parameters=[GameQuery],
                   responses={200: ReadDraftOutput, 400: REFUSED, 404: REFUSED, 409: REFUSED})
    def get(self, request, token):
        game = self.game(check(GameQuery, request.query_params))
        draft = getattr(game, "sheet_draft", None)
        if draft is None:
            raise ScoringError(_("Nothing has been typed at this table yet."), "no_draft")
        return Response(ReadDraftOutput(draft).data)


class TableBaseView(TableView):
    Input = BaseInput
    Output = BaseOutput

    @extend_schema(summary="The Base a team's details add up to, by the rules calculator",
                   request=BaseInput, parameters=[GameQuery],
                   responses={200: BaseOutput, 400: REFUSED, 404: REFUSED, 409: REFUSED},
                   examples=[OpenApiExample("Details", request_only=True, value={"details": DETAILS_EXAMPLE})])
    def post(self, request, token):
        game = self.game(check(GameQuery, request.query_params))
        return Response(self.Output(base_of(game.round.event, read_details(request))).data)
