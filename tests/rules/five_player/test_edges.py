"""The checks of one line and of one deal at their edges: each bound at its last allowed value, each
condition with only one of its parts true, each message's other wording. The whole answer is asserted."""

from tests.rules.five_player.builders import SLIP, answer, details, errors, lines, only, sheet, violation, walked

EMPTY = {"asha": {}, "bina": {}, "chandra": {}, "dev": {}, "esha": {}}
NOT_ITEMISED_ESHA = violation(
    "base-not-itemised", 1, "esha", "details", "Scoring",
    "Hand 1, Esha: only base and count are written, so the checks confirm the arithmetic and that the base is "
    "possible, but not the canastas, kitties and finishing behind it.", "info")
# Asha alone scores 50 (a kitty): under the own reading she leads alone (by credited scores she would tie
# with Dev, her rentrap, whose credited score is his own plus hers).
KITTY = {**EMPTY, "asha": {"kitties": 1}}


def own(hand: dict, **options) -> dict:
    """A sheet of one hand under the own reading, so a lone score makes no tie."""
    return sheet(hand, options={"game_end_counts": "own", **options}, credited=False)


def test_a_count_of_the_whole_pack_either_way_is_possible():
    for count in (980, -980):
        found = answer(own(lines(KITTY, esha={"plain": True, "base": 0, "count": count})))
        assert found["valid"] is True and found["violations"] == [NOT_ITEMISED_ESHA], count


def test_hand_points_that_are_not_a_multiple_of_five():
    only(sheet(lines(details(dev={"hand_points": 56}))), "points-not-multiple-of-five", 1, "dev",
         "details.hand_points", "Players and cards",
         "Hand 1, Dev: hand points of 56 are impossible; every card is worth a multiple of 5.")


def test_every_card_point_that_is_not_a_multiple_of_five_is_reported():
    document = sheet(lines(details(dev={"table_points": 61, "hand_points": 56, "opening_points": 61}),
                           dev={"count": 5}))
    assert [(v["code"], v["field"]) for v in errors(answer(document))] == [
        ("points-not-multiple-of-five", "details.table_points"),
        ("points-not-multiple-of-five", "details.hand_points"),
        ("points-not-multiple-of-five", "details.opening_points")]


def test_canastas_beyond_the_table_points_with_nothing_in_hand():
    document = sheet(lines(details(chandra={"table_points": 30, "hand_points": None, "opening_points": None})))
    only(document, "canastas-exceed-table-points", 1, "chandra", "details.table_points", "Players and cards",
         "Hand 1, Chandra: the canastas recorded are worth at least 35 in cards, so table points of 30 are "
         "impossible.")


def test_canastas_at_exactly_their_least_worth_fit_the_table_points():
    document = sheet(lines(details(chandra={"table_points": 35, "opening_points": None})))
    assert errors(answer(document)) == []
    assert walked(lines(details(chandra={"table_points": 35, "opening_points": None}))) == SLIP


def test_canastas_with_no_card_points_recorded_leave_the_count_as_written():
    document = sheet(lines(details(chandra={"table_points": None, "hand_points": None, "opening_points": None}),
                           chandra={"count": 100}))
    found = answer(document)
    assert found["valid"] is True and found["violations"] == []
    assert found["computed"]["hands"][0]["chandra"]["total"] == 200
    assert walked(document["hands"][0]) == SLIP


def test_an_opening_beyond_the_melds_with_nothing_in_hand():
    document = sheet(lines(details(dev={"opening_points": 65, "hand_points": None})))
    only(document, "opening-exceeds-table-points", 1, "dev", "details.opening_points", "Playing",
         "Hand 1, Dev: the opening meld stays on the table, so it cannot be worth 65 when all the melds are "
         "worth 60.")


def test_an_opening_equal_to_the_melds_is_possible():
    document = sheet(lines(details(dev={"opening_points": 75, "table_points": 75, "hand_points": 70})))
    assert errors(answer(document)) == []
    assert walked(lines(details(dev={"opening_points": 75, "table_points": 75, "hand_points": 70}))) == SLIP


def test_an_opening_with_no_card_points_recorded_is_not_held_to_them():
    document = sheet(lines(details(dev={"table_points": None, "hand_points": None}), dev={"count": 5}))
    found = answer(document)
    assert found["valid"] is True and found["violations"] == []
    assert walked(document["hands"][0]) == SLIP


def test_three_players_cannot_all_have_finished():
    hand = details(bina={"went_out": True, "hand_points": None}, chandra={"went_out": True, "hand_points": None})
    only(sheet(lines(hand)), "went-out-more-than-one", 1, None, "details.went_out", "Finishing",
         "Hand 1: Asha, Bina and Chandra cannot all have finished; the deal ends when the first player "
         "finishes.")


def test_a_finisher_whose_partner_wrote_no_details_may_have_the_partners_canasta():
    hand = details(asha={"went_out": None}, chandra={"pure_canastas": None, "went_out": True,
                                                     "hand_points": None})
    found = answer(sheet(lines(hand, esha={"plain": True, "base": 50, "count": -65})))
    assert found["valid"] is True and found["violations"] == [NOT_ITEMISED_ESHA]


