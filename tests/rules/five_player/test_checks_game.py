"""Each check of the arithmetic and of the game (rules/five_player/checks_game.py), with a sheet that fails
only it. The example's two deals: own totals 435, 105, 200, 5, -15 then 130, 465, -65, 280, 95; credited
after the second deal Asha 700, Bina 855, Chandra 215, Dev 850, Esha 650 (partners two seats on)."""

import json

from rules.five_player.codes import HANDS
from rules.five_player.examples import EXAMPLE_DETAILS
from rules.registry import example
from tests.rules.five_player.builders import HAND, SECOND, answer, details, errors, lines, only, sheet

ONE, TWO = lines(HAND), lines(SECOND)


def with_line(hand: dict, side: str, **fields) -> dict:
    return {**hand, side: {**hand[side], **fields}}


def test_the_example_is_valid_and_computes_own_and_credited_totals():
    found = answer(sheet(ONE, TWO))
    assert found["valid"] is True and found["violations"] == []
    computed = found["computed"]
    assert computed["hands"][0]["asha"] == {"total": 435, "cumulative": 435, "credited": 635}
    assert computed["hands"][1] == {"asha": {"total": 130, "cumulative": 565, "credited": 700},
                                    "bina": {"total": 465, "cumulative": 570, "credited": 855},
                                    "chandra": {"total": -65, "cumulative": 135, "credited": 215},
                                    "dev": {"total": 280, "cumulative": 285, "credited": 850},
                                    "esha": {"total": 95, "cumulative": 80, "credited": 650}}
    assert computed["own_final"] == {"asha": 565, "bina": 570, "chandra": 135, "dev": 285, "esha": 80}
    assert computed["credited_final"] == {"asha": 700, "bina": 855, "chandra": 215, "dev": 850, "esha": 650}
    assert computed["final"] == computed["credited_final"]
    assert computed["game_end_counts"] == "credited"
    assert computed["winner"] == "bina"


def test_a_total_that_is_not_base_plus_count():
    only(sheet(with_line(ONE, "asha", total=440), TWO), "total-mismatch", 1, "asha", "total", "Scoring",
         "Hand 1, Asha: the total should be 435, the base plus the count, not 440.")


def test_a_running_total_that_does_not_add_up():
    only(sheet(ONE, with_line(TWO, "asha", cumulative=570)), "cumulative-mismatch", 2, "asha", "cumulative",
         "Scoring", "Hand 2, Asha: the running total should be 565 (435 before this hand plus 130), not 570.")


def test_the_first_running_total_is_the_first_total():
    only(sheet(with_line(ONE, "asha", cumulative=430), TWO), "cumulative-mismatch", 1, "asha", "cumulative",
         "Scoring", "Hand 1, Asha: the running total after the first hand is that hand's total, 435, not 430.")


def test_a_credited_figure_that_is_not_own_plus_partner():
    only(sheet(with_line(ONE, "asha", credited=640), TWO), "credited-mismatch", 1, "asha", "credited", "Scoring",
         "Hand 1, Asha: the credited score should be 635 (435 of this player's own plus 200 of Chandra, the "
         "partner), not 640.")


def test_a_credited_figure_of_own_plus_the_rentrap_is_wrong():
    # Dev is Asha's rentrap: his score is not Asha's to add
    only(sheet(with_line(ONE, "asha", credited=440), TWO), "credited-mismatch", 1, "asha", "credited", "Scoring",
         "Hand 1, Asha: the credited score should be 635 (435 of this player's own plus 200 of Chandra, the "
         "partner), not 440.")


def test_a_final_that_is_not_the_credited_score_after_the_last_hand():
    document = sheet(ONE, TWO)
    document["final"]["asha"] = 710
    only(document, "final-mismatch", None, "asha", "final", "Scoring",
         "The final for Asha should be 700, the credited score after the last hand, not 710.")


def test_a_winner_who_does_not_have_the_highest_final():
    only(sheet(ONE, TWO, winner="dev"), "winner-mismatch", None, None, "winner", "Scoring",
         "The winner is Bina with 855, the highest final, not Dev as written.")


TIED = lines(details(SECOND, bina={"table_points": 210}))  # Bina 565 + Dev 285 = Dev 285 + Asha 565


def test_a_tie_is_for_the_director():
    only(sheet(ONE, TIED), "tie-for-director", None, None, "winner", "Scoring",
         "The game ended in a tie at 850 between Bina and Dev, which the event director resolves.",
         severity="warning")


