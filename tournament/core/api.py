"""What every app's REST API shares: an input field that keeps a value as it was sent, and the shape of a
refusal.

The services check their input and refuse it in words a director reads ("The minutes to add must be a
number of minutes, for example 5."); a serializer field that coerced or refused the value first would
answer in DRF's words instead. So the input serializers declare such values with `Sent` (or a subclass
that tells the schema its type) and leave the checking to the service.
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


@extend_schema_field(OpenApiTypes.ANY)
class Sent(serializers.Field):
    """Any JSON value, as sent."""

    def to_internal_value(self, data):
        return data

    def to_representation(self, value):
        return value


class Refusal(serializers.Serializer):
    """Every refusal of the API, as config.exceptions writes it (described here for the schema)."""

    detail = serializers.CharField(help_text="A sentence to show as it is.")
    code = serializers.CharField(help_text="For programs: invalid, not_found, not_authenticated, "
                                           "permission_denied, clock_state, no_open_game, stale, locked, ...")
