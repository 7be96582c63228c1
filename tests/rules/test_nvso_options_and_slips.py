"""The nvso rule set's options and special values, and each slip told once: the checks beyond one case per code."""

import pytest

import rules
from tests.rules.builders import K_EW, K_NS, build, codes, errors, find, plain, scored, with_line

K_HAND = (scored(K_NS), scored(K_EW))


def test_special_hand_values():
    for kind, value in (("pairs", 2000), ("pairs_natural", 2500), ("garbage", 2000), ("straight", 3000)):
        sheet = build((scored({"special_hand": kind}), scored({}, count=-400)))
        assert sheet["hands"][0]["ns"]["base"] == value
        assert rules.validate(sheet)["valid"]
        wrong = with_line(sheet, 1, "ns", base=value + 500, total=value + 500, cumulative=value + 500)
        [v] = find(rules.validate(wrong), "base-mismatch")
        assert f"should be {value:,}" in v["message"]


def test_penalties_are_in_the_base_by_default():
    details = {"pure_canastas": 2, "incomplete_sevens": True, "stuck_aces": 1, "incomplete_wilds": "four_jokers",
               "table_points": 300, "hand_points": 60}
    line = scored(details)
    assert line["base"] == 1000 - 2500 - 1500 - 2500
    assert line["count"] == 240
    assert rules.validate(build((line, scored({}, count=-100))))["valid"]
    missing_penalty = build((dict(line, base=1000 - 2500 - 2500), scored({}, count=-100)))
    [v] = find(rules.validate(missing_penalty), "base-mismatch")
    assert "cards stuck in hand -1,500" in v["message"]


def test_penalties_in_count_option():
    options = {"penalties_in": "count"}
    details = {"pure_canastas": 2, "stuck_sevens": 2, "table_points": 200, "hand_points": 60}
    line = scored(details, options=options)
    assert (line["base"], line["count"]) == (1000, 140 - 3000)
    assert rules.validate(build((line, scored({}, count=-100)), options=options))["valid"]
    # The same line read with the default options is wrong twice over.
    assert set(errors(rules.validate(build((line, scored({}, count=-100)))))) >= {"base-mismatch", "count-mismatch"}


def test_penalties_in_count_without_details_fit_the_deck():
    options = {"penalties_in": "count"}
    sheet = build((plain(1000, -1400), plain(-200, -100)), options=options)
    assert "counts-exceed-deck" not in codes(rules.validate(sheet))
    assert "counts-exceed-deck" in codes(rules.validate(build((plain(1000, -1400), plain(-200, -100)))))


def test_incomplete_wilds_penalty_option():
    details = {"incomplete_wilds": "other"}
    assert scored(details, count=0)["base"] == -2000
    flat = {"incomplete_wilds_penalty": "flat_2500"}
    assert scored(details, count=0, options=flat)["base"] == -2500


def test_threes_count_by_canastas():
    threes = {"red_threes": 3, "black_threes": 2}
    assert scored(threes, count=0)["base"] == -800
    assert scored({**threes, "pure_canastas": 1}, count=0)["base"] == 500
    assert scored({**threes, "pure_canastas": 2}, count=0)["base"] == 1800


def test_special_canasta_values():
    assert scored({"sevens_canasta": True}, count=0)["base"] == 2500
    assert scored({"aces_canasta": True}, count=0)["base"] == 2500
    for kind, value in (("all_deuces", 3000), ("four_jokers", 2500), ("mixed", 2000)):
        assert scored({"wild_canasta": kind}, count=0)["base"] == value


def test_meld_requirement_after_the_third_hand_is_180():
    hands = [(plain(300, 100, meld_requirement=m), plain(500, 100, meld_requirement=m)) for m in (125, 155, 180, 180)]
    assert rules.validate(build(*hands, options={"hands_per_game": 4}))["valid"]


def test_by_score_thresholds_and_no_hand_limit():
    options = {"meld_requirement": "by_score"}
    hands = [(plain(2900, 100, meld_requirement=125), plain(0, 0, meld_requirement=125)),
             (plain(1900, 100, meld_requirement=155), plain(0, 0, meld_requirement=125)),
             (plain(-2000, 0, meld_requirement=180), plain(0, 0, meld_requirement=125)),
             (plain(0, 0, meld_requirement=155), plain(0, 0, meld_requirement=125))]
    answer = rules.validate(build(*hands, options=options))
    assert errors(answer) == [], answer["violations"]