def test_a_base_with_plus_canasta_names_the_super_canastas_with_their_canasta_bonus():
    hand = {**EMPTY, "asha": {"pure_super_canastas": 1, "impure_super_canastas": 1, "table_points": 225}}
    document = own(lines(hand, asha={"base": 800}), super_canasta_bonus="plus_canasta")
    only(document, "base-mismatch", 1, "asha", "base", "Scoring",
         "Hand 1, Asha: the base should be 950 (Super Canastas 950), not 800.")


def test_a_base_breakdown_names_every_part():
    hand = {**EMPTY, "asha": {"pure_canastas": 1, "impure_canastas": 1, "pure_super_canastas": 1,
                              "impure_super_canastas": 1, "kitties": 2, "went_out": True, "table_points": 300}}
    document = own(lines(hand, asha={"base": 100}), super_canasta_bonus="plus_canasta")
    only(document, "base-mismatch", 1, "asha", "base", "Scoring",
         "Hand 1, Asha: the base should be 1,250 (canastas 150, Super Canastas 950, kitties 100 and finishing "
         "50), not 100.")


def test_a_base_of_the_most_bonuses_is_possible_and_one_step_more_is_not():
    most = 4150
    found = answer(own(lines(KITTY, esha={"plain": True, "base": most, "count": 0})))
    assert found["valid"] is True and found["violations"] == [NOT_ITEMISED_ESHA]
    only(own(lines(KITTY, esha={"plain": True, "base": most + 50, "count": 0})),
         "base-impossible", 1, "esha", "base", "Scoring",
         "Hand 1, Esha: a base of 4,200 is impossible; no player can score more than 4,150 in bonuses in one "
         "hand.")


def test_a_base_of_0_is_possible_on_its_own():
    found = answer(own(lines(KITTY, esha={"plain": True, "base": 0, "count": 0})))
    assert found["valid"] is True and found["violations"] == [NOT_ITEMISED_ESHA]


def test_counts_that_fill_the_pack_exactly_fit():
    found = answer(own(lines(EMPTY, asha={"count": 500}, bina={"count": -480})))
    assert found["valid"] is True and found["violations"] == []


def test_eight_super_canastas_fit_the_two_packs():
    hand = {**EMPTY, "asha": {"pure_super_canastas": 4, "table_points": 460},
            "bina": {"impure_super_canastas": 4, "table_points": 440}}
    found = answer(own(lines(hand)))
    assert found["valid"] is True and found["violations"] == []
    assert walked(lines(hand)) == SLIP


def test_canastas_that_hold_exactly_every_card_fit_the_pack():
    hand = {**EMPTY, "asha": {"pure_super_canastas": 2, "table_points": 230},
            "bina": {"pure_canastas": 6, "table_points": 260}, "chandra": {"pure_canastas": 6, "table_points": 260}}
    found = answer(sheet(lines(hand)))
    assert found["valid"] is True and found["violations"] == []
    assert walked(lines(hand)) == SLIP


def test_card_points_of_exactly_the_pack_fit():
    hand = details(dev={"table_points": 215, "hand_points": 200})
    found = answer(sheet(lines(hand)))
    assert found["valid"] is True and found["violations"] == []
    assert walked(lines(hand)) == SLIP


def test_more_super_canastas_than_suits_leaves_the_cards_unsummed():
    # nine Super Canastas hold 117 cards too: only the suits are reported
    hand = {**EMPTY, "asha": {"pure_super_canastas": 5}, "bina": {"pure_super_canastas": 4}}
    assert [v["code"] for v in answer(own(lines(hand)))["violations"]] == ["super-canastas-exceed-deck"]


def test_an_opening_of_75_needs_no_help_and_an_opening_meld_of_none_is_no_opening():
    hand = details(bina={"opening_points": 75})
    assert errors(answer(sheet(lines(hand)))) == []
    assert walked(lines(hand)) == SLIP


def test_counts_that_fill_the_pack_exactly_fit_on_a_deal_the_checks_walk():
    # written as base and count alone, the deal is checked line by line (no fast pass)
    plain = {side: {"plain": True, "base": 0, "count": 0} for side in EMPTY}
    hand = lines(EMPTY, **{**plain, "asha": {"plain": True, "base": 0, "count": 500},
                           "bina": {"plain": True, "base": 0, "count": -480}})
    found = answer(own(hand))
    assert found["valid"] is True
    assert [(v["code"], v["side"]) for v in found["violations"]] == [("base-not-itemised", None)]


def test_an_opening_with_nothing_on_the_table_but_cards_in_hand():
    only(sheet(lines(details(dev={"table_points": None}))), "opening-exceeds-table-points", 1, "dev",
         "details.opening_points", "Playing",
         "Hand 1, Dev: the opening meld stays on the table, so it cannot be worth 60 when all the melds are "
         "worth 0.")
