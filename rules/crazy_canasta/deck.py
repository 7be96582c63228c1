"""What the decks of a Crazy Canasta game hold ("Cards & Scoring"): seven 52-card decks with their two
jokers each, unless the options say otherwise, and the least a canasta of each kind takes from them.

Everything a check needs from the deck is computed once per options object (cached), so the checks read
plain numbers.
"""

from dataclasses import dataclass
from functools import lru_cache

CARDS_PER_RANK = 4      # per 52-card deck
THREES_PER_COLOUR = 2   # two red and two black threes per deck
# Every card but the threes and jokers, per deck: aces and deuces 20 (8 cards), 4 to 8 five (20 cards),
# 9 to king ten (20 cards).
POINTS_PER_DECK = 8 * 20 + 20 * 5 + 20 * 10
JOKER = 50
CANASTA = 7             # cards in a canasta (Meld: "until they form a canasta of seven cards")
# The least card points a canasta of each kind holds (the cheapest cards that can form it): seven 4s (or
# 5s, 6s, 8s); six of them and a deuce; seven 7s; seven deuces. A book is one of each.
LEAST_POINTS = {"clean": 7 * 5, "dirty": 6 * 5 + 20, "sevens": 7 * 5, "wilds": 7 * 20}
LEAST_BOOK_POINTS = sum(LEAST_POINTS.values())


@dataclass(frozen=True, slots=True)
class Deck:
    red_threes: int
    black_threes: int
    sevens: int
    wilds: int            # deuces and jokers
    naturals: int         # cards of the ranks that make clean and dirty canastas
    card_points: int      # every card but the threes
    natural_words: str    # those ranks, for messages


@lru_cache(maxsize=32)
def deck_for(decks: int, jokers: str, aces: str) -> Deck:
    """The cards of `decks` decks; `jokers` "per_deck" (two per deck) or "two" (two in all); `aces`
    "meldable" (they make clean and dirty canastas, as the scoring list says) or "not_meldable" (Meld's list
    of meldable ranks leaves them out)."""
    joker_cards = 2 * decks if jokers == "per_deck" else 2
    ranks = 10 if aces == "meldable" else 9  # aces, 4, 5, 6, 8, 9, 10, jacks, queens, kings
    return Deck(
        red_threes=THREES_PER_COLOUR * decks,
        black_threes=THREES_PER_COLOUR * decks,
        sevens=CARDS_PER_RANK * decks,
        wilds=CARDS_PER_RANK * decks + joker_cards,
        naturals=ranks * CARDS_PER_RANK * decks,
        card_points=POINTS_PER_DECK * decks + JOKER * joker_cards,
        natural_words=("aces, " if ranks == 10 else "") + "4s, 5s, 6s, 8s, 9s, 10s, jacks, queens and kings",
    )


def deck(options) -> Deck:
    """The deck the sheet's options describe (worked out once, with the options)."""
    return options.cards


def sevens_taken(d: dict) -> int:
    """The sevens a side's books and canastas of sevens hold."""
    return CANASTA * (d["books"] + d["sevens_canastas"])


def wilds_taken(d: dict) -> int:
    """The wild cards a side's books, wild canastas and dirty canastas hold (a dirty canasta has one)."""
    return CANASTA * (d["books"] + d["wild_canastas"]) + d["books"] + d["dirty_canastas"]


def naturals_taken(d: dict) -> int:
    """The natural cards a side's clean and dirty canastas (in books or not) hold: seven and six."""
    return CANASTA * (d["books"] + d["clean_canastas"]) + (CANASTA - 1) * (d["books"] + d["dirty_canastas"])


_LEAST_CLEAN, _LEAST_DIRTY = LEAST_POINTS["clean"], LEAST_POINTS["dirty"]
_LEAST_SEVENS, _LEAST_WILDS = LEAST_POINTS["sevens"], LEAST_POINTS["wilds"]


def least_table_points(d: dict) -> int:
    """The fewest card points the side's books and canastas can hold: each is on the table."""
    return (LEAST_BOOK_POINTS * d["books"] + _LEAST_CLEAN * d["clean_canastas"] + _LEAST_DIRTY * d["dirty_canastas"]
            + _LEAST_SEVENS * d["sevens_canastas"] + _LEAST_WILDS * d["wild_canastas"])
