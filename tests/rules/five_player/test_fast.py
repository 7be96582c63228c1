"""The fast pass (rules/five_player/fast.py) on its own: the running totals it carries on a deal with
nothing to report, and the None it gives at each doubt. The property tests hold what it accepts equal to
the full checks; these hold it to accepting the clean deals (a pass that gives up too often is only slow,
so no answer shows it) and to giving up exactly where the document says it must."""

import copy

from rules.five_player.fast import clean_hand, clean_totals
from rules.five_player.options import FivePlayerOptions
from rules.sides.usual import usual_answer
from tests.rules.five_player.builders import HAND, SECOND, answer, details, lines, sheet

SIDES = ("asha", "bina", "chandra", "dev", "esha")
ZERO = [0, 0, 0, 0, 0]
CREDITED = FivePlayerOptions()
OWN = FivePlayerOptions(game_end_counts="own")
EMPTY = {side: {} for side in SIDES}


def written(*hands: dict, **top) -> list[dict]:
    """The hands of a sheet, with every total, running total and credited figure written."""
    return sheet(*hands, **top)["hands"]


def after(hand: dict, before: list | None = None, plus_canasta: bool = False) -> list | None:
    return clean_hand(hand, SIDES, plus_canasta, ZERO if before is None else before)


def changed(hand: dict, side: str, **fields) -> dict:
    """A deep copy of a hand with fields of one player's line replaced (`details=...` replaces all)."""
    out = copy.deepcopy(hand)
    out[side].update(fields)
    return out


def detail(hand: dict, side: str, **values) -> dict:
    """A deep copy of a hand with details of one player's line replaced."""
    out = copy.deepcopy(hand)
    out[side]["details"].update(values)
    return out


FIRST = written(lines(HAND))[0]
FIRST_AFTER = [435, 105, 200, 5, -15]


# -- a clean deal is carried -------------------------------------------------------------------------


def test_the_examples_first_deal_is_carried_to_each_own_running_total():
    assert after(FIRST) == FIRST_AFTER


def test_the_second_deal_adds_to_the_running_totals_before_it():
    second = written(lines(HAND), lines(SECOND))[1]
    assert after(second, FIRST_AFTER) == [565, 570, 135, 285, 80]


def test_a_deal_with_nothing_but_base_and_count_written_is_carried():
    bare = {side: {"base": line["base"], "count": line["count"], "details": line["details"]}
            for side, line in lines(HAND).items()}
    assert after(bare) == FIRST_AFTER


def test_details_left_out_are_their_defaults():
    assert after(written(lines(EMPTY))[0]) == ZERO


def test_a_detail_written_as_null_is_a_doubt_and_one_written_as_0_is_not():
    # the parser reads null as the default, but the pass leaves that to it
    assert after(detail(FIRST, "dev", kitties=None)) is None
    assert after(detail(FIRST, "dev", kitties=0, went_out=False)) == FIRST_AFTER


def test_a_line_with_no_details_is_a_doubt():
    assert after(changed(FIRST, "dev", details=None)) is None


def test_a_super_canasta_scores_the_canasta_bonus_too_only_with_plus_canasta():
    hand = {**EMPTY, "asha": {"pure_super_canastas": 1, "impure_super_canastas": 1, "table_points": 225}}
    alone, plus = written(lines(hand))[0], written(lines(hand, asha={"base": 950}))[0]
    assert after(alone) == [1025, 0, 0, 0, 0]
    assert after(plus) is None
    assert after(plus, plus_canasta=True) == [1175, 0, 0, 0, 0]
    assert after(alone, plus_canasta=True) is None


def test_the_most_card_points_and_the_largest_count_are_carried():
    hand = {**EMPTY, "asha": {"table_points": 980, "opening_points": 980}}
    assert after(written(lines(hand))[0]) == [980, 0, 0, 0, 0]
    hand = {**EMPTY, "asha": {"hand_points": 980}}
    assert after(written(lines(hand))[0]) == [-980, 0, 0, 0, 0]


