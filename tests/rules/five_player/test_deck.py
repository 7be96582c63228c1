"""The seats of rules/five_player/deck.py: your partner sits two after you, your rentrap two before."""

from rules.five_player.deck import SEATS, partner, rentrap


def test_each_players_partner_and_rentrap_round_the_table():
    # asha 0, bina 1, chandra 2, dev 3, esha 4: Asha's partner is Chandra, her rentrap Dev
    assert [partner(seat) for seat in range(SEATS)] == [2, 3, 4, 0, 1]
    assert [rentrap(seat) for seat in range(SEATS)] == [3, 4, 0, 1, 2]
    assert all(partner(rentrap(seat)) == seat for seat in range(SEATS))
