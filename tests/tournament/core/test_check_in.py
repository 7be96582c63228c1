"""Check-in before game 1: teams check in at the director's desk or from their own page with their card's
code; the teams that never came are withdrawn in one step and the tables numbered again, so game 1 is seated
for the room as it is."""

import random

import pytest
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.urls import reverse

from tests.factories import make_event
from tests.scoring.test_query_counts import play_all
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import Game, Team
from tournament.core.services.checkin import MAX_MISSES

pytestmark = pytest.mark.django_db


@pytest.fixture
def entered(director):
    """Nine teams entered and their tables numbered; nobody seated yet."""
    return make_event(director, teams=9, seat=False)


def team(event, number) -> Team:
    return event.teams.get(number=number)


def test_the_director_checks_a_team_in_and_out_again_and_a_second_tap_changes_nothing(director, entered):
    first = team(entered, 1)
    services.check_in(first, director)
    services.check_in(first, director)
    first.refresh_from_db()
    assert first.is_checked_in
    assert entered.actions.filter(action="check_in").count() == 1
    services.check_in(first, director, here=False)
    first.refresh_from_db()
    assert not first.is_checked_in and entered.actions.filter(action="undo_check_in").count() == 1


def test_only_the_events_directors_check_teams_in(other_user, entered):
    with pytest.raises(PermissionDenied):
        services.check_in(team(entered, 1), other_user)
    assert not team(entered, 1).is_checked_in


def test_a_team_checks_itself_in_with_its_cards_code(entered):
    services.check_in_by_code(team(entered, 2), " 0002 ")
    assert team(entered, 2).is_checked_in
    assert entered.actions.get(action="check_in").details == {"team": team(entered, 2).pk, "by": "team"}


def test_a_wrong_code_is_refused_counted_and_after_a_few_only_the_director_can(director, entered):
    third = team(entered, 3)
    for tries in range(1, MAX_MISSES + 1):
        with pytest.raises(TournamentError) as refused:
            services.check_in_by_code(third, "9999")
        assert refused.value.message == ("That is not your team's code. It is the 4-digit code printed on your "
                                         "team card.")
        assert team(entered, 3).check_in_misses == tries
    with pytest.raises(TournamentError) as refused:
        services.check_in_by_code(third, "0003")
    assert refused.value.message == "Too many wrong codes: please check in at the director's desk."
    assert not team(entered, 3).is_checked_in
    services.check_in(third, director)
    assert team(entered, 3).is_checked_in


def test_once_game_1_is_seated_a_team_no_longer_checks_itself_in(director, entered):
    services.seat_first_game(entered, director, rng=random.Random(1))
    with pytest.raises(TournamentError) as refused:
        services.check_in_by_code(team(entered, 4), "0004")
    assert refused.value.message == "Check-in is over: game 1 is seated. Your table is on this page."


def test_a_withdrawn_team_does_not_check_in(director, entered):
    services.withdraw_team(team(entered, 5), director)
    for attempt in (lambda t: services.check_in(t, director), lambda t: services.check_in_by_code(t, "0005")):
        with pytest.raises(TournamentError) as refused:
            attempt(team(entered, 5))
        assert refused.value.message == "Ann 5 / Bob 5 have withdrawn: ask the director to enter them again."


@pytest.mark.parametrize(("here", "seated", "message"), [
    ([], False, "No team has checked in yet: check the teams in first, so that nobody is withdrawn by mistake."),
    ([1], False, "Only 1 team has checked in: an event needs at least two."),
    (list(range(1, 10)), False, "Every team is here: there is nobody to withdraw."),
    ([1, 2, 3], True, "Game 1 is seated: withdraw a team that did not come one by one, from the teams list "
                      "(their opponents sit out)."),
])
def test_the_teams_not_here_are_withdrawn_only_when_it_makes_sense(director, entered, here, seated, message):
    for number in here:
        services.check_in(team(entered, number), director)
    if seated:
        services.seat_first_game(entered, director, rng=random.Random(1))
    with pytest.raises(TournamentError) as refused:
        services.withdraw_no_shows(entered, director)
    assert refused.value.message == message
    assert entered.teams.active().count() == 9


def test_a_whole_event_seats_and_plays_only_the_teams_that_came(director, entered):
    """Nine entered, six came (two checked in from their page, four at the desk): three withdrawn in one
    step, three tables instead of five, game 1 and game 2 played by the six with nobody sitting out."""
    for number in (1, 4):
        services.check_in_by_code(team(entered, number), f"{number:04d}")
    for number in (2, 6, 7, 9):
        services.check_in(team(entered, number), director)
    assert entered.tables.count() == 5
    gone = services.withdraw_no_shows(entered, director)
    assert [t.number for t in gone] == [3, 5, 8]
    assert list(entered.tables.values_list("number", flat=True)) == [1, 2, 3]
    assert set(entered.teams.active().values_list("number", flat=True)) == {1, 2, 4, 6, 7, 9}
    services.seat_first_game(entered, director, rng=random.Random(3))
    for number in (1, 2):
        game_round = entered.rounds.get(number=number)
        games = list(game_round.games.all())
        seated = {g.ns_team.number for g in games} | {g.ew_team.number for g in games}
        assert seated == {1, 2, 4, 6, 7, 9} and len(games) == 3
        play_all(game_round, director)
        if number == 1:
            services.advance_to_next_game(entered, director)
    finals = Game.objects.filter(round__event=entered, status=Game.Status.FINAL)
    assert finals.count() == 6
    for number in (1, 2, 4, 6, 7, 9):
        assert finals.filter(Q(ns_team__number=number) | Q(ew_team__number=number)).count() == 2


