"""`python -m rules list [--json]`, `python -m rules example NAME`, and `validate` with @2 sheets."""

import json

import pytest

import rules
from rules import registry
from rules.cli import main
from rules.nvso.sides import as_v2
from rules.room import Room
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


class _Creme:
    """A rule set registered from outside: letters beyond ASCII, three or four sides, an entrant kind the
    listing has no words for, formats with no owner or a longer path, no options, two other rooms."""

    name, title, options = "creme_test", "Canasta à la crème", {}
    formats = ("score-sheet@3", "example.org/sheets/score@4")
    side_counts = (3, 4)
    entrants = "couples"
    room = Room("players", (3, 4), "most_points", alternatives=(
        Room("teams", (2, 2), "most_points", when={"partnerships": True, "decks": 2}),
        Room("teams", (4, 4), "fewest_cards", when={"solo": False})))


def test_list_json_is_every_summary_indented_two_spaces_with_letters_kept(monkeypatch, capsys):
    monkeypatch.setitem(registry._RULESETS, "creme_test", _Creme())
    assert main(["list", "--json"]) == 0
    out = capsys.readouterr().out
    assert out == json.dumps(registry.summaries(), indent=2, ensure_ascii=False) + "\n"
    assert '\n    "title": "Canasta à la crème",\n' in out


def test_list_in_words_shows_each_rule_set_s_own_sides_formats_entrants_and_every_other_room(monkeypatch, capsys):
    monkeypatch.setitem(registry._RULESETS, "creme_test", _Creme())
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("canasta21: Canasta 21 (Bigollo!) on the Fibonacci Deck 21\n"
                          "  sides: 2, 3 or 4 (teams or players)\n")  # entrants "either"
    assert (
        "\n\ncreme_test: Canasta à la crème\n"
        "  sides: 3 or 4 (couples)\n"
        "  formats: score-sheet@3, score@4\n"
        "  options (defaults): none\n"
        "  room: single players, 3 to 4 a table, ranked by most points"
        "; or teams of two, 2 a table, ranked by most points when partnerships = true, decks = 2"
        "; or teams of two, 4 a table, ranked by fewest cards when solo = false\n\n"
    ) in out


def test_example_prints_the_rule_set_s_example_as_indented_json(capsys):
    assert main(["example", "five_player"]) == 0
    captured = capsys.readouterr()
    assert captured.out == json.dumps(registry.example("five_player"), indent=2, ensure_ascii=False) + "\n"
    assert captured.err == ""


def _help(argv: list[str], capsys) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    captured = capsys.readouterr()
    return stopped.value.code, captured.out, captured.err


def test_the_help_of_list_and_of_example(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "100")
    assert _help(["list", "--help"], capsys) == (0, (
        "usage: python -m rules list [-h] [--json]\n\n"
        "options:\n"
        "  -h, --help  show this help message and exit\n"
        "  --json      print a JSON list of objects instead of words\n"), "")
    assert _help(["example", "--help"], capsys) == (0, (
        "usage: python -m rules example [-h] name\n\n"
        "positional arguments:\n"
        "  name        the rule set's name, as `list` shows it\n\n"
        "options:\n"
        "  -h, --help  show this help message and exit\n"), "")
