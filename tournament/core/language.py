"""Which language an event's pages speak (docs/languages.md).

A reader who chose a language with the switch on every page keeps it everywhere (Django's language cookie).
Otherwise an event's pages speak the language its director set for it (a club in Rosario runs its day in
Spanish), and the rest of the site the browser's Accept-Language, which LocaleMiddleware has already
activated. The API never follows the event: a program, or a page's script, says what it wants with
Accept-Language (the pages' scripts send their page's language).
"""

from django.conf import settings
from django.utils import translation


def is_ours(language: str | None) -> bool:
    """One of the site's languages (read at each call: the settings name them)."""
    return language in {code for code, _ in settings.LANGUAGES}


def chose_language(request) -> bool:
    """Whether the reader chose a language with the switch (a cookie naming one of ours: a stale or foreign
    value is no choice, and the event's language still applies)."""
    return is_ours(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))


def _speak(request, language: str) -> None:
    translation.activate(language)
    request.LANGUAGE_CODE = language


def speak_event_language(request, event) -> None:
    """Switch this request to the event's language, unless the reader chose one or the event has none."""
    if event.language and not chose_language(request):
        _speak(request, event.language)


# Each event's language as its published answers last said it, in this process: a page that reads an
# answer without loading its event reads it in the right language at once, not first in the browser's.
_remembered: dict[int, str] = {}


def read_in_event_language(request, event_id: int, read):
    """A published answer (`read()`, tournament.core.published) in the event's language, for a page that
    reads it without loading the event. The answer's meta says the event's language: when the reader chose
    none and the answer read is in another (the event's language changed, or this process had not yet read
    one of its answers), the request switches to it and reads the answer again."""
    chose, own = chose_language(request), translation.get_language()
    if not chose and _remembered.get(event_id):
        _speak(request, _remembered[event_id])
    answer = read()
    if chose or answer is None:
        return answer
    wanted = _remembered[event_id] = answer.meta.get("language", "")
    if answer.language == (wanted or own):
        return answer
    _speak(request, wanted or own)  # the event's language changed since, or it has none now
    return read()
