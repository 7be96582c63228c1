"""The 110-card pack of five-player partnership canasta (source, "Players and cards") and the seats.

Two 52-card packs and 6 jokers. Aces are worth 15, threes to sixes 5, everything else, deuces and jokers
included, 10: 980 points in all. Every limit the checks draw from the deck is computed here from these
counts, never written down twice.
"""

from functools import lru_cache

CARDS = 110
PACKS = 2
JOKERS = 6
ACES = 4 * PACKS
FIVES = 4 * 4 * PACKS  # threes, fours, fives and sixes: the cards worth 5
TENS = 8 * 4 * PACKS + JOKERS  # sevens to kings and deuces, and the jokers
ACE_POINTS, FIVE_POINTS, TEN_POINTS = 15, 5, 10
DECK_POINTS = ACES * ACE_POINTS + FIVES * FIVE_POINTS + TENS * TEN_POINTS  # 980
POINT_STEP = 5  # every card is worth a multiple of 5

CANASTA_CARDS = 7  # "A set with at least 7 cards is a Canasta"
SUPER_CANASTA_CARDS = 13  # "all 13 cards in the suit"
SUPER_CANASTAS = 4 * PACKS  # one per suit of each pack
# A pure Super Canasta is A to K of one suit: 15 + 10 (the deuce) + 4 x 5 + 7 x 10.
PURE_SUPER_POINTS = ACE_POINTS + TEN_POINTS + 4 * FIVE_POINTS + 7 * TEN_POINTS  # 115
# An impure one takes one joker ("they can't add another joker"): for the ace, the least it can be.
IMPURE_SUPER_LEAST_POINTS = PURE_SUPER_POINTS - ACE_POINTS + TEN_POINTS  # 110
SUPER_FIVES_AT_LEAST = 3  # an impure Super Canasta's joker stands for at most one of its four fives
KITTIES = 2  # "the dealer gets to pick out any two of the piles as kitty"
SEATS = 5


def partner(seat: int) -> int:
    """Your partner is the player seated after the player seated after you (source, "Players and cards")."""
    return (seat + 2) % SEATS


def rentrap(seat: int) -> int:
    """Your rentrap is seated two before you: the player whose partner you are."""
    return (seat - 2) % SEATS


@lru_cache(maxsize=1024)
def least_canasta_points(pure: int, impure: int, pure_super: int, impure_super: int) -> int:
    """The fewest card points one player's canastas can be worth: a sound lower bound for the table
    points. Every card is worth at least 5, but only the fives the Super Canastas leave can be; an impure
    canasta holds a joker of 10.

    Asked of most lines of most sheets, for a few mixes of canastas: remembered (a bounded cache, as a
    sheet's numbers come from anyone), a lookup costs a tenth of the sum."""
    naturals = CANASTA_CARDS * pure + (CANASTA_CARDS - 1) * impure
    fives_left = max(0, FIVES - 4 * pure_super - SUPER_FIVES_AT_LEAST * impure_super)
    return (PURE_SUPER_POINTS * pure_super + IMPURE_SUPER_LEAST_POINTS * impure_super
            + TEN_POINTS * impure + FIVE_POINTS * naturals
            + (TEN_POINTS - FIVE_POINTS) * max(0, naturals - fives_left))


def canasta_cards(pure: int, impure: int, pure_super: int, impure_super: int) -> int:
    """The fewest cards these canastas hold."""
    return CANASTA_CARDS * (pure + impure) + SUPER_CANASTA_CARDS * (pure_super + impure_super)
