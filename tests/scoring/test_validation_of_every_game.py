"""An event of any game checks its sheets under that game's own rules: the event's `target_score` is NVSO's
setting, and handed to another game it replaced that game's target or was refused as an unknown option
(a Crazy Canasta event refused every sheet, and its four deals were never asked for)."""

import pytest

from rules.registry import example, ruleset_names
from scoring.validation import effective_document, hands_asked, validate_for_event
from tests.factories import make_event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ruleset_names())
def test_each_games_own_example_sheet_is_valid_in_an_event_of_that_game(director, name):
    event = make_event(director, teams=0, seat=False, ruleset=name)
    answer = validate_for_event(event, example(name))
    assert answer["valid"], answer["violations"]


def test_the_four_deals_of_crazy_canasta_are_the_hands_its_event_asks_for(director):
    event = make_event(director, teams=0, seat=False, ruleset="crazy_canasta")
    assert hands_asked(event) == 4
    assert "target_score" not in effective_document(event, {})["options"]   # four deals, no target


def test_a_five_player_event_keeps_its_games_target_unless_the_event_sets_one(director):
    event = make_event(director, teams=0, seat=False, ruleset="five_player")
    assert effective_document(event, {})["options"]["target_score"] == 4000   # the game's own
    event.rule_options = {"target_score": 3000}
    assert effective_document(event, {"options": {"target_score": 9000}})["options"]["target_score"] == 3000


def test_an_nvso_event_still_imposes_its_target_score_on_every_sheet(director):
    event = make_event(director, teams=2, seat=False, target_score=5000)
    assert effective_document(event, {"options": {"target_score": 8500}})["options"]["target_score"] == 5000
