"""Each check of one player's line (rules/five_player/checks_line.py), with a sheet that fails only it:
the whole message, the code, the hand, the side and the field."""

from tests.rules.five_player.builders import HAND, answer, details, errors, lines, only, sheet, violation


def test_a_count_that_is_not_a_multiple_of_five():
    document = sheet(lines(HAND, esha={"plain": True, "base": 50, "count": 12}))
    only(document, "count-not-multiple-of-five", 1, "esha", "count", "Players and cards",
         "Hand 1, Esha: a count of 12 is impossible; every card is worth a multiple of 5.")


def test_a_count_beyond_the_pack():
    document = sheet(lines(HAND, esha={"plain": True, "base": 50, "count": -985}))
    only(document, "count-impossible", 1, "esha", "count", "Players and cards",
         "Hand 1, Esha: a count of -985 is impossible; all 110 cards together are worth 980.")


def test_table_points_that_are_not_a_multiple_of_five():
    document = sheet(lines(details(bina={"table_points": 92})))
    only(document, "points-not-multiple-of-five", 1, "bina", "details.table_points", "Players and cards",
         "Hand 1, Bina: table points of 92 are impossible; every card is worth a multiple of 5.")


def test_an_opening_meld_that_is_not_a_multiple_of_five():
    document = sheet(lines(details(bina={"opening_points": 81})))
    only(document, "points-not-multiple-of-five", 1, "bina", "details.opening_points", "Players and cards",
         "Hand 1, Bina: an opening meld worth 81 is impossible; every card is worth a multiple of 5.")


def test_a_count_that_is_not_table_minus_hand_points():
    document = sheet(lines(HAND, bina={"count": 60}))
    only(document, "count-mismatch", 1, "bina", "count", "Scoring",
         "Hand 1, Bina: the count should be 55 (90 on the table minus 35 in hand), not 60.")


def test_a_base_that_is_not_what_the_bonuses_add_up_to():
    document = sheet(lines(HAND, asha={"base": 300}))
    only(document, "base-mismatch", 1, "asha", "base", "Scoring",
         "Hand 1, Asha: the base should be 250 (canastas 150, kitties 50 and finishing 50), not 300.")


def test_a_base_without_any_bonus_behind_it_says_so():
    document = sheet(lines(HAND, dev={"base": 50}))
    only(document, "base-mismatch", 1, "dev", "base", "Scoring",
         "Hand 1, Dev: the details record no canasta, kitty or finish, so the base should be 0, not 50.")


def test_a_base_no_bonuses_can_make():
    document = sheet(lines(HAND, esha={"plain": True, "base": 75, "count": -65}))
    only(document, "base-impossible", 1, "esha", "base", "Scoring",
         "Hand 1, Esha: a base of 75 is impossible; every bonus is a multiple of 50.")


def test_a_base_beyond_every_bonus_of_a_hand():
    document = sheet(lines(HAND, esha={"plain": True, "base": 4200, "count": -65}))
    only(document, "base-impossible", 1, "esha", "base", "Scoring",
         "Hand 1, Esha: a base of 4,200 is impossible; no player can score more than 4,150 in bonuses in "
         "one hand.")


def test_a_negative_base():
    document = sheet(lines(HAND, esha={"plain": True, "base": -50, "count": -65}))
    only(document, "base-impossible", 1, "esha", "base", "Scoring",
         "Hand 1, Esha: a base of -50 is impossible; bonuses are never negative.")


def test_a_base_between_the_bounds_that_the_pack_cannot_hold():
    document = sheet(lines(HAND, esha={"plain": True, "base": 4750, "count": -65}),
                     options={"super_canasta_bonus": "plus_canasta"})
    only(document, "base-impossible", 1, "esha", "base", "Scoring",
         "Hand 1, Esha: a base of 4,750 is impossible; no mix of canastas, Super Canastas, kitties and "
         "finishing the pack can hold makes it.")


def test_a_line_of_base_and_count_alone_gets_a_note_naming_the_player():
    found = answer(sheet(lines(HAND, esha={"plain": True, "base": 50, "count": -65})))
    assert found["valid"] is True
    assert found["violations"] == [violation(
        "base-not-itemised", 1, "esha", "details", "Scoring",
        "Hand 1, Esha: only base and count are written, so the checks confirm the arithmetic and that the "
        "base is possible, but not the canastas, kitties and finishing behind it.", "info")]


