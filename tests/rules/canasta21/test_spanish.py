"""A refused canasta21 sheet reads in Spanish when the rules speak it: the game's words (canasta limpia,
canasta sucia, cierre) and the numbers as a Spanish player writes them."""

import rules
import rules.language
from tests.rules.canasta21.test_checks import case_base_impossible, case_base_mismatch


def _message(sheet: dict) -> str:
    with rules.language.speaking("es"):
        answer = rules.validate(sheet)
    [found] = [v for v in answer["violations"] if v["severity"] == "error"]
    return found["message"]


def test_a_base_that_is_not_its_canastas_reads_in_spanish():
    bad, _good, _expected = case_base_mismatch()
    assert _message(bad).endswith(
        "la base debería ser 950 (3 canastas limpias de base: 600, 1 canasta sucia de base: 150, 1 canasta "
        "limpia común: 100 y cierre: 100), no 900.")


def test_an_impossible_base_reads_in_spanish_and_english_is_unchanged_outside():
    bad, _good, expected = case_base_impossible()
    assert _message(bad).endswith("una base de 325 es imposible; toda bonificación es múltiplo de 50.")
    [found] = [v for v in rules.validate(bad)["violations"] if v["severity"] == "error"]
    assert found["message"] == expected[-1]