def test_one_slip_in_a_running_total_is_reported_once():
    good = build(K_HAND, (plain(300, 100), plain(500, 100)), (plain(300, 100), plain(500, 100)))
    # The running total of hand 2 is wrong, and the scorekeeper carried the wrong number on.
    bad = with_line(good, 2, "ns", cumulative=3025)
    bad = with_line(bad, 3, "ns", cumulative=3425)
    bad["final"]["ns"] = 3425
    answer = rules.validate(bad)
    assert [(v["code"], v["hand"]) for v in answer["violations"] if v["severity"] == "error"] == [
        ("cumulative-mismatch", 2)]
    assert answer["computed"]["final"]["ns"] == 3325


def test_violations_come_hand_by_hand_then_the_sheet():
    sheet = build(K_HAND, (plain(300, 101), plain(500, 100)))
    sheet["winner"] = "ew"
    sheet["hands"][0]["ns"]["total"] = 1
    hands = [v["hand"] for v in rules.validate(sheet)["violations"] if v["severity"] == "error"]
    assert hands == sorted(hands, key=lambda h: h if h is not None else 99)
    assert hands[-1] is None


def test_a_special_hand_may_write_zero_table_and_hand_points():
    line = scored({"special_hand": "pairs", "table_points": 0, "hand_points": 0})
    assert line["count"] == 0
    assert rules.validate(build((line, scored({}, count=-300))))["valid"]


def _naturals(ns: dict, ew: dict | None) -> dict:
    ew_line = plain(-300, -100) if ew is None else scored(ew, count=100)
    return rules.validate(build((scored(ns, count=100), ew_line)))


@pytest.mark.parametrize("ns, ew, field, words", [
    # Ten pure canastas: sevens and aces are not pure_canastas, so only nine ranks are left.
    ({"pure_canastas": 5}, {"pure_canastas": 5}, "details.pure_canastas",
     "Hand 1: North-South and East-West together show 10 pure canastas, but only nine ranks can make one "
     "(4 to King without sevens); a rank has only 8 cards, so it makes at most one canasta in a hand."),
    ({"pure_canastas": 10}, None, "details.pure_canastas",
     "Hand 1: North-South shows 10 pure canastas, but only nine ranks can make one (4 to King without "
     "sevens); a rank has only 8 cards, so it makes at most one canasta in a hand."),
    # Eleven pure and mixed: the nine ranks and a mixed aces canasta make ten at most.
    ({"pure_canastas": 5, "mixed_canastas": 1}, {"pure_canastas": 4, "mixed_canastas": 1},
     "details.mixed_canastas",
     "Hand 1: North-South and East-West together show 11 pure and mixed canastas, but only ten ranks can make "
     "them (4 to King without sevens, and aces); a rank has only 8 cards, so it makes at most one canasta "
     "in a hand."),
    # With a pure aces canasta on the table, the aces cannot also make a mixed one: nine ranks are left.
    ({"pure_canastas": 5, "aces_canasta": True}, {"pure_canastas": 4, "mixed_canastas": 1},
     "details.mixed_canastas",
     "Hand 1: North-South and East-West together show 10 pure and mixed canastas, but only nine ranks can make "
     "them (4 to King without sevens, the aces being in the pure aces canasta); a rank has only 8 cards, so "
     "it makes at most one canasta in a hand."),
    # One team alone with details (East-West wrote base and count): the same bounds, in its name.
    ({"pure_canastas": 5, "mixed_canastas": 6}, None, "details.mixed_canastas",
     "Hand 1: North-South shows 11 pure and mixed canastas, but only ten ranks can make them (4 to King "
     "without sevens, and aces); a rank has only 8 cards, so it makes at most one canasta in a hand."),
    ({"pure_canastas": 5, "mixed_canastas": 5, "aces_canasta": True}, None, "details.mixed_canastas",
     "Hand 1: North-South shows 10 pure and mixed canastas, but only nine ranks can make them (4 to King "
     "without sevens, the aces being in the pure aces canasta); a rank has only 8 cards, so it makes at most "
     "one canasta in a hand."),
])
def test_natural_canastas_one_per_rank(ns, ew, field, words):
    [v] = find(_naturals(ns, ew), "natural-canastas-exceed-deck")
    assert (v["hand"], v["team"], v["field"], v["message"]) == (1, None, field, words)