def test_a_tie_with_a_winner_written_asks_the_director():
    only(sheet(ONE, TIED, winner="dev"), "tie-for-director", None, None, "winner", "Scoring",
         "The game ended in a tie at 850 between Bina and Dev, which the event director resolves; the sheet "
         "names Dev, so check that the director decided so.", severity="warning")


def test_a_sheet_without_hands():
    only(sheet(), "no-hands", None, None, "hands", HANDS,
         "The sheet has no hands; a game needs at least one hand.")


def test_a_hand_after_a_credited_score_reached_the_target():
    only(sheet(ONE, TWO, options={"target_score": 600}), "hand-after-target", 2, None, "hands", "Scoring",
         "Hand 2: the game was over after hand 1, when the credited score of Asha reached 635 of the 600 "
         "needed, so no more hands are played.")


def test_a_hand_after_an_own_score_reached_the_target():
    only(sheet(ONE, TWO, options={"game_end_counts": "own", "target_score": 400}, credited=False),
         "hand-after-target", 2, None, "hands", "Scoring",
         "Hand 2: the game was over after hand 1, when the score of Asha reached 435 of the 400 needed, so no "
         "more hands are played.")


def test_a_game_played_to_the_target_must_reach_it():
    only(sheet(ONE, TWO, options={"play_to_target": True}), "game-not-finished", None, None, "hands", "Scoring",
         "The game ended before anyone reached 4,000: the highest credited score is 855, and this game is played "
         "until a player reaches the target.")


def test_a_game_played_to_the_target_that_reaches_it_is_valid():
    assert errors(answer(sheet(ONE, TWO, options={"play_to_target": True, "target_score": 850}))) == []


def _quiet_hand() -> dict:
    """A hand with nothing scored: a sheet of many stays far from the target."""
    return {side: {"base": 0, "count": 0, "details": {}} for side in EXAMPLE_DETAILS[0]}


def test_a_hundred_and_first_hand():
    found = only(sheet(*[_quiet_hand()] * 101, winner=None), "too-many-hands", 101, None, "hands", HANDS,
                 "Hand 101: a sheet can list at most 100 hands, so this hand should not be on the sheet.")
    assert found["computed"]["game_end_counts"] == "credited"  # the hands are not checked, but still added up


def test_hands_beyond_the_hundredth_are_not_checked():
    only(sheet(*[_quiet_hand()] * 103, winner=None), "too-many-hands", 101, None, "hands", HANDS,
         "Hand 101: a sheet can list at most 100 hands, so hands 101 to 103 should not be on the sheet; the hands "
         "were not checked.")


def test_one_slip_in_a_running_total_is_reported_once():
    # the second hand carries the slip on faithfully: only the first running total is wrong
    first = with_line(ONE, "asha", cumulative=430)
    second = with_line(TWO, "asha", cumulative=560)
    found = answer(sheet(first, second))
    assert [(v["code"], v["hand"], v["field"]) for v in errors(found)] == [("cumulative-mismatch", 1, "cumulative")]


def test_a_slipped_base_that_makes_a_tie_is_reported_once_as_the_slip():
    """Asha's base written 255 for 250: the written bases tie Bina and Dev at 855; the scores the rules
    recompute do not, so the slip is the one message and no tie is put to the director."""
    document = example("five_player")
    document["hands"][0]["asha"]["base"] = 255
    found = answer(document)["violations"]
    assert [(v["code"], v["side"], v["field"]) for v in found] == [("base-mismatch", "asha", "base")]


def test_a_tie_written_where_one_player_leads():
    only(sheet(ONE, TWO, winner="tie"), "winner-mismatch", None, None, "winner", "Scoring",
         "The winner is Bina with 855, the highest final, not a tie as written.")


def test_a_winner_who_leads_by_the_written_finals_is_left_to_the_final_mismatch():
    document = sheet(ONE, TWO, winner="dev")
    document["final"]["dev"] = 860
    only(document, "final-mismatch", None, "dev", "final", "Scoring",
         "The final for Dev should be 850, the credited score after the last hand, not 860.")


def test_a_tie_of_three_names_them_all():
    quiet = {side: {"base": 0, "count": 0, "details": {}} for side in HAND}
    behind = {"base": 0, "count": -5, "details": {"hand_points": 5}}
    only(sheet({**quiet, "asha": behind, "bina": behind}, options={"game_end_counts": "own"}, credited=False),
         "tie-for-director", None, None, "winner", "Scoring",
         "The game ended in a tie at 0 between Chandra, Dev and Esha, which the event director resolves.",
         severity="warning")


