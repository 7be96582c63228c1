"""Reading what a device sends: the body as JSON a database can keep, checked by an input serializer.

The API's one parser (`config.parsers`, through DRF's `request.data`) reads every body: JSON only (415
for anything else), at most API_MAX_BODY_KB (413), nested no deeper than API_MAX_JSON_DEPTH, no NaN or
Infinity. Here the parsed value is refused in a sentence when a database would refuse it (a NUL
character, half of a UTF-16 pair) or when it is nested deeper than any sheet.

Refusals are raised: DRF's `ValidationError` with a sentence, or one sentence per field, which
`config.exceptions` answers as a 400. A sheet that is not even JSON is refused as the rules app refuses a
malformed sheet (`SheetRefused`), so a table reads every refusal of its sheet's text in one shape; a
body too large (413) or not sent as JSON (415) is the API's refusal, the same for every endpoint.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.settings import api_settings

from tournament.core.api import Sent

from ..services import SheetRefused
from ..validation import SIDES_BY_AUDIENCE, json_problem, malformed

AN_OBJECT = gettext_lazy("Send a JSON object, like {\"version\": 1}.")
NOT_JSON = gettext_lazy("This is not a score sheet: the text is not valid JSON.")
# The parser's refusals whose sentence is its own; any other ParseError is a body that is not JSON.
OWN_WORDS = {"too_deep", "not_a_number"}


def read_json(request):
    """The body as JSON (None when empty), or a ValidationError that says in words what is wrong."""
    try:
        value = request.data
    except ParseError as error:
        raise ValidationError(str(error.detail) if error.default_code in OWN_WORDS else NOT_JSON) from None
    if request.stream is None:  # no body at all (DRF reads it as {})
        return None
    problem = json_problem(value)
    if problem:
        raise ValidationError(problem)
    return value


SIDES = OpenApiParameter("sides", str, enum=["page"], description=(
    "page: the rules' messages name the sides We and They, as the table's page does; left out, North-South "
    "and East-West (what is stored is always in those words)."))


def asked_sides(request) -> dict | None:
    """The names the rules' messages give the sides: `?sides=page` for the table's page (We, They);
    without it, North-South and East-West. Any other value is refused in a sentence."""
    asked = request.query_params.get("sides")
    if asked is None:
        return None
    if asked not in SIDES_BY_AUDIENCE:
        raise ValidationError(_('"sides" is "page" (the messages say We and They), or leave it out (North-South '
                                "and East-West)."))
    return SIDES_BY_AUDIENCE[asked]()


def read_sheet(request):
    """The body as a sheet document; a body that is not JSON is a malformed sheet (SheetRefused, a 400)."""
    try:
        return read_json(request)
    except ValidationError as error:
        raise SheetRefused(malformed("$", str(error.detail[0]))) from None


def read_object(request, *, not_an_object: str = AN_OBJECT, empty_is_nothing: bool = True) -> dict:
    """The body as a JSON object: {} when empty (unless `empty_is_nothing` is False), refused otherwise."""
    body = read_json(request)
    if body is None and empty_is_nothing:
        return {}
    if not isinstance(body, dict):
        raise ValidationError(not_an_object)
    return body


def check(serializer_class: type[serializers.Serializer], data) -> dict:
    """`data` checked by an input serializer: its validated data, or a ValidationError in its words.

    Never DRF's own wording: a refused field is answered with the serializer's `sentences[name]` (each
    field is named in `fields`), a refusal of the input as a whole with the sentence its `validate` raised.
    """
    serializer = serializer_class(data=data)
    if serializer.is_valid():
        return serializer.validated_data
    errors = dict(serializer.errors)
    whole = errors.pop(api_settings.NON_FIELD_ERRORS_KEY, None)
    if errors:
        sentences = getattr(serializer_class, "sentences", {})
        raise ValidationError({name: sentences.get(name, _("The field %(name)s is not right.") % {"name": name})
                               for name in errors})
    raise ValidationError(str(whole[0]))


def parse(request, serializer_class: type[serializers.Serializer], **reading) -> dict:
    """The body, a JSON object, checked by `serializer_class` (see `read_object` and `check`)."""
    return check(serializer_class, read_object(request, **reading))


# --- Input fields that keep what was sent, for a service that checks it and refuses it in its own words

@extend_schema_field(OpenApiTypes.STR)
class Text(Sent):
    """Text as sent: not trimmed, not refused for a NUL (the service says what is wrong with it), and an
    empty query parameter is empty text, not a missing one."""

    allow_blank = True


@extend_schema_field(OpenApiTypes.BOOL)
class Flag(Sent):
    """A query flag: on for 1, true or yes; anything else is off, never an error."""

    def to_internal_value(self, data):
        return data in ("1", "true", "yes")
