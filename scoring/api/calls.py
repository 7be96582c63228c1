"""The table's call to the director (`scoring.calls`): made with the button on the table's page, read as
the page polls, taken back when no longer needed. The table's token is the credential, as for its sheet
(`tables.TableView`), and the same throttle counts these calls."""

from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from .. import calls
from .answers import REFUSED, IsoDateTime
from .reading import Text, parse
from .tables import TableView


class CallInput(serializers.Serializer):
    reason = Text(default="", help_text="What for: " + ", ".join(f'"{key}" ({label})'
                                                                  for key, label in calls.REASONS.items()))
    sentences = {"reason": lazy(lambda: _("The reason is one of: %(reasons)s.")
                                % {"reasons": ", ".join(calls.REASONS)}, str)()}


class CallOutput(serializers.Serializer):
    id = serializers.IntegerField()
    reason = serializers.CharField()
    reason_label = serializers.CharField(source="get_reason_display")
    called_at = IsoDateTime()
    seconds = serializers.SerializerMethodField(help_text="Seconds since the call, by the server's clock.")
    open = serializers.BooleanField(source="is_open")

    def get_seconds(self, call) -> int:
        return max(0, int((timezone.now() - call.called_at).total_seconds()))


class CallAnswer(serializers.Serializer):
    call = CallOutput(allow_null=True, help_text="The table's open call; null when there is none.")


def _answer(call, status_code=status.HTTP_200_OK) -> Response:
    return Response({"call": CallOutput(call).data if call is not None and call.is_open else None},
                    status=status_code)


class TableCallView(TableView):
    @extend_schema(summary="The table's open call to the director, if any", responses={200: CallAnswer})
    def get(self, request, token):
        return _answer(calls.open_call(self.table()))

    @extend_schema(summary="Call the director to the table (a second call while one is open is the same call)",
                   request=CallInput, responses={200: CallAnswer, 201: CallAnswer, 400: REFUSED})
    def post(self, request, token):
        table = self.table()
        data = parse(request, CallInput)  # an empty body is a call with no reason
        call, made = calls.call_director(table, reason=data["reason"])
        return _answer(call, status.HTTP_201_CREATED if made else status.HTTP_200_OK)

    @extend_schema(summary="Take the table's call back: the director is no longer needed",
                   request=None, responses={200: CallAnswer})
    def delete(self, request, token):
        calls.take_back_call(self.table())
        return _answer(None)