def test_a_hand_after_the_target_reached_exactly():
    only(sheet(ONE, TWO, options={"target_score": 635}), "hand-after-target", 2, None, "hands", "Scoring",
         "Hand 2: the game was over after hand 1, when the credited score of Asha reached 635 of the 635 "
         "needed, so no more hands are played.")


def test_the_target_not_reached_by_the_last_but_one_hand():
    assert errors(answer(sheet(ONE, TWO, options={"target_score": 640}))) == []


def test_the_hand_after_the_target_names_the_highest_score_that_reached_it():
    # Asha's 635 and Dev's 440 both reach 440
    only(sheet(ONE, TWO, options={"target_score": 440}), "hand-after-target", 2, None, "hands", "Scoring",
         "Hand 2: the game was over after hand 1, when the credited score of Asha reached 635 of the 440 "
         "needed, so no more hands are played.")


def test_a_target_reached_only_by_the_rules_numbers_not_the_sheets_is_no_hand_too_many():
    # Asha's credited figure is written 600: the sheet's scores stay below 635, so it went on in good faith
    only(sheet(with_line(ONE, "asha", credited=600), TWO, options={"target_score": 635}), "credited-mismatch", 1,
         "asha", "credited", "Scoring",
         "Hand 1, Asha: the credited score should be 635 (435 of this player's own plus 200 of Chandra, the "
         "partner), not 600.")


def test_the_second_hand_after_the_target_is_not_reported_again():
    hands = [ONE, TWO, TWO]
    found = answer(sheet(*hands, options={"target_score": 600}))
    assert [(v["code"], v["hand"]) for v in errors(found)] == [("hand-after-target", 2)]


def test_a_game_played_to_the_target_reaching_it_exactly_is_finished():
    assert errors(answer(sheet(ONE, TWO, options={"play_to_target": True, "target_score": 855}))) == []


def test_a_game_played_to_the_target_under_the_own_reading():
    only(sheet(ONE, TWO, options={"play_to_target": True, "game_end_counts": "own"}, credited=False),
         "game-not-finished", None, None, "hands", "Scoring",
         "The game ended before anyone reached 4,000: the highest score is 570, and this game is played until a "
         "player reaches the target.")


def test_a_game_played_to_a_target_the_sheets_scores_reach_is_left_to_the_slip():
    # Bina's credited figure written 860 for 855 reaches the target on the sheet: only that slip is reported
    only(sheet(ONE, with_line(TWO, "bina", credited=860), options={"play_to_target": True, "target_score": 860}),
         "credited-mismatch", 2, "bina", "credited", "Scoring",
         "Hand 2, Bina: the credited score should be 855 (570 of this player's own plus 285 of Dev, the "
         "partner), not 860.")


def test_a_game_played_to_the_target_reaching_it_exactly_is_finished_on_a_sheet_the_checks_walk():
    # Asha's total written 135 for 130 in the second deal: that slip only
    only(sheet(ONE, with_line(TWO, "asha", total=135), options={"play_to_target": True, "target_score": 855}),
         "total-mismatch", 2, "asha", "total", "Scoring",
         "Hand 2, Asha: the total should be 130, the base plus the count, not 135.")


def test_a_game_played_to_the_target_reached_exactly_by_the_final_though_not_as_written():
    # Bina's credited figure written 850 for 855: the sheet's own scores fall short, her final does not
    only(sheet(ONE, with_line(TWO, "bina", credited=850), options={"play_to_target": True, "target_score": 855}),
         "credited-mismatch", 2, "bina", "credited", "Scoring",
         "Hand 2, Bina: the credited score should be 855 (570 of this player's own plus 285 of Dev, the "
         "partner), not 850.")


def test_the_target_reached_is_told_alike_from_the_json_text_where_each_clean_deal_is_carried_by_the_checks():
    """JSON text is parsed before the checks, so each clean deal is carried by the checks' own walk (its
    running totals and the scores the rules can prove), not by the usual pass: the same answers."""
    credited = sheet(ONE, TWO, options={"target_score": 600})
    own = sheet(ONE, TWO, options={"game_end_counts": "own", "target_score": 400}, credited=False)
    for document in (credited, own):
        assert answer(json.dumps(document)) == answer(document)
    assert [v["message"] for v in errors(answer(json.dumps(own)))] == [
        "Hand 2: the game was over after hand 1, when the score of Asha reached 435 of the 400 needed, so no "
        "more hands are played."]
    assert [v["message"] for v in errors(answer(json.dumps(credited)))] == [
        "Hand 2: the game was over after hand 1, when the credited score of Asha reached 635 of the 600 "
        "needed, so no more hands are played."]


