"""A refused Crazy Canasta sheet reads in Spanish when the rules speak it: libro, canasta limpia, treses
rojos, cierre, and 5.000 written as a Spanish player writes it."""

import rules
import rules.language
from tests.rules.crazy_canasta.test_checks import CASES


def test_a_base_that_is_not_its_books_and_canastas_reads_in_spanish():
    sheet, _where, english = CASES["base-mismatch"]()
    with rules.language.speaking("es"):
        answer = rules.validate(sheet)
    [found] = [v for v in answer["violations"] if v["code"] == "base-mismatch"]
    assert found["message"].endswith(
        "la base debería ser 5.800 (1 libro: 5.000, 1 canasta limpia: 500, 2 treses rojos: 200 y cierre: 100), "
        "no 5.900.")
    [found] = [v for v in rules.validate(sheet)["violations"] if v["code"] == "base-mismatch"]
    assert found["message"] == english
