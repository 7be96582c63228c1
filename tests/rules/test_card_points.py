"""Issue 12, item 5: an independent check's 1,000 generated sheets passed details that cannot happen
together. Each finding here, proved against the rules: refused by the card ledger (sevens, aces), or by the
checks of one team's table and hand points against its canastas, melds and stuck players
(rules/nvso/checks_points.py), or accepted because the rules make it possible. Messages asserted whole."""

import pytest

import rules
from rules.nvso.checks_points import bounds
from tests.rules.builders import build, scored

OTHER = {"pure_canastas": 1, "table_points": 100}  # the other team: a canasta and its cards, nothing else
NOTHING_COUNTED = {"table_points": 0}  # the other team: no canasta, no cards


@pytest.fixture(autouse=True)
def _bounds_computed_afresh():
    """`bounds` is cached: without this, a test whose details an earlier test already asked about never
    reaches the computation, and a slip in it (a mutant) goes unseen by exactly the tests written for it."""
    bounds.cache_clear()


def said(ns: dict, ew: dict = OTHER, count: int | None = None) -> list[tuple]:
    answer = rules.validate(build((scored(ns, count=count), scored(ew))))
    return [(v["code"], v["team"], v["field"], v["message"]) for v in answer["violations"]]


def test_an_unfinished_sevens_meld_and_two_players_stuck_with_sevens_need_nine_sevens():
    assert said({"pure_canastas": 2, "incomplete_sevens": True, "stuck_sevens": 2}, count=0) == [(
        "sevens-exceed-deck", None, "details.stuck_sevens",
        "Hand 1: the details need at least 9 sevens, but the two decks have only 8: North-South recorded an "
        "unfinished sevens meld (3) and 2 players stuck with sevens (6).")]


def test_a_pure_aces_canasta_and_a_player_stuck_with_aces_need_ten_aces():
    assert said({"pure_canastas": 1, "aces_canasta": True, "stuck_aces": 1}, count=0) == [(
        "aces-exceed-deck", None, "details.aces_canasta",
        "Hand 1: the details need at least 10 aces, but the two decks have only 8: North-South recorded a "
        "pure aces canasta (7) and a player stuck with aces (3).")]


def test_a_team_that_went_out_may_leave_its_partner_stuck_holding_the_cards():
    # K: asking the partner before going out is allowed, not required; the partner holds 3 aces, 60.
    assert said({"pure_canastas": 2, "went_out": True, "stuck_aces": 1, "table_points": 200,
                 "hand_points": 60}) == []


def test_a_team_that_went_out_with_a_stuck_partner_and_nothing_in_hand_is_refused():
    assert said({"pure_canastas": 2, "went_out": True, "stuck_aces": 1, "table_points": 200,
                 "hand_points": 0}) == [(
        "hand-points-below-stuck", "ns", "details.hand_points",
        "Hand 1, North-South: hand points of 0 are too few: a player stuck with aces holds at least three aces, "
        "worth at least 60 (aces 20 each, sevens 5).")]


def test_stuck_players_of_both_ranks_hold_their_cards_together():
    assert said({"pure_canastas": 1, "stuck_aces": 1, "stuck_sevens": 2, "table_points": 100,
                 "hand_points": 85}) == [(
        "hand-points-below-stuck", "ns", "details.hand_points",
        "Hand 1, North-South: hand points of 85 are too few: a player stuck with aces and 2 players stuck with "
        "sevens hold at least three of their rank each, worth at least 90 (aces 20 each, sevens 5).")]


def test_three_canastas_cannot_be_on_a_table_of_five_points():
    assert said({"pure_canastas": 3, "table_points": 5, "hand_points": 0}) == [(
        "table-points-below-melds", "ns", "details.table_points",
        "Hand 1, North-South: table points of 5 are too few: 3 pure canastas hold cards worth at least 105 (a "
        "canasta has at least 7 cards and a meld 3, and no card counts less than 5).")]


