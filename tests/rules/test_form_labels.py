"""The words a table's form shows beside each field of a line, whole, for every game with a line of its own,
in English and in Spanish: a slip in a label, or in the key that finds its translation, shows here."""

import pytest

from rules.language import speaking
from rules.registry import get_ruleset

LABELS = {
    "nvso": (
        [
            "Base", "Count", "Red threes", "Black threes", "Pure canastas (500)", "Mixed canastas (300)",
            "Canasta of sevens", "Pure canasta of aces", "Wild-card canasta", "Went out", "Special hand",
            "Unfinished sevens", "Unfinished aces", "Unfinished wild cards", "Players stuck with aces",
            "Players stuck with sevens", "Table points", "Hand points",
        ],
        [
            "Base", "Conteo", "Treses rojos", "Treses negros", "Canastas limpias (500)", "Canastas sucias (300)",
            "Canasta de sietes", "Canasta limpia de ases", "Canasta de comodines", "Cerró", "Mano especial",
            "Sietes sin completar", "Ases sin completar", "Comodines sin completar", "Jugadores atrapados con ases",
            "Jugadores atrapados con sietes", "Puntos en la mesa", "Puntos en la mano",
        ],
    ),
    "crazy_canasta": (
        [
            "Base (bonuses)", "Count (card points)", "Total", "Running total", "Meld requirement", "Books (5,000)",
            "Canastas of sevens, not in a book (2,000)", "Canastas of wild cards, not in a book (2,000)",
            "Clean canastas, not in a book (500)", "Dirty canastas, not in a book (300)", "Red threes (100)",
            "Black threes left in hand (-100)", "Went out (100)", "Card points melded", "Card points left in hand",
        ],
        [
            "Base (bonificaciones)", "Conteo (puntos de cartas)", "Total", "Total acumulado", "Mínimo para bajar",
            "Libros (5.000)", "Canastas de sietes, fuera de un libro (2.000)",
            "Canastas de comodines, fuera de un libro (2.000)", "Canastas limpias, fuera de un libro (500)",
            "Canastas sucias, fuera de un libro (300)", "Treses rojos (100)",
            "Treses negros que quedaron en la mano (-100)", "Cerró (100)", "Puntos de cartas bajadas",
            "Puntos de cartas que quedaron en la mano",
        ],
    ),
    "canasta21": (
        [
            "Base (bonuses)", "Count (cards)", "Total", "Cumulative score", "Base cards for the initial meld",
            "Pure base canastas (200)", "Mixed base canastas (150)", "Pure standard canastas (100)",
            "Mixed standard canastas (50)", "Went out (100)", "Went out concealed (200)", "Bigollo! (200)",
            "Cards 21 collected", "Card points in closed canastas", "Card points in open sets",
            "Card points in hand",
        ],
        [
            "Base (bonificaciones)", "Conteo (cartas)", "Total", "Puntuación acumulada",
            "Cartas base para la bajada inicial", "Canastas limpias de base (200)", "Canastas sucias de base (150)",
            "Canastas limpias comunes (100)", "Canastas sucias comunes (50)", "Cerró (100)", "Cerró en mano (200)",
            "Bigollo! (200)", "Cartas 21 reunidas", "Puntos de cartas en canastas cerradas",
            "Puntos de cartas en juegos abiertos", "Puntos de cartas en la mano",
        ],
    ),
    "fibonacci21": (
        [
            "Base (bonuses)", "Count (cards)", "Total", "Cumulative score", "Closed sets without a wild card (200)",
            "Closed sets with a wild card (150)", "Went out (100)", "Card points in closed sets",
            "Card points in open sets", "Card points in hand",
        ],
        [
            "Base (bonificaciones)", "Conteo (cartas)", "Total", "Puntuación acumulada",
            "Juegos cerrados sin comodín (200)", "Juegos cerrados con comodín (150)", "Cerró (100)",
            "Puntos de cartas en juegos cerrados", "Puntos de cartas en juegos abiertos",
            "Puntos de cartas en la mano",
        ],
    ),
    "five_player": (
        [
            "Base (bonuses)", "Count (table minus hand)", "Score this hand", "Own running total",
            "Credited (own plus partner's)", "Pure canastas (100)", "Impure canastas (50)",
            "Pure Super Canastas (500)", "Impure Super Canastas (300)", "Kitties picked up (50 each)",
            "Finished the deal (50)", "Table points", "Hand points", "Opening meld points",
        ],
        [
            "Base (bonificaciones)", "Conteo (mesa menos mano)", "Puntos de esta mano", "Total acumulado propio",
            "Acreditado (propio más el del compañero)", "Canastas limpias (100)", "Canastas sucias (50)",
            "Supercanastas limpias (500)", "Supercanastas sucias (300)", "Muertos recogidos (50 cada uno)",
            "Cerró la mano (50)", "Puntos en la mesa", "Puntos en la mano", "Puntos de la bajada inicial",
        ],
    ),
}


@pytest.mark.parametrize("name", list(LABELS))
def test_each_field_of_a_line_is_labelled_in_english_and_in_spanish(name):
    english, spanish = LABELS[name]
    ruleset = get_ruleset(name)
    assert [field["label"] for field in ruleset.describe_line()] == english
    with speaking("es"):
        assert [field["label"] for field in ruleset.describe_line()] == spanish
