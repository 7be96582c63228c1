"""A pseudo-locale for the tests (docs/languages.md): every string of our catalogs, marked ⟦so⟧, under the
language code `xx`. A page rendered in it shows at once whatever escaped translation: any word outside
the marks.

The catalogs are built from the Spanish ones (which list every marked string, translated or not), so
the pseudo-locale always covers exactly what is marked.
"""

import re
from html.parser import HTMLParser
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
CODE = "xx"
OPEN, CLOSE = "⟦", "⟧"
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_WORD = re.compile(r"[^\W\d_]{2,}")  # words of two letters or more, in any script
_CODE = re.compile(r"\S*[\d_/@]\S*|\b[A-Z]{3}-[A-Z]{3}\b")  # codes: 4KX-7MP, WAK-ACG, record_result, sheet@1
# Text a page shows that is not ours to translate: the product's name, each language named in itself on
# the switch, the games' and bodies' own names.
NOT_TRANSLATED = {"Canasta", "TD", "English", "Español", "Português", "Brasil", "Italiano", "Pseudo", "NVSO"}
# Django's own words, which its catalogs translate in each real language: the months and days of a date
# (the pseudo-locale has no date format of its own, so its dates are written in English).
NOT_TRANSLATED |= {"January", "February", "March", "April", "May", "June", "July", "August", "September",
                   "October", "November", "December", "Jan", "Feb", "Aug", "Sept", "Oct", "Nov", "Dec",
                   "a.m", "p.m", "noon", "midnight"}


def mark(text: str) -> str:
    return f"{OPEN}{text}{CLOSE}" if text else text


def write_catalogs(target: Path) -> Path:
    """The pseudo-locale's .mo files under `target` (Django's layout: xx/LC_MESSAGES/<domain>.mo); returns
    the folder of the rules' catalogs (the same layout)."""
    sources = {"django": ROOT / "locale", "djangojs": ROOT / "locale", "rules": ROOT / "rules" / "locale"}
    for domain, folder in sources.items():
        source = folder / "es" / "LC_MESSAGES" / f"{domain}.po"
        catalog = polib.pofile(str(source)) if source.exists() else polib.POFile()
        catalog.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Plural-Forms": "nplurals=2; plural=(n != 1);"}
        for entry in catalog:
            entry.flags = [flag for flag in entry.flags if flag != "fuzzy"]
            if entry.msgid_plural:
                entry.msgstr_plural = {0: mark(entry.msgid), 1: mark(entry.msgid_plural)}
            else:
                entry.msgstr = mark(entry.msgid)
        out = target / ("rules" if domain == "rules" else "django") / CODE / "LC_MESSAGES" / f"{domain}.mo"
        out.parent.mkdir(parents=True, exist_ok=True)
        catalog.save_as_mofile(str(out))
    return target / "rules"


def use(folder: Path, settings, monkeypatch) -> None:
    """Make `xx` a language of the site and of the rules, its catalogs written under `folder` (a test's
    tmp_path; with pytest-django's `settings` and pytest's `monkeypatch`, both undone after the test)."""
    from django.utils import translation

    from rules import language

    rules_folder = write_catalogs(folder)
    settings.LANGUAGES = [*settings.LANGUAGES, (CODE, "Pseudo")]
    settings.LOCALE_PATHS = [folder / "django"]
    monkeypatch.setitem(language.CATALOGS, CODE, CODE)
    monkeypatch.setitem(language.THOUSANDS, CODE, ",")
    monkeypatch.setattr(language, "LOCALE_DIR", rules_folder)
    language._catalog.cache_clear()
    translation.trans_real._translations = {}


def forget() -> None:
    """The pseudo-locale's catalogs out of the caches that hold them (after the test)."""
    from django.utils import translation

    from rules import language

    language._catalog.cache_clear()
    translation.trans_real._translations = {}


def unmarked(text: str, allowed: set[str] = frozenset()) -> list[str]:
    """The words of `text` outside every mark, but for those allowed (names typed by people, and ours)."""
    previous = None
    while previous != text:  # marks inside marks: a marked sentence holding a marked name of a side
        previous, text = text, _MARKED.sub(" ", text)
    text = _CODE.sub(" ", text)
    return [word for word in _WORD.findall(text) if word not in NOT_TRANSLATED and word not in allowed]


class _Visible(HTMLParser):
    """The text a reader sees or hears: text outside scripts and styles (and documents shown as they are:
    a JSON sheet, a command), and the attributes read aloud or shown (title, alt, aria-label, placeholder,
    a button's value)."""

    READ = ("title", "alt", "aria-label", "placeholder")
    HIDDEN = {"script", "style", "pre", "code", "textarea"}  # and what is shown as it is: documents, code

    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self._hidden += 1
        values = dict(attrs)
        self.texts.extend(values[name] for name in self.READ if values.get(name))
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.texts.append(values["value"])

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self._hidden:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden and data.strip():
            self.texts.append(data)


def unmarked_on_page(html: str, allowed: set[str] = frozenset()) -> list[str]:
    """Each piece of visible text of the page that holds a word outside the marks. The pieces are read as
    one stream, in the page's order: a marked sentence may hold tags (a number in bold), which split it
    into pieces whose marks open in one and close in another."""
    parser = _Visible()
    parser.feed(html)
    stream = "\n".join(" ".join(text.split()) for text in parser.texts)
    previous = None
    while previous != stream:
        previous, stream = stream, _MARKED.sub(" ", stream)
    return [line[:120] for line in stream.split("\n") if unmarked(line, allowed)]