def test_every_canasta_and_meld_adds_its_cheapest_cards_to_the_table():
    # 3 pure (4s, 5s, 6s: 105) + a fourth (70) + 2 mixed of 8s and up (6 naturals and a deuce: 160) + a
    # sevens canasta (35) + a wild canasta of all deuces (140) + an unfinished wild meld (3 deuces, 60)
    details = {"pure_canastas": 4, "mixed_canastas": 2, "sevens_canasta": True, "wild_canasta": "all_deuces",
               "incomplete_wilds": "other", "table_points": 565}
    assert said(details, count=0) == [
        ("count-mismatch", "ns", "count",
         "Hand 1, North-South: the count should be 565 (565 on the table minus 0 in hand, none written), not 0."),
        ("table-points-below-melds", "ns", "details.table_points",
         "Hand 1, North-South: table points of 565 are too few: 4 pure canastas, 2 mixed canastas, a sevens "
         "canasta, a wild canasta and an unfinished wild meld hold cards worth at least 570 (a canasta has at "
         "least 7 cards and a meld 3, and no card counts less than 5).")]
    assert said({**details, "table_points": 570}) == []


def test_the_least_on_the_table_of_each_kind():
    def least(**kinds):
        args = {"pure": 0, "mixed": 0, "sevens": False, "aces": False, "wild": None, "unfinished_sevens": False,
                "unfinished_aces": False, "unfinished_wilds": None, "stuck_aces": 0, "stuck_sevens": 0,
                "went_out": False} | kinds
        return bounds(*args.values())[0]

    assert [least(pure=1), least(pure=4), least(mixed=1), least(mixed=4), least(pure=3, mixed=1)] == [
        35, 175, 50, 230, 185]
    # the 4s, 5s and 6s go to the pure canasta first, then to two of the mixed ones: 35 + 2 x 50 + 80
    assert least(pure=1, mixed=3) == 215
    assert [least(sevens=True), least(aces=True), least(unfinished_sevens=True), least(unfinished_aces=True)] == [
        35, 140, 15, 60]
    assert [least(wild=w) for w in ("all_deuces", "four_jokers", "mixed")] == [140, 260, 170]
    assert [least(unfinished_wilds=w) for w in ("other", "four_jokers")] == [60, 200]


def test_going_out_with_400_in_the_partners_hand_is_possible_and_accepted():
    # The rules set no limit on a hand's size: a partner who took a large pack can hold 400 and more.
    assert said({"pure_canastas": 2, "went_out": True, "table_points": 500, "hand_points": 400}) == []


def test_the_partner_of_the_player_who_went_out_holds_no_more_than_the_cards_left():
    # 200 jokers + 160 deuces + 2 aces 40 + 2 sevens 10 + ten 4s to 6s 50 + 48 8s to Kings 480 = 940
    out = {"pure_canastas": 2, "went_out": True, "table_points": 70, "hand_points": 945}
    assert said(out, ew=NOTHING_COUNTED) == [(
        "hand-points-exceed-hands", "ns", "details.hand_points",
        "Hand 1, North-South: hand points of 945 are too many: the player who went out holds no cards, and the "
        "partner, holding at most two aces and two sevens (more would make the partner stuck), beside the "
        "cards this team's canastas and melds hold, can hold at most 940.")]


def test_a_stuck_partner_may_hold_every_ace_the_table_leaves():
    # stuck with aces: all 8 aces (160) instead of two (40): 1,060
    _, least, most = bounds(2, 0, False, False, None, False, False, None, 1, 0, True)
    assert (least, most) == (60, 1060)


def test_a_mixed_canasta_may_be_of_aces_leaving_its_naturals_to_the_hands():
    # one mixed canasta of aces (5 aces, a deuce) takes no 4s to Kings: 72 naturals minus one pure canasta
    # (35 of cheap cards) stay, and the aces beyond the two the partner may hold cost the hand nothing
    _, _, most = bounds(1, 1, False, False, None, False, False, None, 0, 0, True)
    assert most == 200 + 140 + 40 + 10 + 5 * 17 + 480


