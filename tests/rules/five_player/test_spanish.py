"""A refused five-player sheet reads in Spanish when the rules speak it (muertos, cierre, compañero)."""

import rules
import rules.language
from tests.rules.five_player.builders import HAND, lines, sheet


def _messages(document: dict) -> list[str]:
    with rules.language.speaking("es"):
        answer = rules.validate(document)
    return [v["message"] for v in answer["violations"] if v["severity"] == "error"]


def test_a_base_that_is_not_its_canastas_and_kitties_reads_in_spanish():
    [message] = _messages(sheet(lines(HAND, asha={"base": 300})))
    assert message.endswith("la base debería ser 250 (canastas: 150, muertos: 50 y cierre: 50), no 300.")


def test_a_count_beyond_the_pack_reads_in_spanish():
    [message] = _messages(sheet(lines(HAND, esha={"plain": True, "base": 50, "count": -985})))
    assert message.endswith("un conteo de -985 es imposible; las 110 cartas juntas valen 980.")
