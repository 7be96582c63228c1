"""Which language an event's pages speak (docs/languages.md).

A reader who chose a language with the switch on every page keeps it everywhere (Django's language cookie).
Otherwise an event's pages speak the language its director set for it (a club in Rosario runs its day in
Spanish), and the rest of the site the browser's Accept-Language, which LocaleMiddleware has already
activated. The API never follows the event: a program, or a page's script, says what it wants with
Accept-Language (the pages' scripts send their page's language).
"""

from django.conf import settings
from django.utils import translation

from . import published


def speak_event_language(request, event) -> None:
    """Switch this request to the event's language, unless the reader chose one or the event has none."""
    if not event.language or settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
        return
    translation.activate(event.language)
    request.LANGUAGE_CODE = event.language



def in_event_language(request, answer):
    """A published answer (tournament.core.published) in the event's language, for a page that reads it
    without loading the event: its meta says the event's language, and when the reader chose none and
    the answer is in another, the request switches to it and reads the answer again (computed once per
    change and language, like the first)."""
    wanted = answer.meta.get("language") if answer is not None else None
    if not wanted or wanted == answer.language or settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
        return answer
    translation.activate(wanted)
    request.LANGUAGE_CODE = wanted
    return published.read(answer.event_id, answer.view)