def test_a_count_written_without_card_points_is_carried_up_to_the_pack():
    for count in (980, -980, 5, -5):
        hand = written(lines(EMPTY, asha={"count": count}))[0]
        assert after(hand) == [count, 0, 0, 0, 0]


def test_two_kitties_and_eight_super_canastas_are_carried():
    hand = {"asha": {"pure_super_canastas": 4, "kitties": 1, "table_points": 460},
            "bina": {"pure_super_canastas": 4, "kitties": 1, "table_points": 460, "went_out": True},
            "chandra": {}, "dev": {}, "esha": {}}
    assert after(written(lines(hand))[0]) == [2510, 2560, 0, 0, 0]


def test_canastas_that_hold_every_card_are_carried():
    # 2 Super Canastas and 12 canastas: 26 + 84 = 110 cards
    hand = {"asha": {"pure_super_canastas": 2, "table_points": 230},
            "bina": {"pure_canastas": 6, "table_points": 260}, "chandra": {"pure_canastas": 6, "table_points": 260},
            "dev": {}, "esha": {}}
    assert after(written(lines(hand))[0]) == [1230, 860, 860, 0, 0]


def test_the_canastas_table_points_are_judged_by_their_least_worth():
    # 35 is the least a pure canasta of seven fives can be worth; 70 the most it can need
    for table in (35, 70):
        hand = {**EMPTY, "asha": {"pure_canastas": 1, "table_points": table}}
        assert after(written(lines(hand))[0]) == [100 + table, 0, 0, 0, 0]
    hand = {**EMPTY, "asha": {"pure_canastas": 1, "table_points": 30}}
    assert after(written(lines(hand))[0]) is None


def test_a_helped_opening_of_25_is_carried():
    # Esha's kitty helps her; Bina's is helped by Dev's canasta, her partner
    hand = detail(FIRST, "bina", opening_points=25)
    assert after(hand) is None  # Dev, Bina's partner, has no canasta
    partnered = lines(details(dev={"pure_canastas": 1, "table_points": 100, "hand_points": 15,
                                   "opening_points": 50}, bina={"opening_points": 25}))
    assert after(written(partnered)[0]) == [435, 105, 200, 185, -15]


def test_an_opening_of_exactly_75_needs_no_help():
    hand = written(lines(details(dev={"opening_points": 75, "table_points": 75, "hand_points": 70})))[0]
    assert after(hand) == FIRST_AFTER


def test_a_finisher_with_only_the_partners_canasta_is_carried():
    hand = lines(details(asha={"pure_canastas": None, "impure_canastas": None, "table_points": 30},
                         dev={"opening_points": None}))
    assert after(written(hand)[0]) == [130, 105, 200, 5, -15]


# -- each doubt gives None -------------------------------------------------------------------------------


def test_a_hand_that_is_not_five_lines_is_a_doubt():
    assert after([]) is None
    assert after({side: FIRST[side] for side in SIDES[:4]}) is None
    assert after({**FIRST, "zed": FIRST["dev"]}) is None
    assert after({**{side: FIRST[side] for side in SIDES[:4]}, "zed": FIRST["esha"]}) is None
    assert after({**FIRST, "dev": []}) is None


def test_an_unknown_field_or_detail_is_a_doubt():
    assert after(changed(FIRST, "dev", bonus=0)) is None
    assert after(detail(FIRST, "dev", red_threes=0)) is None
    assert after(changed(FIRST, "dev", details=[])) is None


def test_a_value_of_another_type_is_a_doubt():
    for name, value in [("pure_canastas", True), ("impure_canastas", 1.0), ("pure_super_canastas", "0"),
                        ("impure_super_canastas", None), ("kitties", False), ("table_points", 60.0),
                        ("hand_points", "55"), ("opening_points", None), ("went_out", 0), ("went_out", None)]:
        assert after(detail(FIRST, "dev", **{name: value})) is None, name
    for name, value in [("base", 0.0), ("count", "5"), ("total", 5.0), ("cumulative", True),
                        ("credited", "440")]:
        assert after(changed(FIRST, "dev", **{name: value})) is None, name


