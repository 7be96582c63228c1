"""The director's endpoints: the board of a game's tables, a sheet entered or corrected, a game's history.

Who: the event's directors. How they authenticate: a token (`Authorization: Token ...`, for tools) or the
pages' session (with its CSRF token for a correction). Anyone else is refused: asked to sign in without
credentials, "not known" with credentials that are not a sign-in (a table's token is not one), and 403
when signed in as someone who does not direct this event.
"""

import re

from django.shortcuts import get_object_or_404
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.core.models import Event, Game

from .. import seat_sheets, selectors, services
from ..models import BOARD_STATES
from ..selectors import BoardRow
from ..services import ScoringError
from ..validation import MAX_REASON_CHARS
from .answers import (
    REFUSED,
    SHEET_OR_INPUT_REFUSED,
    SHEET_REFUSED,
    FullVersionOutput,
    IsoDateTime,
    VersionOutput,
)
from .reading import Text, check, parse


class DirectorView(APIView):
    permission_classes = [IsAuthenticated]

    def event(self) -> Event:
        event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        if not event.is_director(self.request.user):
            self.permission_denied(self.request, message=_("Only this event's directors can see this."))
        return event


# --- The board -------------------------------------------------------------------------------------

@extend_schema_field(OpenApiTypes.INT)
class GameNumber(Text):
    """A game's number as typed in the address; `BoardQuery` checks it and refuses it in words."""


class BoardQuery(serializers.Serializer):
    round = GameNumber(default=None, help_text="The game's number; the latest if unset.")

    def validate(self, attrs):
        number = attrs["round"]
        if number is not None and not re.fullmatch(r"[0-9]{1,5}", number):
            raise ValidationError(_("The round is a game's number, like ?round=2."))
        return {"round": int(number) if number is not None else None}


class GameCalls(serializers.Serializer):
    round = serializers.IntegerField(help_text="The game's number.")
    needs_director = serializers.IntegerField(help_text="How many of its tables need the director.")


class BoardRowOutput(serializers.Serializer):
    table = serializers.IntegerField()
    game = serializers.IntegerField(source="game_id")
    state = serializers.ChoiceField(BOARD_STATES)
    needs_director = serializers.BooleanField()
    why = serializers.CharField(help_text="Why the director is needed, in a few words; empty when not.")
    locked = serializers.BooleanField(default=False)
    ns = serializers.CharField()
    ew = serializers.CharField()
    version = serializers.IntegerField(allow_null=True)
    ns_total = serializers.IntegerField(allow_null=True)
    ew_total = serializers.IntegerField(allow_null=True)
    messages = serializers.ListField(child=serializers.CharField(), help_text="What the director must read.")
    reason = serializers.CharField(default="")
    disputes = serializers.ListField(child=serializers.CharField(), read_only=True,
                                     help_text="What the opponents said when they disputed the sheet.")
    draft_at = IsoDateTime(allow_null=True, help_text="When the table last typed, if it has a draft.")
    players = serializers.ListField(child=serializers.CharField(), allow_null=True,
                                    help_text="At a table of single players, its players in seat order (ns and ew "
                                              "are then empty); null at a table of two sides.")
    scores = serializers.ListField(child=serializers.IntegerField(allow_null=True), allow_null=True,
                                   help_text="At a table of single players, each seat's result once entered.")

    def to_representation(self, row: BoardRow) -> dict:
        """The fields above, read straight from the row: a board's 500 rows through each field's own
        reading took most of the answer's time (tests/scoring/api/test_board_output.py: the same data)."""
        return {
            "table": row.table, "game": row.game_id, "state": row.state, "needs_director": row.needs_director,
            "why": row.why, "locked": row.locked, "ns": row.ns, "ew": row.ew, "version": row.version,
            "ns_total": row.ns_total, "ew_total": row.ew_total, "messages": row.messages, "reason": row.reason,
            "disputes": row.disputes, "draft_at": row.draft_at.isoformat() if row.draft_at is not None else None,
            "players": row.players, "scores": row.scores,
        }


class LateSheetRowOutput(serializers.Serializer):
    """A sheet that arrived after its game's result was final. The director compares it with the result,
    then keeps the result (settle it) or makes the late sheet the result (correct the game)."""

    id = serializers.IntegerField()
    game = serializers.IntegerField(source="game_id")
    round = serializers.IntegerField(source="game.round.number")
    table = serializers.IntegerField(source="game.table.number")
    ns = serializers.CharField(source="game.ns_team.name")
    ew = serializers.CharField(source="game.ew_team.name")
    ns_total = serializers.IntegerField(allow_null=True, help_text="The late sheet's totals.")
    ew_total = serializers.IntegerField(allow_null=True)
    result_ns_total = serializers.IntegerField(source="game.ns_total", allow_null=True,
                                               help_text="The game's final result (the late sheet left it).")
    result_ew_total = serializers.IntegerField(source="game.ew_total", allow_null=True)
    agrees = serializers.BooleanField(help_text="The late sheet's totals are the result's.")
    reason = serializers.CharField(help_text="The scorekeeper's reason, for a sheet sent with errors.")
    received_at = IsoDateTime(source="created_at")


class CallRowOutput(serializers.Serializer):
    """A table's open call to the director (`scoring.calls`): cleared on the board's page."""

    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table.number")
    round = serializers.IntegerField(source="game.round.number", allow_null=True, default=None,
                                     help_text="The table's game when it called; null at a table without one.")
    reason = serializers.CharField(help_text="ruling, sheet, other, or empty.")
    called_at = IsoDateTime()