def test_the_check_in_list_marks_a_team_and_counts(client, director, entered):
    client.force_login(director)
    url = reverse("director-check-in", args=[entered.pk])
    page = client.get(url).content.decode()
    assert "0 of 9 teams here" in page
    assert "No team has checked in yet" in page
    response = client.post(url, {"team": team(entered, 7).pk, "here": "1"}, follow=True)
    assert response.redirect_chain[-1][0] == url + f"#team-{team(entered, 7).pk}"
    page = response.content.decode()
    assert "Ann 7 / Bob 7: here." in page and "1 of 9 teams here" in page and "8 not yet" in page
    assert "Only 1 team has checked in: an event needs at least two." in page


def test_the_no_show_page_names_the_teams_and_only_its_confirmed_form_withdraws(client, director, entered):
    for number in (1, 2, 3, 4, 5, 6):
        services.check_in(team(entered, number), director)
    client.force_login(director)
    url = reverse("director-no-shows", args=[entered.pk])
    page = client.get(url).content.decode()
    assert "Withdraw the 3 teams not here?" in page
    assert "These teams are withdrawn: 7. Ann 7 / Bob 7; 8. Ann 8 / Bob 8; 9. Ann 9 / Bob 9." in page
    assert "The tables are numbered again for the teams here." in page
    client.post(url)
    assert entered.teams.active().count() == 9
    response = client.post(url, {"confirmed": "1"}, follow=True)
    assert "3 teams withdrawn; the tables are numbered for the teams here." in response.content.decode()
    assert entered.teams.active().count() == 6 and entered.tables.count() == 3


def test_the_team_page_asks_for_the_code_before_game_1_and_says_when_it_is_checked_in(client, director, entered):
    url = reverse("public-team", args=[entered.pk, team(entered, 8).pk])
    page = client.get(url).content.decode()
    assert "Are you here? Check in" in page and 'name="code"' in page
    wrong = client.post(url, {"code": "1234"})
    assert wrong.status_code == 200
    assert "That is not your team&#x27;s code." in wrong.content.decode()
    assert not team(entered, 8).is_checked_in
    right = client.post(url, {"code": "0008"}, follow=True)
    assert right.redirect_chain[-1][0] == url + "#check-in"
    assert "You are checked in" in right.content.decode() and 'name="code"' not in right.content.decode()
    services.seat_first_game(entered, director, rng=random.Random(1))
    assert "Check in" not in client.get(url).content.decode()


@pytest.mark.parametrize("teams", [10, 100])
def test_the_check_in_list_reads_in_the_same_queries_at_any_size(client, director, teams,
                                                                  django_assert_max_num_queries):
    event = make_event(director, teams=teams, seat=False)
    for number in range(1, teams, 2):
        services.check_in(team(event, number), director)
    client.force_login(director)
    with django_assert_max_num_queries(9):
        assert client.get(reverse("director-check-in", args=[event.pk])).status_code == 200


def test_a_team_back_on_its_page_after_checking_in_is_not_shown_the_form_from_its_cache(client, entered):
    """The check-in box is outside the page's live part: checking in must change the page's ETag, or the
    phone's copy with the form comes back as a 304."""
    url = reverse("public-team", args=[entered.pk, team(entered, 2).pk])
    first = client.get(url)
    assert "Are you here? Check in" in first.content.decode()
    services.check_in_by_code(team(entered, 2), "0002")
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and "You are checked in" in again.content.decode()


@pytest.mark.parametrize("teams", [10, 60])
def test_the_teams_not_here_are_withdrawn_in_the_same_queries_at_any_size(director, teams,
                                                                           django_assert_max_num_queries):
    event = make_event(director, teams=teams, seat=False)
    for number in (1, 2, 3, 4):
        services.check_in(team(event, number), director)
    # (one query more since sections: whether the event has them, still the same at any size)
    with django_assert_max_num_queries(25):   # the same at 10 and 60 teams: one update, the tables numbered
        gone = services.withdraw_no_shows(event, director)
    assert len(gone) == teams - 4
    assert set(event.teams.active().values_list("number", flat=True)) == {1, 2, 3, 4}
    assert all(t.withdrawn_after_game == 0 for t in event.teams.exclude(number__lte=4))
