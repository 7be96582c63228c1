"""The worked example sheet (rules/examples.py): the text the check page starts from is the example itself,
indented two spaces a level, and a sheet the rules accept (hand 2 noted as written without details)."""

import json

import pytest

import rules
from rules import registry
from rules.examples import EXAMPLE_SHEET, chosen_game, example_sheet, example_text, games, has_own_example


def test_the_example_text_is_the_example_indented_two_spaces():
    text = example_text()
    assert json.loads(text) == EXAMPLE_SHEET
    assert text.splitlines()[:4] == ['{', '  "format": "canasta-td/score-sheet@1",', '  "ruleset": "nvso",',
                                     '  "options": {},']
    assert text == json.dumps(EXAMPLE_SHEET, indent=2)


def test_the_example_text_is_a_valid_sheet_of_section_k():
    answer = rules.validate(example_text())
    assert answer["valid"] is True
    assert [(v["severity"], v["hand"], v["code"]) for v in answer["violations"]] == [
        ("info", 2, "base-not-itemised")]
    assert answer["computed"]["final"] == {"ns": 2945, "ew": 1690}
    assert answer["computed"]["winner"] == "ns"


class _NoExample:
    name, title, options = "no_example_test", "A game without an example", {}


def test_the_games_to_pick_from_are_every_rule_set_by_name_with_its_title():
    picked = games()
    assert [name for name, _ in picked] == registry.ruleset_names()
    assert ("five_player", "Five-player partnership canasta (five players, set partnerships, to 4,000)") in picked
    assert ("nvso", "NVSO canasta (American Canasta Society rules with the event's exceptions)") in picked


@pytest.mark.parametrize(("asked", "chosen"), [
    ("five_player", "five_player"), ("nvso", "nvso"), ("bridge", "nvso"), ("", "nvso"), (None, "nvso")])
def test_a_game_asked_for_is_chosen_when_a_rule_set_has_that_name(asked, chosen):
    assert chosen_game(asked) == chosen


def test_each_game_s_example_is_its_own_or_else_nvso_s(monkeypatch):
    monkeypatch.setitem(registry._RULESETS, "no_example_test", _NoExample())
    assert [has_own_example(game) for game in ("nvso", "five_player", "no_example_test", "bridge")] == [
        True, True, False, False]
    assert example_sheet("no_example_test") is EXAMPLE_SHEET
    assert example_sheet("bridge") is EXAMPLE_SHEET
    assert example_sheet("five_player") == registry.example("five_player")
    assert example_text("five_player") == json.dumps(registry.example("five_player"), indent=2)
