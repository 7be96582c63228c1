"""What each card of Deck 21 is worth (Canasta 21, Scoring, "Points"), the one table the three Deck 21
games read.

Standard cards carry the Fibonacci numbers 2, 3, 5, 8, 13 and 21 and are worth their number; base cards
(2, 3, 5, 8 and 13: there is no base 21, "Card 21 does not count as a base card") are worth twice their
number; a wild card is worth 50 and the bonus base card 2B is worth 8. In a meld a card counts by its number
toward the 21 a canasta adds up to (a wild card by the number it is given: 2, 3, 5, 8, 13 or 21), and by
its points on the score.

The 2B carries the number 2 and is worth 8 points: both games' texts call it the card of number 2 ("The
bonus base card for number 2 fills the requirement for one of the base cards", Canasta 21, Melds and
Canastas; "A wild card or #2 bonus card can be used to start a set", Fibonacci 21), and the 8 is the
Points table's ("Bonus base card 2B 8"), a value on the score, not a number toward the 21.
"""

NUMBERS = (2, 3, 5, 8, 13, 21)  # the numbers on the standard cards
BASE_NUMBERS = (2, 3, 5, 8, 13)  # the line-up: one meld or canasta per number
CANASTA_SUM = 21  # "a canasta defined as any set of numbered cards that add to 21"
WILD_POINTS = 50
BONUS_BASE_POINTS = 8  # the bonus base card 2B, on the score
BONUS_BASE_NUMBER = 2  # the 2B toward the 21: "the bonus base card for number 2"


def standard_points(number: int) -> int:
    """A standard card is worth its number."""
    return number


def base_points(number: int) -> int:
    """A base card is worth twice its number ("2 x #")."""
    return 2 * number


HIGHEST_CARD = max(WILD_POINTS, base_points(max(BASE_NUMBERS)), max(NUMBERS), BONUS_BASE_POINTS)  # 50
HIGHEST_NUMBERED = max(base_points(max(BASE_NUMBERS)), max(NUMBERS))  # 26, a base 13
# What a card adds to a closed canasta's points beyond the number it counts toward the 21:
# a base card its number again (at most 13, a base 13), a wild card 50 less the number it is given
# (at least 50 - 13 = 37 inside a canasta of the line-up, whose numbers are at most 13 beside its start,
# and at most 50 - 2 = 48).
MOST_BASE_EXTRA = max(BASE_NUMBERS)  # 13
LEAST_WILD_EXTRA = WILD_POINTS - max(BASE_NUMBERS)  # 37
MOST_WILD_EXTRA = WILD_POINTS - min(NUMBERS)  # 48


def least_cards_adding_to(total: int) -> int | None:
    """The fewest cards whose numbers add to `total` (a wild card given any of the numbers counts as that
    number), or None when none do: the least a set started by a card of number `21 - total` still needs."""
    least = [0] + [None] * total
    for reached in range(1, total + 1):
        options = [least[reached - n] for n in NUMBERS if n <= reached and least[reached - n] is not None]
        least[reached] = min(options) + 1 if options else None
    return least[total]
