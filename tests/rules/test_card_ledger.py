"""The card ledger at the edge of every pool of the NVSO deck: the last card the decks have is accepted,
one more is refused with a message that names the cards and says what each team recorded towards them."""

import pytest

import rules
from rules.ledger import CAP, Pool, Take, fits, overflowing, overflows, pack, packed_deck, tally
from rules.nvso import cards
from tests.rules.builders import build, find, scored


def hand(ns: dict, ew: dict, options: dict | None = None) -> dict:
    """A one-hand sheet with both teams' details, scored by the calculator, no cards counted (a count of 0,
    less the stuck-card penalties when the options put them in the count)."""
    lines = []
    for details in (ns, ew):
        stuck = details.get("stuck_aces", 0) + details.get("stuck_sevens", 0)
        in_count = (options or {}).get("penalties_in") == "count"
        lines.append(scored(details, count=-1500 * stuck if in_count else 0, options=options))
    return build(tuple(lines), options=options)


def messages(answer: dict, code: str) -> list[str]:
    return [v["message"] for v in find(answer, code)]


CANASTA = {"pure_canastas": 1}


@pytest.fixture(autouse=True)
def _takes_computed_afresh():
    """What each team's details take from the deck is cached (cards.team_takes): without this, a test whose
    details an earlier test already asked about never reaches the words and sums it asserts."""
    cards._takes.cache_clear()


# (ns, ew) at the edge, then the same with one take more, the code, and the whole message.
EDGES = {
    "red threes": (
        ({"red_threes": 3}, {"red_threes": 1}),
        ({"red_threes": 3}, {"red_threes": 2}),
        "threes-exceed-deck",
        "Hand 1: the details need at least 5 red threes, but the two decks have only 4: North-South recorded "
        "3 red threes (3); East-West recorded 2 red threes (2)."),
    "black threes": (
        ({"black_threes": 4}, {}),
        ({"black_threes": 4}, {"black_threes": 1}),
        "threes-exceed-deck",
        "Hand 1: the details need at least 5 black threes, but the two decks have only 4: North-South "
        "recorded 4 black threes (4); East-West recorded a black three (1)."),
    "sevens with stuck players": (
        ({**CANASTA, "stuck_sevens": 2}, {}),
        ({**CANASTA, "stuck_sevens": 2}, {**CANASTA, "incomplete_sevens": True}),
        "sevens-exceed-deck",
        "Hand 1: the details need at least 9 sevens, but the two decks have only 8: North-South recorded 2 "
        "players stuck with sevens (6); East-West recorded an unfinished sevens meld (3)."),
    "sevens canasta": (
        ({**CANASTA, "sevens_canasta": True}, CANASTA),
        ({**CANASTA, "sevens_canasta": True}, {**CANASTA, "stuck_sevens": 1}),
        "sevens-exceed-deck",
        "Hand 1: the details need at least 10 sevens, but the two decks have only 8: North-South recorded a "
        "sevens canasta (7); East-West recorded a player stuck with sevens (3)."),
    "aces": (
        ({**CANASTA, "incomplete_aces": True, "stuck_aces": 2}, CANASTA),
        ({**CANASTA, "incomplete_aces": True, "stuck_aces": 2}, {**CANASTA, "incomplete_aces": True}),
        "aces-exceed-deck",
        "Hand 1: the details need at least 10 aces, but the two decks have only 8: North-South recorded an "
        "unfinished aces meld (2) and 2 players stuck with aces (6); East-West recorded an unfinished aces meld "
        "(2)."),
    # issue 12's finding: a pure aces canasta holds 7 aces, so a player stuck with 3 more needs 10.
    "a pure aces canasta and a stuck player": (
        ({**CANASTA, "aces_canasta": True}, CANASTA),
        ({**CANASTA, "aces_canasta": True}, {**CANASTA, "stuck_aces": 1}),
        "aces-exceed-deck",
        "Hand 1: the details need at least 10 aces, but the two decks have only 8: North-South recorded a "
        "pure aces canasta (7); East-West recorded a player stuck with aces (3)."),
    # issue 12's finding, refused since the ledger landed: an unfinished sevens meld and two stuck players.
    "an unfinished sevens meld and two stuck players": (
        ({**CANASTA, "incomplete_sevens": True, "stuck_sevens": 1}, CANASTA),
        ({**CANASTA, "incomplete_sevens": True, "stuck_sevens": 2}, CANASTA),
        "sevens-exceed-deck",
        "Hand 1: the details need at least 9 sevens, but the two decks have only 8: North-South recorded an "
        "unfinished sevens meld (3) and 2 players stuck with sevens (6)."),
    "wild cards": (
        ({**CANASTA, "wild_canasta": "all_deuces", "mixed_canastas": 1},
         {**CANASTA, "incomplete_wilds": "other", "mixed_canastas": 1}),
        ({**CANASTA, "wild_canasta": "all_deuces", "mixed_canastas": 2},
         {**CANASTA, "incomplete_wilds": "other", "mixed_canastas": 1}),
        "wilds-exceed-deck",
        "Hand 1: the details need at least 13 wild cards, but the two decks have only 12: North-South "
        "recorded a wild canasta of all deuces (7) and 2 mixed canastas (2); East-West recorded an unfinished "
        "wild meld (3) and a mixed canasta (1)."),
    "jokers": (
        ({**CANASTA, "wild_canasta": "all_deuces"}, {**CANASTA, "incomplete_wilds": "four_jokers"}),
        ({**CANASTA, "wild_canasta": "mixed"}, {**CANASTA, "incomplete_wilds": "four_jokers"}),
        "wilds-exceed-deck",
        "Hand 1: the details need at least 5 jokers, but the two decks have only 4: North-South recorded a "
        "wild canasta of jokers and deuces (1); East-West recorded an unfinished wild meld with the four "
        "jokers (4)."),
}


