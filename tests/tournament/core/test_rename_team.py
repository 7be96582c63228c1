"""A director mends a team's misspelt names or club at any time of the day: results, seats and code stay, the
change is logged, and every page players follow shows the new names at once, whichever cache holds them."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tests.factories import make_event, make_players_event
from tests.scoring.test_query_counts import play_all
from tournament.core import published, services
from tournament.core.errors import TournamentError
from tournament.core.models import Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(director):
    """Game 1 played and game 2 seated, the seating and the standings published."""
    event = make_event(director, teams=4, seating_published=True, standings_published=True)
    play_all(event.rounds.get(number=1), director)
    services.advance_to_next_game(event, director)
    published.forget_local()
    return event


def test_a_renamed_team_keeps_its_results_seat_and_code(director, played):
    team = played.teams.get(number=1)
    games_before = list(team.ns_games.values_list("pk", "ns_total")) + list(team.ew_games.values_list("pk", "ew_total"))
    code, start = team.code, (team.start_table, team.start_side)
    services.rename_team(team, director, player1="  Anne 1 ", player2="Bobby 1", club="Leiden")
    team.refresh_from_db()
    assert (team.player1, team.player2, team.club) == ("Anne 1", "Bobby 1", "Leiden")
    assert (team.code, (team.start_table, team.start_side)) == (code, start)
    assert list(team.ns_games.values_list("pk", "ns_total")) + list(team.ew_games.values_list("pk", "ew_total")) \
        == games_before
    logged = played.actions.get(action="rename_team")
    assert logged.details == {"team": team.pk, "before": "Ann 1 / Bob 1", "after": "Anne 1 / Bobby 1"}


@pytest.mark.parametrize(("names", "message"), [
    ({"player1": " ", "player2": "Bob 1"}, "A team needs the names of both players."),
    ({"player1": "ann 2", "player2": "BOB 2"}, "ann 2 and BOB 2 are already a team in this event (team 2)."),
    ({"player1": "Ann 1", "player2": "Bob 1"},
     "Nothing has changed: the names are the same as before (Ann 1 / Bob 1)."),
    ({"player1": "Ann 1", "player2": "Bob 1", "club": "C" * 101},
     "A name or club has at most 100 characters; “CCCCCCCCCCCCCCCCCCCC…” has 101."),
])
def test_a_refused_renaming_says_why_and_changes_nothing(director, played, names, message):
    team = played.teams.get(number=1)
    with pytest.raises(TournamentError) as refused:
        services.rename_team(team, director, **names)
    assert refused.value.message == message
    assert (team.player1, team.player2) == ("Ann 1", "Bob 1")
    team.refresh_from_db()
    assert (team.player1, team.player2, team.club) == ("Ann 1", "Bob 1", "")
    assert not played.actions.filter(action="rename_team").exists()


def test_only_the_events_directors_rename_a_team(other_user, played):
    team = played.teams.get(number=1)
    with pytest.raises(PermissionDenied):
        services.rename_team(team, other_user, player1="Eve", player2="Mallory")
    assert Team.objects.get(pk=team.pk).name == "Ann 1 / Bob 1"


def test_the_names_page_mends_a_name_and_says_so(client, director, played):
    team = played.teams.get(number=3)
    client.force_login(director)
    url = reverse("director-team-edit", args=[played.pk, team.pk])
    page = client.get(url).content.decode()
    assert "Change the names of team 3" in page and 'value="Ann 3"' in page and 'value="Bob 3"' in page
    response = client.post(url, {"player1": "Ann 3", "player2": "Rob 3", "club": ""}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("director-event", args=[played.pk]) + "#teams"
    assert "Ann 3 / Bob 3 is now Ann 3 / Rob 3; every page shows the new names." in response.content.decode()
    assert Team.objects.get(pk=team.pk).player2 == "Rob 3"


def test_the_names_page_keeps_a_refused_form_as_typed(client, director, played):
    team = played.teams.get(number=3)
    client.force_login(director)
    response = client.post(reverse("director-team-edit", args=[played.pk, team.pk]),
                           {"player1": "Ann 4", "player2": "Bob 4", "club": "Oss"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Ann 4 and Bob 4 are already a team in this event (team 4)." in page
    assert 'value="Oss"' in page
    assert Team.objects.get(pk=team.pk).name == "Ann 3 / Bob 3"


def test_the_event_page_links_each_team_to_its_names_page(client, director, played):
    client.force_login(director)
    page = client.get(reverse("director-event", args=[played.pk])).content.decode()
    for team in played.teams.all():
        assert reverse("director-team-edit", args=[played.pk, team.pk]) in page


PAGES = {
    "standings": lambda event, team: f"/e/{event.pk}/standings/",
    "standings API": lambda event, team: f"/api/v1/events/{event.pk}/standings/",
    "seating": lambda event, team: f"/e/{event.pk}/seating/",
    "team page": lambda event, team: f"/e/{event.pk}/team/{team.pk}/",
}


@pytest.mark.parametrize("cache", ["published_local", "published_shared"])
@pytest.mark.parametrize("page", PAGES)
def test_every_page_players_follow_shows_the_new_name_at_once(
        client, director, played, request, cache, page, django_capture_on_commit_callbacks):
    request.getfixturevalue(cache)
    team = played.teams.get(number=2)
    url = PAGES[page](played, team)
    before = client.get(url).content.decode()
    assert "Ann 2" in before and "Zoë" not in before
    with django_capture_on_commit_callbacks(execute=True):
        services.rename_team(team, director, player1="Zoë", player2="Bob 2")
    after = client.get(url).content.decode()
    assert "Zoë" in after and "Ann 2" not in after


def test_a_single_players_name_is_mended_alone(client, director):
    """In a game of single players an entrant has one name: the page asks for it, the service keeps the
    second name blank and says "player"."""
    event = make_players_event(director, ruleset="five_player", players=10, seed=1)
    first, second = event.teams.get(number=1), event.teams.get(number=2)
    services.rename_team(first, director, player1="Ida Pijl", player2="ignored")
    first.refresh_from_db()
    assert (first.player1, first.player2, first.name) == ("Ida Pijl", "", "Ida Pijl")
    with pytest.raises(TournamentError) as refused:
        services.rename_team(second, director, player1="ida pijl", player2="")
    assert refused.value.message == "ida pijl is already a player in this event (number 1)."
    client.force_login(director)
    url = reverse("director-team-edit", args=[event.pk, second.pk])
    page = client.get(url).content.decode()
    assert "Change the name of player 2" in page and 'name="player2"' not in page
    client.post(url, {"player1": "Jan Vos", "club": "Ede"})
    second.refresh_from_db()
    assert (second.player1, second.player2, second.club) == ("Jan Vos", "", "Ede")
