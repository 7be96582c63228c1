"""Messages of the checks of the sheet's arithmetic and of the game (rules/nvso/checks_game.py), asserted
whole: the recomputed numbers each one quotes, under each option that changes them."""

import pytest

import rules
from tests.rules.builders import K_EW, K_NS, build, plain, scored


def _said(sheet: dict) -> list[tuple]:
    return [(v["code"], v["hand"], v["team"], v["field"], v["message"])
            for v in rules.validate(sheet)["violations"] if v["code"] != "base-not-itemised"]


STUCK_ACES = {"stuck_aces": 1, "table_points": 385, "hand_points": 60}


def _total_of_zero(details: dict, options: dict | None = None) -> dict:
    """A one-hand sheet whose North-South line is scored from `details` but writes a total of 0 (and carries
    it on), against K's East-West line."""
    ns = scored(details, total=0, cumulative=0, options=options)
    return build((ns, scored(K_EW, options=options)), options=options, final={"ns": 0, "ew": 2075}, winner="ew")


@pytest.mark.parametrize(("details", "options", "because"), [
    # A player stuck with aces holds at least 60 in hand: K's 335 on the table and 10 in hand become 385 and 60.
    (K_NS | STUCK_ACES, None, "1,025 (base 700 plus count 325)"),
    (K_NS | STUCK_ACES, {"penalties_in": "count"}, "1,025 (base 2,200 plus count -1,175)"),
    (K_NS | {"incomplete_wilds": "other"}, {"incomplete_wilds_penalty": "flat_2500"},
     "25 (base -300 plus count 325)"),
])
def test_a_wrong_total_quotes_base_and_count_as_the_options_make_them(details, options, because):
    assert _said(_total_of_zero(details, options)) == [(
        "total-mismatch", 1, "ns", "total", f"Hand 1, North-South: the total should be {because}, not 0.")]


def test_a_wrong_total_quotes_the_count_the_details_prove_not_the_one_written():
    sheet = build((scored(K_NS, count=300, total=2000, cumulative=2000), scored(K_EW)),
                  final={"ns": 2000, "ew": 2075})
    assert _said(sheet) == [
        ("count-mismatch", 1, "ns", "count",
         "Hand 1, North-South: the count should be 325 (335 on the table minus 10 in hand), not 300."),
        ("total-mismatch", 1, "ns", "total",
         "Hand 1, North-South: the total should be 2,525 (base 2,200 plus count 325), not 2,000."),
    ]


def _without_running_totals(final_ew: int) -> dict:
    sheet = build((plain(2200, 325), plain(1800, 275)), (plain(300, 100), plain(500, 100)), totals=False)
    for hand in sheet["hands"]:
        for line in hand.values():
            line["total"] = line["base"] + line["count"]
    return sheet | {"final": {"ns": 2925, "ew": final_ew}, "winner": "ns"}


def test_without_written_running_totals_the_totals_are_carried_hand_to_hand():
    assert _said(_without_running_totals(2675)) == []
    assert _said(_without_running_totals(2775)) == [(
        "final-mismatch", None, "ew", "final",
        "The final total for East-West should be 2,675, the running total after the last hand, not 2,775.")]


def test_a_wrong_running_total_after_a_wrong_total_quotes_the_recomputed_one():
    sheet = build((plain(2200, 325), plain(1800, 275)), (plain(300, 100), plain(500, 100, total=700, cumulative=9999)))
    assert _said(sheet) == [
        ("total-mismatch", 2, "ew", "total",
         "Hand 2, East-West: the total should be 600 (base 500 plus count 100), not 700."),
        ("cumulative-mismatch", 2, "ew", "cumulative",
         "Hand 2, East-West: the running total should be 2,675 (2,075 before this hand plus 600), not 9,999."),
    ]


HAND = (plain(300, 100), plain(500, 100))


def _meld_sheet(hand: int, written: int) -> dict:
    """Four hands by hand, each opening as it should but East-West's in `hand`, which writes `written`."""
    opens = [125, 155, 180, 180]
    hands = [(plain(300, 100, meld_requirement=opens[i]),
              plain(500, 100, meld_requirement=written if i == hand - 1 else opens[i])) for i in range(4)]
    return build(*hands, options={"hands_per_game": 4})


@pytest.mark.parametrize(("hand", "written", "which", "opens"), [
    (1, 155, "the first hand of a game", 125),
    (2, 125, "the second hand of a game", 155),
    (3, 125, "the third hand of a game", 180),
    (4, 125, "every hand after the third", 180),
])
def test_a_wrong_meld_requirement_by_hand_names_the_hand(hand, written, which, opens):
    assert _said(_meld_sheet(hand, written)) == [(
        "meld-requirement-by-hand", hand, "ew", "meld_requirement",
        f"Hand {hand}, East-West: {which} opens at {opens}, not {written}.")]


