"""The fibonacci21 checks at the edges the one-case-per-code tests leave out: every bound at its last
allowed value and one past it, the messages of the other branches whole, a slip reported once (not again at
the total resting on it), the options that change the deck, and the example built afresh."""

import copy
import importlib

import pytest

import rules
from rules.fibonacci21 import examples, scoring
from rules.fibonacci21.codes import CODES
from rules.fibonacci21.line import describe_line
from rules.fibonacci21.options import Fibonacci21Options
from tests.rules.canasta21.builders import plain
from tests.rules.fibonacci21.test_checks import OUT, THREE, build, round1, scored


@pytest.fixture(autouse=True)
def _fresh_cache():
    """achievable_bases is cached: each test works it out again."""
    scoring.achievable_bases.cache_clear()


def error(hand, side, field, code, message) -> dict:
    return {"severity": CODES[code][1], "hand": hand, "side": side, "field": field, "code": code,
            "rule": CODES[code][0], "message": message}


def violations(sheet: dict) -> list[dict]:
    """The violations, without the note on lines of base and count only."""
    return [v for v in rules.validate(sheet)["violations"] if v["code"] != "base-not-itemised"]


def test_a_plain_line_s_wrong_total_is_told_with_its_parts():
    bad = build(round1(bo=plain(600, 45, total=650)))
    assert violations(bad) == [error(1, "bo", "total", "total-mismatch", "Hand 1, Bo: the total should be 645 "
                                     "(base 600 plus count 45), not 650.")]


def test_an_impossible_base_or_count_is_told_once_not_again_at_the_total():
    """610 written for 600 (or 450 for 45), the total as the player had it: only the slip is told."""
    as_played = {"total": 645, "cumulative": 645}
    final = {"final": {"ana": 1420, "bo": 645}}
    assert violations(build(round1(bo=plain(610, 45, **as_played)), **final)) == [error(
        1, "bo", "base", "base-impossible", "Hand 1, Bo: a base of 610 is impossible; every bonus is a positive "
                                            "multiple of 50.")]
    assert violations(build(round1(bo=plain(600, 450, **as_played)), **final)) == [error(
        1, "bo", "count", "count-impossible", "Hand 1, Bo: a count of 450 is impossible; six closed sets hold at "
                                              "most 348 in card points.")]
    unknown_count = {"pure_sets": 3, "hand_points": 25}  # three closed sets, their points not written
    line = {"base": 600, "count": 450, "details": unknown_count, **as_played}
    assert violations(build(round1(bo=line), **final)) == [error(
        1, "bo", "count", "count-impossible", "Hand 1, Bo: a count of 450 is impossible; six closed sets hold at "
                                              "most 348 in card points.")]
    nothing = {"pure_sets": 0}
    line = {"base": 0, "count": 20, "total": -20, "cumulative": -20, "details": nothing}
    assert violations(build(round1(bo=line), final={"ana": 1420, "bo": -20})) == [error(
        1, "bo", "count", "count-positive-without-set", "Hand 1, Bo: with no closed set no card counts for the "
                                                        "player, so a count of 20 is impossible.")]


@pytest.mark.parametrize(("base", "reason"), [
    (50, "no mix of closed sets and going out makes it with 3 wild cards in play"),
    (-100, "every bonus is a positive multiple of 50"),
])
def test_the_reason_a_written_base_is_impossible(base, reason):
    assert violations(build(round1(bo=plain(base, 45)))) == [error(
        1, "bo", "base", "base-impossible", f"Hand 1, Bo: a base of {base:,} is impossible; {reason}.")]


def test_with_the_cards_only_scoring_any_base_but_0_is_impossible():
    sheet = build(round1(ana=scored(OUT) | {"base": 0}, bo=plain(600, 45)), options={"scoring": "cards_only"})
    assert violations(sheet) == [error(1, "bo", "base", "base-impossible", "Hand 1, Bo: a base of 600 is "
                                       "impossible; with the cards only scoring, there are no bonuses.")]


def test_the_count_at_its_bounds():
    assert violations(build(round1(bo=plain(600, 348)))) == []
    assert violations(build(round1(bo=plain(0, -2350)))) == []
    assert violations(build(round1(bo=plain(0, -2351)))) == [error(
        1, "bo", "count", "count-impossible", "Hand 1, Bo: a count of -2,351 is impossible; all the cards of the "
                                              "decks are worth at most 2,350.")]


