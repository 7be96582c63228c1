"""The catalogs kept in the repository are current (docs/languages.md): every marked string is in them,
and each compiled .mo holds exactly what its .po says, so a translation typed in is never lost at install."""

import gettext
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from tests.room import load_dev

ROOT = Path(__file__).resolve().parent.parent
dev = load_dev()
LANGUAGES = dev.CATALOG_LANGUAGES
DOMAINS = {"django": "locale", "djangojs": "locale", "rules": "rules/locale"}
SOURCES = sorted(path for folder in set(DOMAINS.values()) for path in (ROOT / folder).glob("*/LC_MESSAGES/*.po"))


def compiled(entries) -> dict:
    """What msgfmt compiles of a catalog's entries, keyed as the standard library's gettext reads them:
    translated and not fuzzy; a context joined by EOT; plural forms by (singular, n)."""
    catalog = {}
    for entry in entries:
        if entry.obsolete or entry.fuzzy or not entry.translated():
            continue
        key = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
        if entry.msgid_plural:
            catalog.update({(key, int(n)): text for n, text in entry.msgstr_plural.items()})
        else:
            catalog[key] = entry.msgstr
    return catalog


def test_each_language_has_a_catalog_of_each_domain():
    for code in LANGUAGES:
        for domain, folder in DOMAINS.items():
            assert (ROOT / folder / code / "LC_MESSAGES" / f"{domain}.po").is_file(), (code, domain)


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_each_compiled_catalog_holds_what_its_source_says(source):
    with source.with_suffix(".mo").open("rb") as file:
        held = {key: text for key, text in gettext.GNUTranslations(file)._catalog.items() if key != ""}
    assert held == compiled(polib.pofile(str(source))), f"{source} changed: run python3 dev.py messages"


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="GNU gettext is not installed")
def test_every_marked_string_is_in_the_catalogs(tmp_path):
    copy = tmp_path / "tree"
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.split()
    for name in files:
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    dev.gather_catalogs(copy, Path(sys.executable))
    for source in SOURCES:
        ours = {(entry.msgctxt, entry.msgid) for entry in polib.pofile(str(source)) if not entry.obsolete}
        current = {(entry.msgctxt, entry.msgid)
                   for entry in polib.pofile(str(copy / source.relative_to(ROOT))) if not entry.obsolete}
        assert current - ours == set(), f"marked but not in {source.relative_to(ROOT)}: run python3 dev.py messages"
        assert ours - current == set(), f"no longer marked, still in {source.relative_to(ROOT)}"