@pytest.mark.parametrize("name", EDGES)
def test_the_last_card_is_accepted_and_one_more_refused_naming_the_cards(name):
    legal, over, code, message = EDGES[name]
    accepted = rules.validate(hand(*legal))
    assert accepted["valid"], accepted["violations"]
    refused = rules.validate(hand(*over))
    assert messages(refused, code) == [message]
    assert not refused["valid"]


def test_a_wild_canasta_beside_the_other_teams_unfinished_wild_meld_is_accepted():
    # 7 + 3 of the 12 wild cards: it happens (the contract used to refuse it).
    answer = rules.validate(hand({**CANASTA, "wild_canasta": "mixed"}, {**CANASTA, "incomplete_wilds": "other"}))
    assert answer["valid"], answer["violations"]


def test_two_wild_canastas_are_one_slip_one_message():
    answer = rules.validate(hand({**CANASTA, "wild_canasta": "all_deuces"}, {**CANASTA, "wild_canasta": "four_jokers"}))
    assert [v["code"] for v in answer["violations"]] == ["wilds-exceed-deck"]
    assert answer["violations"][0]["message"] == (
        "Hand 1: the details need at least 14 wild cards, but the two decks have only 12: North-South recorded "
        "a wild canasta of all deuces (7); East-West recorded a wild canasta with the four jokers (7).")


def test_one_teams_details_alone_are_held_to_the_deck():
    sheet = build((scored({**CANASTA, "sevens_canasta": True, "stuck_sevens": 1}, count=0), {"base": 0, "count": 0}))
    assert messages(rules.validate(sheet), "sevens-exceed-deck") == [
        "Hand 1: the details need at least 10 sevens, but the two decks have only 8: North-South recorded a "
        "sevens canasta (7) and a player stuck with sevens (3)."]


def test_a_team_that_went_out_has_at_most_one_stuck_player_per_rank():
    out = {"pure_canastas": 2, "went_out": True}
    assert rules.validate(hand({**out, "stuck_aces": 1, "stuck_sevens": 1}, CANASTA))["valid"]
    answer = rules.validate(hand({**out, "stuck_aces": 2}, CANASTA))
    assert [(v["code"], v["team"], v["field"], v["message"]) for v in answer["violations"]] == [(
        "stuck-after-going-out", "ns", "details.stuck_aces",
        "Hand 1, North-South: a team that went out has at most one player stuck with aces, because the player "
        "who went out holds no cards; not 2.")]