def test_a_negative_detail_is_a_doubt():
    for name in ("pure_canastas", "impure_canastas", "pure_super_canastas", "impure_super_canastas",
                 "kitties", "table_points", "hand_points", "opening_points"):
        assert after(detail(FIRST, "dev", **{name: -5})) is None, name


def test_an_opening_beyond_the_pack_is_a_doubt():
    hand = {**EMPTY, "asha": {"table_points": 980, "opening_points": 985}}
    assert after(written(lines(hand))[0]) is None


def test_a_base_or_points_off_by_a_little_are_a_doubt():
    assert after(changed(FIRST, "asha", base=255)) is None
    for name in ("table_points", "hand_points", "opening_points"):
        hand = detail(FIRST, "dev", **{name: FIRST["dev"]["details"][name] + 1})
        assert after(hand) is None, name


def test_a_count_that_is_not_table_minus_hand_points_is_a_doubt():
    assert after(changed(FIRST, "dev", count=10, total=10, cumulative=10, credited=445)) is None


def test_a_finisher_with_cards_in_hand_is_a_doubt():
    hand = written(lines(details(asha={"hand_points": 10})))[0]
    assert after(hand) is None


def test_an_opening_above_the_table_points_is_a_doubt():
    hand = written(lines(details(dev={"opening_points": 65})))[0]
    assert after(hand) is None


def test_a_count_without_card_points_beyond_the_pack_or_off_the_step_is_a_doubt():
    for count in (985, -985, 12):
        hand = written(lines(EMPTY, asha={"count": count}))[0]
        assert after(hand) is None, count


def test_a_written_total_or_running_total_that_differs_is_a_doubt():
    assert after(changed(FIRST, "dev", total=10)) is None
    assert after(changed(FIRST, "dev", cumulative=10)) is None
    assert after(changed(FIRST, "dev", credited=445)) is None
    assert after(FIRST, [0, 0, 0, 5, 0]) is None  # the running total written is not the one carried


def test_a_null_total_running_total_or_credited_figure_is_not_written():
    hand = changed(FIRST, "dev", total=None, cumulative=None, credited=None)
    assert after(hand) == FIRST_AFTER


def test_the_credited_figure_is_the_partners_not_the_rentraps():
    # Asha's partner is Chandra (200), her rentrap Dev (5)
    assert after(changed(FIRST, "asha", credited=440)) is None
    assert after(changed(FIRST, "esha", credited=-15 + 105)) == FIRST_AFTER


def test_the_deal_beyond_the_pack_is_a_doubt():
    assert after(written(lines(details(bina={"kitties": 1})))[0]) is None  # three kitties
    assert after(written(lines(details(bina={"went_out": True, "hand_points": None})))[0]) is None
    supers = {"asha": {"pure_super_canastas": 3, "table_points": 345},
              "bina": {"pure_super_canastas": 3, "table_points": 345},
              "chandra": {"impure_super_canastas": 3, "table_points": 330}, "dev": {}, "esha": {}}
    assert after(written(lines(supers))[0]) is None  # nine Super Canastas
    cards = {"asha": {"pure_super_canastas": 2, "table_points": 230},
             "bina": {"pure_super_canastas": 2, "table_points": 230},
             "chandra": {"pure_super_canastas": 2, "table_points": 230},
             "dev": {"impure_canastas": 5, "table_points": 200}, "esha": {}}
    assert after(written(lines(cards))[0]) is None  # 113 cards
    points = written(lines(details(dev={"table_points": 215, "hand_points": 210})))[0]
    assert after(points) is None  # 990 points of cards
    counts = written(lines(EMPTY, asha={"count": 500}, bina={"count": -485}))[0]
    assert after(counts) is None  # counts of 985 in size


def test_counts_that_fill_the_pack_exactly_are_carried():
    counts = written(lines(EMPTY, asha={"count": 500}, bina={"count": -480}))[0]
    assert after(counts) == [500, -480, 0, 0, 0]


def test_a_finisher_without_a_canasta_of_their_own_or_the_partners_is_a_doubt():
    hand = lines(details(asha={"went_out": None}, chandra={"pure_canastas": None, "went_out": True,
                                                          "hand_points": None}))
    assert after(written(hand)[0]) is None


