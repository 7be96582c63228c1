"""Names in the order a reader of the page's language expects (docs/languages.md): "Álvaro" beside
"alba", not after "Zoe"; in Spanish "Ñandú" after every name in N.

The Unicode Collation Algorithm's default order (pyuca's table) is already that of English, Portuguese
and Italian. Spanish puts ñ after n as a letter of its own: each ñ is read as an n followed by the
highest weight there is, so "Nuño" comes after "Nuno" and "Nutria", and "Ñandú" after every name in N.
Names are read composed (NFC) first: a Mac may type ñ as n and a combining tilde.
"""

from functools import cache
from unicodedata import normalize

from django.utils import translation

_AFTER_N = "\U0010ffff"  # a code point never assigned: it weighs more than any letter
TAILORED = {"es": str.maketrans({"ñ": "n" + _AFTER_N, "Ñ": "N" + _AFTER_N})}


@cache
def _collator():
    import pyuca  # its table takes a third of a second to load: once per process, when first sorted

    return pyuca.Collator()


def name_key(language: str | None = None):
    """A sort key of names for the language (the active one by default)."""
    language = (language or translation.get_language() or "en").lower()
    table = TAILORED.get(language.split("-")[0])
    collator = _collator()
    if table is None:
        return lambda text: collator.sort_key(normalize("NFC", text))
    return lambda text: collator.sort_key(normalize("NFC", text).translate(table))


def by_name(items, name=lambda item: item, language: str | None = None) -> list:
    """The items in the order of their names in the language."""
    key = name_key(language)
    return sorted(items, key=lambda item: key(name(item)))