def test_stuck_players_take_their_cards_with_penalties_in_the_count_too():
    options = {"penalties_in": "count"}
    assert rules.validate(hand({**CANASTA, "stuck_sevens": 1}, {**CANASTA, "stuck_sevens": 1}, options))["valid"]
    answer = rules.validate(hand({**CANASTA, "stuck_sevens": 2}, {**CANASTA, "stuck_sevens": 1}, options))
    assert messages(answer, "sevens-exceed-deck") == [
        "Hand 1: the details need at least 9 sevens, but the two decks have only 8: North-South recorded 2 "
        "players stuck with sevens (6); East-West recorded a player stuck with sevens (3)."]


def _counted(ew_count: int) -> dict:
    options = {"penalties_in": "count"}
    ns = scored({"pure_canastas": 2, "stuck_sevens": 1, "table_points": 1100, "hand_points": 0}, options=options)
    assert ns["count"] == -400  # 1,100 in cards, 1,500 off for the player stuck with sevens
    return build((ns, {"base": 0, "count": ew_count}), options=options)


def test_with_penalties_in_the_count_both_teams_penalties_are_taken_out_before_the_cards_are_counted():
    assert "counts-exceed-deck" not in [v["code"] for v in rules.validate(_counted(60))["violations"]]
    answer = rules.validate(_counted(65))  # 1,100 + 65 = 1,165 in cards: the counts said 400 + 65
    assert messages(answer, "counts-exceed-deck") == [
        "Hand 1: counts of -400 for North-South and 65 for East-West cannot both be right; with the penalties "
        "for cards stuck in hand taken out, the cards they count come to 1,165; all the cards together are "
        "worth only 1,160."]


def test_the_ledger_is_a_tally_of_takes_against_any_deck():
    pools = (Pool("stones", 5, "stones"), Pool("sticks", 2, "sticks"))
    takes = [Take("ns", "a", "a heap", (3, 0)), Take("ew", "b", "a bundle", (2, 3)), Take("ew", "c", "a rod", (0, 0))]
    assert tally(pools, takes) == (5, 3)
    assert fits(pools, (3, 0), (2, 2)) and not fits(pools, (3, 0), (2, 3))
    [over] = overflows(pools, takes)
    assert (over.pool.name, over.needed, [t.what for t in over.takes]) == ("sticks", 3, ["a bundle"])


def test_a_message_about_both_teams_names_the_sides_as_the_caller_asks():
    sheet = hand({**CANASTA, "sevens_canasta": True}, {**CANASTA, "incomplete_sevens": True})
    answer = rules.validate(sheet, sides={"ns": "We", "ew": "They"})
    assert messages(answer, "sevens-exceed-deck") == [
        "Hand 1: the details need at least 10 sevens, but the two decks have only 8: We recorded a sevens "
        "canasta (7); They recorded an unfinished sevens meld (3)."]
    assert "North-South recorded a sevens canasta" in messages(rules.validate(sheet), "sevens-exceed-deck")[0]


def test_sides_must_name_both_sides():
    with pytest.raises(ValueError):
        rules.validate(hand({}, {}), sides={"ns": "We"})


def test_the_packed_quick_test_agrees_with_the_tally_on_every_count():
    pools = (Pool("a", 8, "a"), Pool("b", 12, "b"), Pool("c", 0, "c"))
    deck = packed_deck(pools)
    for a in (0, 3, 7, 8, 9, 12, 13, CAP, 10**9):
        for b in (0, 1, 5, 12):
            for c in (0, 1):
                one, two = (a, b, c), (b, a % 13, 0)
                assert overflowing(deck, pack(one)) == (not fits(pools, one))
                assert overflowing(deck, pack(one), pack(two)) == (not fits(pools, one, two)), (one, two)


def test_two_tallies_at_the_cap_overflow_a_small_pool_without_carrying_into_the_next():
    """The largest sum a lane takes (two capped counts and the bias) still has the lane's top bit set and
    stays below the next lane: a deck of one small pool and one that takes nothing."""
    pools = (Pool("a", 8, "a"), Pool("b", 12, "b"))
    deck = packed_deck(pools)
    for tallies in (((CAP, 0), (CAP, 0)), ((CAP, 0), (10, 0)), ((CAP - 8, 0), (17, 0))):
        assert not fits(pools, *tallies)
        assert overflowing(deck, *(pack(t) for t in tallies)) is True, tallies
    assert overflowing(deck, pack((4, 12)), pack((4, 0))) is False