@pytest.mark.parametrize(("options", "most"), [({"decks": 2}, 492), ({"wild_cards": 0}, 204),
                                               ({"wild_cards": 5}, 444)])
def test_the_most_count_follows_the_wild_cards_in_play(options, most):
    ana = scored(OUT | {"pure_sets": 6, "mixed_sets": 0, "closed_points": 140})  # no wild card needed
    assert violations(build(round1(ana=ana, bo=plain(600, most)), options=options)) == []
    assert violations(build(round1(ana=ana, bo=plain(600, most + 1)), options=options)) == [error(
        1, "bo", "count", "count-impossible", f"Hand 1, Bo: a count of {most + 1} is impossible; six closed sets "
                                              f"hold at most {most} in card points.")]


def test_two_decks_keep_every_bonus_and_no_wild_card_leaves_no_mixed_set():
    assert violations(build(round1(bo=plain(600, 45)), options={"decks": 2})) == []
    one_mixed = round1(bo=scored(THREE | {"pure_sets": 2, "mixed_sets": 1, "closed_points": 100}))
    ana = scored(OUT | {"pure_sets": 6, "mixed_sets": 0, "closed_points": 140})
    assert violations(build(one_mixed | {"ana": ana}, options={"wild_cards": 0})) == [error(
        1, None, "details", "wilds-exceed-deck", "Hand 1: every mixed set holds a wild card, and the players record "
                                                 "1 mixed sets with only 0 wild cards in the deck.")]
    assert violations(build(one_mixed | {"ana": ana}, options={"wild_cards": 1})) == []


def test_two_decks_are_named_as_two():
    seven = {"pure_sets": 0, "mixed_sets": 6, "closed_points": 6 * 50}
    sheet = build({"ana": scored(seven), "bo": scored(seven | {"mixed_sets": 1, "closed_points": 50})},
                  options={"decks": 2})
    assert violations(sheet) == [error(
        1, None, "details", "wilds-exceed-deck", "Hand 1: every mixed set holds a wild card, and the players record "
                                                 "7 mixed sets with only 6 wild cards in the 2 decks.")]


def test_the_deck_s_limits_are_checked_only_past_them():
    """Two went out (the one slip), with exactly the wild cards and card points the deck holds."""
    ana = OUT  # one mixed set, 170
    bo = OUT | {"pure_sets": 4, "mixed_sets": 2, "closed_points": 190}
    cy = {"pure_sets": 0, "table_points": 1000, "hand_points": 2350 - 170 - 190 - 1000}
    assert violations(build({"ana": scored(ana), "bo": scored(bo), "cy": scored(cy)})) == [error(
        1, None, "details.went_out", "went-out-several", "Hand 1: the round stops when the first player goes out, so "
                                                         "Ana and Bo cannot both have gone out.")]


def test_three_players_cannot_all_have_gone_out():
    six = OUT | {"pure_sets": 6, "mixed_sets": 0}
    sheet = build({side: scored(six | {"closed_points": points}) for side, points in (("ana", 140), ("bo", 141),
                                                                                       ("cy", 142))})
    assert violations(sheet) == [error(
        1, None, "details.went_out", "went-out-several", "Hand 1: the round stops when the first player goes out, so "
                                                         "Ana, Bo and Cy cannot all have gone out.")]


def test_card_points_without_closed_points_fill_the_deck_exactly():
    lines = {"ana": scored({"hand_points": 2000}), "bo": scored({"table_points": 200, "hand_points": 150})}
    assert violations(build(lines)) == []


def test_a_player_who_went_out_holds_no_cards_in_hand():
    assert violations(build(round1(ana=scored(OUT | {"hand_points": 5})))) == [error(
        1, "ana", "details.hand_points", "went-out-with-cards", "Hand 1, Ana: the player who went out has no cards "
                                                                "left in hand, so these cannot be worth 5.")]


def test_the_closed_points_at_their_least():
    assert violations(build(round1(bo=scored(THREE | {"closed_points": 63})))) == []
    assert violations(build(round1(ana=scored(OUT | {"closed_points": 155})))) == []
    assert violations(build(round1(ana=scored(OUT | {"closed_points": 154})))) == [error(
        1, "ana", "details.closed_points", "closed-points-impossible", "Hand 1, Ana: 6 closed sets of these kinds "
                                                                       "hold between 155 and 348 in card points, not "
                                                                       "154.")]