def test_two_players_who_did_not_go_out_each_hold_at_most_two_aces_and_two_sevens():
    assert said({"table_points": 0, "hand_points": 1065}, ew=NOTHING_COUNTED) == [(
        "hand-points-exceed-hands", "ns", "details.hand_points",
        "Hand 1, North-South: hand points of 1,065 are too many: the two players, each holding at most two aces "
        "and two sevens (more would make a player stuck), beside the cards this team's canastas and melds "
        "hold, can hold at most 1,060.")]


def test_a_partner_stuck_with_both_ranks_may_hold_every_ace_and_seven_the_table_leaves():
    out = {"pure_canastas": 2, "went_out": True, "stuck_aces": 1, "stuck_sevens": 1, "table_points": 70}
    assert said({**out, "hand_points": 1090}, ew=NOTHING_COUNTED) == []
    assert said({**out, "hand_points": 1095}, ew=NOTHING_COUNTED)[0] == (
        "hand-points-exceed-hands", "ns", "details.hand_points",
        "Hand 1, North-South: hand points of 1,095 are too many: the player who went out holds no cards, and the "
        "partner, beside the cards this team's canastas and melds hold, can hold at most 1,090.")


def test_one_canasta_holds_its_cards_in_the_singular():
    assert said({"pure_canastas": 1, "table_points": 30, "hand_points": 0}, count=30) == [(
        "table-points-below-melds", "ns", "details.table_points",
        "Hand 1, North-South: table points of 30 are too few: a pure canasta holds cards worth at least 35 (a "
        "canasta has at least 7 cards and a meld 3, and no card counts less than 5).")]


def test_numbers_in_the_deck_messages_carry_thousands_separators():
    messages = {code: message for code, _, _, message in said({"pure_canastas": 10003, "table_points": 5})}
    assert messages["table-points-below-melds"] == (
        "Hand 1, North-South: table points of 5 are too few: 10,003 pure canastas hold cards worth at least "
        "700,105 (a canasta has at least 7 cards and a meld 3, and no card counts less than 5).")
    assert messages["natural-canastas-exceed-deck"].startswith(
        "Hand 1: North-South and East-West together show 10,004 pure canastas, but only nine ranks")
    wild = {code: message for code, _, _, message in said({"mixed_canastas": 20003, "table_points": 0})}
    assert "20,003 mixed canastas (20,003)" in wild["wilds-exceed-deck"]
    assert "need at least 20,003 wild cards, but the two decks have only 12" in wild["wilds-exceed-deck"]


def test_table_and_hand_points_over_the_decks_are_one_slip_even_when_the_counts_fit():
    """Counts of 600 and 400 fit the 1,160 the cards are worth; the points behind them, 1,200, do not:
    the one message is the points', at the first team's table points."""
    ns = scored({"pure_canastas": 2, "table_points": 700, "hand_points": 100})
    ew = scored({"pure_canastas": 2, "table_points": 400, "hand_points": 0})
    answer = rules.validate(build((ns, ew)))
    assert [(v["code"], v["team"], v["field"], v["message"]) for v in answer["violations"]
            if v["severity"] != "info"] == [(
        "card-points-exceed-deck", None, "details.table_points",
        "Hand 1: the table and hand points recorded add up to 1,200, but all the cards together are worth only "
        "1,160.")]


def test_a_mixed_canasta_a_pure_aces_canasta_and_an_unfinished_sevens_meld_are_named_on_the_table():
    # 50 (six 4s and a deuce) + 140 (seven aces) + 15 (three sevens)
    assert said({"mixed_canastas": 1, "aces_canasta": True, "incomplete_sevens": True, "table_points": 200,
                 "hand_points": 0}) == [(
        "table-points-below-melds", "ns", "details.table_points",
        "Hand 1, North-South: table points of 200 are too few: a mixed canasta, a pure aces canasta and an "
        "unfinished sevens meld hold cards worth at least 205 (a canasta has at least 7 cards and a meld 3, and "
        "no card counts less than 5).")]