@pytest.mark.parametrize(("hands", "options", "said"), [  # the violation is at the first hand too many
    (2, {"hands_per_game": 1},
     "Hand 2: this game has at most 1 hand, so this hand should not be on the sheet."),
    (4, {"hands_per_game": 2},
     "Hand 3: this game has at most 2 hands, so hands 3 to 4 should not be on the sheet; the hands were not "
     "checked."),
    (5, {"hands_per_game": 4},
     "Hand 5: this game has at most 4 hands, so this hand should not be on the sheet."),
    (4, {"meld_requirement": "by_score", "hands_per_game": 3},
     "Hand 4: this game has at most 3 hands, so this hand should not be on the sheet."),
    (5, None,
     "Hand 4: a game has only 3 hands, opening at 125, 155 and 180, so hands 4 to 5 should not be on the "
     "sheet; the hands were not checked."),
    (101, {"hands_per_game": None},
     "Hand 101: a sheet can list at most 100 hands, so this hand should not be on the sheet."),
    (103, {"hands_per_game": None},
     "Hand 101: a sheet can list at most 100 hands, so hands 101 to 103 should not be on the sheet; the "
     "hands were not checked."),
])
def test_hands_beyond_the_game_are_one_violation_that_says_why(hands, options, said):
    answer = rules.validate(build(*[HAND] * hands, options=options))
    assert [(v["code"], v["hand"], v["message"]) for v in answer["violations"]] == [
        ("too-many-hands", int(said.removeprefix("Hand ").split(":")[0]), said)]


@pytest.mark.parametrize(("first", "who"), [
    ((plain(8200, 400), plain(500, 100)), "North-South reached 8,600 of the 8,500 needed"),
    ((plain(500, 100), plain(8200, 500)), "East-West reached 8,700 of the 8,500 needed"),
    ((plain(8200, 400), plain(8200, 500)), "both teams had passed 8,500"),
    # a target reached exactly ends the game too
    ((plain(500, 100), plain(8000, 500)), "East-West reached 8,500 of the 8,500 needed"),
    ((plain(8000, 500), plain(8000, 500)), "both teams had passed 8,500"),
])
def test_a_hand_after_the_target_names_who_reached_it(first, who):
    assert _said(build(first, HAND)) == [(
        "hand-after-target", 2, None, "hands",
        f"Hand 2: the game was over after hand 1, when {who}, so no more hands are played.")]


def test_a_hand_after_a_target_set_by_the_options():
    sheet = build((plain(3000, 100), plain(500, 100)), HAND, options={"target_score": 3000})
    assert _said(sheet) == [(
        "hand-after-target", 2, None, "hands",
        "Hand 2: the game was over after hand 1, when North-South reached 3,100 of the 3,000 needed, so no "
        "more hands are played.")]


@pytest.mark.parametrize(("winner", "named"), [
    ("tie", ""), ("ew", "; the sheet names East-West, so check that the director decided so"),
    ("ns", "; the sheet names North-South, so check that the director decided so"),
])
def test_a_tie_is_the_director_s_and_a_named_winner_is_questioned(winner, named):
    assert _said(build((plain(2200, 300), plain(2200, 300)), winner=winner)) == [(
        "tie-for-director", None, None, "winner",
        f"The game ended in a tie at 2,500 each, which the event director resolves{named}.")]


@pytest.mark.parametrize(("ns", "ew", "written", "said"), [
    (300, 200, "tie", "The winner is North-South with 2,500 against 2,400, not a tie as written."),
    (300, 200, "ew", "The winner is North-South with 2,500 against 2,400, not East-West as written."),
    (200, 300, "ns", "The winner is East-West with 2,500 against 2,400, not North-South as written."),
])
def test_a_wrong_winner_says_who_won_and_by_what(ns, ew, written, said):
    assert _said(build((plain(2200, ns), plain(2200, ew)), winner=written)) == [(
        "winner-mismatch", None, None, "winner", said)]


def test_a_wrong_running_total_after_the_first_hand():
    assert _said(build((plain(2200, 300, cumulative=2400), plain(2200, 200)))) == [(
        "cumulative-mismatch", 1, "ns", "cumulative",
        "Hand 1, North-South: the running total after the first hand is that hand's total, 2,500, not 2,400.")]


def test_a_tie_written_after_tied_final_totals_is_not_questioned_again():
    # the slip is in North-South's final total (2,400 for 2,500); the tie follows from it as written
    sheet = build((plain(2200, 300), plain(2200, 200)), final={"ns": 2400, "ew": 2400}, winner="tie")
    assert _said(sheet) == [(
        "final-mismatch", None, "ns", "final",
        "The final total for North-South should be 2,500, the running total after the last hand, not 2,400.")]


@pytest.mark.parametrize("written", [125, 180])
def test_a_wrong_meld_by_hand_after_a_wrong_running_total_is_still_reported(written):
    sheet = build((plain(2200, 325, cumulative=2600, meld_requirement=125), plain(1800, 275)),
                  (plain(300, 100, meld_requirement=written), plain(500, 100)))
    assert [(v[0], v[1], v[4]) for v in _said(sheet) if v[0].startswith("meld")] == [(
        "meld-requirement-by-hand", 2, f"Hand 2, North-South: the second hand of a game opens at 155, not {written}.")]


