"""A refused Solitaire Fibonacci 21 sheet reads in Spanish when the rules speak it (pozo, juegos)."""

import rules
import rules.language
from tests.rules.fibonacci21_solitaire.test_solitaire import case_discards_impossible


def test_an_impossible_discard_pile_reads_in_spanish():
    bad, _good, _expected = case_discards_impossible()
    with rules.language.speaking("es"):
        answer = rules.validate(bad)
    [found] = [v for v in answer["violations"] if v["severity"] == "error"]
    assert found["message"].endswith(
        "un pozo de 75 cartas es imposible; seis juegos tienen al menos 15 de las 89 cartas, así que quedan como "
        "mucho 74 para el pozo.")


def test_the_form_names_each_field_in_the_language_asked():
    """The words a table's form shows beside each number, whole: in English, and in Spanish when asked."""
    from rules.fibonacci21_solitaire.line import describe_line

    assert [f["label"] for f in describe_line()] == ["Cards in the discard pile", "Turns", "Running total"]
    with rules.language.speaking("es"):
        assert [f["label"] for f in describe_line()] == ["Cartas en el pozo", "Turnos", "Total acumulado"]