def test_an_unfinished_aces_meld_is_named_on_the_table():
    # 35 (seven 4s) + 60 (two aces and a deuce)
    assert said({"pure_canastas": 1, "incomplete_aces": True, "table_points": 90, "hand_points": 0}) == [(
        "table-points-below-melds", "ns", "details.table_points",
        "Hand 1, North-South: table points of 90 are too few: a pure canasta and an unfinished aces meld hold "
        "cards worth at least 95 (a canasta has at least 7 cards and a meld 3, and no card counts less than "
        "5).")]


def test_one_player_stuck_with_sevens_holds_three_sevens():
    assert said({"pure_canastas": 1, "stuck_sevens": 1, "table_points": 100, "hand_points": 10}) == [(
        "hand-points-below-stuck", "ns", "details.hand_points",
        "Hand 1, North-South: hand points of 10 are too few: a player stuck with sevens holds at least three "
        "sevens, worth at least 15 (aces 20 each, sevens 5).")]


def test_two_players_stuck_with_aces_hold_three_each():
    assert said({"pure_canastas": 1, "stuck_aces": 2, "table_points": 100, "hand_points": 100}) == [(
        "hand-points-below-stuck", "ns", "details.hand_points",
        "Hand 1, North-South: hand points of 100 are too few: 2 players stuck with aces hold at least three of "
        "their rank each, worth at least 120 (aces 20 each, sevens 5).")]


def test_two_players_stuck_with_both_ranks_may_hold_every_card_and_no_more():
    # Nothing on the table and both ranks stuck: the hands may hold the whole deck, 1,160, and 1,165 is one
    # card too many (for the deck's card points and the counts too, each told once).
    stuck = {"stuck_aces": 1, "stuck_sevens": 1, "table_points": 0}
    assert said({**stuck, "hand_points": 1160}, ew=NOTHING_COUNTED) == []
    assert said({**stuck, "hand_points": 1165}, ew=NOTHING_COUNTED) == [
        ("hand-points-exceed-hands", "ns", "details.hand_points",
         "Hand 1, North-South: hand points of 1,165 are too many: the two players, beside the cards this team's "
         "canastas and melds hold, can hold at most 1,160."),
        ("counts-exceed-deck", None, "count",
         "Hand 1: counts of -1,165 for North-South and 0 for East-West cannot both be right; all the cards "
         "together are worth only 1,160."),
        ("card-points-exceed-deck", None, "details.table_points",
         "Hand 1: the table and hand points recorded add up to 1,165, but all the cards together are worth only "
         "1,160.")]


def test_an_unfinished_meld_alone_holds_its_cards_in_the_singular():
    assert said({"incomplete_wilds": "other", "table_points": 55, "hand_points": 0}) == [(
        "table-points-below-melds", "ns", "details.table_points",
        "Hand 1, North-South: table points of 55 are too few: an unfinished wild meld holds cards worth at least "
        "60 (a canasta has at least 7 cards and a meld 3, and no card counts less than 5).")]


def test_a_hand_at_its_most_beside_too_few_table_points_is_not_told():
    # the table's slip calls the checks; the hand, 1,160 less the pure canasta's 35, is at its most and fine
    assert said({"pure_canastas": 1, "stuck_aces": 1, "stuck_sevens": 1, "table_points": 30, "hand_points": 1125},
                ew=NOTHING_COUNTED) == [(
        "table-points-below-melds", "ns", "details.table_points",
        "Hand 1, North-South: table points of 30 are too few: a pure canasta holds cards worth at least 35 (a "
        "canasta has at least 7 cards and a meld 3, and no card counts less than 5).")]