def test_a_wrong_running_total_after_an_impossible_base_follows_the_written_total():
    # nothing says what the base should be, so the running total is held to the total as written
    sheet = build((plain(300, 100), plain(500, 100)), (plain(2250, 325, total=2575, cumulative=9999), plain(500, 100)),
                  final={"ns": 9999, "ew": 1200})
    assert _said(sheet) == [
        ("base-impossible", 2, "ns", "base",
         "Hand 2, North-South: a base of 2,250 is impossible; base points always come in hundreds."),
        ("cumulative-mismatch", 2, "ns", "cumulative",
         "Hand 2, North-South: the running total should be 2,975 (400 before this hand plus 2,575), not 9,999."),
    ]


def test_a_sheet_without_hands():
    assert _said({**build(), "hands": []}) == [
        ("no-hands", None, None, "hands", "The sheet has no hands; a game needs at least one hand.")]


def test_a_target_reached_after_the_second_hand_makes_the_third_one_too_many():
    sheet = build((plain(4000, 100), plain(500, 100)), (plain(4400, 0), plain(500, 0)), HAND)
    assert _said(sheet) == [(
        "hand-after-target", 3, None, "hands",
        "Hand 3: the game was over after hand 2, when North-South reached 8,500 of the 8,500 needed, so no "
        "more hands are played.")]


def test_a_target_the_written_totals_reach_a_hand_late_is_told_from_there():
    """North-South's first running total is written 2,900 for 3,100: by the written totals the target of
    3,000 is reached only after hand 2, so hand 3 is the one too many (not hand 2)."""
    sheet = build((plain(3000, 100, cumulative=2900), plain(500, 0)), (plain(0, 100, cumulative=3000), plain(0, 0)),
                  (plain(0, 0), plain(0, 0)), options={"target_score": 3000})
    assert [(code, hand) for code, hand, *_ in _said(sheet)] == [("cumulative-mismatch", 1), ("hand-after-target", 3)]


def test_a_wrong_winner_on_a_sheet_without_a_final():
    sheet = build((plain(2200, 300), plain(2200, 200)), winner="ew")
    del sheet["final"]
    assert _said(sheet) == [("winner-mismatch", None, None, "winner",
                             "The winner is North-South with 2,500 against 2,400, not East-West as written.")]


def test_running_totals_left_unwritten_are_carried_on_from_the_written_totals():
    """North-South write neither totals nor running totals: by their base and count the target of 3,000 is
    reached after hand 2 (2,000, then 3,100), so hand 3 is one too many."""
    blank = {"total": None, "cumulative": None}
    sheet = build((plain(2000, 0, **blank), plain(500, 0)), (plain(1000, 100, **blank), plain(0, 0)),
                  (plain(0, 0, **blank), plain(0, 0)), options={"target_score": 3000})
    assert _said(sheet) == [(
        "hand-after-target", 3, None, "hands",
        "Hand 3: the game was over after hand 2, when North-South reached 3,100 of the 3,000 needed, so no "
        "more hands are played.")]


def test_a_target_one_point_short_by_the_written_total_is_no_hand_too_many():
    """North-South's total is written 2,999 for 3,000 and no running total: the sheet's own figure stays short
    of the target of 3,000, so hand 2 was played in good faith and only the total is told."""
    sheet = build((plain(2900, 100, total=2999, cumulative=None), plain(500, 0)), (plain(0, 0), plain(0, 0)),
                  options={"target_score": 3000})
    assert [(code, hand, field) for code, hand, _side, field, _text in _said(sheet)] == [("total-mismatch", 1, "total")]


@pytest.mark.parametrize("points", [{"table_points": 300, "hand_points": 25}, {"hand_points": 25},
                                    {"table_points": 300}])
def test_counts_that_cannot_both_be_right_leave_a_total_the_details_prove_checked(points):
    """North-South's written count of 1,150 and East-West's from the points cannot both be right; East-West's
    rests on the details, so its slipped total is still told (North-South's, resting on a written count, is
    not checked until the counts fit)."""
    east_west = scored({"black_threes": 2, "pure_canastas": 3, **points})
    east_west["total"] = east_west["base"] + east_west["count"] + 100
    told = _said(build((plain(300, 1150), east_west)))
    assert [(code, team, field) for code, _hand, team, field, _text in told if code != "base-not-itemised"] == [
        ("total-mismatch", "ew", "total"), ("counts-exceed-deck", None, "count")]


def test_with_the_flat_wilds_penalty_a_base_only_the_other_reading_makes_is_impossible():
    sheet = build((plain(-13400, 0), plain(500, 100)), options={"incomplete_wilds_penalty": "flat_2500"})
    assert [(code, text) for code, _hand, _team, _field, text in _said(sheet) if code == "base-impossible"] == [(
        "base-impossible", "Hand 1, North-South: a base of -13,400 is impossible; no legal mix of threes, canastas, "
        "going out, special hands and penalties makes it.")]
