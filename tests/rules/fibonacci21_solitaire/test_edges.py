"""The solitaire's checks at the edges the one-case-per-code tests leave out: the empty pile, a slip
reported once (not again at the running total that rests on it), the first deal's running total, two slips
in one answer, and the rule set's one option, read, refused and listed."""

import rules
from rules.fibonacci21_solitaire import RULESET
from rules.fibonacci21_solitaire.codes import CODES
from rules.fibonacci21_solitaire.options import SolitaireOptions, parse_options
from tests.rules.fibonacci21_solitaire.test_solitaire import sheet


def error(hand, side, field, code, message) -> dict:
    return {"severity": "error", "hand": hand, "side": side, "field": field, "code": code, "rule": CODES[code][0],
            "message": message}


def test_an_empty_discard_pile_is_impossible_and_one_card_is_not():
    assert rules.validate(sheet({"discards": 1}))["violations"] == []
    assert rules.validate(sheet({"discards": 0}))["violations"] == [error(
        1, "ana", "discards", "discards-impossible", "Hand 1, Ana: a discard pile of 0 cards is impossible; every "
                                                     "turn ends with a discard, so the pile holds at least one card.")]


def test_an_impossible_pile_is_reported_once_not_again_at_the_running_total_resting_on_it():
    """7 written as 75: the running total and the final follow the 7 the player had, so the pile alone is
    wrong; a running total checked against 14 + 75 would report the same slip a second time."""
    good = sheet({"discards": 14, "turns": 18}, {"discards": 7})
    bad = sheet({"discards": 14, "turns": 18}, {"discards": 7})
    bad["hands"][1]["ana"]["discards"] = 75
    assert rules.validate(good)["violations"] == []
    assert rules.validate(bad)["violations"] == [error(
        2, "ana", "discards", "discards-impossible", "Hand 2, Ana: a discard pile of 75 cards is impossible; six "
                                                     "sets hold at least 15 of the 89 cards, so at most 74 are left "
                                                     "for the pile.")]


def test_the_first_deal_s_running_total_has_nothing_before_it():
    bad = sheet({"discards": 14, "turns": 18}, {"discards": 9})
    bad["hands"][0]["ana"]["cumulative"] = 15  # the second deal's 23 follows the recomputed 14: not told again
    assert rules.validate(bad)["violations"] == [error(
        1, "ana", "cumulative", "cumulative-mismatch", "Hand 1, Ana: the running total should be 14 (14 cards), "
                                                       "not 15.")]


def test_two_slips_are_listed_deal_by_deal_then_the_sheet():
    bad = sheet({"discards": 14, "turns": 18}, {"discards": 9, "turns": 3}, winner="tie")
    assert rules.validate(bad)["violations"] == [
        error(2, "ana", "turns", "turns-too-few", "Hand 2, Ana: six sets take at least 15 cards and a hand of 7 "
                                                  "gains one card a turn, so it takes at least 8 turns, not 3."),
        error(None, None, "winner", "winner-mismatch", "A solitaire has one player, so the winner is Ana, not a "
                                                       "tie.")]


def test_a_bad_or_unknown_option_is_a_problem_worded_whole():
    bad = sheet({"discards": 14}, options={"decks": 3, "jokers": 1})
    answer = rules.validate(bad)
    assert answer["malformed"] is True and answer["violations"] == []
    assert answer["problems"] == [
        {"path": "$.options.decks", "message": 'The option "decks" must be a whole number from 1 to 2, not the '
                                               'number 3.'},
        {"path": "$.options.jokers", "message": 'The fibonacci21_solitaire rule set has no option "jokers"; its '
                                                'options are "decks".'}]


def test_the_one_option_is_one_deck_by_default():
    """The text names one deck; the list of rule sets shows the option under its name."""
    assert SolitaireOptions().decks == 1
    assert SolitaireOptions().as_dict() == RULESET.options == {"decks": 1}
    problems: list = []
    assert parse_options({"decks": 2}, problems).as_dict() == {"decks": 2}
    assert problems == []


def test_a_running_total_left_out_carries_the_one_written_before_it():
    """A slip carried on faithfully is told once: 15 written for 14, the next running total left out, and
    the third written on from the 15 (15 + 9 + 10): only the first is wrong, the final follows the sheet."""
    bad = sheet({"discards": 14, "turns": 18}, {"discards": 9}, {"discards": 10})
    bad["hands"][0]["ana"]["cumulative"] = 15
    bad["hands"][1]["ana"]["cumulative"] = None
    bad["hands"][2]["ana"]["cumulative"] = 34
    bad["final"] = {"ana": 34}
    assert rules.validate(bad)["violations"] == [error(
        1, "ana", "cumulative", "cumulative-mismatch", "Hand 1, Ana: the running total should be 14 (14 cards), "
                                                       "not 15.")]


def test_a_pile_too_big_for_its_turns_is_reported_once_not_again_at_the_running_total():
    """9 written as 30 after 8 turns: the running total (23) and the final follow the 9 the player had."""
    bad = sheet({"discards": 14, "turns": 18}, {"discards": 9, "turns": 8})
    bad["hands"][1]["ana"]["discards"] = 30
    assert rules.validate(bad)["violations"] == [error(
        2, "ana", "discards", "discards-exceed-turns", "Hand 2, Ana: 8 turns draw at most 16 cards from the stock, "
                                                       "so the pile holds at most 9 cards, not 30.")]
