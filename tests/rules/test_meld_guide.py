"""The initial meld as a printed sheet states it before play (`meld_guide`): every hand's minimum by hand,
only the first hand's by score (both teams at 0), each one what the checks would ask of a written one."""

import pytest

from rules.nvso.checks_game import meld_requirement
from rules.nvso.options import parse_options
from rules.registry import get_ruleset

NVSO = get_ruleset("nvso")


def options(**raw):
    problems = []
    parsed = parse_options(raw, problems)
    assert problems == []
    return parsed


@pytest.mark.parametrize("hands", [1, 3, 5])
def test_by_hand_every_hand_s_minimum_is_the_one_the_checks_ask(hands):
    by_hand = options(hands_per_game=hands)
    guide = NVSO.meld_guide(by_hand, hands)
    assert guide["hands"] == [meld_requirement(index, 0, by_hand) for index in range(hands)]
    assert guide["hands"][:3] == [125, 155, 180][:hands]


def test_by_hand_the_rule_names_each_hand_and_the_later_ones():
    assert NVSO.meld_guide(options(), 3)["rule"] == (
        "The initial meld needs 125 points in hand 1, 155 in hand 2 and 180 in hand 3.")
    assert NVSO.meld_guide(options(hands_per_game=5), 5)["rule"] == (
        "The initial meld needs 125 points in hand 1, 155 in hand 2 and 180 in hand 3 and every later hand.")
    assert NVSO.meld_guide(options(hands_per_game=2), 2)["rule"] == (
        "The initial meld needs 125 points in hand 1 and 155 in hand 2.")
    assert NVSO.meld_guide(options(hands_per_game=1), 1)["rule"] == "The initial meld needs 125 points in hand 1."


def test_by_score_only_the_first_hand_is_known_and_the_rule_gives_the_steps_of_the_running_total():
    by_score = options(meld_requirement="by_score")
    guide = NVSO.meld_guide(by_score, 4)
    assert guide["hands"] == [meld_requirement(0, 0, by_score), None, None, None] == [125, None, None, None]
    assert guide["rule"] == ("The initial meld needs 125 points while the team's running total is below 3,000, "
                             "155 from 3,000 and 180 from 5,000.")
    # The steps the sentence names are those the checks apply.
    assert [meld_requirement(1, before, by_score) for before in (2995, 3000, 4995, 5000)] == [125, 155, 155, 180]
