"""The walk through the hands (rules/five_player/__init__.py): which totals are checked when the counts
do not fit the pack, the deals the fast pass carries beside those it does not, and the notes."""

import rules
import rules.five_player as five_player
from rules.five_player import RULESET
from rules.five_player.fast import clean_hand
from rules.sides.sheet import parse, side_names
from rules.sides.usual import Resume, usual_reading
from rules.words import naming_sides
from tests.rules.five_player.builders import HAND, SECOND, answer, details, errors, lines, sheet, violation
from tests.rules.five_player.test_checks_game import with_line

SIDES = ("asha", "bina", "chandra", "dev", "esha")
# Asha and Bina wrote counts without card points, and the five counts do not fit the pack.
UNFIT = lines(details(asha={"table_points": None, "opening_points": None},
                      bina={"table_points": None, "hand_points": None, "opening_points": None}),
              asha={"count": 500}, bina={"count": -400})
UNFIT_MESSAGE = ("Hand 1: the counts add up to 1,070 with their signs ignored, but all the cards together are "
                 "worth only 980.")


def test_when_the_counts_do_not_fit_a_total_resting_on_card_points_is_still_checked():
    found = answer(sheet(with_line(UNFIT, "chandra", total=205)))
    assert [(v["code"], v["side"], v["message"]) for v in found["violations"]] == [
        ("counts-exceed-deck", None, UNFIT_MESSAGE),
        ("total-mismatch", "chandra", "Hand 1, Chandra: the total should be 200, the base plus the count, not "
                                      "205.")]


def test_a_clean_deal_after_a_slipped_one_is_still_checked_against_the_slip():
    # Asha's first running total is written 430: the second deal is clean on its own numbers, carried
    # from the written 430, and only the first slip is reported
    first = with_line(lines(HAND), "asha", cumulative=430)
    second = with_line(lines(SECOND), "asha", cumulative=560)
    found = answer(sheet(first, second))
    assert [(v["code"], v["hand"], v["side"]) for v in errors(found)] == [("cumulative-mismatch", 1, "asha")]



def lines_checked(document: dict, monkeypatch) -> list[tuple[int, str]]:
    """The (hand, side) of every line the rule set's validate checks line by line (the rest the fast pass
    carries), and that its answer is the one of every check."""
    seen = []

    def recording(check):
        def checked(n, side, *args):
            seen.append((n, side))
            return check(n, side, *args)
        return checked

    sheet_, problems = parse(document)
    assert problems == []
    with naming_sides(side_names(sheet_.sides, sheet_.labels), checked=True):
        full = RULESET.checked(sheet_).as_answer("side")
        monkeypatch.setattr(five_player, "check_detailed_line", recording(five_player.check_detailed_line))
        monkeypatch.setattr(five_player, "check_written_numbers", recording(five_player.check_written_numbers))
        assert RULESET.validate(sheet_).as_answer("side") == full
    return seen


def test_only_the_deals_with_a_doubt_are_checked_line_by_line(monkeypatch):
    assert lines_checked(sheet(lines(HAND), lines(SECOND)), monkeypatch) == []
    slipped = sheet(lines(HAND), lines(details(SECOND, asha={"opening_points": 70})), lines(HAND))
    assert lines_checked(slipped, monkeypatch) == [(2, side) for side in SIDES]


def test_a_deal_after_running_totals_that_differ_from_the_written_ones_is_checked_line_by_line(monkeypatch):
    # Asha's first running total is written 430, and carried on: the second deal is checked in full
    first = with_line(lines(HAND), "asha", cumulative=430)
    second = with_line(lines(SECOND), "asha", cumulative=560)
    assert lines_checked(sheet(first, second), monkeypatch) == [(n, side) for n in (1, 2) for side in SIDES]


def test_a_super_canasta_with_the_canasta_bonus_is_carried_by_the_fast_pass(monkeypatch):
    hand = {side: {} for side in SIDES}
    hand["asha"] = {"pure_super_canastas": 1, "table_points": 115}
    plus = {"super_canasta_bonus": "plus_canasta", "game_end_counts": "own"}
    document = sheet(lines(hand, asha={"base": 600}), lines(HAND), options=plus, credited=False)
    document["hands"][1]["asha"]["base"] = 255  # a slip in the second deal: the sheet is not clean
    assert lines_checked(document, monkeypatch) == [(2, side) for side in SIDES]


def test_a_clean_deal_after_a_total_left_unknown_is_carried(monkeypatch):
    # Esha's count of 12 in the first deal leaves her total unknown; the second deal is clean
    first = lines(HAND, esha={"plain": True, "base": 50, "count": 12})
    document = sheet(first, lines(SECOND), final=None, winner=None)
    assert lines_checked(document, monkeypatch) == [(1, side) for side in SIDES]
    assert [v["code"] for v in answer(document)["violations"]] == ["count-not-multiple-of-five",
                                                                    "base-not-itemised"]


def test_a_hand_after_the_target_reached_in_a_clean_second_deal():
    found = answer(sheet(lines(HAND), lines(SECOND), lines(HAND), options={"target_score": 800}))
    assert errors(found) == [violation(
        "hand-after-target", 3, None, "hands", "Scoring",
        "Hand 3: the game was over after hand 2, when the credited score of Bina reached 855 of the 800 needed, "
        "so no more hands are played.")]


