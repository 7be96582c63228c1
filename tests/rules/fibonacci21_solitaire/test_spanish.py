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