@pytest.mark.parametrize("ns, ew", [
    ({"pure_canastas": 5, "sevens_canasta": True}, {"pure_canastas": 4, "aces_canasta": True}),  # 11 in all
    ({"pure_canastas": 5, "sevens_canasta": True}, {"pure_canastas": 4, "mixed_canastas": 1}),  # mixed aces
    ({"pure_canastas": 9, "sevens_canasta": True, "aces_canasta": True, "went_out": True}, None),
])
def test_natural_canastas_at_the_limit_are_legal(ns, ew):
    answer = _naturals(ns, ew)
    assert "natural-canastas-exceed-deck" not in codes(answer)
    assert answer["valid"], answer["violations"]


# One slip, one error: a link that follows the numbers as written, or the recomputed ones, is not reported.
def test_a_wrong_base_is_not_reported_again_at_the_winner():
    good = build(K_HAND)
    bad = with_line(good, 1, "ew", base=2800)  # the details say 1,800; total, running total and final say so too
    answer = rules.validate(bad)
    assert answer["computed"]["winner"] == "ew"  # the written bases and counts add up to East-West ahead
    assert errors(answer) == ["base-mismatch"]


def test_a_wrong_base_is_not_reported_again_as_a_hand_after_the_target():
    good = build(K_HAND, (plain(300, 100), plain(500, 100)))
    bad = with_line(good, 1, "ns", base=9200)  # the details say 2,200, and so do the totals written after it
    assert errors(rules.validate(bad)) == ["base-mismatch"]


def test_an_impossible_base_does_not_get_a_made_up_total():
    # Base 2,250 (meant 2,200) next to a correct total and running total of 2,525: nothing says what the
    # base should be, so the total is not told to become 2,575.
    sheet = build((plain(2250, 325, total=2525, cumulative=2525), plain(1800, 275)),
                  final={"ns": 2525, "ew": 2075})
    assert errors(rules.validate(sheet)) == ["base-impossible"]


def test_counts_that_exceed_the_deck_do_not_get_made_up_totals():
    sheet = build((plain(2200, 3250, total=2525, cumulative=2525), plain(1800, 275)),
                  final={"ns": 2525, "ew": 2075}, winner="ns")
    assert errors(rules.validate(sheet)) == ["counts-exceed-deck"]


def test_a_total_that_matches_neither_reading_quotes_what_the_details_give():
    good = build(K_HAND)
    bad = with_line(good, 1, "ns", base=2300, total=9999)  # the details say 2,200
    answer = rules.validate(bad)
    assert errors(answer) == ["base-mismatch", "total-mismatch"]
    [v] = find(answer, "total-mismatch")
    assert v["message"] == "Hand 1, North-South: the total should be 2,525 (base 2,200 plus count 325), not 9,999."


def test_a_meld_requirement_that_follows_the_written_running_total_is_not_reported_again():
    options = {"meld_requirement": "by_score"}
    # North-South's total of hand 1 is 3,330, written 2,330 and carried on: hand 2 was played at 125.
    sheet = build((plain(3000, 330, total=2330, cumulative=2330), plain(2700, 200)),
                  (plain(300, 100, meld_requirement=125, cumulative=2730), plain(500, 100, meld_requirement=125)),
                  options=options, final={"ns": 2730, "ew": 3500}, winner="ew")
    assert errors(rules.validate(sheet)) == ["total-mismatch"]
    # A requirement that follows neither running total is still reported, quoting the computed one.
    sheet["hands"][1]["ns"]["meld_requirement"] = 180
    [v] = find(rules.validate(sheet), "meld-requirement-by-score")
    assert "with 3,330 points before this hand the initial meld is 155, not 180" in v["message"]


def test_east_west_meld_requirement_may_follow_its_own_written_running_total():
    options = {"meld_requirement": "by_score"}
    # East-West's total of hand 1 is 3,330, written 2,330 and carried on: hand 2 was played at 125.
    # North-South stands at 3,100, so its 155 is not East-West's.
    sheet = build((plain(2700, 400), plain(3000, 330, total=2330, cumulative=2330)),
                  (plain(500, 100, meld_requirement=155), plain(300, 100, meld_requirement=125, cumulative=2730)),
                  options=options, final={"ns": 3700, "ew": 2730}, winner="ns")
    assert errors(rules.validate(sheet)) == ["total-mismatch"]
