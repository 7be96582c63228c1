"""The one reader of request bodies for the whole API (REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]).

A body is JSON, and only JSON: a form or any other media type is DRF's 415, so the schema offers
application/json alone. Before a byte is parsed, a body larger than API_MAX_BODY_BYTES is a 413: a
declared Content-Length over the limit is refused unread, and the stream is read at most one byte past
the limit, so a device cannot make the server hold or parse more than that. A body nested deeper than
API_MAX_JSON_DEPTH is a 400: Python's reader raises RecursionError near a thousand levels, which would be
a 500, and a body just under that is no sheet either. NaN and Infinity are refused as JSON refuses them.

Each refusal carries its sentence; `config.exceptions` answers it as `{"detail": sentence, "code": ...}`.
Depth is measured on the parsed value without recursion (one pass over its nodes), and the size limit
bounds that pass.
"""

import json
import math

from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import BaseParser

NOT_JSON = gettext_lazy("The body is not valid JSON: look for a missing comma, quote or bracket.")
NOT_A_NUMBER = gettext_lazy("Every number must be an ordinary number (not NaN or Infinity).")


class BodyRefused(ParseError):
    """A body that is not JSON: a view may say in its own words how its body must look."""

    default_detail = NOT_JSON


class TooDeep(BodyRefused):
    """Its sentence is always shown as it is (config.exceptions), like NotANumber's and TooLarge's."""

    default_code = "too_deep"


class NotANumber(BodyRefused):
    default_detail = NOT_A_NUMBER
    default_code = "not_a_number"


class TooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"

    def __init__(self, limit: int):
        super().__init__(_("This is too large to send: at most %(kb)s KB can be sent at once, and nothing "
                           "was stored.") % {"kb": number_format(limit // 1024, force_grouping=True)})


def too_deep_sentence(limit: int) -> str:
    return _("The body is nested far too deeply: at most %(limit)s levels of brackets are allowed.") % {
        "limit": limit}


def _refuse_constant(name: str):
    raise NotANumber()


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 reads as infinity without passing through parse_constant
        raise NotANumber()
    return value


def deeper_than(value, limit: int) -> bool:
    """Whether `value` has more than `limit` levels of arrays and objects, walked without recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in item)
    return False


def parse_body(raw: bytes, *, max_depth: int) -> object:
    """JSON text as a value, or BodyRefused with a sentence: never a RecursionError or a parser's text."""
    try:
        value = json.loads(raw, parse_constant=_refuse_constant, parse_float=_finite_float)
    except RecursionError:
        raise TooDeep(too_deep_sentence(max_depth)) from None
    except ValueError:  # JSONDecodeError, UnicodeDecodeError, an integer too long to convert
        raise BodyRefused() from None
    if deeper_than(value, max_depth):
        raise TooDeep(too_deep_sentence(max_depth))
    return value


def declared_length(request) -> int:
    meta = getattr(request, "META", {})
    try:
        return int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class JsonBody(BaseParser):
    """JSON bodies, bounded in size (413) and depth (400) before anything else reads them."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.API_MAX_BODY_BYTES
        if declared_length((parser_context or {}).get("request")) > limit:
            raise TooLarge(limit)
        raw = stream.read(limit + 1)
        if len(raw) > limit:
            raise TooLarge(limit)
        return parse_body(raw, max_depth=settings.API_MAX_JSON_DEPTH)
