"""How Canasta 21 scores one side in one hand (Scoring, "Points"), the single source of its numbers: the
checks compare what was written with these, and the achievable bases are built from them.

The base is the bonuses (checks_line.check_detailed_line adds them up with these values): each closed
canasta by its kind (pure or mixed: without or with a wild card; base or standard: started by a base card
or not), going out, going out concealed and Bigollo!. The count is the cards: with the default reading
the closed canastas' card points count for the side (option `closed_canasta_cards`), and the cards in
open sets and in hand count against it.
"""

from functools import lru_cache

from rules.deck21.cards import CANASTA_SUM, LEAST_WILD_EXTRA, MOST_BASE_EXTRA, MOST_WILD_EXTRA
from rules.words import points

from ..language import _, ngettext

CANASTA_KINDS = ("pure_base_canastas", "mixed_base_canastas", "pure_standard_canastas", "mixed_standard_canastas")
PURE_BASE, MIXED_BASE, PURE_STANDARD, MIXED_STANDARD = 200, 150, 100, 50  # each closed canasta
CANASTA_BONUS = {"pure_base_canastas": PURE_BASE, "mixed_base_canastas": MIXED_BASE,
                 "pure_standard_canastas": PURE_STANDARD, "mixed_standard_canastas": MIXED_STANDARD}
GOING_OUT = 100
CONCEALED = 200
BIGOLLO = 200
LINE_UP = 5  # one canasta per number 2, 3, 5, 8, 13
MOST_CLOSED = CANASTA_SUM + MOST_BASE_EXTRA  # a closed canasta's card points without wild cards, at most
BASE_CANASTAS_TO_GO_OUT = 2
POINT_FIELDS = ("closed_points", "table_points", "hand_points")


def canastas(d: dict) -> int:
    return (d["pure_base_canastas"] + d["mixed_base_canastas"] + d["pure_standard_canastas"]
            + d["mixed_standard_canastas"])


def base_canastas(d: dict) -> int:
    return d["pure_base_canastas"] + d["mixed_base_canastas"]


def mixed_canastas(d: dict) -> int:
    return d["mixed_base_canastas"] + d["mixed_standard_canastas"]


def breakdown(d: dict) -> list[str]:
    """The parts of the base in words, for a message: "2 pure base canastas 400", "going out 100"."""
    parts = []
    for kind in CANASTA_KINDS:
        if d[kind]:
            held = d[kind]
            parts.append(_canasta_words(kind, held) % {"n": held, "points": points(held * CANASTA_BONUS[kind])})
    if d["went_out"]:
        parts.append(_("going out %(points)s") % {"points": points(GOING_OUT)})
    if d["concealed"]:
        parts.append(_("concealed %(points)s") % {"points": points(CONCEALED)})
    if d["bigollo"]:
        parts.append(_("Bigollo! %(points)s") % {"points": points(BIGOLLO)})
    return parts


def _canasta_words(kind: str, n: int) -> str:
    """"2 pure base canastas 400", in the message's language (%(n)s and %(points)s to fill)."""
    if kind == "pure_base_canastas":
        return ngettext("%(n)s pure base canasta %(points)s", "%(n)s pure base canastas %(points)s", n)
    if kind == "mixed_base_canastas":
        return ngettext("%(n)s mixed base canasta %(points)s", "%(n)s mixed base canastas %(points)s", n)
    if kind == "pure_standard_canastas":
        return ngettext("%(n)s pure standard canasta %(points)s", "%(n)s pure standard canastas %(points)s", n)
    return ngettext("%(n)s mixed standard canasta %(points)s", "%(n)s mixed standard canastas %(points)s", n)


def count(d: dict, counts_closed: bool) -> int | None:
    """The count the card points give, or None when none is written (not counted separately) or, when
    the closed canastas' cards count, a side with canastas wrote no closed points: nothing says what they
    are worth. A points field not written beside others is 0."""
    closed, table, hand = d["closed_points"], d["table_points"], d["hand_points"]
    if closed is None and table is None and hand is None:
        return None
    if not counts_closed:
        return -(table or 0) - (hand or 0)
    if closed is None and canastas(d):
        return None
    return (closed or 0) - (table or 0) - (hand or 0)


def closed_points_range(d: dict, wilds: int) -> tuple[int, int]:
    """The least and most card points the closed canastas can hold: each adds to 21 by number; a base card
    adds at most its number again (13); a wild card adds 37 to 48 beyond its number, and the mixed canastas
    hold between one wild each and every wild of the decks."""
    closed, mixed = canastas(d), mixed_canastas(d)
    low = CANASTA_SUM * closed + LEAST_WILD_EXTRA * mixed
    high = MOST_CLOSED * closed + (MOST_WILD_EXTRA * wilds if mixed else 0)
    return low, high


def most_count(wilds: int, counts_closed: bool) -> int:
    """The highest count one side can write: five closed canastas at their most, or 0 when the closed
    canastas' cards do not count."""
    if not counts_closed:
        return 0
    return MOST_CLOSED * LINE_UP + MOST_WILD_EXTRA * wilds


@lru_cache(maxsize=16)
def achievable_bases(wilds: int) -> frozenset[int]:
    """Every base one side can score in one hand with `wilds` wild cards in play: at most five canastas,
    at most one mixed per wild card; going out with all five closed and two started by a base card;
    concealed with going out; Bigollo! (claimed or not) with five base canastas and going out."""
    found = set()
    for pb in range(LINE_UP + 1):
        for mb in range(LINE_UP + 1 - pb):
            for ps in range(LINE_UP + 1 - pb - mb):
                for ms in range(LINE_UP + 1 - pb - mb - ps):
                    if mb + ms > wilds:
                        continue
                    closed = PURE_BASE * pb + MIXED_BASE * mb + PURE_STANDARD * ps + MIXED_STANDARD * ms
                    found.add(closed)
                    if pb + mb + ps + ms == LINE_UP and pb + mb >= BASE_CANASTAS_TO_GO_OUT:
                        # Bigollo! unclaimed is a warning (codes.py), so its base is one a sheet may show.
                        for bigollo in (0, BIGOLLO) if pb + mb == LINE_UP else (0,):
                            for concealed in (0, CONCEALED):
                                found.add(closed + GOING_OUT + concealed + bigollo)
    return frozenset(found)