class BoardOutput(serializers.Serializer):
    event = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True, help_text="The game shown; null before game 1 is seated.")
    rounds = GameCalls(many=True)
    counts = serializers.DictField(child=serializers.IntegerField(), help_text="Tables per state.")
    tables = BoardRowOutput(many=True, source="rows")
    late_sheets = LateSheetRowOutput(many=True, help_text="Sheets of any game that arrived after its result was "
                                                          "final, not settled yet: the result stands until the "
                                                          "director decides.")
    calls = CallRowOutput(many=True, help_text="The tables' open calls to the director, oldest first.")


class BoardView(DirectorView):
    Input = BoardQuery
    Output = BoardOutput

    @extend_schema(summary="Every table of a game (the latest unless ?round=N) with its sheet's state",
                   parameters=[BoardQuery], responses={200: BoardOutput, 400: REFUSED, 403: REFUSED, 404: REFUSED})
    def get(self, request, event_id):
        event = self.event()
        number = check(self.Input, request.query_params)["round"]
        board = selectors.event_board(event, number)
        if board is None:
            raise ScoringError(_("This event has no game %(game)s.") % {"game": number}, "not_found")
        return Response(self.Output(board).data)


class SettleLateSheetView(DirectorView):
    Output = LateSheetRowOutput

    @extend_schema(summary="Keep the game's result: the late sheet leaves the board (correct the game to use it)",
                   request=None, responses={200: LateSheetRowOutput, 403: REFUSED, 404: REFUSED})
    def post(self, request, event_id, late_id):
        request.data  # noqa: B018 - no body is needed, but one that is sent goes through the API's one parser
        late = get_object_or_404(selectors.late_sheets_of(self.event()), pk=late_id)
        return Response(self.Output(services.settle_late_sheet(late, request.user)).data)


# --- Corrections -----------------------------------------------------------------------------------

class CorrectionInput(serializers.Serializer):
    sheet = serializers.JSONField(help_text="The whole sheet in the shared format.")
    reason = serializers.CharField(max_length=MAX_REASON_CHARS, help_text="Why: kept with the new version.")
    allow_errors = serializers.BooleanField(required=False, default=False,
                                            help_text="Make it the result even though the rules find errors.")
    replace_result = serializers.BooleanField(
        required=False, default=True,
        help_text="Replace the game's final result, if it has one (the director's page sends false until the "
                  "director ticks \"Replace the result\"; the old result stays in the history).")

    sentences = {
        "sheet": gettext_lazy("Send the whole sheet as \"sheet\": a JSON object in the score-sheet format."),
        "reason": lazy(lambda: _("Give a reason for the correction (at most %(most)s characters): it is kept with "
                                 "the sheet.") % {"most": number_format(MAX_REASON_CHARS, force_grouping=True)},
                       str)(),
        "allow_errors": gettext_lazy("allow_errors is true or false."),
        "replace_result": gettext_lazy("replace_result is true or false."),
    }


class CorrectView(DirectorView):
    Input = CorrectionInput
    Output = VersionOutput

    @extend_schema(summary="Enter or correct a game's sheet; it becomes the result at once",
                   request=CorrectionInput,
                   responses={201: VersionOutput, 400: SHEET_OR_INPUT_REFUSED, 403: REFUSED, 404: REFUSED,
                              422: SHEET_REFUSED})
    def post(self, request, event_id, game_id):
        event = self.event()
        game = get_object_or_404(Game.objects.select_related("round__event", "table"),
                                 pk=game_id, round__event=event)
        data = parse(request, self.Input)
        version = seat_sheets.director_correct_any(game, data["sheet"], request.user, reason=data["reason"],
                                                  allow_errors=data["allow_errors"],
                                                  replace_result=data["replace_result"])
        return Response(self.Output(version).data, status=status.HTTP_201_CREATED)


# --- A game's history ------------------------------------------------------------------------------

class ChangeOutput(serializers.Serializer):
    where = serializers.CharField(help_text="Like \"Hand 2, East-West, count\".")
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class DecisionOutput(serializers.Serializer):
    kind = serializers.ChoiceField(["accept", "dispute"])
    reason = serializers.CharField()
    at = IsoDateTime(source="created_at")


class HistoryVersionOutput(FullVersionOutput):
    """A version in full, with what changed from the version before it and the opponents' answers."""

    changes = ChangeOutput(many=True)
    decisions = DecisionOutput(many=True)

    def to_representation(self, entry: selectors.HistoryEntry) -> dict:
        # The version's own fields come from the version, the rest from the history entry.
        return {**FullVersionOutput(entry.version).data,
                "changes": self.fields["changes"].to_representation(entry.changes),
                "decisions": self.fields["decisions"].to_representation(entry.decisions)}


class HistoryOutput(serializers.Serializer):
    game = serializers.IntegerField()
    versions = HistoryVersionOutput(many=True, help_text="Newest first.")


class HistoryView(DirectorView):
    Output = HistoryOutput

    @extend_schema(summary="Every version of a game's sheet and what changed",
                   responses={200: HistoryOutput, 403: REFUSED, 404: REFUSED})
    def get(self, request, event_id, game_id):
        game = get_object_or_404(Game, pk=game_id, round__event=self.event())
        return Response(self.Output({"game": game.pk, "versions": selectors.history(game)}).data)
