"""Messages of the checks across both teams in one hand (rules/nvso/checks_deck.py), asserted whole, and
the card points and counts at the edge of the deck: 1,160 is every card, 1,165 one card too many."""

import pytest

import rules
from rules.nvso import cards
from rules.nvso.sides import as_v2
from tests.rules.builders import K_EW, K_NS, build, plain, scored

TWO = {"pure_canastas": 2}


@pytest.fixture(autouse=True)
def _takes_computed_afresh():
    """What each team's details take from the deck is cached (cards.team_takes): without this, a test whose
    details an earlier test already asked about never reaches the words and sums it asserts."""
    cards._takes.cache_clear()


def _said(sheet: dict, *skip: str) -> list[tuple]:
    return [(v["code"], v["hand"], v["team"], v["field"], v["message"])
            for v in rules.validate(sheet)["violations"] if v["code"] not in ("base-not-itemised", *skip)]


def test_both_teams_cannot_have_gone_out():
    sheet = build((scored(TWO | {"went_out": True}, count=100), scored(TWO | {"went_out": True}, count=150)))
    assert _said(sheet) == [(
        "went-out-both", 1, None, "details.went_out",
        "Hand 1: North-South and East-West cannot both have gone out; the hand ends when the first team goes "
        "out.")]


def test_both_teams_cannot_show_a_special_hand():
    sheet = build((scored({"special_hand": "pairs"}), scored({"special_hand": "straight"})))
    assert _said(sheet) == [(
        "special-hand-both", 1, None, "details.special_hand",
        "Hand 1: only one team can show a special hand, because showing it ends the hand at once.")]


def test_two_special_hands_in_one_hand_fail_that_check_alone():
    """Hand 2 of three, both teams showing a special hand and nothing else, every total right: the whole
    answer is the one violation, in both formats (@2 names the side under "side")."""
    hands = [(scored(K_NS), scored(K_EW)),
             (scored({"special_hand": "pairs_natural"}), scored({"special_hand": "garbage"})),
             (scored(K_EW), scored(K_NS))]
    sheet = build(*hands)
    wanted = {"severity": "error", "hand": 2, "field": "details.special_hand", "code": "special-hand-both",
              "rule": "F", "message": "Hand 2: only one team can show a special hand, because showing it ends "
                                      "the hand at once."}
    assert rules.validate(sheet)["violations"] == [{**wanted, "team": None}]
    assert rules.validate(as_v2(sheet))["violations"] == [{**wanted, "side": None}]
    assert rules.validate(build(hands[0], (hands[1][0], scored({}, count=-300)), hands[2]))["violations"] == []


@pytest.mark.parametrize(("shown", "out", "said"), [
    ("ns", "ew", "East-West cannot have gone out, because the special hand North-South showed ended the hand."),
    ("ew", "ns", "North-South cannot have gone out, because the special hand East-West showed ended the hand."),
])
def test_no_team_goes_out_after_the_other_showed_a_special_hand(shown, out, said):
    lines = {shown: scored({"special_hand": "straight"}), out: scored(TWO | {"went_out": True}, count=150)}
    assert _said(build((lines["ns"], lines["ew"]))) == [(
        "special-hand-and-went-out", 1, None, "details.went_out", f"Hand 1: {said}")]


CARDS_OVER = ("card-points-exceed-deck", 1, None, "details.table_points",
              "Hand 1: the table and hand points recorded add up to 1,165, but all the cards together are worth "
              "only 1,160.")


@pytest.mark.parametrize(("ew_table", "said"), [(560, []), (565, [CARDS_OVER])])
def test_the_card_points_of_both_teams_fit_the_cards(ew_table, said):
    sheet = build((scored(TWO | {"table_points": 600}), scored(TWO | {"table_points": ew_table})))
    assert _said(sheet, "counts-exceed-deck") == said


@pytest.mark.parametrize(("hand_points", "said"), [(60, []), (65, [CARDS_OVER])])
def test_one_teams_card_points_alone_fit_the_cards(hand_points, said):
    ns = scored(TWO | {"table_points": 1100, "hand_points": hand_points})
    assert _said(build((ns, plain(0, 0)))) == said


@pytest.mark.parametrize(("ns_count", "said"), [(760, []), (765, [(
    "counts-exceed-deck", 1, None, "count",
    "Hand 1: counts of 765 for North-South and -400 for East-West cannot both be right; all the cards together "
    "are worth only 1,160.")])])
