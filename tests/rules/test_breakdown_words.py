"""The words of a base's breakdown, whole, one and several of each part, in English and in Spanish: a
message says "the base should be 5,600 (1 book 5,000, 2 red threes 200 ...)", and a slip in a plural, or in
the name that picks the words, would put the wrong words before the right number."""

import pytest

from rules.canasta21.scoring import _canasta_words
from rules.crazy_canasta.scoring import counted
from rules.fibonacci21.scoring import breakdown as fibonacci21_breakdown
from rules.language import speaking

CRAZY = ["books", "sevens_canastas", "wild_canastas", "clean_canastas", "dirty_canastas", "red_threes",
         "black_threes"]
CRAZY_WORDS = {
    "en": (["1 book", "1 canasta of sevens", "1 canasta of wild cards", "1 clean canasta", "1 dirty canasta",
            "1 red three", "1 black three"],
           ["2 books", "2 canastas of sevens", "2 canastas of wild cards", "2 clean canastas", "2 dirty canastas",
            "2 red threes", "2 black threes"]),
    "es": (["1 libro", "1 canasta de sietes", "1 canasta de comodines", "1 canasta limpia", "1 canasta sucia",
            "1 tres rojo", "1 tres negro"],
           ["2 libros", "2 canastas de sietes", "2 canastas de comodines", "2 canastas limpias", "2 canastas sucias",
            "2 treses rojos", "2 treses negros"]),
}
CANASTA21 = ["pure_base_canastas", "mixed_base_canastas", "pure_standard_canastas", "mixed_standard_canastas"]
CANASTA21_WORDS = {
    "en": (["1 pure base canasta 200", "1 mixed base canasta 150", "1 pure standard canasta 100",
            "1 mixed standard canasta 50"],
           ["2 pure base canastas 400", "2 mixed base canastas 300", "2 pure standard canastas 200",
            "2 mixed standard canastas 100"]),
    "es": (["1 canasta limpia de base: 200", "1 canasta sucia de base: 150", "1 canasta limpia común: 100",
            "1 canasta sucia común: 50"],
           ["2 canastas limpias de base: 400", "2 canastas sucias de base: 300", "2 canastas limpias comunes: 200",
            "2 canastas sucias comunes: 100"]),
}
CANASTA21_BONUS = [200, 150, 100, 50]


@pytest.mark.parametrize("language", ["en", "es"])
def test_crazy_canasta_names_one_and_several_of_each_part(language):
    one, several = CRAZY_WORDS[language]
    with speaking(language):
        assert [counted(name, 1) for name in CRAZY] == one
        assert [counted(name, 2) for name in CRAZY] == several


@pytest.mark.parametrize("language", ["en", "es"])
def test_canasta21_names_one_and_several_of_each_kind_of_canasta(language):
    one, several = CANASTA21_WORDS[language]
    with speaking(language):
        for n, expected in ((1, one), (2, several)):
            assert [_canasta_words(kind, n) % {"n": n, "points": n * bonus}
                    for kind, bonus in zip(CANASTA21, CANASTA21_BONUS, strict=True)] == expected


@pytest.mark.parametrize("language, one, several", [
    ("en", ["1 pure set 200", "1 mixed set 150", "going out 100"], ["2 pure sets 400", "3 mixed sets 450"]),
    ("es", ["1 juego limpio: 200", "1 juego sucio: 150", "cierre: 100"],
     ["2 juegos limpios: 400", "3 juegos sucios: 450"]),
])
def test_fibonacci21_names_one_and_several_of_each_kind_of_set(language, one, several):
    with speaking(language):
        assert fibonacci21_breakdown({"pure_sets": 1, "mixed_sets": 1, "went_out": True}) == one
        assert fibonacci21_breakdown({"pure_sets": 2, "mixed_sets": 3, "went_out": False}) == several
