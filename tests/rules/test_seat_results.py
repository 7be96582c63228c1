"""What a table's seat scores are worth to each player (rules.seat_results), as plain data."""

from rules.fibonacci21_solitaire import RULESET as SOLITAIRE
from rules.five_player import RULESET as FIVE_PLAYER
from rules.room import CREDITED_POINTS, FEWEST_CARDS, MOST_POINTS, room_of
from rules.seat_results import score_refusal, table_outcomes, table_refusal

FIVE, ALONE = room_of(FIVE_PLAYER), room_of(SOLITAIRE)


def test_the_five_player_game_asks_multiples_of_five_and_the_solitaire_no_negative_cards():
    assert score_refusal(FIVE, -1250, "Ana") == "" and score_refusal(ALONE, 0, "Ana") == ""
    assert "multiple of 5" in score_refusal(FIVE, 1234, "Ana")
    assert "fewer than no cards" in score_refusal(ALONE, -1, "Ana")
    assert score_refusal(FIVE, 12.0, "Ana") == "Ana's score 12.0 is not a whole number."
    assert score_refusal(ALONE, True, "Ana") == "Ana's score True is not a whole number."
    assert "too large" in score_refusal(ALONE, 100_000, "Ana")


def test_a_credited_table_needs_five_seats():
    assert table_refusal(FIVE, 5) == "" and "not 4" in table_refusal(FIVE, 4)
    assert table_refusal(ALONE, 1) == ""


def test_places_wins_ties_and_margins_at_a_table():
    credited = table_outcomes(CREDITED_POINTS, [500, 400, 300, 200, 100])
    assert [o.result for o in credited] == [800, 600, 400, 700, 500]
    assert [(o.won, o.tied) for o in credited] == [(True, False)] + [(False, False)] * 4
    assert [o.place for o in credited] == [1, 3, 5, 2, 4] and [o.margin for o in credited] == [100, -200, -400,
                                                                                                 -100, -300]
    shared = table_outcomes(MOST_POINTS, [900, 900, 100])
    assert [(o.place, o.won, o.tied, o.margin) for o in shared] == [(1, False, True, 0), (1, False, True, 0),
                                                                    (3, False, False, -800)]
    cards = table_outcomes(FEWEST_CARDS, [12, 30, 5])
    assert [(o.result, o.place, o.margin) for o in cards] == [(12, 2, -7), (30, 3, -25), (5, 1, 7)]
    assert table_outcomes(FEWEST_CARDS, [9])[0].margin == 0


def test_each_refusal_is_one_whole_sentence_naming_the_seat_and_the_score_as_written():
    assert score_refusal(FIVE, 1234, "Asha") == (
        "Asha's score 1234 is not a multiple of 5, as every score of this game is.")
    assert score_refusal(ALONE, -1, "Ana", "minus one") == "Ana's score minus one cannot be fewer than no cards."
    assert score_refusal(FIVE, 12.5, "Bina") == "Bina's score 12.5 is not a whole number."
    assert score_refusal(ALONE, True, "Ana", "yes") == "Ana's score yes is not a whole number."
    assert score_refusal(ALONE, 100_000, "Ana") == (
        "Ana's score 100000 is too large: a game's score is under 100,000.")
    assert score_refusal(ALONE, -100_000, "Ana") == (
        "Ana's score -100000 is too large: a game's score is under 100,000.")
    assert table_refusal(FIVE, 4) == ("The five-player game credits each player with a partner's score, so it needs 5 "
                                      "players at the table, not 4.")
