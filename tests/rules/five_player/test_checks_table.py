"""Each check of the five players of one hand together (rules/five_player/checks_table.py), with a sheet
that fails only it: the whole message, the code, the hand, the side and the field."""

from tests.rules.five_player.builders import SLIP, answer, details, errors, lines, only, sheet, walked

EMPTY = {"asha": {}, "bina": {}, "chandra": {}, "dev": {}, "esha": {}}


def test_canastas_that_need_more_cards_than_the_pack_has():
    hand = {**EMPTY, "asha": {"pure_super_canastas": 2}, "bina": {"pure_super_canastas": 2},
            "chandra": {"pure_super_canastas": 2}, "dev": {"impure_canastas": 5}}
    only(sheet(lines(hand)), "canastas-exceed-deck", 1, None, "details.pure_canastas", "Players and cards",
         "Hand 1: the canastas recorded hold at least 113 cards together, but the pack has only 110.")


def test_more_super_canastas_than_suits():
    hand = {**EMPTY, "asha": {"pure_super_canastas": 3}, "bina": {"pure_super_canastas": 3},
            "chandra": {"impure_super_canastas": 3}}
    only(sheet(lines(hand)), "super-canastas-exceed-deck", 1, None, "details.pure_super_canastas",
         "Players and cards",
         "Hand 1: the players show 9 Super Canastas together, but the two packs have only 8 suits to make them.")


def test_card_points_beyond_the_pack():
    hand = details(dev={"table_points": 215, "hand_points": 210})
    only(sheet(lines(hand)), "card-points-exceed-deck", 1, None, "details.table_points", "Players and cards",
         "Hand 1: the table and hand points recorded add up to 990, but all the cards together are worth "
         "only 980.")


def test_counts_beyond_the_pack():
    hand = details(asha={"table_points": None, "opening_points": None},
                   bina={"table_points": None, "hand_points": None, "opening_points": None})
    only(sheet(lines(hand, asha={"count": 500}, bina={"count": -400})), "counts-exceed-deck", 1, None, "count",
         "Players and cards",
         "Hand 1: the counts add up to 1,070 with their signs ignored, but all the cards together are worth "
         "only 980.")


def test_more_than_two_kitties():
    only(sheet(lines(details(bina={"kitties": 1}))), "kitties-exceed-two", 1, None, "details.kitties", "Dealing",
         "Hand 1: the players picked up 3 kitties together, but the dealer sets only two aside.")


def test_two_players_cannot_both_finish():
    hand = details(bina={"went_out": True, "hand_points": None})
    only(sheet(lines(hand)), "went-out-more-than-one", 1, None, "details.went_out", "Finishing",
         "Hand 1: Asha and Bina cannot both have finished; the deal ends when the first player finishes.")


def test_finishing_needs_a_canasta_of_the_player_or_the_partner():
    hand = details(asha={"went_out": None}, chandra={"pure_canastas": None, "went_out": True, "hand_points": None})
    only(sheet(lines(hand)), "went-out-without-canasta", 1, "chandra", "details.went_out", "Finishing",
         "Hand 1, Chandra: a player needs a canasta of their own or their partner's to finish, and neither this "
         "player nor Esha, the partner, has one.")


def test_finishing_with_only_the_partners_canasta_is_allowed():
    hand = details(asha={"pure_canastas": None, "impure_canastas": None, "table_points": 30},
                   dev={"opening_points": None})  # Dev's 60 needs 75 once Asha, the partner, has no canasta
    assert errors(answer(sheet(lines(hand)))) == []
    assert walked(lines(hand)) == SLIP  # and so the checks find, walking the deal line by line


def test_an_opening_below_75_without_help():
    only(sheet(lines(details(bina={"opening_points": 70}))), "opening-below-minimum", 1, "bina",
         "details.opening_points", "Playing",
         "Hand 1, Bina: without a kitty, a finish or a canasta of Dev, the partner, an opening meld needs 75, so "
         "one worth 70 is too little.")


def test_an_opening_below_25_even_with_a_kitty():
    only(sheet(lines(details(esha={"opening_points": 20}))), "opening-below-minimum", 1, "esha",
         "details.opening_points", "Playing",
         "Hand 1, Esha: an opening meld needs 25 even with a kitty, a finish or the partner's canasta, so one "
         "worth 20 is too little.")


def test_an_opening_of_25_with_the_partners_canasta_is_allowed():
    hand = details(dev={"pure_canastas": 1, "table_points": 100, "hand_points": 15, "opening_points": 50},
                   bina={"opening_points": 25})
    assert errors(answer(sheet(lines(hand)))) == []
    assert walked(lines(hand)) == SLIP


def test_a_partner_without_details_may_have_a_canasta():
    found = answer(sheet(lines(details(bina={"opening_points": 30}), dev={"plain": True, "base": 0, "count": 5})))
    assert errors(found) == []
    assert [v["code"] for v in found["violations"]] == ["base-not-itemised"]


def test_a_partners_super_canasta_alone_helps_the_opening():
    hand = details(dev={"pure_super_canastas": 1, "table_points": 115, "hand_points": 55, "opening_points": 60},
                   bina={"opening_points": 25})
    assert errors(answer(sheet(lines(hand)))) == []
    assert walked(lines(hand)) == SLIP


def test_a_partner_s_impure_super_canasta_helps_the_opening():
    """Chandra opens with 30: Esha, the partner, has an impure Super Canasta, so 25 is enough."""
    hand = details(chandra={"opening_points": 30},
                   esha={"impure_super_canastas": 1, "kitties": None, "table_points": 110, "opening_points": None})
    assert errors(answer(sheet(lines(hand)))) == []
    assert walked(lines(hand)) == SLIP