def test_tallies_that_do_not_match_the_deck_are_refused_not_cut_short():
    pools = (Pool("a", 8, "a"), Pool("b", 12, "b"))
    with pytest.raises(ValueError):
        fits(pools, (1,))  # the second pool would go unchecked
    with pytest.raises(ValueError):
        fits(pools, (1, 1, 1), (1, 1))  # a tally of a three-pool deck would be cut to two


@pytest.mark.sweep
def test_the_quick_screen_never_hides_what_the_ledger_finds():
    """Every hand whose takes overflow the deck is reported, whether or not the screen is the one to
    send it to the ledger: a grid of details over each kind of take."""
    from itertools import product

    from rules.fields import Details, Hand, TeamLine
    from rules.nvso.cards import POOLS, team_takes
    from rules.nvso.checks_deck import check_hand_deck

    kinds = product((0, 2, 4), (0, 3), (0, 6, 13), (False, True), (None, "four_jokers"), (None, "four_jokers"),
                    (0, 1, 2))
    teams = [Details(red_threes=red, black_threes=black, mixed_canastas=mixed, sevens_canasta=sevens,
                     wild_canasta=wild, incomplete_wilds=unfinished, stuck_aces=stuck)
             for red, black, mixed, sevens, wild, unfinished, stuck in kinds]
    ledger_codes = {"threes-exceed-deck", "sevens-exceed-deck", "aces-exceed-deck", "wilds-exceed-deck"}
    for ns in teams[::7]:
        for ew in teams:
            out = []
            check_hand_deck(1, Hand(TeamLine(0, 0, details=ns), TeamLine(0, 0, details=ew)), out)
            takes = team_takes("ns", ns)[0] + team_takes("ew", ew)[0]
            assert bool(overflows(POOLS, takes)) == any(v.code in ledger_codes for v in out), (ns, ew)


def _details():
    """Any one team's details as far as the deck is concerned, well past every pool's edge."""
    from hypothesis import strategies as st

    from rules.fields import Details
    from rules.nvso import scoring

    return st.builds(
        Details, red_threes=st.integers(0, 6), black_threes=st.integers(0, 6), pure_canastas=st.integers(0, 4),
        mixed_canastas=st.integers(0, 14), sevens_canasta=st.booleans(), aces_canasta=st.booleans(),
        wild_canasta=st.sampled_from([None, *scoring.WILD_CANASTAS]), went_out=st.booleans(),
        incomplete_sevens=st.booleans(), incomplete_aces=st.booleans(),
        incomplete_wilds=st.sampled_from([None, *scoring.INCOMPLETE_WILDS]), stuck_aces=st.integers(0, 3),
        stuck_sevens=st.integers(0, 3))


def _agree(ns, ew):
    from rules.fields import Hand, TeamLine
    from rules.nvso.cards import NOTHING, PACKED, POOLS, team_takes
    from rules.nvso.cards import fits as quick_fits

    ns_takes, ns_packed = team_takes("ns", ns)
    ew_takes, ew_packed = team_takes("ew", ew)
    full = fits(POOLS, tally(POOLS, ns_takes), tally(POOLS, ew_takes))
    assert quick_fits(ns, ew) == full == (not overflowing(PACKED, ns_packed, ew_packed))
    assert quick_fits(ns, NOTHING) == fits(POOLS, tally(POOLS, ns_takes)) == (not overflowing(PACKED, ns_packed))
    # and the hand's checks report an overflow exactly when the full tally finds one, for two teams or one
    from rules.nvso.checks_deck import check_hand_deck

    ledger_codes = {"threes-exceed-deck", "sevens-exceed-deck", "aces-exceed-deck", "wilds-exceed-deck"}
    for hand, found in ((Hand(TeamLine(0, 0, details=ns), TeamLine(0, 0, details=ew)), not full),
                        (Hand(TeamLine(0, 0, details=ns), TeamLine(0, 0)), bool(overflows(POOLS, ns_takes)))):
        out = []
        check_hand_deck(1, hand, out)
        assert any(v.code in ledger_codes for v in out) == found


@pytest.mark.sweep
def test_the_quick_sums_agree_with_the_full_tally_on_random_hands():
    """cards.fits, the sums every hand takes, against the ledger's tally of the takes with their words:
    the same answer on any details, for two teams and for one, so the tally runs only when needed and
    never misses a hand that needs it."""
    from hypothesis import HealthCheck, given, settings

    check = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])(
        given(_details(), _details())(_agree))
    check()


