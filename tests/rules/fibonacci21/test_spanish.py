"""A refused Fibonacci 21 sheet reads in Spanish when the rules speak it (juegos limpios y sucios, cierre,
1.250 with a Spanish thousands separator)."""

import rules
import rules.language
from tests.rules.fibonacci21.test_checks import case_base_mismatch


def test_a_base_that_is_not_its_sets_reads_in_spanish():
    bad, _good, _expected = case_base_mismatch()
    with rules.language.speaking("es"):
        answer = rules.validate(bad)
    [found] = [v for v in answer["violations"] if v["severity"] == "error"]
    assert found["message"].endswith(
        "la base debería ser 1.250 (5 juegos limpios: 1.000, 1 juego sucio: 150 y cierre: 100), no 1.200.")
