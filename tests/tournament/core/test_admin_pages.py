"""The admin: every model listed with its rows, a team found by a player's name, and staff who see only
their own events."""

import random

import pytest
from django.urls import reverse

from tests.factories import make_event

pytestmark = pytest.mark.django_db



ADMIN_LISTS = [
    ("tournament", "event", "Test event"), ("tournament", "team", "Ann"), ("tournament", "table", "Test"),
    ("tournament", "round", "Test"), ("tournament", "game", "Ann"), ("tournament", "directoraction", "director"),
    ("knockout", "bracket", "Test"), ("knockout", "bracketmatch", "Ann"), ("clock", "clockevent", "Test"),
]


@pytest.fixture
def knockout_played(director):
    """A knockout event whose first round was timed: a row of every model the admin lists."""
    from tournament.clock import services as clock_services
    from tournament.knockout import services as bracket_services

    event = make_event(director, teams=6, seat=False, format="knockout")
    bracket_services.create_bracket_random(event, director, rng=random.Random(3))
    round_ = clock_services.start_clock(event.latest_round(), director)
    clock_services.end_clock(round_, director)
    return event


@pytest.mark.parametrize(("app", "model", "search"), ADMIN_LISTS)
def test_the_admin_lists_every_model_with_its_rows(admin_client, knockout_played, app, model, search):
    """Each model's list in the admin, under the app that owns it, links to the event's rows; its search
    finds them by what it is searched by, and finds nothing for a word no row has."""
    from django.apps import apps

    rows = apps.get_model(app, model).objects.all()
    assert rows.exists()
    links = [reverse(f"admin:{app}_{model}_change", args=[row.pk]) for row in rows]
    page = admin_client.get(f"/admin/{app}/{model}/").content.decode()
    assert all(link in page for link in links)
    found = admin_client.get(f"/admin/{app}/{model}/", {"q": search}).content.decode()
    assert any(link in found for link in links)
    nothing = admin_client.get(f"/admin/{app}/{model}/", {"q": "Zebediah"}).content.decode()
    assert not any(link in nothing for link in links)


def test_the_admin_search_finds_a_team_by_a_player_s_name(admin_client, director):
    event = make_event(director, teams=6)
    page = admin_client.get("/admin/tournament/team/?q=Ann+4").content.decode()
    found = event.teams.get(player1="Ann 4")
    assert reverse("admin:tournament_team_change", args=[found.pk]) in page
    other = event.teams.get(player1="Ann 5")
    assert reverse("admin:tournament_team_change", args=[other.pk]) not in page


def test_staff_see_only_their_own_events_in_the_admin(client, director, other_user):
    mine = make_event(director, teams=4, name="Mine")
    theirs = make_event(other_user, teams=4, name="Theirs")
    director.is_staff = True
    director.save()
    from django.contrib.auth.models import Permission

    director.user_permissions.set(Permission.objects.filter(content_type__app_label="tournament"))
    client.force_login(director)
    page = client.get("/admin/tournament/event/").content.decode()
    assert "Mine" in page and "Theirs" not in page
    assert client.get(f"/admin/tournament/event/{theirs.pk}/change/").status_code == 302
    assert client.get(f"/admin/tournament/event/{mine.pk}/change/").status_code == 200
    page = client.get("/admin/tournament/game/").content.decode()
    assert page.count("field-round") == mine.rounds.get().games.count()