def test_the_quick_sums_at_every_pools_edge():
    """The sums at the last card of each pool and one past it (the edges above), as the tally says."""
    from rules.fields import Details
    from rules.nvso.cards import fits as quick_fits

    for ns, ew in (pair for name in EDGES for pair in EDGES[name][:2]):
        _agree(Details(**ns), Details(**ew))
    for name in EDGES:
        (at_ns, at_ew), (over_ns, over_ew) = EDGES[name][:2]
        assert quick_fits(Details(**at_ns), Details(**at_ew)), name
        assert not quick_fits(Details(**over_ns), Details(**over_ew)), name


def test_more_stuck_players_than_the_decks_allow_with_penalties_in_the_count_is_one_message_not_a_crash():
    """Five stuck players between the teams (more than the 8 aces and 8 sevens leave room for) once made
    the counts' check find no possible reading and fail with a ValueError; the ledger's message is the
    answer, and the counts resting on those players are not reported again."""
    sheet = {"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "options": {"penalties_in": "count"},
             "hands": [{"ns": {"base": 0, "count": 0, "details": {"stuck_aces": 2, "stuck_sevens": 1}},
                        "ew": {"base": 0, "count": 0, "details": {"stuck_sevens": 2}}}]}
    answer = rules.validate(sheet)
    assert [(v["code"], v["team"], v["field"], v["message"]) for v in answer["violations"]
            if v["severity"] == "error"] == [(
                "sevens-exceed-deck", None, "details.stuck_sevens",
                "Hand 1: the details need at least 9 sevens, but the two decks have only 8: North-South recorded "
                "a player stuck with sevens (3); East-West recorded 2 players stuck with sevens (6).")]


def test_a_team_that_went_out_names_sevens_for_two_players_stuck_with_sevens():
    out = {"pure_canastas": 2, "went_out": True}
    answer = rules.validate(hand({**out, "stuck_sevens": 2}, CANASTA))
    assert [(v["code"], v["team"], v["field"], v["message"]) for v in answer["violations"]] == [(
        "stuck-after-going-out", "ns", "details.stuck_sevens",
        "Hand 1, North-South: a team that went out has at most one player stuck with sevens, because the "
        "player who went out holds no cards; not 2.")]


def test_a_team_that_went_out_is_told_only_of_the_rank_with_two_stuck_players():
    out = {"pure_canastas": 2, "went_out": True}
    answer = rules.validate(hand({**out, "stuck_aces": 1, "stuck_sevens": 2}, CANASTA))
    assert [(v["code"], v["field"]) for v in answer["violations"]] == [
        ("stuck-after-going-out", "details.stuck_sevens")]
    answer = rules.validate(hand({**out, "stuck_aces": 2, "stuck_sevens": 1}, CANASTA))
    assert [(v["code"], v["field"]) for v in answer["violations"]] == [
        ("stuck-after-going-out", "details.stuck_aces")]


def test_two_pure_aces_canastas_need_fourteen_aces():
    # one each: the quick sum adds both teams' canastas before the ledger names them
    answer = rules.validate(hand({**CANASTA, "aces_canasta": True}, {**CANASTA, "aces_canasta": True}))
    assert messages(answer, "aces-exceed-deck") == [
        "Hand 1: the details need at least 14 aces, but the two decks have only 8: North-South recorded a pure "
        "aces canasta (7); East-West recorded a pure aces canasta (7)."]


def test_the_quick_sum_of_mixed_canastas_alone_stops_at_the_twelfth_wild_card():
    """Without a wild canasta or an unfinished wild meld the quick sum counts only the mixed canastas' wild
    cards: twelve fit the decks, thirteen do not, as the tally says (more than ten is refused elsewhere, for
    the ranks, but the ledger answers for the cards alone)."""
    from rules.fields import Details
    from rules.nvso.cards import fits as quick_fits

    for ns, ew in ((8, 4), (8, 5), (12, 0), (13, 0)):
        _agree(Details(mixed_canastas=ns), Details(mixed_canastas=ew))
    assert [quick_fits(Details(mixed_canastas=8), Details(mixed_canastas=ew)) for ew in (4, 5)] == [True, False]