def test_when_the_counts_do_not_fit_a_total_resting_on_a_written_count_is_not_checked():
    # Asha's total written 755 for 250 + 500 rests on a count that may be the wrong one: not reported,
    # and her running and credited figures carry it on
    hand = with_line(with_line(UNFIT, "asha", total=755, cumulative=755, credited=955), "dev", credited=760)
    found = answer(sheet(hand, final=None, winner=None))
    assert found["violations"] == [violation("counts-exceed-deck", 1, None, "count", "Players and cards",
                                             UNFIT_MESSAGE)]


def test_violations_are_listed_hand_by_hand_those_of_the_game_in_their_hand():
    # the hand after the target (hand 2) is found after every hand is checked, and listed before hand 3's slip
    found = answer(sheet(lines(HAND), lines(SECOND), with_line(lines(SECOND), "asha", base=300),
                         options={"target_score": 600}))
    assert [(v["code"], v["hand"]) for v in found["violations"]] == [("hand-after-target", 2),
                                                                    ("base-mismatch", 3)]


def test_a_count_reported_in_an_earlier_hand_does_not_hide_counts_that_do_not_fit():
    first = lines(HAND, esha={"plain": True, "base": 50, "count": 12})
    found = answer(sheet(first, UNFIT, final=None, winner=None))
    assert [(v["code"], v["hand"], v["side"]) for v in found["violations"]] == [
        ("count-not-multiple-of-five", 1, "esha"), ("base-not-itemised", 1, "esha"), ("counts-exceed-deck", 2, None)]


def test_when_the_counts_do_not_fit_a_total_resting_on_table_points_alone_is_still_checked():
    # Chandra's count rests on her 120 table points (nothing in hand): her total is checked
    hand = lines(details(asha={"table_points": None, "opening_points": None},
                         bina={"table_points": None, "hand_points": None, "opening_points": None},
                         chandra={"hand_points": None}), asha={"count": 500}, bina={"count": -400})
    found = answer(sheet(with_line(hand, "chandra", total=225)))
    assert found["violations"] == [
        violation("counts-exceed-deck", 1, None, "count", "Players and cards",
                  "Hand 1: the counts add up to 1,090 with their signs ignored, but all the cards together are "
                  "worth only 980."),
        violation("total-mismatch", 1, "chandra", "total", "Scoring",
                  "Hand 1, Chandra: the total should be 220, the base plus the count, not 225.")]


def test_a_hand_after_the_target_reached_in_a_deal_the_checks_walk():
    # Asha's total written 440 for 435: the first deal is walked line by line, and its scores still count
    found = answer(sheet(with_line(lines(HAND), "asha", total=440), lines(SECOND), options={"target_score": 600}))
    assert [(v["code"], v["hand"]) for v in found["violations"]] == [("total-mismatch", 1), ("hand-after-target", 2)]
    assert found["violations"][1]["message"] == (
        "Hand 2: the game was over after hand 1, when the credited score of Asha reached 635 of the 600 needed, "
        "so no more hands are played.")


def resumed(document: dict, monkeypatch) -> tuple[list, list[tuple[int, str]]]:
    """What the usual pass carries past the clean deals (rules.sides.usual.Resume), and the (hand, side)
    of every line that rules.validate then checks line by line; its answer is the one of every check."""
    reading = usual_reading(document)
    assert type(reading) is Resume
    sheet_, _ = parse(document)
    with naming_sides(side_names(sheet_.sides, sheet_.labels), checked=True):
        full = RULESET.checked(sheet_).as_answer("side")
    seen = []
    for name in ("check_detailed_line", "check_written_numbers"):
        check = getattr(five_player, name)
        monkeypatch.setattr(five_player, name, lambda n, side, *args, check=check: seen.append((n, side)) or check(
            n, side, *args))
    assert rules.validate(document) == full
    return reading.carried, seen


def test_a_slip_after_clean_deals_is_checked_from_its_deal_on(monkeypatch):
    document = sheet(lines(HAND), lines(SECOND), lines(HAND))
    document["hands"][2]["dev"]["count"] += 5
    carried, seen = resumed(document, monkeypatch)
    assert carried == [([h[side]["cumulative"] for side in SIDES], [h[side]["credited"] for side in SIDES])
                       for h in document["hands"][:2]] + [None]
    assert seen == [(3, side) for side in SIDES]


def test_a_sheet_clean_deal_by_deal_but_not_as_a_whole_is_checked_only_at_its_end(monkeypatch):
    document = sheet(lines(HAND), lines(SECOND), winner="asha")
    carried, seen = resumed(document, monkeypatch)
    assert len(carried) == 2 and seen == []
    assert [v["code"] for v in rules.validate(document)["violations"]] == ["winner-mismatch"]
    own = sheet(lines(HAND), lines(SECOND), lines(HAND), options={"game_end_counts": "own", "target_score": 400},
                credited=False)
    # Asha's own 435 passes the target in the first deal: the pass stops there, the walk carries the rest
    carried, seen = resumed(own, monkeypatch)
    assert len(carried) == 1 and seen == []
    assert [v["code"] for v in rules.validate(own)["violations"]] == ["hand-after-target"]


def test_a_slip_in_the_first_deal_carries_only_that_it_is_in_doubt(monkeypatch):
    document = sheet(lines(HAND), lines(SECOND))
    document["hands"][0]["asha"]["total"] += 5
    clean_hands = []
    monkeypatch.setattr(five_player, "clean_hand", lambda hand, *args: clean_hands.append(hand) or clean_hand(
        hand, *args))
    carried, seen = resumed(document, monkeypatch)
    assert carried == [None] and seen == [(1, side) for side in SIDES]
    # the fast pass tried the second deal only (its parsed copy)
    assert [hand["bina"]["cumulative"] for hand in clean_hands] == [document["hands"][1]["bina"]["cumulative"]]
