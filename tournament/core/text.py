"""Free text a director or a table types (reasons, notes), as it can be stored.

PostgreSQL refuses a NUL character in text and JSON columns, and lone halves of an emoji (surrogates)
cannot be encoded; either would end a request in a database error instead of a sentence.
"""

import re

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from .errors import TournamentError

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
MAX_REASON_CHARS = 2000


def clean_reason(reason, *, what: str | None = None, limit: int = MAX_REASON_CHARS) -> str:
    """The text trimmed; ValueError with a plain sentence when it cannot be stored or is too long. `what`
    names the text in those sentences (already in the reader's language); None: "The reason"."""
    reason = (reason if isinstance(reason, str) else "").strip()
    if UNSTORABLE.search(reason):
        if what is None:
            raise ValueError(_("The reason contains an invisible character that cannot be stored (a NUL, "
                               "\\u0000, or half of an emoji): remove it."))
        raise ValueError(_("%(what)s contains an invisible character that cannot be stored (a NUL, \\u0000, or "
                           "half of an emoji): remove it.") % {"what": what})
    if len(reason) > limit:
        numbers = {"most": number_format(limit, force_grouping=True),
                   "length": number_format(len(reason), force_grouping=True)}
        if what is None:
            raise ValueError(_("The reason is too long: use at most %(most)s characters (it has %(length)s).")
                             % numbers)
        raise ValueError(_("%(what)s is too long: use at most %(most)s characters (it has %(length)s).")
                         % (numbers | {"what": what}))
    return reason


def checked_reason(reason, *, what: str | None = None,
                   refusal: type[TournamentError] = TournamentError) -> str:
    """`clean_reason` for a service: the text as it is kept, or its refusal as the service's own error
    (a `TournamentError` or subclass: the API's 400 `invalid`), the sentence shown as it is."""
    try:
        return clean_reason(reason, what=what)
    except ValueError as error:
        raise refusal(str(error)) from None


def storable(value):
    """A copy of a JSON-like value in which no string holds an unstorable character (a log never fails)."""
    if isinstance(value, str):
        return UNSTORABLE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {storable(key): storable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [storable(item) for item in value]
    return value
