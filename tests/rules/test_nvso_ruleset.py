"""The nvso rule set's hand-by-hand walk (rules/nvso/__init__.py): which checks run on each line, what a
hand of base and count alone is told, the order of the answer, and what one doubtful count holds back.
Messages written by this module are asserted whole."""

import rules
from rules.nvso import RULESET
from tests.rules.builders import K_EW, K_NS, build, plain, scored

NOT_ITEMISED_BOTH = ("Hand {n}: only base and count are written for both teams, so the checks confirm the "
                     "arithmetic and that each base is possible, but not the threes, canastas and penalties "
                     "behind it.")
NOT_ITEMISED_ONE = ("Hand {n}, {team}: only base and count are written, so the checks confirm the arithmetic "
                    "and that the base is possible, but not the threes, canastas and penalties behind it.")


def _found(answer: dict) -> list[tuple]:
    return [(v["code"], v["hand"], v["team"], v["field"]) for v in answer["violations"]]


def test_a_hand_of_base_and_count_alone_gets_one_note_for_both_teams():
    answer = rules.validate(build((plain(2200, 325), plain(1800, 275))))
    assert answer["valid"] is True
    assert answer["violations"] == [{
        "severity": "info", "hand": 1, "team": None, "field": "details", "code": "base-not-itemised",
        "rule": "K", "message": NOT_ITEMISED_BOTH.format(n=1)}]


def test_the_note_names_the_one_team_whose_base_is_not_itemised():
    east_west_plain = rules.validate(build((scored(K_NS), plain(1800, 275))))
    north_south_plain = rules.validate(build((plain(2200, 325), scored(K_EW))))
    assert east_west_plain["violations"] == [{
        "severity": "info", "hand": 1, "team": "ew", "field": "details", "code": "base-not-itemised",
        "rule": "K", "message": NOT_ITEMISED_ONE.format(n=1, team="East-West")}]
    assert north_south_plain["violations"] == [{
        "severity": "info", "hand": 1, "team": "ns", "field": "details", "code": "base-not-itemised",
        "rule": "K", "message": NOT_ITEMISED_ONE.format(n=1, team="North-South")}]


def test_itemised_hands_get_no_note():
    assert rules.validate(build((scored(K_NS), scored(K_EW))))["violations"] == []


def test_problems_come_hand_by_hand_and_those_about_the_whole_sheet_last():
    sheet = build((plain(2200, 325), plain(1800, 275)), (plain(300, 100), plain(500, 283)))
    sheet["winner"] = "ew"
    assert _found(rules.validate(sheet)) == [
        ("base-not-itemised", 1, None, "details"),
        ("count-not-multiple-of-five", 2, "ew", "count"),
        ("base-not-itemised", 2, None, "details"),
        ("winner-mismatch", None, None, "winner"),
    ]


def test_the_sheet_level_problems_keep_their_own_order_after_the_hands():
    sheet = build((scored(K_NS), scored(K_EW)), (scored(K_NS), scored(K_EW, count=280)))
    sheet["final"] = {"ns": 1, "ew": 2}
    found = _found(rules.validate(sheet))
    assert found[0][1] == 2
    assert [hand for _, hand, _, _ in found[1:]] == [None] * (len(found) - 1)
    assert [code for code, *_ in found[1:]] == ["final-mismatch", "final-mismatch"]


def test_the_answer_carries_the_totals_the_written_numbers_make():
    answer = rules.validate(build((scored(K_NS), scored(K_EW)), (plain(300, 100), plain(500, 280))))
    assert answer["computed"] == {
        "hands": [{"ns": {"total": 2525, "cumulative": 2525}, "ew": {"total": 2075, "cumulative": 2075}},
                  {"ns": {"total": 400, "cumulative": 2925}, "ew": {"total": 780, "cumulative": 2855}}],
        "final": {"ns": 2925, "ew": 2855}, "winner": "ns"}


def test_with_counts_that_cannot_both_be_right_a_written_total_resting_on_them_is_not_questioned():
    sheet = build((plain(2200, 900), plain(600, -400)))
    sheet["hands"][0]["ns"].update(total=3000, cumulative=3000)
    assert _found(rules.validate(sheet)) == [
        ("counts-exceed-deck", 1, None, "count"),
        ("base-not-itemised", 1, None, "details"),
        ("final-mismatch", None, "ns", "final"),
    ]


def test_a_count_the_details_prove_still_checks_its_total_when_the_counts_do_not_fit():
    ns = scored({"pure_canastas": 2, "table_points": 900, "hand_points": 0})
    sheet = build((ns, plain(600, -400)))
    sheet["hands"][0]["ns"].update(total=3000, cumulative=3000)
    assert _found(rules.validate(sheet)) == [
        ("total-mismatch", 1, "ns", "total"),
        ("counts-exceed-deck", 1, None, "count"),
        ("base-not-itemised", 1, "ew", "details"),
    ]


