"""The demo command run again: it reuses its event, or replaces it with --fresh, and says which."""

import json

import pytest
from django.core.management import call_command

from scoring import services as scoring_services
from scoring.models import SheetVersion
from tests.scoring.sheets import sheet
from tournament.core.models import Event, Game

pytestmark = pytest.mark.django_db


def demo(capsys, *args) -> str:
    call_command("demo", *args)
    return capsys.readouterr().out


def demo_events():
    return Event.objects.filter(name="Demo canasta tournament")


def test_the_demo_run_twice_leaves_one_demo_event_and_says_it_reuses_it(capsys):
    first = demo(capsys, "--teams", "4")
    assert "Reusing" not in first
    event = demo_events().get()
    second = demo(capsys, "--teams", "4")
    assert demo_events().get() == event
    assert second.startswith(f"Reusing the demo event #{event.pk} made before, as it stands (4 teams); run with "
                             "--fresh to replace it with a new one.\n")
    assert f"Demo event #{event.pk} 'Demo canasta tournament' is seated for game 1." in second


def test_the_demo_reused_with_another_number_of_teams_says_how_to_get_them(capsys):
    demo(capsys, "--teams", "4")
    out = demo(capsys, "--teams", "6")
    assert "(4 teams); run with --fresh to replace it with a new one of 6 teams." in out
    assert demo_events().get().teams.count() == 4


def test_the_demo_json_reuses_the_event_and_prints_json_only(capsys):
    first = json.loads(demo(capsys, "--teams", "4", "--json"))
    again = json.loads(demo(capsys, "--teams", "4", "--json"))
    assert again["event"] == first["event"] and again["tables"] == first["tables"]
    assert again["director"]["password"] != first["director"]["password"]  # a new one each run, as before


def test_fresh_replaces_a_demo_event_that_has_scores(capsys):
    demo(capsys, "--teams", "4")
    old = demo_events().get()
    game = Game.objects.filter(round__event=old, status=Game.Status.SCHEDULED).first()
    scoring_services.submit_sheet(game, sheet(hands=[((2900, 100), (1900, 100))]), "demo-key")
    scoring_services.accept_sheet(game, code=game.ew_team.code)
    out = demo(capsys, "--teams", "6", "--fresh")
    new = demo_events().get()
    assert new.pk != old.pk and new.teams.count() == 6
    assert out.startswith(f"The demo event #{old.pk} made before is replaced by a new one.\n")
    assert not SheetVersion.objects.filter(game__round__event_id=old.pk).exists()
    assert new.rounds.get().games.count() == 3


def test_another_event_of_the_director_is_left_alone(capsys, director):
    demo(capsys, "--teams", "4", "--username", "director")
    own = Event.objects.create(name="Club night", date="2026-11-23")
    own.directors.add(director)
    demo(capsys, "--teams", "4", "--username", "director", "--fresh")
    assert Event.objects.filter(pk=own.pk).exists() and demo_events().count() == 1
