"""A whole-number option's expectation in words, whole, with what it counts and with null allowed, in English
and in Spanish (the counted thing, "decks", is the game's word and is translated)."""

from rules.language import speaking
from rules.sides.options import Whole


def test_an_option_counting_decks_says_so_and_whether_null_means_none():
    assert Whole(1, 20, True, "decks").expects() == "a whole number of decks from 1 to 20, or null for none"
    assert Whole(1, 20, False, "decks").expects() == "a whole number of decks from 1 to 20"
    assert Whole(1, 20, True, "rounds").expects() == "a whole number of rounds from 1 to 20, or null for none"
    assert Whole(1, 20, True).expects() == "a whole number from 1 to 20, or null for none"
    with speaking("es"):
        assert Whole(1, 20, True, "decks").expects() == "un número entero de barajas de 1 a 20, o null para ninguno"
        assert Whole(1, 2000, False, "decks").expects() == "un número entero de barajas de 1 a 2.000"
