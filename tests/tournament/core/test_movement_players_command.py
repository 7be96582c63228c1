"""`movement --players N --seats S`: the JSON other tools read, the repeat count, and plain refusals."""

import json
import random

import pytest
from django.core.management import CommandError, call_command

from tournament.core.movement import mitchell, plan_to_json
from tournament.core.players_movement import players_movement, players_plan_to_json


def test_players_json_has_exactly_the_documented_shape(capsys):
    call_command("movement", "--players", "11", "--seats", "4", "--games", "3", "--json")
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert set(data) == {"tables", "games"}
    assert data["tables"] == 2
    assert [g["game"] for g in data["games"]] == [1, 2, 3]
    for game in data["games"]:
        assert set(game) == {"game", "tables", "sitting_out"}
        assert [set(t) for t in game["tables"]] == [{"table", "seats"}] * 2
        assert [t["table"] for t in game["tables"]] == [1, 2]
        seated = [p for t in game["tables"] for p in t["seats"]]
        assert sorted(seated + game["sitting_out"]) == list(range(1, 12))
        assert all(isinstance(p, int) for p in seated)
    assert data["games"][0]["sitting_out"] == [9, 10, 11]
    assert data == players_plan_to_json(players_movement(11, "4", 3, rng=random.Random(0)))
    assert err.startswith("Repeated table-mates: ")


def test_the_repeat_count_goes_to_stderr(capsys):
    call_command("movement", "--players", "10", "--seats", "3-4", "--games", "2", "--json")
    out, err = capsys.readouterr()
    plan = players_movement(10, "3-4", 2)
    assert plan.repeats == 1  # a table of four in game 2 takes two of game 1's three tables' players
    assert "Repeated table-mates: 1 " in err
    assert "Repeated" not in out


def test_a_seed_changes_the_draw(capsys):
    call_command("movement", "--players", "15", "--seats", "5", "--games", "1", "--json", "--seed", "3")
    assert json.loads(capsys.readouterr().out) == players_plan_to_json(
        players_movement(15, "5", 1, rng=random.Random(3))
    )


def test_the_text_form_lists_tables_in_seat_order_and_sit_outs(capsys):
    call_command("movement", "--players", "9", "--seats", "4", "--games", "1")
    out, err = capsys.readouterr()
    plan = players_movement(9, "4", 1)
    first = ", ".join(str(p) for p in plan.games[0].tables[0].seats)
    assert f"Table   1: {first}" in out
    assert "Sitting out: 9" in out
    assert "Repeated table-mates: 0" in err


def test_teams_keep_the_mitchell_movement(capsys):
    call_command("movement", "--teams", "9", "--games", "3", "--json")
    assert json.loads(capsys.readouterr().out) == plan_to_json(mitchell(9, 3))


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "8", "--seats", "6"], "1 to 5 seats"),
        (["--players", "8", "--seats", "0"], "1 to 5 seats"),
        (["--players", "8", "--seats", "5-3"], "smaller first"),
        (["--players", "8", "--seats", "four"], "such as 3-4"),
        (["--players", "3", "--seats", "4"], "nobody could play"),
        (["--players", "2", "--seats", "3-4"], "nobody could play"),
        (["--players", "0", "--seats", "1"], "at least 1 player"),
        (["--players", "8", "--seats", "4", "--games", "0"], "at least 1 game"),
        (["--players", "8"], "--seats 4"),
        (["--teams", "8", "--seats", "4"], "--seats goes with --players"),
        (["--players", "501", "--seats", "4"], "at most 500 players"),
        (["--players", "20", "--seats", "4", "--games", "31"], "over 30 games"),
    ],
)
def test_bad_input_is_refused_with_a_plain_message(args, message):
    if "--games" not in args:
        args = [*args, "--games", "2"]
    with pytest.raises(CommandError, match=message):
        call_command("movement", *args)


def test_teams_and_players_together_are_refused():
    with pytest.raises(CommandError, match="not allowed with"):
        call_command("movement", "--teams", "4", "--players", "8", "--seats", "4", "--games", "2")
