"""The ``bracket`` management command: exact JSON, a readable drawing, plain errors. No database."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def _run(*args: str) -> str:
    out = StringIO()
    call_command("bracket", *args, stdout=out)
    return out.getvalue()


def _json(*args: str) -> dict:
    return json.loads(_run("--json", *args))


def test_json_for_eight_teams():
    assert _json("--teams", "8") == {
        "size": 8,
        "rounds": [
            [
                {"match": 1, "a": 1, "b": 8},
                {"match": 2, "a": 4, "b": 5},
                {"match": 3, "a": 2, "b": 7},
                {"match": 4, "a": 3, "b": 6},
            ],
            [
                {"match": 5, "a": None, "b": None},
                {"match": 6, "a": None, "b": None},
            ],
            [{"match": 7, "a": None, "b": None}],
        ],
        "third_place": None,
    }


FIVE_TEAM_ROUNDS = [
    [
        {"match": 1, "a": 1, "b": None},
        {"match": 2, "a": 4, "b": 5},
        {"match": 3, "a": 2, "b": None},
        {"match": 4, "a": 3, "b": None},
    ],
    [
        {"match": 5, "a": 1, "b": None},
        {"match": 6, "a": 2, "b": 3},
    ],
    [{"match": 7, "a": None, "b": None}],
]


def test_json_for_five_teams_shows_byes_and_advances_them():
    assert _json("--teams", "5") == {"size": 8, "rounds": FIVE_TEAM_ROUNDS, "third_place": None}


def test_json_for_five_teams_with_third_place():
    assert _json("--teams", "5", "--third-place") == {
        "size": 8,
        "rounds": FIVE_TEAM_ROUNDS,
        "third_place": {"match": 8, "a": None, "b": None},
    }


def test_json_for_two_teams_is_just_a_final():
    assert _json("--teams", "2") == {
        "size": 2,
        "rounds": [[{"match": 1, "a": 1, "b": 2}]],
        "third_place": None,
    }


def test_json_for_eight_teams_with_third_place():
    assert _json("--teams", "8", "--third-place")["third_place"] == {
        "match": 8,
        "a": None,
        "b": None,
    }


@pytest.mark.parametrize("args", [["--teams", "2"], ["--teams", "5"], ["--teams", "8", "--third-place"],
                                  ["--teams", "13", "--third-place"], ["--teams", "64"]])
def test_json_has_exactly_the_documented_keys(args):
    """The issue fixes the shape: {"size", "rounds", "third_place"}, every match {"match", "a", "b"}."""
    data = _json(*args)
    assert set(data) == {"size", "rounds", "third_place"}
    matches = [match for matches in data["rounds"] for match in matches]
    assert matches and all(set(match) == {"match", "a", "b"} for match in matches)
    if "--third-place" in args:
        assert set(data["third_place"]) == {"match", "a", "b"}
    else:
        assert data["third_place"] is None


def test_text_drawing_is_readable():
    text = _run("--teams", "5", "--third-place")
    lines = text.splitlines()
    assert lines[0] == (
        "Single elimination: 5 teams, bracket of 8, byes to seeds 1-3, with third-place game."
    )
    assert lines[2].split() == [
        "Quarter-finals",
        "(M1-M4)",
        "Semi-finals",
        "(M5-M6)",
        "Final",
        "(M7)",
        "Winner",
    ]
    bracket = lines[3:-2]
    first_round = [line.split("─")[0].strip() for line in bracket if line and not line[0].isspace()]
    assert first_round == ["Seed 1", "bye", "Seed 4", "Seed 5", "Seed 2", "bye", "Seed 3", "bye"]
    assert "├── winner M2" in text  # unknown teams say where they come from
    assert "├── winner M7" in text  # the champion's slot
    assert lines[-1] == "Third place (M8): loser M5 v loser M6"
    assert all(line == line.rstrip() for line in lines)


def test_text_drawing_for_two_teams():
    assert _run("--teams", "2") == (
        "Single elimination: 2 teams, bracket of 2, no byes, no third-place game.\n"
        "\n"
        "Final (M1)  Winner\n"
        "Seed 1 ─┐\n"
        "        ├── winner M1\n"
        "Seed 2 ─┘\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--teams", "1"], "at least 2 teams"),
        (["--teams", "0"], "at least 2 teams"),
        (["--teams", "-5"], "at least 2 teams"),
        (["--teams", "1025"], "at most 1024 teams"),
        (["--teams", "2", "--third-place"], "third-place game needs at least 4 teams"),
        (["--teams", "3", "--third-place", "--json"], "third-place game needs at least 4 teams"),
        (["--teams", "eight"], "invalid int value"),
        ([], "--teams"),
    ],
)
def test_bad_input_is_a_plain_command_error(args, message):
    with pytest.raises(CommandError, match=message) as caught:
        _run(*args)
    assert caught.value.__cause__ is None  # no chained traceback behind the message
