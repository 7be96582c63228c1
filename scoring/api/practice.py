"""The practice endpoints behind the sheet check page's form (`check/`, `check/base/`): the answers a
table's draft and Base calculator give, under a new event's default rules, and nothing is ever stored.
A sheet of another registered game (its `ruleset` names one; @1 or @2) is checked under that game's rules
and the options it states, since no event imposes any.

Who: anyone, a player practising at home or a director trying the form. How they authenticate: they do
not. No user, no session (so no CSRF, even for a director who is signed in), nothing to write; throttled
per client address (scope "check") instead.
"""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from rules.registry import find_ruleset
from tournament.core.models import Event

from ..validation import validate_as_sent, validate_for_event
from .answers import REFUSED, SHEET_EXAMPLE, RulesAnswerField
from .checks import DETAILS_EXAMPLE, BaseInput, BaseOutput, DraftInput, base_of, read_details, read_draft
from .reading import asked_sides
from .throttles import CheckThrottle


def practice_rules() -> Event:
    """The rules a practice sheet is checked under: those of a new event left at its defaults (nvso,
    no option overridden, its default target score). Never saved: it only carries the rules."""
    return Event()


def practice_answer(document, sides: dict | None = None) -> dict:
    """The rules' answer for a practice sheet: under a new event's rules (nvso) as a table of a default
    event gets it, or, for a sheet naming another registered rule set, under that game's rules as sent."""
    event = practice_rules()
    named = document.get("ruleset") if isinstance(document, dict) else None
    if isinstance(named, str) and named != event.ruleset and find_ruleset(named) is not None:
        return validate_as_sent(document, sides)
    return validate_for_event(event, document, sides)


class CheckView(APIView):
    """Public and anonymous, like the table endpoints; no session, so no CSRF, and nothing to write."""

    authentication_classes = []
    permission_classes = []
    throttle_classes = [CheckThrottle]
    throttled_from = "this address"


class PracticeDraftInput(DraftInput):
    def validate(self, attrs):
        if not isinstance(attrs["form"], dict):
            raise ValidationError(_("A draft's form is its fields and values: a JSON object."))
        return attrs


class PracticeAnswer(serializers.Serializer):
    validation = RulesAnswerField(allow_null=True, help_text="The rules app's answer, or null without a sheet.")


class CheckDraftView(CheckView):
    Input = PracticeDraftInput
    Output = PracticeAnswer

    @extend_schema(
        summary="Practice: the rules app's messages for a typed sheet, as a table's draft gets them",
        description="Nothing is stored. The sheet is checked under a new event's default rules (nvso), or, "
                    "when its `ruleset` names another registered game, under that game's rules and the "
                    "options it states (score-sheet@1 or @2). `sheet` may be null (no complete hand yet): the "
                    "answer's validation is then null. "
                    "`?sides=page` names the sides We and They in the messages, as the table's page does.",
        request=PracticeDraftInput,
        examples=[OpenApiExample("A one-hand sheet", request_only=True,
                                 value={"form": {"hands": []}, "sheet": SHEET_EXAMPLE})],
        responses={200: PracticeAnswer, 400: REFUSED, 429: REFUSED},
    )
    def put(self, request):
        sides = asked_sides(request)
        sheet = read_draft(request, self.Input)["sheet"]
        answer = practice_answer(sheet, sides) if sheet is not None else None
        return Response(self.Output({"validation": answer}).data)


class CheckBaseView(CheckView):
    Input = BaseInput
    Output = BaseOutput

    @extend_schema(summary="Practice: the Base a team's details add up to, by the rules calculator",
                   description="Nothing is stored; the default rules (nvso) of a new event.",
                   request=BaseInput,
                   examples=[OpenApiExample("Details", request_only=True, value={"details": DETAILS_EXAMPLE})],
                   responses={200: BaseOutput, 400: REFUSED, 429: REFUSED})
    def post(self, request):
        return Response(self.Output(base_of(practice_rules(), read_details(request))).data)
