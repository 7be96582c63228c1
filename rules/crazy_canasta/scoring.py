"""How Crazy Canasta scores one side in one deal ("Cards & Scoring", "When a hand is over"): the base of
bonuses, the count of card points, and the set of bases a side can score at all.

    base  = 5,000 x books + 2,000 x (sevens canastas + wild canastas not in a book)
          + 500 x clean + 300 x dirty canastas not in a book + 100 x red threes + 100 for going out
          - 100 x black threes left in hand          (option black_three_points)
    count = table points - hand points (+ 100 x red threes with red_three_points "bonus_and_card")

These functions are the single source of the numbers: the checks compare what was written with them and
the tests' generators build sheets with them.
"""

from functools import lru_cache
from operator import itemgetter

from rules.crazy_canasta.deck import CANASTA, LEAST_BOOK_POINTS, LEAST_POINTS, Deck, deck

from ..language import ngettext, pgettext

BOOK = 5000
SEVENS_CANASTA = 2000
WILD_CANASTA = 2000
CLEAN_CANASTA = 500
DIRTY_CANASTA = 300
RED_THREE = 100
BLACK_THREE = 100
GOING_OUT = 100
UNIT = 100  # every bonus is a multiple of it

# The details that are canastas, with their value, in the order a message lists them.
CANASTA_VALUES = (("books", BOOK), ("sevens_canastas", SEVENS_CANASTA), ("wild_canastas", WILD_CANASTA),
                  ("clean_canastas", CLEAN_CANASTA), ("dirty_canastas", DIRTY_CANASTA))


# Every detail of a line, read at once (one call in C rather than ten lookups: the validator's hot path).
DETAIL_NAMES = ("books", "sevens_canastas", "wild_canastas", "clean_canastas", "dirty_canastas", "red_threes",
                "black_threes", "went_out", "table_points", "hand_points")
detail_values = itemgetter(*DETAIL_NAMES)


def base(d: dict, options) -> int:
    """The side's bonuses for these details."""
    books, sevens, wilds, clean, dirty, red, black, went, _, _ = detail_values(d)
    return (BOOK * books + SEVENS_CANASTA * sevens + WILD_CANASTA * wilds + CLEAN_CANASTA * clean
            + DIRTY_CANASTA * dirty + RED_THREE * red + GOING_OUT * went
            + options.black_sign * BLACK_THREE * black)


def reading(d: dict, options) -> tuple[int, int | None, int]:
    """The base, the count (None when no points were written) and the least table points of these details,
    from one reading of them: what the line checks need, in one call (the validator's hot path). The same
    numbers as base(), count() and deck.least_table_points(), which the tests hold it to."""
    books, sevens, wilds, clean, dirty, red, black, went, table, hand = detail_values(d)
    bonuses = (BOOK * books + SEVENS_CANASTA * sevens + WILD_CANASTA * wilds + CLEAN_CANASTA * clean
               + DIRTY_CANASTA * dirty + RED_THREE * red + GOING_OUT * went + options.black_sign * BLACK_THREE * black)
    least = (LEAST_BOOK_POINTS * books + LEAST_POINTS["sevens"] * sevens + LEAST_POINTS["wilds"] * wilds
             + LEAST_POINTS["clean"] * clean + LEAST_POINTS["dirty"] * dirty)
    if table is None and hand is None:
        return bonuses, None, least
    cards = (table or 0) - (hand or 0)
    return bonuses, cards + RED_THREE * red if options.red_in_count else cards, least


def count(d: dict, options) -> int | None:
    """The count the details give: the card points melded minus those left in hand; None when neither the
    table points nor the hand points were written (one written alone makes the other 0)."""
    table, hand = d["table_points"], d["hand_points"]
    if table is None and hand is None:
        return None
    value = (table or 0) - (hand or 0)
    if options.red_in_count:
        value += RED_THREE * d["red_threes"]
    return value


def breakdown(d: dict, options) -> list[tuple[str, int]]:
    """The base as parts a player recognises, e.g. [("1 book", 5000), ("2 red threes", 200)]; parts that
    are zero are left out."""
    parts = []
    for name, value in CANASTA_VALUES:
        if d[name]:
            parts.append((counted(name, d[name]), value * d[name]))
    if d["red_threes"]:
        parts.append((counted("red_threes", d["red_threes"]), RED_THREE * d["red_threes"]))
    if d["went_out"]:
        parts.append((pgettext("a part of a base, beside counted ones", "going out"), GOING_OUT))
    if d["black_threes"]:
        parts.append((counted("black_threes", d["black_threes"]),
                      options.black_sign * BLACK_THREE * d["black_threes"]))
    return parts


def counted(name: str, n: int) -> str:
    """n of a detail that counts things, in words and in the message's language: "1 book", "2 red threes"."""
    if name == "books":
        text = ngettext("%(n)s book", "%(n)s books", n)
    elif name == "sevens_canastas":
        text = ngettext("%(n)s canasta of sevens", "%(n)s canastas of sevens", n)
    elif name == "wild_canastas":
        text = ngettext("%(n)s canasta of wild cards", "%(n)s canastas of wild cards", n)
    elif name == "clean_canastas":
        text = ngettext("%(n)s clean canasta", "%(n)s clean canastas", n)
    elif name == "dirty_canastas":
        text = ngettext("%(n)s dirty canasta", "%(n)s dirty canastas", n)
    elif name == "red_threes":
        text = ngettext("%(n)s red three", "%(n)s red threes", n)
    else:
        text = ngettext("%(n)s black three", "%(n)s black threes", n)
    return text % {"n": n}


def achievable_bases(options) -> frozenset[int]:
    """Every base one side can score in one deal with the sheet's decks (the formula above, within what
    the decks hold): what a base written without details is checked against."""
    return _achievable(deck(options), options.black_sign)


@lru_cache(maxsize=32)
def _achievable(cards: Deck, black_sign: int) -> frozenset[int]:
    """For each number of books, canastas of sevens and of wilds, and dirty canastas, the clean canastas
    run from none to as many as the naturals left allow; the red threes, going out and black threes add a
    run of at least six consecutive hundreds, wider than a clean canasta's five, so each such choice gives
    one unbroken run of bases."""
    low = -cards.black_threes if black_sign < 0 else 0
    high = cards.red_threes + 1 + (cards.black_threes if black_sign > 0 else 0)
    units: set[int] = set()
    for books in range(cards.sevens // CANASTA + 1):
        wilds_left = cards.wilds - (CANASTA + 1) * books
        naturals_left = cards.naturals - (2 * CANASTA - 1) * books
        if wilds_left < 0 or naturals_left < 0:
            break
        for sevens in range(cards.sevens // CANASTA - books + 1):
            for wild in range(wilds_left // CANASTA + 1):
                for dirty in range(min(wilds_left - CANASTA * wild, naturals_left // (CANASTA - 1)) + 1):
                    clean = (naturals_left - (CANASTA - 1) * dirty) // CANASTA
                    start = 50 * books + 20 * (sevens + wild) + 3 * dirty
                    units.update(range(start + low, start + 5 * clean + high + 1))
    return frozenset(UNIT * u for u in units)


def base_bounds(options) -> tuple[int, int]:
    """The lowest and highest base one side can score in one deal."""
    bases = achievable_bases(options)
    return min(bases), max(bases)