def test_an_opening_below_its_minimum_is_a_doubt():
    assert after(written(lines(details(bina={"opening_points": 70})))[0]) is None
    assert after(written(lines(details(esha={"opening_points": 20})))[0]) is None


# -- the sheet as a whole --------------------------------------------------------------------------------

def clean_runs(hands: list, sides: tuple, options) -> tuple | None:
    """A clean sheet's computed hands and own and credited finals in seating order; None at a doubt."""
    found = clean_totals(hands, sides, options, None, None)
    return found and (found["hands"], [*found["own_final"].values()], [*found["credited_final"].values()])


def test_the_runs_of_the_example():
    hands = written(lines(HAND), lines(SECOND))
    entries, own, credited = clean_runs(hands, SIDES, CREDITED)
    assert [[entry[side]["total"] for entry in entries] for side in SIDES] == [
        [435, 130], [105, 465], [200, -65], [5, 280], [-15, 95]]
    assert [[entry[side]["cumulative"] for entry in entries] for side in SIDES] == [
        [435, 565], [105, 570], [200, 135], [5, 285], [-15, 80]]
    assert own == [565, 570, 135, 285, 80]
    assert credited == [700, 855, 215, 850, 650]
    assert entries[1]["bina"] == {"total": 465, "cumulative": 570, "credited": 855}
    assert clean_runs(hands, SIDES, OWN)[1:] == ([565, 570, 135, 285, 80], [700, 855, 215, 850, 650])


def test_no_hands_is_a_doubt():
    assert clean_runs([], SIDES, CREDITED) is None


def test_a_hand_after_the_target_is_a_doubt_the_last_hand_may_reach_it():
    hands = written(lines(HAND), lines(SECOND))
    assert clean_runs(hands, SIDES, FivePlayerOptions(target_score=635)) is None
    assert clean_runs(hands, SIDES, FivePlayerOptions(target_score=640)) is not None
    assert clean_runs(hands, SIDES, FivePlayerOptions(target_score=5)) is None
    assert clean_runs(hands[:1], SIDES, FivePlayerOptions(target_score=5)) is not None
    assert clean_runs(hands, SIDES, FivePlayerOptions(game_end_counts="own", target_score=435)) is None
    assert clean_runs(hands, SIDES, FivePlayerOptions(game_end_counts="own", target_score=440)) is not None


def test_a_game_played_to_the_target_must_reach_it_exactly_or_beyond():
    hands = written(lines(HAND), lines(SECOND))
    assert clean_runs(hands, SIDES, FivePlayerOptions(play_to_target=True)) is None
    assert clean_runs(hands, SIDES, FivePlayerOptions(play_to_target=True, target_score=855)) is not None
    assert clean_runs(hands, SIDES, FivePlayerOptions(play_to_target=True, target_score=860)) is None
    assert clean_runs(hands, SIDES, FivePlayerOptions(target_score=860)) is not None


def test_a_tie_for_first_is_a_doubt():
    tied = lines(details(SECOND, bina={"table_points": 210}))
    assert clean_runs(written(lines(HAND), tied), SIDES, CREDITED) is None


def test_a_tie_below_first_is_not_a_doubt():
    # Esha's own 5 plus Bina's 105 ties Bina's 105 plus Dev's 5, at 110 behind Asha's 635
    hands = written(lines(details(esha={"table_points": 45})))
    assert clean_runs(hands, SIDES, CREDITED)[2] == [635, 110, 205, 440, 110]


def test_a_slip_in_a_later_deal_is_a_doubt():
    hands = written(lines(HAND), lines(SECOND))
    hands[1]["esha"]["total"] = 90
    assert clean_runs(hands, SIDES, CREDITED) is None


