"""`manage.py demo --ruleset NAME`: a demo event of any game, seated for game 1, its seats in the JSON."""

import json

import pytest
from django.core.management import CommandError, call_command

from rules.registry import get_ruleset, ruleset_names
from rules.room import room_of
from tournament.core.models import Event, Seat

pytestmark = pytest.mark.django_db


def demo_json(capsys, *args) -> dict:
    call_command("demo", *args, "--json")
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_the_demo_of_each_game_seats_every_entrant_once_for_game_1(capsys, ruleset):
    room = room_of(get_ruleset(ruleset))
    found = demo_json(capsys, "--ruleset", ruleset)
    event = Event.objects.get(pk=found["event"])
    assert (event.ruleset, found["ruleset"], found["entrants"]) == (ruleset, ruleset, room.entrants)
    assert event.rounds.get().number == 1
    seated = [seat["entrant"] for table in found["tables"] for seat in table["seats"]]
    seated += [out["entrant"] for out in found["sitting_out"]]
    assert sorted(seated) == sorted(event.teams.values_list("pk", flat=True))
    assert [table["number"] for table in found["tables"]] == list(range(1, len(found["tables"]) + 1))
    if room.entrants == "players":
        assert all(team.player2 == "" for team in event.teams.all())
        for table in found["tables"]:
            assert room.seats[0] <= len(table["seats"]) <= room.seats[1]
            assert [seat["seat"] for seat in table["seats"]] == list(range(1, len(table["seats"]) + 1))
        assert Seat.objects.filter(round__event=event).count() == event.teams.count()
    else:
        assert {seat["seat"] for table in found["tables"] for seat in table["seats"]} == {"ns", "ew"}


def test_the_demo_takes_the_number_of_entrants(capsys):
    found = demo_json(capsys, "--ruleset", "canasta21", "--entrants", "10")
    event = Event.objects.get(pk=found["event"])
    assert event.teams.count() == 10 and event.name == "Demo Canasta 21 (Bigollo!) on the Fibonacci Deck 21"
    assert sorted(len(table["seats"]) for table in found["tables"]) == [3, 3, 4]


def test_the_default_demo_is_still_nvso_teams_under_its_old_name(capsys):
    found = demo_json(capsys, "--teams", "6")
    event = Event.objects.get(pk=found["event"])
    assert (event.ruleset, event.name, event.teams.count()) == ("nvso", "Demo canasta tournament", 6)
    assert not Seat.objects.exists()


def test_a_demo_of_too_few_players_for_a_table_is_refused_in_words():
    with pytest.raises(CommandError, match="A demo event of five_player needs between 5 and 400 players"):
        call_command("demo", "--ruleset", "five_player", "--entrants", "4")


def test_the_demo_of_a_game_of_players_made_again_fresh_replaces_the_one_before(capsys):
    first = demo_json(capsys, "--ruleset", "five_player")
    again = demo_json(capsys, "--ruleset", "five_player", "--fresh")
    assert first["event"] != again["event"]
    assert not Event.objects.filter(pk=first["event"]).exists()
