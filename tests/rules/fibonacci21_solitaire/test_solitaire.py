"""The fibonacci21_solitaire rule set: a unit test of every check (a failing sheet next to a valid one it
differs from as little as possible), its malformed sheets, options, example and property tests."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from bench.games.fibonacci21_solitaire import legal_sheet, spoil
from rules.fibonacci21_solitaire import RULESET
from rules.fibonacci21_solitaire.codes import CODES

FORMAT2 = "canasta-td/score-sheet@2"


def sheet(*deals: dict, **top) -> dict:
    """A sheet of Ana's deals ({"discards": ..., "turns": ...}), running totals, final and winner filled in."""
    running, hands = 0, []
    for deal in deals:
        running += deal["discards"]
        hands.append({"ana": {"cumulative": running, **deal}})
    return {"format": FORMAT2, "ruleset": "fibonacci21_solitaire", "sides": [{"id": "ana", "label": "Ana"}],
            "hands": hands, "final": {"ana": running}, "winner": "ana", **top}


GOOD = sheet({"discards": 14, "turns": 18}, {"discards": 9})


def case_discards_impossible():
    return sheet({"discards": 14, "turns": 18}, {"discards": 75}), GOOD, (
        2, "ana", "discards", "Hand 2, Ana: a discard pile of 75 cards is impossible; six sets hold at least 15 of "
                              "the 89 cards, so at most 74 are left for the pile.")


def case_turns_too_few():
    return sheet({"discards": 5, "turns": 7}), sheet({"discards": 5, "turns": 8}), (
        1, "ana", "turns", "Hand 1, Ana: six sets take at least 15 cards and a hand of 7 gains one card a turn, so "
                           "it takes at least 8 turns, not 7.")


def case_turns_exceed_stock():
    return sheet({"discards": 50, "turns": 82}), sheet({"discards": 50, "turns": 81}), (
        1, "ana", "turns", "Hand 1, Ana: every turn draws a card from the stock of 81, so there are at most 81 "
                           "turns, not 82.")


def case_discards_exceed_turns():
    return sheet({"discards": 14, "turns": 10}), sheet({"discards": 13, "turns": 10}), (
        1, "ana", "discards", "Hand 1, Ana: 10 turns draw at most 20 cards from the stock, so the pile holds at "
                              "most 13 cards, not 14.")


def case_cumulative_mismatch():
    bad = copy.deepcopy(GOOD)
    bad["hands"][1]["ana"]["cumulative"] = 24
    return bad, GOOD, (2, "ana", "cumulative", "Hand 2, Ana: the running total should be 23 (14 before this deal "
                                               "plus 9 cards), not 24.")


def case_final_mismatch():
    return {**GOOD, "final": {"ana": 22}}, GOOD, (
        None, "ana", "final", "The final total for Ana should be 23, the running total after the last deal, not 22.")


def case_winner_mismatch():
    return {**GOOD, "winner": "tie"}, GOOD, (
        None, None, "winner", "A solitaire has one player, so the winner is Ana, not a tie.")


def case_no_hands():
    return {**GOOD, "hands": [], "final": None, "winner": None}, GOOD, (
        None, None, "hands", "The sheet has no hands; a game needs at least one hand.")


def case_too_many_hands():
    return sheet(*[{"discards": 3}] * 101), sheet(*[{"discards": 3}] * 100), (
        101, None, "hands", "Hand 101: a sheet can list at most 100 hands, so hand 101 should not be on it; the "
                            "hands were not checked.")


CASES = {name[len("case_"):].replace("_", "-"): fn for name, fn in globals().items() if name.startswith("case_")}


def test_every_code_has_a_case():
    assert sorted(CASES) == sorted(CODES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_the_check_fails_only_its_sheet(code):
    bad, good, (hand, side, field, message) = CASES[code]()
    assert rules.validate(good)["violations"] == []
    assert rules.validate(bad)["violations"] == [{
        "severity": "error", "hand": hand, "side": side, "field": field, "code": code, "rule": CODES[code][0],
        "message": message}]


def test_the_result_is_the_discards_and_fewest_wins():
    answer = rules.validate(GOOD)
    assert answer["computed"] == {"hands": [{"ana": {"total": 14, "cumulative": 14}},
                                            {"ana": {"total": 9, "cumulative": 23}}],
                                  "final": {"ana": 23}, "winner": "ana"}


def test_the_bonus_card_2b_is_number_2_so_six_sets_take_15_cards():
    """Were the 2B number 8 (it is worth 8 points), a 2B and a 13 would make a set of two cards and six sets
    13 cards: a pile of 76, or 6 turns, would then be possible. It is the "#2 bonus card": they are not."""
    assert [v["code"] for v in rules.validate(sheet({"discards": 76}))["violations"]] == ["discards-impossible"]
    assert [v["code"] for v in rules.validate(sheet({"discards": 1, "turns": 6}))["violations"]] == [
        "turns-too-few"]
    assert rules.validate(sheet({"discards": 74}, {"discards": 1, "turns": 8}))["violations"] == []


def test_two_decks_leave_room_for_more_discards():
    big = sheet({"discards": 100})
    assert [v["code"] for v in rules.validate(big)["violations"]] == ["discards-impossible"]
    assert rules.validate({**big, "options": {"decks": 2}})["violations"] == []


def test_malformed_sheets_for_the_solitaire():
    two = {**GOOD, "sides": [{"id": "ana"}, {"id": "bo"}]}
    assert [p["path"] for p in rules.validate(two)["problems"]] == ["$.sides"]
    odd = copy.deepcopy(GOOD)
    odd["hands"][0]["ana"]["base"] = 100
    odd["hands"][1]["ana"]["discards"] = -1
    assert sorted(p["path"] for p in rules.validate(odd)["problems"]) == ["$.hands[0].ana.base",
                                                                          "$.hands[1].ana.discards"]
    missing = copy.deepcopy(GOOD)
    del missing["hands"][0]["ana"]["discards"]
    assert [p["path"] for p in rules.validate(missing)["problems"]] == ["$.hands[0].ana.discards"]


def test_the_example_validates_and_the_line_is_described():
    assert rules.validate(RULESET.example())["violations"] == []
    assert [f["name"] for f in RULESET.describe_line()] == ["discards", "turns", "cumulative"]
    assert RULESET.options == {"decks": 1} and RULESET.side_counts == (1,)


PROPERTY_SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _sheet(data):
    def pick(low: int, high: int) -> int:
        return data.draw(st.integers(low, high))

    return legal_sheet(pick, hands=pick(1, 5)), pick


@PROPERTY_SETTINGS
@given(st.data())
def test_plausible_deals_are_accepted(data):
    answer = rules.validate(_sheet(data)[0])
    assert answer["violations"] == []


@PROPERTY_SETTINGS
@given(st.data())
def test_one_changed_number_is_rejected_where_it_shows(data):
    plain, pick = _sheet(data)
    spoiled, (hand, side, field) = spoil(pick, plain)
    errors = [(v["hand"], v["side"], v["field"]) for v in rules.validate(spoiled)["violations"]]
    if field == "discards":  # a changed pile shows at its running total, or at itself when out of bounds
        assert errors in ([(hand, side, "cumulative")], [(hand, side, "discards")])
    else:
        assert errors == [(hand, side, field)]
