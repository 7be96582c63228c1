"""rules/five_player/deck.py: the seats (your partner sits two after you, your rentrap two before) and the least
a player's canastas hold, in cards and in points."""

from rules.five_player.deck import SEATS, canasta_cards, least_canasta_points, partner, rentrap


def test_each_players_partner_and_rentrap_round_the_table():
    # asha 0, bina 1, chandra 2, dev 3, esha 4: Asha's partner is Chandra, her rentrap Dev
    assert [partner(seat) for seat in range(SEATS)] == [2, 3, 4, 0, 1]
    assert [rentrap(seat) for seat in range(SEATS)] == [3, 4, 0, 1, 2]
    assert all(partner(rentrap(seat)) == seat for seat in range(SEATS))


def test_the_least_a_players_canastas_are_worth_counts_the_fives_the_super_canastas_leave():
    # 32 cards worth 5 (threes to sixes); five pure canastas hold 35 naturals, so 3 of them are worth 10
    assert least_canasta_points(5, 0, 0, 0) == 35 * 5 + 3 * 5
    # a pure Super Canasta (115) takes 4 of the fives, leaving 28: 7 naturals worth 10
    assert least_canasta_points(5, 0, 1, 0) == 115 + 35 * 5 + 7 * 5
    # an impure one (110) takes at least 3, leaving 29: 6 worth 10
    assert least_canasta_points(5, 0, 0, 1) == 110 + 35 * 5 + 6 * 5
    # eight pure Super Canastas take every five: a canasta beside them is all tens
    assert least_canasta_points(1, 0, 8, 0) == 8 * 115 + 7 * 10
    # an impure canasta: 6 naturals and a joker of 10
    assert least_canasta_points(0, 1, 0, 0) == 6 * 5 + 10


def test_the_fewest_cards_canastas_hold():
    assert canasta_cards(1, 2, 3, 4) == 7 * 3 + 13 * 7