def test_the_totals_of_a_clean_sheet_are_the_answers_computed_part():
    document = sheet(lines(HAND), lines(SECOND))
    totals = clean_totals(document["hands"], SIDES, CREDITED, document["final"], document["winner"])
    assert totals == answer(document)["computed"]
    assert clean_totals(document["hands"], SIDES, CREDITED, None, None) == answer(document)["computed"]
    own = sheet(lines(HAND), lines(SECOND), options={"game_end_counts": "own"}, credited=False)
    totals = clean_totals(own["hands"], SIDES, OWN, own["final"], own["winner"])
    assert totals == answer(own)["computed"]


def test_a_final_or_winner_that_differs_is_a_doubt():
    document = sheet(lines(HAND), lines(SECOND))
    hands, final = document["hands"], document["final"]
    assert clean_totals(hands, SIDES, CREDITED, {**final, "esha": 655}, "bina") is None
    assert clean_totals(hands, SIDES, CREDITED, final, "dev") is None
    assert clean_totals(hands, SIDES, CREDITED, final, "tie") is None
    assert clean_totals([], SIDES, CREDITED, None, None) is None


def test_the_usual_answer_is_the_whole_answer_of_a_clean_sheet():
    document = sheet(lines(HAND), lines(SECOND))
    expected = {"valid": True, "violations": [], "computed": answer(document)["computed"]}
    assert usual_answer(document) == expected
    assert answer(document) == {**expected, **{k: v for k, v in answer(document).items() if k not in expected}}


def test_the_usual_answer_gives_way_to_the_checks_at_a_doubt():
    document = sheet(lines(HAND), lines(SECOND))
    document["hands"][1]["esha"]["total"] = 90
    assert usual_answer(document) is None


def one(**d) -> dict:
    """A deal where only Asha scores, with these details; the others wrote nothing."""
    return written(lines({**EMPTY, "asha": d}))[0]


def test_each_kind_of_canasta_is_held_to_its_own_least_worth():
    # least: pure canasta 35, impure 40 (a joker of 10), both 75; pure Super Canasta 115, impure 110
    for d, least in [({"pure_canastas": 1}, 35), ({"impure_canastas": 1}, 40),
                     ({"pure_canastas": 1, "impure_canastas": 1}, 75), ({"pure_super_canastas": 1}, 115),
                     ({"impure_super_canastas": 1}, 110), ({"impure_canastas": 1, "impure_super_canastas": 1}, 150)]:
        carried = after(one(**d, table_points=least))
        assert carried is not None and carried[1:] == [0, 0, 0, 0], d
        assert after(one(**d, table_points=least - 5)) is None, d


def test_a_count_or_an_opening_with_nothing_in_hand_is_held_to_the_table_points():
    hand = one(pure_canastas=1, table_points=75, opening_points=75)
    assert after(hand) == [175, 0, 0, 0, 0]
    assert after(changed(hand, "asha", count=80, total=180, cumulative=180)) is None
    assert after(detail(hand, "asha", opening_points=80)) is None


def test_a_count_with_nothing_on_the_table_is_held_to_the_hand_points():
    hand = one(hand_points=20)
    assert after(hand) == [-20, 0, 0, 0, 0]
    assert after(changed(hand, "asha", count=20, total=20, cumulative=20)) is None


def test_finishing_alone_helps_an_opening_to_25():
    hand = lines(details(asha={"kitties": None, "opening_points": 25}, esha={"kitties": 2}))
    assert after(written(hand)[0]) == [385, 105, 200, 5, 35]


def test_a_negative_detail_is_a_doubt_even_when_the_line_adds_up_with_it():
    # base, count, totals and credited figures all written as the negative value makes them
    for name, value in [("pure_canastas", -1), ("impure_canastas", -1), ("pure_super_canastas", -1),
                        ("impure_super_canastas", -1), ("kitties", -1), ("table_points", -5),
                        ("hand_points", -5), ("opening_points", -5)]:
        hand = written(lines(details(dev={name: value})))[0]
        assert after(hand) is None, name


def test_a_kitty_alone_helps_an_opening_to_25():
    # Chandra picks up the kitty; Esha, her partner, has no canasta
    hand = lines(details(esha={"kitties": None}, chandra={"kitties": 1, "opening_points": 25}))
    assert after(written(hand)[0]) == [435, 105, 250, 5, -65]
