"""The note for a hand whose lines give only base and count (rules.sides.arithmetic.base_not_itemised), whole:
for one side, for some, for every player or side, in the game's words for its groups (canastas, sets), in
English and in Spanish, where the groups' gender once broke the sentence ("las juegos")."""

import pytest

from rules.language import speaking
from rules.sides.arithmetic import base_not_itemised

BEHIND = ("so the checks confirm the arithmetic and that the numbers are possible, but not the {groups}, going out "
          "and cards behind them.")


def note(sides: list, of: int, side_word: str, groups: str) -> tuple:
    return base_not_itemised(2, sides, of, lambda *said: said, side_word, groups)


@pytest.mark.parametrize("sides, of, side_word, groups, side, text", [
    (["a"], 3, "player", "sets", "a", "Hand 2, Side a: only base and count are written, " + BEHIND),
    (["a", "b"], 3, "player", "canastas", None, "Hand 2: only base and count are written for Side a and Side b, "
                                                + BEHIND),
    (["a", "b", "c"], 3, "player", "canastas", None, "Hand 2: only base and count are written for every player, "
                                                     + BEHIND),
    (["a", "b"], 2, "side", "sets", None, "Hand 2: only base and count are written for every side, " + BEHIND),
    (["a", "b"], 2, "partnership", "melds", None, "Hand 2: only base and count are written for every partnership, "
                                                  + BEHIND),
])
def test_the_note_names_who_wrote_only_base_and_count_and_what_goes_unchecked(sides, of, side_word, groups, side,
                                                                             text):
    assert note(sides, of, side_word, groups) == ("base-not-itemised", 2, side, "details", text.format(groups=groups))


def test_in_spanish_and_portuguese_the_note_reads_for_canastas_and_for_sets_alike():
    with speaking("es"):
        assert note(["a", "b", "c"], 3, "player", "canastas")[4] == (
            "Mano 2: solo están anotados la base y el conteo de cada jugador, así que se comprueban las cuentas y "
            "que los números son posibles, pero no lo que hay detrás: canastas, el cierre y las cartas.")
        assert note(["a", "b"], 2, "side", "sets")[4] == (
            "Mano 2: solo están anotados la base y el conteo de cada lado, así que se comprueban las cuentas y que "
            "los números son posibles, pero no lo que hay detrás: juegos, el cierre y las cartas.")
    with speaking("pt-br"):
        assert note(["a", "b"], 2, "side", "sets")[4] == (
            "Mão 2: só a base e a contagem estão anotadas para cada lado, então as verificações confirmam as contas "
            "e que os números são possíveis, mas não o que está por trás: jogos, a batida e as cartas.")