def test_the_most_in_hand_leaves_out_exactly_what_the_table_takes():
    """`bounds`' third figure, the most two hands (not stuck, nobody out) can hold, worked by hand from
    the whole deck: 4 jokers 200, 8 deuces 160, 8 aces and 8 sevens (at most two each a hand: 4, 80 and 20),
    the 24 4s to 6s 120, the 48 8s to Kings 480."""
    def most(**kinds):
        args = {"pure": 0, "mixed": 0, "sevens": False, "aces": False, "wild": None, "unfinished_sevens": False,
                "unfinished_aces": False, "unfinished_wilds": None, "stuck_aces": 0, "stuck_sevens": 0,
                "went_out": False} | kinds
        return bounds(*args.values())[2]

    # 4 pure (three of cheap ranks, one high), 2 mixed (high: 6 naturals and a deuce each), a pure aces
    # canasta (1 ace left): 200 + 6 deuces 120 + 20 + 20 + 3 cheap 15 + 29 high 290
    assert most(pure=4, mixed=2, aces=True) == 665
    # 2 pure and a mixed of cheap ranks (20 cards), a mixed of a high one (6): 200 + 120 + 20 + 20 + 20 + 420
    assert most(pure=2, mixed=2, aces=True) == 800
    # a sevens canasta leaves one seven; with an unfinished sevens meld (refused by the deck) none, not less
    assert [most(sevens=True), most(sevens=True, unfinished_sevens=True)] == [1045, 1040]
    # a pure aces canasta and an unfinished aces meld (refused by the deck): no ace left
    assert most(aces=True, unfinished_aces=True) == 980
    # the four jokers in a wild canasta (and 3 deuces): 100 for the 5 deuces, no joker
    assert most(wild="four_jokers") == 800
    # a wild canasta of one joker and six deuces: 3 jokers 150 and 2 deuces 40
    assert most(wild="mixed") == 890
    # all eight deuces on the table (a wild canasta of seven, one in a mixed canasta): no deuce left
    assert most(wild="all_deuces", mixed=1, aces=True) == 810
    # ten pure canastas take every 8 to King (49 cards for 48): none left, not fewer than none
    assert most(pure=10) == 475


@pytest.mark.parametrize("stuck, most, ranks", [("stuck_aces", 1140, "sevens"), ("stuck_sevens", 1080, "aces")])
def test_players_stuck_with_one_rank_hold_at_most_two_of_the_other(stuck, most, ranks):
    """A player stuck with aces may hold every ace the table leaves; of sevens, no one more than two."""
    assert said({"table_points": 0, "hand_points": most, stuck: 1}, ew=NOTHING_COUNTED) == []
    assert said({"table_points": 0, "hand_points": most + 5, stuck: 1}, ew=NOTHING_COUNTED) == [(
        "hand-points-exceed-hands", "ns", "details.hand_points",
        f"Hand 1, North-South: hand points of {most + 5:,} are too many: the two players, each holding at most two "
        f"{ranks} (more would make a player stuck), beside the cards this team's canastas and melds hold, can hold "
        f"at most {most:,}.")]


@pytest.mark.parametrize("melds, verb_and_least", [
    ({"pure_canastas": 2}, "2 pure canastas hold cards worth at least 70"),
    ({"mixed_canastas": 1}, "a mixed canasta holds cards worth at least 50"),
    ({"mixed_canastas": 2}, "2 mixed canastas hold cards worth at least 100"),
])
def test_the_melds_on_a_table_too_cheap_for_them_are_named_with_their_verb(melds, verb_and_least):
    assert said({**melds, "table_points": 5, "hand_points": 0}) == [(
        "table-points-below-melds", "ns", "details.table_points",
        f"Hand 1, North-South: table points of 5 are too few: {verb_and_least} (a canasta has at least 7 cards "
        "and a meld 3, and no card counts less than 5).")]


def test_one_player_stuck_with_sevens_beside_two_stuck_with_aces():
    assert said({"pure_canastas": 1, "stuck_aces": 2, "stuck_sevens": 1, "table_points": 100,
                 "hand_points": 130}) == [(
        "hand-points-below-stuck", "ns", "details.hand_points",
        "Hand 1, North-South: hand points of 130 are too few: 2 players stuck with aces and a player stuck with "
        "sevens hold at least three of their rank each, worth at least 135 (aces 20 each, sevens 5).")]
