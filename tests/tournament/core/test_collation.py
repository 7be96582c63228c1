"""Names in the order of the reader's language (tournament.core.collation)."""

from django.utils import translation

from tournament.core.collation import by_name

NAMES = ["Zoe", "Ñandú", "Nuño", "Nuno", "Álvaro", "alba", "Óscar", "Olga", "Émile", "Eva", "Nzinga", "Чехов"]


def test_accents_and_case_do_not_send_a_name_to_the_end():
    assert by_name(NAMES, language="en") == [
        "alba", "Álvaro", "Émile", "Eva", "Ñandú", "Nuno", "Nuño", "Nzinga", "Olga", "Óscar", "Zoe", "Чехов"]


def test_spanish_puts_n_with_tilde_after_every_n():
    assert by_name(NAMES, language="es") == [
        "alba", "Álvaro", "Émile", "Eva", "Nuno", "Nuño", "Nzinga", "Ñandú", "Olga", "Óscar", "Zoe", "Чехов"]


def test_portuguese_and_italian_sort_as_the_default_order():
    assert by_name(NAMES, language="pt-br") == by_name(NAMES, language="it") == by_name(NAMES, language="en")


def test_the_active_language_decides_and_items_are_sorted_by_their_name():
    teams = [{"name": "Ñandú"}, {"name": "Nzinga"}]
    with translation.override("es"):
        assert [t["name"] for t in by_name(teams, lambda team: team["name"])] == ["Nzinga", "Ñandú"]
    with translation.override("en"):
        assert [t["name"] for t in by_name(teams, lambda team: team["name"])] == ["Ñandú", "Nzinga"]