def test_a_running_total_left_unwritten_in_a_hand_the_checks_walk_is_carried_as_written():
    """Asha's total slips in hand 1 and her running total is not written: the checks walk the hand, and the
    next hand's running total follows on from the written total."""
    first = with_line(ONE, "asha", total=440, cumulative=None)
    second = with_line(TWO, "asha", cumulative=570)
    found = answer(sheet(first, second))
    assert [(v["code"], v["hand"], v["side"], v["field"]) for v in errors(found)] == [
        ("total-mismatch", 1, "asha", "total")]


def test_a_running_total_after_an_impossible_base_is_held_to_the_written_total():
    """Asha writes base and count only, and a base no bonus makes: nothing recomputes her hand, so her
    running total is held to the total she wrote."""
    plain = {"base": 275, "count": 10, "total": 285, "cumulative": 290, "credited": 490, "details": None}
    document = sheet({**with_line(ONE, "dev", credited=295), "asha": plain})  # credited on from 290
    document["final"].update(asha=490, dev=295)
    found = answer(document)
    assert [(v["code"], v["hand"], v["side"], v["field"], v["message"]) for v in errors(found)] == [
        ("base-impossible", 1, "asha", "base",
         "Hand 1, Asha: a base of 275 is impossible; every bonus is a multiple of 50."),
        ("cumulative-mismatch", 1, "asha", "cumulative",
         "Hand 1, Asha: the running total after the first hand is that hand's total, 285, not 290.")]


def test_a_final_that_is_neither_reading_quotes_the_recomputed_one():
    """Asha's second running total is written 570 for 565, and her final 710: the final should be 700,
    the credited score the rules recompute, not the 705 her written running total makes."""
    document = sheet(ONE, with_line(TWO, "asha", cumulative=570))
    document["final"]["asha"] = 710
    found = answer(document)
    assert [(v["code"], v["hand"], v["side"], v["message"]) for v in errors(found)] == [
        ("cumulative-mismatch", 2, "asha",
         "Hand 2, Asha: the running total should be 565 (435 before this hand plus 130), not 570."),
        ("final-mismatch", None, "asha",
         "The final for Asha should be 700, the credited score after the last hand, not 710.")]


def test_a_target_reached_only_by_a_slipped_credited_figure_is_passed_and_the_real_one_is_found_later():
    """Asha's first credited figure is written 700 for 635: the sheet's figures reach the target of 640
    after hand 1, the rules' do not, so hand 2 is played in good faith; after hand 2 the rules' reach it
    too (Bina 855), so hand 3 is one too many."""
    document = sheet(with_line(ONE, "asha", credited=700), TWO, TWO, options={"target_score": 640})
    found = answer(document)
    assert [(v["code"], v["hand"], v["message"]) for v in errors(found)] == [
        ("credited-mismatch", 1, "Hand 1, Asha: the credited score should be 635 (435 of this player's own plus 200 "
                                 "of Chandra, the partner), not 700."),
        ("hand-after-target", 3, "Hand 3: the game was over after hand 2, when the credited score of Bina reached "
                                 "855 of the 640 needed, so no more hands are played.")]


def test_credited_figures_left_unwritten_in_a_walked_hand_are_the_running_totals_added():
    """Nobody writes a credited figure in hand 1, where Asha's total slips (so the checks walk it): the
    sheet's credited scores are its running totals added up, Asha's 435 and Chandra's 200, 635, which
    reach the target of 600; so hand 2 is one too many."""
    first = {side: {**line, "credited": None} for side, line in with_line(ONE, "asha", total=440).items()}
    found = answer(sheet(first, TWO, options={"target_score": 600}))
    assert [(v["code"], v["hand"], v["message"]) for v in errors(found)] == [
        ("total-mismatch", 1, "Hand 1, Asha: the total should be 435, the base plus the count, not 440."),
        ("hand-after-target", 2, "Hand 2: the game was over after hand 1, when the credited score of Asha reached "
                                 "635 of the 600 needed, so no more hands are played.")]
