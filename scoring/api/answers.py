"""What more than one audience answers with: a sheet's version, in short and in full; and, for the schema,
the rules app's answer and the refusals' body.

The table page, the board's script and outside tools read these answers, so their keys and values are
the API's contract: a version's `created_at` stays Python's isoformat (`...+00:00`), not DRF's (`...Z`).
"""

from drf_spectacular.utils import OpenApiResponse, PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from tournament.core.api import Refusal

from ..models import LateSheet, SheetStatus, SheetVersion


class IsoDateTime(serializers.DateTimeField):
    """An instant as the API has always written it: `datetime.isoformat()`, in the stored time zone."""

    def to_representation(self, value):
        return value.isoformat()


# --- The rules app's answer (score-sheet-format.md) ------------------------------------------------

class Problem(serializers.Serializer):
    path = serializers.CharField(help_text="Where in the sheet, like $.hands[1].ns.")
    message = serializers.CharField()


class Violation(serializers.Serializer):
    hand = serializers.IntegerField(allow_null=True)
    team = serializers.CharField(allow_null=True, help_text="ns, ew, or null for the whole hand.")
    field = serializers.CharField(allow_null=True)
    code = serializers.CharField(help_text="Like count-not-multiple-of-five.")
    rule = serializers.CharField(help_text="The rule book's section.")
    severity = serializers.ChoiceField(["error", "warning", "info"])
    message = serializers.CharField()


class RulesAnswer(serializers.Serializer):
    """The rules app's answer for a sheet: why it cannot be read, or the rules it breaks, and its totals."""

    valid = serializers.BooleanField()
    malformed = serializers.BooleanField(help_text="The sheet cannot be read at all: see problems.")
    problems = Problem(many=True, required=False, help_text="Why the sheet cannot be read; absent when it can.")
    violations = Violation(many=True)
    computed = serializers.JSONField(allow_null=True, help_text="What the hands add up to; null when malformed.")


@extend_schema_field(RulesAnswer)
class RulesAnswerField(serializers.JSONField):
    """The rules app's answer, as it was stored."""


# --- A sheet's version ---------------------------------------------------------------------------

class VersionOutput(serializers.Serializer):
    """A version in short: what a table reads after it sends a sheet, or the director corrects one."""

    id = serializers.IntegerField()
    version = serializers.IntegerField(source="number", help_text="1, 2, ... within the game.")
    status = serializers.ChoiceField(SheetStatus.choices)
    validation = RulesAnswerField()
    locked = serializers.BooleanField(source="is_locked", help_text="Too many wrong team codes: only the "
                                                                    "director can settle the sheet now.")


class DecidedVersionOutput(VersionOutput):
    """A version with its totals: the opponents' answer to it."""

    ns_total = serializers.IntegerField(allow_null=True)
    ew_total = serializers.IntegerField(allow_null=True)
    winner = serializers.CharField(help_text="ns, ew or tie; empty without totals.")


class FullVersionOutput(VersionOutput):
    """A version in full: the sheet as sent, where it came from, and its totals."""

    game = serializers.IntegerField(source="game_id")
    table = serializers.IntegerField(source="game.table.number")
    document = serializers.JSONField(help_text="The sheet as sent, in the score-sheet format.")
    source = serializers.ChoiceField(SheetVersion.Source.choices)
    reason = serializers.CharField(help_text="Why it went to the director, or why the director corrected it.")
    ns_total = serializers.IntegerField(allow_null=True)
    ew_total = serializers.IntegerField(allow_null=True)
    winner = serializers.CharField(help_text="ns, ew or tie; empty without totals.")
    created_at = IsoDateTime()
    submitted_by = serializers.CharField(source="submitted_by.get_username", allow_null=True,
                                         help_text="The director who entered it; null for a table's device.")


class LateSheetOutput(serializers.ModelSerializer):
    """A sheet for an earlier game whose result was already final: kept for the director, the result
    unchanged. The table shows `detail` as it is."""

    detail = serializers.CharField(source="told", help_text="A sentence to show as it is.")
    code = serializers.SerializerMethodField(help_text="Always late_sheet.")
    late_sheet = serializers.IntegerField(source="pk", help_text="The late sheet's id.")
    game = serializers.IntegerField(source="game_id")
    round = serializers.IntegerField(source="game.round.number", help_text="The game's round number.")
    validation = RulesAnswerField()

    class Meta:
        model = LateSheet
        fields = ["detail", "code", "late_sheet", "game", "round", "validation"]

    def get_code(self, late) -> str:
        return "late_sheet"


# --- Refusals (config.exceptions writes them) -------------------------------------------------------

class FieldsRefusal(Refusal):
    fields = serializers.DictField(child=serializers.CharField(), required=False,
                                   help_text="One sentence per refused field.")


REFUSED = OpenApiResponse(Refusal, description='{"detail": "a sentence", "code": "..."}')
REFUSED_FIELDS = OpenApiResponse(FieldsRefusal, description="A sentence per refused field, and all of them in detail.")
LATE_SHEET = OpenApiResponse(LateSheetOutput, description="The game named already has a final result: the "
                                                          "sheet was kept for the director and changed nothing.")
SHEET_REFUSED = OpenApiResponse(RulesAnswer, description="The rules app's answer: nothing was stored.")
# A body that carries a sheet is refused either way: the sheet as the rules refuse it (malformed), or
# the rest of the request (a query parameter, a header, a field beside the sheet) as any input is.
SHEET_OR_INPUT_REFUSED = OpenApiResponse(
    PolymorphicProxySerializer(component_name="SheetOrInputRefusal", serializers=[RulesAnswer, FieldsRefusal],
                               resource_type_field_name=None),
    description="The rules app's answer for a sheet that cannot be read, or a sentence for any other input: "
                "nothing was stored.")

SHEET_EXAMPLE = {
    "format": "canasta-td/score-sheet@1", "ruleset": "nvso",
    "hands": [{"ns": {"base": 2200, "count": 325, "total": 2525, "cumulative": 2525},
               "ew": {"base": 1800, "count": 275, "total": 2075, "cumulative": 2075}}],
    "final": {"ns": 2525, "ew": 2075}, "winner": "ns",
}
