"""What a table and the practice form both send and read: a draft, and a team's details for the Base.

A draft is what is typed (`form`, the page's own shape) and the complete hands as a sheet (`sheet`, or
null before the first hand is complete); the answer carries the rules app's messages for the sheet. The
Base is what a team's details (threes, canastas, going out) add up to, by the rules calculator, under
the event's rules.
"""

from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from ..validation import base_for_event
from .reading import Sent, parse

DRAFT_BODY = gettext_lazy("A draft is a JSON object: {\"form\": ..., \"sheet\": ...}.")
DETAILS = gettext_lazy("Send the team's details: {\"details\": {...}}.")
DETAILS_EXAMPLE = {"red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1, "went_out": True}


class DraftInput(serializers.Serializer):
    form = Sent(default=dict, allow_null=True, help_text="The form as typed, in the page's own shape.")
    sheet = Sent(default=None, allow_null=True, help_text="The complete hands as a score sheet; null before "
                                                         "the first hand is complete.")

    def validate_form(self, form):
        return form or {}  # nothing typed yet is an empty form


def read_draft(request, serializer_class: type[DraftInput] = DraftInput) -> dict:
    return parse(request, serializer_class, not_an_object=DRAFT_BODY, empty_is_nothing=False)


class BaseInput(serializers.Serializer):
    details = Sent(default=None, allow_null=True, help_text="One team's details for one hand.")

    def validate(self, attrs):
        if not isinstance(attrs["details"], dict):
            raise ValidationError(DETAILS)
        return attrs


class BaseOutput(serializers.Serializer):
    base = serializers.IntegerField(help_text="The Base these details add up to.")


def read_details(request) -> dict:
    return parse(request, BaseInput, not_an_object=DETAILS, empty_is_nothing=False)["details"]


def base_of(event, details: dict) -> dict:
    """{"base": what the details add up to under the event's rules}, or the calculator's refusal in words."""
    try:
        return {"base": base_for_event(event, details)}
    except ValueError as error:
        raise ValidationError(str(error)) from None
