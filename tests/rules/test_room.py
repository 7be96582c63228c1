"""Each rule set says its room: who enters, the seats of a table, how a result ranks (rules/room.py)."""

import json

import pytest

from rules import registry
from rules.room import FEWEST_CARDS, MOST_POINTS, PLAYERS, TEAMS, Room, room_of
from tests.rules.command import run

# By hand, from each game's text (docs/rulesets/*.md).
DECLARED = {
    "nvso": (TEAMS, (2, 2), "most_points"),
    "crazy_canasta": (TEAMS, (2, 2), "most_points"),
    "canasta21": (PLAYERS, (2, 4), "most_points"),
    "fibonacci21": (PLAYERS, (2, 4), "most_points"),
    "fibonacci21_solitaire": (PLAYERS, (1, 1), FEWEST_CARDS),
    "five_player": (PLAYERS, (5, 5), "credited_points"),
}


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_every_rule_set_declares_who_enters_its_seats_and_its_ranking(name):
    room = room_of(registry.get_ruleset(name))
    assert (room.entrants, room.seats, room.ranking) == DECLARED[name]


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_a_room_agrees_with_the_sides_a_sheet_of_the_game_lists(name):
    ruleset = registry.get_ruleset(name)
    room = room_of(ruleset)
    if room.entrants == PLAYERS:  # one player a side: a table's seats are its sides
        assert set(range(room.seats[0], room.seats[1] + 1)) == set(ruleset.side_counts)
    else:
        assert ruleset.side_counts == (2,)


def test_canasta21_in_partnerships_is_two_teams_chosen_by_its_option():
    room = room_of(registry.get_ruleset("canasta21"))
    assert room.chosen({}).entrants == PLAYERS
    assert room.chosen({"partnerships": False}) is room
    partnerships = room.chosen({"partnerships": True})
    assert (partnerships.entrants, partnerships.seats) == (TEAMS, (2, 2))


def test_a_rule_set_that_declares_no_room_is_two_teams_at_most_points():
    class Plain:
        name = "plain"

    assert (room_of(Plain()).entrants, room_of(Plain()).seats, room_of(Plain()).ranking) == (TEAMS, (2, 2),
                                                                                             "most_points")


@pytest.mark.parametrize("bad, words", [
    (dict(entrants="pairs", seats=(2, 2), ranking="most_points"), "entrants"),
    (dict(entrants=TEAMS, seats=(3, 2), ranking="most_points"), "fewest to the most"),
    (dict(entrants=TEAMS, seats=(0, 2), ranking="most_points"), "at least 1"),
    (dict(entrants=TEAMS, seats=(2, 2), ranking="luck"), "ranks by"),
])
def test_a_room_that_cannot_be_is_refused_with_its_reason(bad, words):
    with pytest.raises(ValueError, match=words):
        Room(**bad)


def test_the_edges_of_a_room_one_seat_and_a_step_of_one_are_allowed_and_each_refusal_is_whole():
    """Built here, not at import: a rule set's room is made when its module loads, where no test sees a slip."""
    assert Room(PLAYERS, (1, 1), FEWEST_CARDS).seats == (1, 1)
    assert Room(PLAYERS, (5, 5), MOST_POINTS, score_step=1).score_step == 1
    with pytest.raises(ValueError) as step:
        Room(PLAYERS, (2, 4), MOST_POINTS, score_step=0)
    assert str(step.value) == "A score's step is a whole number of at least 1, not 0."
    with pytest.raises(ValueError) as ranking:
        Room(PLAYERS, (2, 4), "luck")
    assert str(ranking.value) == ("A room ranks by one of most_points, fewest_cards, credited_points, not 'luck'.")


def test_list_json_shows_each_room_beside_the_keys_it_had():
    result = run("list", "--json")
    assert result.returncode == 0, result.stderr
    found = {entry["name"]: entry for entry in json.loads(result.stdout)}
    assert found["five_player"]["room"] == {"entrants": "players", "seats": {"min": 5, "max": 5},
                                            "ranking": "credited_points", "alternatives": []}
    assert found["canasta21"]["room"]["alternatives"] == [
        {"entrants": "teams", "seats": {"min": 2, "max": 2}, "ranking": "most_points",
         "when": {"partnerships": True}}]
    assert found["canasta21"]["entrants"] == "either"  # the older key says what it said
    assert found["fibonacci21_solitaire"]["room"]["seats"] == {"min": 1, "max": 1}


def test_list_in_words_says_each_room(capsys):
    from rules.cli import main

    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert ("  room: single players, 2 to 4 a table, ranked by most points; or teams of two, 2 a table, ranked by "
            "most points when partnerships = true\n") in out
    assert "  room: single players, 1 a table, ranked by fewest cards" in out


def test_an_option_left_out_counts_as_false_when_a_room_is_chosen():
    usual = Room(PLAYERS, (2, 4), MOST_POINTS,
                 alternatives=(Room(TEAMS, (2, 2), MOST_POINTS, when={"singles": False}),))
    assert usual.chosen({}).entrants == TEAMS and usual.chosen(None).entrants == TEAMS
    assert usual.chosen({"singles": True}).entrants == PLAYERS