def test_both_counts_fit_the_cards(ns_count, said):
    assert _said(build((plain(2200, ns_count), plain(600, -400)))) == said


def test_more_natural_canastas_than_ranks_from_four_to_ace():
    ns = scored({"pure_canastas": 5, "sevens_canasta": True, "aces_canasta": True}, count=100)
    ew = scored({"pure_canastas": 4, "sevens_canasta": True, "aces_canasta": True}, count=150)
    assert _said(build((ns, ew)), "sevens-exceed-deck", "aces-exceed-deck") == [(
        "natural-canastas-exceed-deck", 1, None, "details.pure_canastas",
        "Hand 1: North-South and East-West together show 13 canastas of natural cards, but there are only "
        "eleven ranks from 4 to ace; a rank has only 8 cards, so it makes at most one canasta in a hand.")]


IN_COUNT = {"penalties_in": "count"}


@pytest.mark.parametrize(("ew_count", "said"), [
    (-4500, []),  # three players stuck: 4,500 off, no card counted
    (-6000, []),  # four, the most the decks allow (3 of the 8 aces or sevens each)
    (-7400, [(
        "counts-exceed-deck", 1, None, "count",
        "Hand 1: counts of 100 for North-South and -7,400 for East-West cannot both be right; with the "
        "penalties for cards stuck in hand taken out, the cards they count come to 1,500; all the cards "
        "together are worth only 1,160.")]),
])
def test_a_count_without_details_may_rest_on_up_to_four_stuck_players(ew_count, said):
    ns = scored(TWO | {"table_points": 100, "hand_points": 0}, options=IN_COUNT)
    assert _said(build((ns, plain(0, ew_count)), options=IN_COUNT)) == said


def test_a_count_with_details_rests_on_exactly_the_stuck_players_they_record():
    # no player recorded stuck: the -900 is all cards, and with East-West's 400 that is 1,300 of them
    ns = scored({"red_threes": 1, "table_points": 400, "hand_points": 500}, options=IN_COUNT)
    assert _said(build((ns, plain(600, 400)), options=IN_COUNT)) == [(
        "counts-exceed-deck", 1, None, "count",
        "Hand 1: counts of -900 for North-South and 400 for East-West cannot both be right; all the cards "
        "together are worth only 1,160.")]


@pytest.mark.parametrize(("ns", "ew", "said"), [
    (scored(TWO, count=900), scored(TWO | {"table_points": 400, "hand_points": 0}),
     "Hand 1: counts of 900 for North-South and 400 for East-West cannot both be right; all the cards together "
     "are worth only 1,160."),
    (scored(TWO | {"table_points": 400, "hand_points": 0}), scored(TWO, count=900),
     "Hand 1: counts of 400 for North-South and 900 for East-West cannot both be right; all the cards together "
     "are worth only 1,160."),
])
def test_counts_are_weighed_when_one_team_recorded_details_but_no_points(ns, ew, said):
    # the points written (400) fit the cards, but the team without points may count anything: its count is
    # weighed against the cards with the other's
    assert _said(build((ns, ew))) == [("counts-exceed-deck", 1, None, "count", said)]


def test_the_card_points_of_both_teams_add_the_hand_points_too():
    ns, ew = scored(TWO | {"table_points": 600}), scored(TWO | {"table_points": 400, "hand_points": 200})
    assert _said(build((ns, ew))) == [(
        "card-points-exceed-deck", 1, None, "details.table_points",
        "Hand 1: the table and hand points recorded add up to 1,200, but all the cards together are worth only "
        "1,160.")]


def test_each_rank_the_details_overflow_is_its_own_message():
    ns = scored({"pure_canastas": 1, "sevens_canasta": True, "aces_canasta": True, "stuck_sevens": 1,
                 "stuck_aces": 1}, count=0)
    assert _said(build((ns, scored(TWO, count=0)))) == [
        ("sevens-exceed-deck", 1, None, "details.sevens_canasta",
         "Hand 1: the details need at least 10 sevens, but the two decks have only 8: North-South recorded a "
         "sevens canasta (7) and a player stuck with sevens (3)."),
        ("aces-exceed-deck", 1, None, "details.aces_canasta",
         "Hand 1: the details need at least 10 aces, but the two decks have only 8: North-South recorded a pure "
         "aces canasta (7) and a player stuck with aces (3).")]