@pytest.mark.parametrize(("details", "text"), [
    ({"closed_points": 5}, "with no closed set there are no closed sets' card points, so not 5."),
    ({"pure_sets": 1, "closed_points": 40}, "1 closed set of this kind holds between 21 and 34 in card points, "
                                            "not 40."),
    ({"pure_sets": 2, "closed_points": 40}, "2 closed sets of these kinds hold between 42 and 68 in card points, "
                                            "not 39."),
])
def test_the_closed_points_message_by_the_number_of_sets(details, text):
    if details.get("pure_sets") == 2:
        details = details | {"closed_points": 39}
    assert violations(build(round1(bo=scored(details)))) == [error(
        1, "bo", "details.closed_points", "closed-points-impossible", f"Hand 1, Bo: {text}")]


def test_a_base_with_no_bonus_recorded():
    assert violations(build(round1(bo=scored({"hand_points": 25}) | {"base": 50}))) == [error(
        1, "bo", "base", "base-mismatch", "Hand 1, Bo: the details record no bonus, so the base should be 0, not "
                                          "50.")]


def test_a_count_no_card_can_make_without_a_set_and_none_is_fine():
    assert violations(build(round1(bo={"base": 0, "count": 0, "details": {}}))) == []
    assert violations(build(round1(bo={"base": 0, "count": 1, "details": {}}))) == [error(
        1, "bo", "count", "count-positive-without-set", "Hand 1, Bo: with no closed set no card counts for the "
                                                        "player, so a count of 1 is impossible.")]


def test_a_count_of_unknown_sets_is_not_checked_but_its_total_is():
    unknown = {"pure_sets": 3, "table_points": 40, "hand_points": 25}  # what the sets are worth: not written
    assert violations(build(round1(bo=scored(unknown) | {"count": 45}))) == []
    bad = build(round1(bo=scored(unknown) | {"count": 45, "total": 650}))
    assert violations(bad) == [error(1, "bo", "total", "total-mismatch", "Hand 1, Bo: the total should be 645 "
                                     "(base 600 plus count 45), not 650.")]


@pytest.mark.parametrize(("details", "options", "why"), [
    ({"table_points": 40}, None, "0 in closed sets less 0 in hand; open sets count for nothing"),
    ({"pure_sets": 3, "closed_points": 70}, None, "70 in closed sets less 0 in hand; open sets count for nothing"),
    ({"pure_sets": 3, "closed_points": 70, "hand_points": 25}, {"open_sets": "against"},
     "70 in closed sets less 0 in open sets and 25 in hand"),
    (THREE, {"open_sets": "against"}, "70 in closed sets less 40 in open sets and 25 in hand"),
])
def test_the_count_mismatch_names_each_part(details, options, why):
    line = scored(details, open_against=options is not None)
    bad = build(round1(bo=line | {"count": line["count"] + 5}), options=options)
    assert violations(bad) == [error(1, "bo", "count", "count-mismatch", f"Hand 1, Bo: the count should be "
                                     f"{line['count']:,} ({why}), not {line['count'] + 5:,}.")]


def test_a_round_after_the_target_is_told_once_however_many_follow():
    sheet = build(round1(), round1(), round1(), options={"target_score": 1000})
    assert violations(sheet) == [error(2, None, "hands", "hand-after-target", "Hand 2: the game was over after hand "
                                       "1, when Ana reached 1,420 of the 1,000 needed, so no more hands are played.")]


def test_the_note_for_every_player_of_base_and_count_only():
    sheet = build({"ana": plain(1250, 170), "bo": plain(600, 45)})
    assert rules.validate(sheet)["violations"] == [error(
        1, None, "details", "base-not-itemised", "Hand 1: only base and count are written for every player, so the "
                                                 "checks confirm the arithmetic and that the numbers are possible, "
                                                 "but not the sets, going out and cards behind them.")]


def test_the_card_points_are_not_asked_of_a_player():
    assert [f["name"] for f in describe_line() if not f["asked"]] == ["closed_points", "table_points",
                                                                      "hand_points"]


def test_the_options_are_listed_as_chosen():
    assert Fibonacci21Options(decks=2, target_score=5000).as_dict() == {
        "scoring": "bonuses", "open_sets": "free", "target_score": 5000, "decks": 2, "wild_cards": 3}


def test_the_example_built_afresh_validates():
    example = copy.deepcopy(importlib.reload(examples).EXAMPLE)
    assert rules.validate(example)["violations"] == []
    assert example["hands"][0]["bo"] == {"base": 600, "count": 45, "total": 645, "cumulative": 645, "details": {
        "pure_sets": 3, "closed_points": 70, "table_points": 40, "hand_points": 25}}
