"""Properties of the NVSO rotation for every field size the product supports."""

import json

import pytest
from django.core.management import CommandError, call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core.movement import mitchell, plan_to_json, seat_game, table_count


def check_plan(n_teams: int, n_games: int) -> None:
    plan = mitchell(n_teams, n_games)
    tables = table_count(n_teams)
    assert plan.tables == tables
    assert len(plan.games) == n_games
    ns_home = {s.ns: s.table for s in plan.games[0].tables}
    ew_prev = {s.ew: s.table for s in plan.games[0].tables if s.ew is not None}
    met = set()
    for game in plan.games:
        seated = [t for s in game.tables for t in (s.ns, s.ew) if t is not None]
        # every team seated exactly once per game
        assert sorted(seated) == list(range(1, n_teams + 1))
        for seat in game.tables:
            # North-South never moves
            assert seat.ns is not None and ns_home[seat.ns] == seat.table
            if seat.ew is not None and game.game > 1:
                # East-West moves one table up, the highest table's East-West goes to table 1
                assert seat.table == ew_prev[seat.ew] % tables + 1
            if seat.ns is not None and seat.ew is not None:
                pair = frozenset((seat.ns, seat.ew))
                if n_games <= tables:
                    assert pair not in met, f"rematch of {sorted(pair)} in game {game.game}"
                met.add(pair)
        ew_prev = {s.ew: s.table for s in game.tables if s.ew is not None}
        assert len(game.sitting_out) == n_teams % 2
    assert bool(plan.warnings) == (n_games > tables)


@pytest.mark.parametrize("n_teams", range(2, 201))
def test_movement_properties_for_every_field_size(n_teams):
    for n_games in {1, 2, 3, table_count(n_teams), table_count(n_teams) + 1}:
        check_plan(n_teams, n_games)


@settings(max_examples=200, deadline=None)
@given(n_teams=st.integers(2, 200), n_games=st.integers(1, 40))
def test_movement_properties_hypothesis(n_teams, n_games):
    check_plan(n_teams, n_games)


def test_starting_places_follow_the_numbering():
    plan = mitchell(9, 1)
    rows = [(s.table, s.ns, s.ew) for s in plan.games[0].tables]
    assert rows == [(1, 1, 6), (2, 2, 7), (3, 3, 8), (4, 4, 9), (5, 5, None)]
    assert plan.games[0].sitting_out == [5]
    game2 = mitchell(9, 2).games[1]
    assert [(s.table, s.ns, s.ew) for s in game2.tables] == [
        (1, 1, None), (2, 2, 6), (3, 3, 7), (4, 4, 8), (5, 5, 9)
    ]
    assert game2.sitting_out == [1]


def test_two_teams_meet_again_with_a_warning():
    plan = mitchell(2, 3)
    assert [(g.tables[0].ns, g.tables[0].ew) for g in plan.games] == [(1, 2)] * 3
    assert "meet again from game 2" in plan.warnings[0]


@pytest.mark.parametrize("n_teams, n_games", [(1, 3), (0, 1), (8, 0), (5, -1)])
def test_bad_sizes_are_refused(n_teams, n_games):
    with pytest.raises(ValueError):
        mitchell(n_teams, n_games)


def test_seat_game_rejects_unequal_places():
    with pytest.raises(ValueError):
        seat_game([1, 2], [3], 1)


def test_command_json_shape(capsys):
    call_command("movement", "--teams", "9", "--games", "3", "--json")
    data = json.loads(capsys.readouterr().out)
    assert data["tables"] == 5
    assert [g["game"] for g in data["games"]] == [1, 2, 3]
    assert data["games"][0]["tables"][0] == {"table": 1, "ns": 1, "ew": 6}
    assert data["games"][0]["tables"][4] == {"table": 5, "ns": 5, "ew": None}
    assert data["games"][0]["sitting_out"] == [5]
    assert data == plan_to_json(mitchell(9, 3))
    assert set(data) == {"tables", "games"}
    assert set(data["games"][0]) == {"game", "tables", "sitting_out"}


def test_command_text_and_warning(capsys):
    call_command("movement", "--teams", "4", "--games", "3")
    out, err = capsys.readouterr()
    assert "Table |" in out and "Game 3" in out
    assert "1 v 3" in out
    assert "meet again" in err


def test_command_rejects_bad_input():
    with pytest.raises(CommandError, match="at least 2 teams"):
        call_command("movement", "--teams", "1", "--games", "3")