def test_mixed_canastas_count_among_the_canastas_of_natural_cards():
    # 5 pure and 4 mixed (nine ranks, the aces being in the aces canastas), and a sevens and an aces canasta
    # each: 13 natural canastas
    ns = scored({"pure_canastas": 3, "mixed_canastas": 2, "sevens_canasta": True, "aces_canasta": True}, count=100)
    ew = scored({"pure_canastas": 2, "mixed_canastas": 2, "sevens_canasta": True, "aces_canasta": True}, count=150)
    assert _said(build((ns, ew)), "sevens-exceed-deck", "aces-exceed-deck") == [(
        "natural-canastas-exceed-deck", 1, None, "details.pure_canastas",
        "Hand 1: North-South and East-West together show 13 canastas of natural cards, but there are only "
        "eleven ranks from 4 to ace; a rank has only 8 cards, so it makes at most one canasta in a hand.")]


def test_red_and_black_threes_overflowing_together_are_two_messages():
    ns = scored({"red_threes": 3, "black_threes": 3}, count=0)
    ew = scored({"red_threes": 2, "black_threes": 2}, count=0)
    assert _said(build((ns, ew))) == [
        ("threes-exceed-deck", 1, None, "details.red_threes",
         "Hand 1: the details need at least 5 red threes, but the two decks have only 4: North-South recorded 3 "
         "red threes (3); East-West recorded 2 red threes (2)."),
        ("threes-exceed-deck", 1, None, "details.black_threes",
         "Hand 1: the details need at least 5 black threes, but the two decks have only 4: North-South recorded "
         "3 black threes (3); East-West recorded 2 black threes (2).")]


def test_one_team_holding_every_card_in_hand_with_nothing_on_the_table_fits():
    # both ranks stuck, table 0: the 1,160 of the whole deck in hand, the other team without details
    ns = scored({"stuck_aces": 1, "stuck_sevens": 1, "table_points": 0, "hand_points": 1160})
    assert _said(build((ns, plain(0, 0)))) == []


def test_the_card_points_are_weighed_when_the_caller_has_not_weighed_them():
    # check_hand_deck without points_fit's answer: the 1,165 of both teams' table points is told
    from rules.fields import Details, Hand, TeamLine
    from rules.nvso.checks_deck import check_hand_deck

    out = []
    check_hand_deck(1, Hand(TeamLine(0, 0, details=Details(table_points=700)),
                            TeamLine(0, 0, details=Details(table_points=465))), out)
    assert [(v.code, v.message) for v in out] == [(
        "card-points-exceed-deck", "Hand 1: the table and hand points recorded add up to 1,165, but all the "
        "cards together are worth only 1,160.")]


def test_east_west_going_out_with_two_players_stuck_with_aces_is_told():
    ew = scored(TWO | {"went_out": True, "stuck_aces": 2}, count=0)
    assert _said(build((scored(TWO, count=0), ew))) == [(
        "stuck-after-going-out", 1, "ew", "details.stuck_aces",
        "Hand 1, East-West: a team that went out has at most one player stuck with aces, because the player who "
        "went out holds no cards; not 2.")]


def test_east_west_going_out_with_two_players_stuck_with_sevens_is_told():
    ew = scored(TWO | {"went_out": True, "stuck_sevens": 2}, count=0)
    assert _said(build((scored(TWO, count=0), ew))) == [(
        "stuck-after-going-out", 1, "ew", "details.stuck_sevens",
        "Hand 1, East-West: a team that went out has at most one player stuck with sevens, because the player "
        "who went out holds no cards; not 2.")]


def test_east_west_alone_with_details_going_out_with_two_players_stuck_is_told():
    """North-South wrote base and count only: East-West's details are weighed alone, under East-West's name."""
    ew = scored(TWO | {"went_out": True, "stuck_aces": 2}, count=0)
    assert _said(build((plain(600, 0), ew))) == [(
        "stuck-after-going-out", 1, "ew", "details.stuck_aces",
        "Hand 1, East-West: a team that went out has at most one player stuck with aces, because the player who "
        "went out holds no cards; not 2.")]


def test_north_south_alone_with_details_going_out_with_two_players_stuck_with_sevens_is_told():
    ns = scored(TWO | {"went_out": True, "stuck_sevens": 2}, count=0)
    assert _said(build((ns, plain(600, 0)))) == [(
        "stuck-after-going-out", 1, "ns", "details.stuck_sevens",
        "Hand 1, North-South: a team that went out has at most one player stuck with sevens, because the player "
        "who went out holds no cards; not 2.")]