def test_a_special_hand_proves_its_count_when_the_counts_do_not_fit():
    ns = scored({"special_hand": "straight"})
    ew = plain(600, -1200, total=-600, cumulative=-600)
    sheet = build((ns, ew))
    sheet["hands"][0]["ns"].update(count=-5, total=2000, cumulative=2000)
    found = _found(rules.validate(sheet))
    assert ("total-mismatch", 1, "ns", "total") in found
    assert ("counts-exceed-deck", 1, None, "count") in found


def test_hand_points_alone_prove_the_count_when_the_counts_do_not_fit():
    ns = scored({"table_points": 0, "hand_points": 900, "red_threes": 1})
    sheet = build((ns, plain(2200, 700)))
    sheet["hands"][0]["ns"].update(total=5, cumulative=5)
    found = _found(rules.validate(sheet))
    assert ("total-mismatch", 1, "ns", "total") in found
    assert ("counts-exceed-deck", 1, None, "count") in found


def test_an_impossible_count_or_base_leaves_the_total_unquestioned():
    bad_count = build((plain(2200, 323, total=9999, cumulative=9999), plain(1800, 275)))
    bad_base = build((plain(2250, 325, total=9999, cumulative=9999), plain(1800, 275)))
    assert ("total-mismatch", 1, "ns", "total") not in _found(rules.validate(bad_count))
    assert ("total-mismatch", 1, "ns", "total") not in _found(rules.validate(bad_base))
    good_parts = build((plain(2200, 325, total=9999, cumulative=9999), plain(1800, 275)))
    assert ("total-mismatch", 1, "ns", "total") in _found(rules.validate(good_parts))


def test_every_hand_after_the_third_opens_at_180_by_hand():
    melds = ((125, 125), (155, 155), (180, 180), (155, 180), (180, 125))
    sheet = build(*[(plain(100, 25, meld_requirement=a), plain(100, 25, meld_requirement=b))
                    for a, b in melds], options={"hands_per_game": 5})
    found = [f for f in _found(rules.validate(sheet)) if f[0].startswith("meld-")]
    assert found == [("meld-requirement-by-hand", 4, "ns", "meld_requirement"),
                     ("meld-requirement-by-hand", 5, "ew", "meld_requirement")]


def test_the_meld_of_the_first_hands_is_checked_by_hand():
    sheet = build((plain(2200, 325, meld_requirement=155), plain(1800, 275, meld_requirement=125)),
                  (plain(300, 100, meld_requirement=155), plain(500, 280, meld_requirement=180)))
    found = [f for f in _found(rules.validate(sheet)) if f[0] != "base-not-itemised"]
    assert found == [("meld-requirement-by-hand", 1, "ns", "meld_requirement"),
                     ("meld-requirement-by-hand", 2, "ew", "meld_requirement")]


def test_by_score_the_by_hand_figures_are_checked_too():
    sheet = build(*[(plain(100, 25, meld_requirement=m), plain(100, 25, meld_requirement=m)) for m in (125, 155)],
                  options={"meld_requirement": "by_score"})
    found = [f for f in _found(rules.validate(sheet)) if f[0] == "meld-requirement-by-score"]
    assert found == [("meld-requirement-by-score", 2, "ns", "meld_requirement"),
                     ("meld-requirement-by-score", 2, "ew", "meld_requirement")]


def test_the_rule_set_describes_itself():
    assert RULESET.name == "nvso"
    assert RULESET.title == "NVSO canasta (American Canasta Society rules with the event's exceptions)"
    assert RULESET.options == {"meld_requirement": "by_hand", "target_score": 8500, "hands_per_game": 3,
                               "penalties_in": "base", "incomplete_wilds_penalty": "by_jokers"}
    problems = []
    assert RULESET.parse_options({"penalties_in": "count"}, problems).penalties_in_base is False
    assert problems == []
    assert [field["name"] for field in RULESET.describe_line()][:2] == ["base", "count"]


def test_a_hand_too_many_is_the_one_problem_told_even_beside_a_slip_in_the_hands_before():
    """Over the rule set's cap on hands, nothing else is checked (issue 18: no per-hand work)."""
    sheet = build((plain(100, 23), plain(100, 25)), (plain(100, 25), plain(100, 25)),
                  (plain(100, 25), plain(100, 25)), (plain(100, 25), plain(100, 25)))
    assert [(code, hand) for code, hand, _, _ in _found(rules.validate(sheet))] == [("too-many-hands", 4)]
