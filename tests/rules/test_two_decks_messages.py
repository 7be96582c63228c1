"""The card points' bound with two decks, in whole words, for the two games on the Fibonacci deck: the one-deck
message is asserted beside each game's checks; with two the sentence is another ("the 2 decks")."""

import rules
from tests.rules.canasta21.builders import NONE
from tests.rules.canasta21.builders import build as build_canasta21
from tests.rules.canasta21.builders import scored as scored_canasta21
from tests.rules.canasta21.test_checks import hand1
from tests.rules.fibonacci21.test_checks import THREE, round1
from tests.rules.fibonacci21.test_checks import build as build_fibonacci21
from tests.rules.fibonacci21.test_checks import scored as scored_fibonacci21


def _errors(sheet: dict) -> list[tuple]:
    answer = rules.validate(sheet)
    return [(v["hand"], v["side"], v["field"], v["code"], v["message"]) for v in answer["violations"]
            if v["severity"] == "error"]


def test_canasta21_names_the_two_decks_the_card_points_exceed():
    sheet = build_canasta21(hand1(cy=scored_canasta21(NONE | {"hand_points": 4500})), options={"decks": 2})
    assert _errors(sheet) == [(1, None, "details", "card-points-exceed-deck", "Hand 1: the sides' card points add "
                               "up to 4,764, more than the 4,700 every card of the 2 decks could be worth.")]


def test_fibonacci21_names_the_two_decks_the_card_points_exceed():
    sheet = build_fibonacci21(round1(bo=scored_fibonacci21(THREE | {"hand_points": 4600})), options={"decks": 2})
    assert _errors(sheet) == [(1, None, "details", "card-points-exceed-deck", "Hand 1: the players' card points add "
                               "up to 4,880, more than the 4,700 every card of the 2 decks could be worth.")]