def test_a_hand_of_base_and_count_alone_gets_one_note():
    plain = {side: {"base": line["base"], "count": line["count"]} for side, line in lines(HAND).items()}
    found = answer(sheet(plain))
    assert found["valid"] is True
    assert found["violations"] == [violation(
        "base-not-itemised", 1, None, "details", "Scoring",
        "Hand 1: only base and count are written for every player, so the checks confirm the arithmetic and "
        "that each base is possible, but not the canastas, kitties and finishing behind it.", "info")]


def test_canastas_worth_more_than_the_table_points():
    document = sheet(lines(details(chandra={"table_points": 30, "opening_points": None})))
    only(document, "canastas-exceed-table-points", 1, "chandra", "details.table_points", "Players and cards",
         "Hand 1, Chandra: the canastas recorded are worth at least 35 in cards, so table points of 30 are "
         "impossible.")


def test_the_player_who_finished_holds_no_cards():
    document = sheet(lines(details(asha={"hand_points": 10})))
    only(document, "went-out-with-cards", 1, "asha", "details.hand_points", "Finishing",
         "Hand 1, Asha: a player who finished has no cards left in hand, so hand points of 10 are impossible.")


def test_an_opening_meld_worth_more_than_the_melds():
    document = sheet(lines(details(dev={"opening_points": 65})))
    only(document, "opening-exceeds-table-points", 1, "dev", "details.opening_points", "Playing",
         "Hand 1, Dev: the opening meld stays on the table, so it cannot be worth 65 when all the melds are "
         "worth 60.")


def test_a_detailed_line_is_accepted_with_the_count_written_when_no_card_points_are():
    hand = details(esha={"table_points": None, "hand_points": None, "opening_points": None})
    assert errors(answer(sheet(lines(hand, esha={"count": -65})))) == []


NOT_ITEMISED = violation(
    "base-not-itemised", 1, "esha", "details", "Scoring",
    "Hand 1, Esha: only base and count are written, so the checks confirm the arithmetic and that the base is "
    "possible, but not the canastas, kitties and finishing behind it.", "info")


def _plain_esha(base: int, count: int, total: int) -> dict:
    """Esha's line of base and count only, with her total, running total and Chandra's and her credited
    figures written as `total` makes them (Esha's partner is Bina, 105; she is Chandra's, 200)."""
    hand = lines(HAND, esha={"plain": True, "base": base, "count": count, "total": total, "cumulative": total,
                             "credited": total + 105}, chandra={"credited": 200 + total})
    return sheet(hand, final=None, winner=None)


def test_the_total_of_a_line_of_base_and_count_alone_is_checked():
    found = answer(_plain_esha(50, -65, -20))
    assert found["violations"] == [
        violation("total-mismatch", 1, "esha", "total", "Scoring",
                  "Hand 1, Esha: the total should be -15, the base plus the count, not -20."), NOT_ITEMISED]


def test_no_total_is_checked_against_an_impossible_count_or_base():
    count_step = violation("count-not-multiple-of-five", 1, "esha", "count", "Players and cards",
                           "Hand 1, Esha: a count of 12 is impossible; every card is worth a multiple of 5.")
    count_size = violation("count-impossible", 1, "esha", "count", "Players and cards",
                           "Hand 1, Esha: a count of -985 is impossible; all 110 cards together are worth 980.")
    base = violation("base-impossible", 1, "esha", "base", "Scoring",
                     "Hand 1, Esha: a base of 75 is impossible; every bonus is a multiple of 50.")
    assert answer(_plain_esha(50, 12, -20))["violations"] == [count_step, NOT_ITEMISED]
    assert answer(_plain_esha(50, -985, -20))["violations"] == [count_size, NOT_ITEMISED]
    assert answer(_plain_esha(75, -65, -20))["violations"] == [base, NOT_ITEMISED]


NO_CARD_POINTS = details(chandra={"table_points": None, "hand_points": None, "opening_points": None})


def test_with_details_but_no_card_points_the_total_rests_on_the_written_count():
    only(sheet(lines(NO_CARD_POINTS, chandra={"count": 100, "total": 205})), "total-mismatch", 1, "chandra", "total",
         "Scoring", "Hand 1, Chandra: the total should be 200, the base plus the count, not 205.")


def test_with_details_but_no_card_points_an_impossible_count_leaves_the_total_unchecked():
    # Chandra's total, running total and credited figure (and Asha's, her rentrap's) carry base 100 + 15
    hand = lines(NO_CARD_POINTS, chandra={"count": 12, "total": 115, "cumulative": 115, "credited": 100},
                 asha={"credited": 550})
    only(sheet(hand, final=None, winner=None), "count-not-multiple-of-five", 1, "chandra", "count",
         "Players and cards", "Hand 1, Chandra: a count of 12 is impossible; every card is worth a multiple of 5.")
