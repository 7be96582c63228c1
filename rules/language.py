"""The language the rules speak: their messages in English, Spanish, Portuguese (Brazil) or Italian.

The rules app has no Django, so it translates with the standard library's gettext and its own catalogs
(rules/locale/<language>/LC_MESSAGES/rules.po, compiled to .mo). Whoever asks for an answer says the
language (`rules.validate(..., language="es")` runs inside `speaking("es")`); the language lives in a
context variable, as the sides' names do (rules.words), so two answers built at once keep their own.

Messages are built only when something is found, so a valid sheet never pays for a lookup.
"""

import gettext as _gettext
from collections.abc import Callable
from contextvars import ContextVar
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "rules"
SOURCE = "en"
# Django's codes (as the API's request carries them) to gettext's catalog names.
CATALOGS = {"en": "en", "es": "es", "pt-br": "pt_BR", "it": "it"}
LANGUAGES = tuple(CATALOGS)
# How a player writes 8500 in each language: 8,500 in English, 8.500 in Spanish, Portuguese and Italian.
THOUSANDS = {"en": ",", "es": ".", "pt-br": ".", "it": "."}

_LANGUAGE: ContextVar[str | None] = ContextVar("rules_language", default=None)
_follow: Callable[[], str | None] | None = None


def follow(source: Callable[[], str | None] | None) -> None:
    """Where to ask for the language when no `speaking` is in force: the web app gives the language of the
    request it is answering (scoring.apps), so a rule set's title or form labels read on a page speak the
    page's language without each caller saying so. None: English, as the rules alone speak."""
    global _follow
    _follow = source


def _now() -> str:
    language = _LANGUAGE.get()
    if language is not None:
        return language
    return language_code(_follow()) if _follow is not None else SOURCE


def language_code(language: str | None) -> str:
    """One of LANGUAGES for any code a caller may hold ("es-AR", "pt_BR", "PT-br", None): unknown ones speak
    English, as a page does for a browser that asks for a language we do not have."""
    if not language:
        return SOURCE
    code = language.lower().replace("_", "-")
    if code in CATALOGS:
        return code
    base = code.split("-")[0]
    if base == "pt":
        return "pt-br"
    return base if base in CATALOGS else SOURCE


class speaking:
    """Messages built inside are in `language` (any code language_code understands)."""

    __slots__ = ("_language", "_token")

    def __init__(self, language: str | None):
        self._language = language_code(language)

    def __enter__(self):
        self._token = _LANGUAGE.set(self._language)

    def __exit__(self, *exc) -> None:
        _LANGUAGE.reset(self._token)


def current() -> str:
    """The language messages are being built in."""
    return _now()


@cache
def _catalog(language: str) -> _gettext.NullTranslations:
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[CATALOGS[language]], fallback=True)


def _(message: str) -> str:
    """The message in the current language (itself in English, or where no translation exists yet)."""
    language = _now()
    return message if language == SOURCE else _catalog(language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for n, by the current language's plural rule."""
    language = _now()
    if language == SOURCE:
        return singular if n == 1 else plural
    return _catalog(language).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A short message whose meaning its context decides ("Hand" of a sheet, not of a body)."""
    language = _now()
    return message if language == SOURCE else _catalog(language).pgettext(context, message)


def thousands() -> str:
    """The current language's thousands separator."""
    return THOUSANDS[_now()]
