"""`python -m rules list [--json]`, `python -m rules example NAME`, and `validate` with @2 sheets."""

import json

import pytest

import rules
from rules import registry
from rules.cli import main
from rules.nvso.sides import as_v2
from tests.rules.builders import K_EW, K_NS, build, plain, scored
from tests.rules.command import run

SUMMARY_KEYS = {"name", "title", "formats", "side_counts", "entrants", "options", "room"}
NVSO_SUMMARY = {
    "name": "nvso",
    "title": "NVSO canasta (American Canasta Society rules with the event's exceptions)",
    "formats": ["canasta-td/score-sheet@1", "canasta-td/score-sheet@2"],
    "side_counts": [2],
    "entrants": "teams",
    "options": {"meld_requirement": "by_hand", "target_score": 8500, "hands_per_game": 3,
                "penalties_in": "base", "incomplete_wilds_penalty": "by_jokers"},
    "room": {"entrants": "teams", "seats": {"min": 2, "max": 2}, "ranking": "most_points", "alternatives": []},
}



def test_list_json_is_every_rule_set_by_name_with_its_sides_formats_and_defaults():
    result = run("list", "--json")
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert [entry["name"] for entry in found] == registry.ruleset_names()
    assert all(entry.keys() == SUMMARY_KEYS for entry in found)
    assert [entry for entry in found if entry["name"] == "nvso"] == [NVSO_SUMMARY]


def test_list_in_words_names_each_rule_set_its_sides_and_its_defaults(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "nvso: NVSO canasta (American Canasta Society rules with the event's exceptions)\n" in out
    assert "  sides: 2 (teams)\n  formats: score-sheet@1, score-sheet@2\n" in out
    assert "meld_requirement = by_hand, target_score = 8500, hands_per_game = 3" in out


def test_a_rule_set_that_says_only_the_at1_basics_is_listed_as_two_teams(monkeypatch):
    class Plain:
        name, title, options = "plain_test", "A plain game", {"limit": None}

    monkeypatch.setitem(registry._RULESETS, "plain_test", Plain())
    assert registry.summary(Plain()) == {"name": "plain_test", "title": "A plain game",
                                         "formats": [rules.FORMAT], "side_counts": [2], "entrants": "teams",
                                         "options": {"limit": None},
                                         "room": {"entrants": "teams", "seats": {"min": 2, "max": 2},
                                                  "ranking": "most_points", "alternatives": []}}


def test_example_prints_a_valid_at2_sheet_of_the_game():
    result = run("example", "nvso")
    assert result.returncode == 0, result.stderr
    sheet = json.loads(result.stdout)
    assert sheet["format"] == rules.FORMAT2 and sheet["ruleset"] == "nvso"
    assert rules.validate(sheet)["valid"]


@pytest.mark.parametrize("name", registry.ruleset_names())
def test_every_rule_set_gives_a_valid_example_of_its_own_game(name):
    sheet = registry.example(name)
    assert sheet["ruleset"] == name
    answer = rules.validate(sheet)
    assert answer["valid"], answer


def test_example_of_an_unknown_game_names_the_known_ones_and_exits_2():
    result = run("example", "bridge")
    assert result.returncode == 2
    assert result.stdout == ""
    *others, last = [f'"{name}"' for name in registry.ruleset_names()]
    known = f"{', '.join(others)} and {last}" if others else last
    assert result.stderr == f'There is no rule set "bridge"; the rule sets are {known}.\n'


def test_example_of_a_rule_set_without_one_says_so(monkeypatch, capsys):
    class Quiet:
        name, title, options = "quiet_test", "No example", {}

    monkeypatch.setitem(registry._RULESETS, "quiet_test", Quiet())
    assert main(["example", "quiet_test"]) == 2
    assert capsys.readouterr().err == 'The rule set "quiet_test" gives no example sheet.\n'


def test_validate_takes_an_at2_nvso_sheet(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(as_v2(build((scored(K_NS), scored(K_EW))))))
    result = run("validate", str(path))
    assert result.returncode == 0, result.stdout
    assert json.loads(result.stdout)["computed"]["final"] == {"ns": 2525, "ew": 2075}


def test_validate_names_the_side_of_an_at2_sheets_violation():
    result = run("validate", "-", stdin=json.dumps(as_v2(build((plain(2200, 283), plain(1800, 275))))))
    assert result.returncode == 1
    violation = json.loads(result.stdout)["violations"][0]
    assert (violation["side"], violation["code"]) == ("ns", "count-not-multiple-of-five")


def test_validate_answers_a_malformed_at2_sheet_with_its_paths():
    sheet = as_v2(build((scored(K_NS), scored(K_EW))))
    sheet["sides"][1]["id"] = "west"
    result = run("validate", "-", stdin=json.dumps(sheet))
    assert result.returncode == 2
    answer = json.loads(result.stdout)
    assert answer["malformed"] is True
    assert [p["path"] for p in answer["problems"]] == ["$.sides[1].id"]
