"""The director's set-up pages and the public seating page: access, actions, and query counts."""

import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.factories import make_event
from tournament.core import services
from tournament.core.models import Event, Game, Team

pytestmark = pytest.mark.django_db


def test_login_is_required_and_other_users_are_refused(client, director, other_user):
    event = make_event(director, teams=4)
    url = reverse("director-event", args=[event.pk])
    assert client.get(url).status_code == 302
    client.force_login(other_user)
    assert client.get(url).status_code == 403
    for name, args in [
        ("director-advance", [event.pk]),
        ("director-tables-number", [event.pk]),
        ("director-team-add", [event.pk]),
        ("director-team-withdraw", [event.pk, event.teams.first().pk]),
        ("director-publish", [event.pk]),
    ]:
        response = client.post(reverse(name, args=args), {"player1": "A", "player2": "B", "what": "seating"})
        assert response.status_code == 403, name
    assert event.rounds.count() == 1 and event.teams.count() == 4
    assert not event.teams.filter(status=Team.Status.WITHDRAWN).exists()


def test_a_director_sets_up_an_event_from_the_pages(client, director):
    client.force_login(director)
    response = client.post(reverse("director-event-create"), {
        "name": "Spring cup", "date": "2026-11-21", "venue": "Hall", "format": "rotation", "games": 3,
        "game_minutes": 50, "warning_minutes": 10, "target_score": 8500, "sit_out_rule": "average_win",
        "standings_order": "wins,points,difference",
    })
    event = Event.objects.get(name="Spring cup")
    assert response.status_code == 302 and event.is_director(director)
    base = f"/director/events/{event.pk}"
    assert client.post(f"{base}/teams/import/", {"text": "A,B\nC,D\nE,F\n"}).status_code == 302
    client.post(f"{base}/tables/number/")
    assert event.tables.count() == 2
    response = client.post(f"{base}/seat/", {"method": "registration"})
    assert response.status_code == 302
    page = client.get(f"{base}/").content.decode()
    assert "Seating of game 1" in page and "drew the" in page
    client.post(f"{base}/advance/", {"force": "1", "confirmed": "1"})
    assert event.rounds.count() == 2
    response = client.post(f"{base}/advance/", {"force": "1", "confirmed": "1"}, follow=True)
    response = client.post(f"{base}/advance/", {"force": "1", "confirmed": "1"}, follow=True)
    assert "All 3 rotation games are seated" in response.content.decode()


def test_event_form_explains_mistakes(client, director):
    client.force_login(director)
    response = client.post(reverse("director-event-create"), {
        "name": "Cup", "date": "2026-11-21", "format": "rotation_then_knockout", "games": 3,
        "game_minutes": 10, "warning_minutes": 10, "target_score": 8500, "sit_out_rule": "average_win",
    })
    page = response.content.decode()
    assert response.status_code == 200
    assert "The warning must come before the end of the game." in page
    assert "Say how many teams play the knockout" in page
    assert not Event.objects.exists()


def test_public_seating_only_when_published(client, director):
    event = make_event(director, teams=6)
    url = reverse("public-seating", args=[event.pk])
    response = client.get(url)
    assert response.status_code == 404 and "not published yet" in response.content.decode()
    event.seating_published = True
    event.save()
    page = client.get(url).content.decode()
    assert "Table 3" in page and "No opponent" not in page
    for team in event.teams.all():
        assert team.name in page


def test_seating_pages_for_100_tables_in_bounded_queries(client, director, django_assert_max_num_queries):
    event = make_event(director, teams=200, seating_published=True)
    client.force_login(director)
    with django_assert_max_num_queries(8):
        response = client.get(reverse("public-seating", args=[event.pk]))
    assert response.content.decode().count('class="table-no"') == 100
    with django_assert_max_num_queries(22):
        response = client.get(reverse("director-event", args=[event.pk]))
    assert response.status_code == 200
    with django_assert_max_num_queries(10):
        client.get(reverse("director-seating", args=[event.pk]))


def test_demo_command_prints_json(capsys):
    call_command("demo", "--teams", "5", "--json")
    data = json.loads(capsys.readouterr().out)
    event = Event.objects.get(pk=data["event"])
    assert set(data) == {"event", "director", "tables", "ruleset", "entrants", "sitting_out"}  # the last 3 added
    assert set(data["director"]) == {"username", "password", "token"}
    assert [t["number"] for t in data["tables"]] == [1, 2, 3]
    assert data["tables"][0]["url"].endswith(f"/t/{data['tables'][0]['token']}/")
    assert event.rounds.get().games.count() == 3
    assert event.is_director(event.directors.get(username=data["director"]["username"]))
    from django.http import HttpRequest
    from django.test import Client

    # Login throttling (django-axes) needs the request that a login comes with.
    assert Client().login(request=HttpRequest(), username=data["director"]["username"],
                          password=data["director"]["password"])


def test_demo_command_text(capsys):
    call_command("demo", "--teams", "4")
    out = capsys.readouterr().out
    assert "username:     director" in out and "Table   2:" in out
    assert "/cards/  (East-West type their team code to accept a sheet)" in out


def test_public_event_page_links_only_published_pages(client, director):
    event = make_event(director, teams=4)
    page = client.get(reverse("public-event", args=[event.pk])).content.decode()
    assert reverse("public-seating", args=[event.pk]) not in page
    event.seating_published = True
    event.save()
    page = client.get(reverse("public-event", args=[event.pk])).content.decode()
    assert reverse("public-seating", args=[event.pk]) in page
    assert client.get(reverse("public-event", args=[999999])).status_code == 404


# Each model the admin lists, under the app that owns it, with a search that finds this event's rows.


def test_public_seating_revalidates_cheaply_and_shows_the_next_game(client, director):
    """The page polls itself with If-None-Match: unchanged seating is a 304, a new game is a new page."""
    from tournament.core import services

    event = make_event(director, teams=6, seating_published=True)
    url = reverse("public-seating", args=[event.pk])
    first = client.get(url)
    etag = first.headers["ETag"]
    assert 'id="seating-live"' in first.content.decode()
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    services.advance_to_next_game(event, director, force=True)
    second = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert second.status_code == 200 and "game 2" in second.content.decode()


EVENT_FIELDS = {
    "name": "Cup", "date": "2026-11-21", "format": "rotation", "games": 3, "game_minutes": 50,
    "warning_minutes": 10, "target_score": 8500, "sit_out_rule": "average_win",
    "standings_order": "wins,points,difference",
}


@pytest.mark.parametrize("target, message", [
    ("0", "The target score must be a positive multiple of 5, such as 8,500, not the number 0."),
    ("8501", "The target score must be a positive multiple of 5, such as 8,500, not the number 8,501."),
    ("99999999999", "less than or equal to 1000000"),
])
def test_a_target_score_the_rules_cannot_take_is_refused(client, director, target, message):
    client.force_login(director)
    response = client.post(reverse("director-event-create"), {**EVENT_FIELDS, "target_score": target})
    assert response.status_code == 200 and message in response.content.decode()
    assert not Event.objects.exists()


def test_the_standings_order_is_an_event_setting(client, director):
    event = make_event(director, teams=4)
    client.force_login(director)
    response = client.post(reverse("director-event-edit", args=[event.pk]),
                           {**EVENT_FIELDS, "standings_order": "points,wins,difference"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.standings_order == "points,wins,difference"
    assert event.actions.filter(action="edit_event").exists()
    response = client.post(reverse("director-event-edit", args=[event.pk]),
                           {**EVENT_FIELDS, "standings_order": "wins;drop table"})
    assert response.status_code == 200
    event.refresh_from_db()
    assert event.standings_order == "points,wins,difference"


def test_adding_a_team_twice_or_with_a_bad_seed_changes_nothing(client, director):
    event = make_event(director, teams=4, seat=False)
    client.force_login(director)
    url = reverse("director-team-add", args=[event.pk])
    page = client.post(url, {"player1": "ann 1", "player2": "BOB 1"}, follow=True).content.decode()
    assert "are already a team in this event" in page
    page = client.post(url, {"player1": "New", "player2": "Team", "seed": "99999999999"}, follow=True)
    assert page.status_code == 200 and "Seed: Ensure this value is less than or equal to 9999" in page.content.decode()
    assert event.teams.count() == 4


def test_the_director_is_told_a_withdrawal_keeps_the_games_played(client, director):
    event = make_event(director, teams=4)
    game = event.rounds.get().games.select_related("ns_team").get(table__number=1)
    services.record_game_result(game, ns_total=5000, ew_total=4000, user=director)
    client.force_login(director)
    url = reverse("director-team-withdraw", args=[event.pk, game.ns_team_id])
    assert url in client.get(reverse("director-event", args=[event.pk])).content.decode()
    page = client.get(url).content.decode()
    assert f"Withdraw {game.ns_team.name}?" in page
    assert "Their 1 game already scored is kept, and counts in the standings." in page
    assert "From game 2 their seat is empty: their opponents sit out." in page
    page = client.post(url, {"confirmed": "1"}, follow=True).content.decode()
    assert (f"{game.ns_team.name} has withdrawn; their seat is empty in every game not started yet, and the "
            "games they played keep their results.") in page
    game.refresh_from_db()
    assert game.status == Game.Status.FINAL and game.ns_team_id is not None


def test_the_event_page_offers_no_new_draw_for_a_game_scored_before_the_go_ahead(client, director):
    event = make_event(director, teams=4)
    scored, unscored = event.rounds.get().games.order_by("table__number")
    services.record_game_result(scored, ns_total=5000, ew_total=4000, user=director)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert reverse("director-draw", args=[event.pk, unscored.pk]) in page
    assert reverse("director-draw", args=[event.pk, scored.pk]) not in page


def test_manual_seating_with_odd_values_explains(client, director):
    event = make_event(director, teams=4, seat=False)
    client.force_login(director)
    for value in ["²", "9" * 5000]:
        response = client.post(reverse("director-seat", args=[event.pk]),
                               {"method": "manual", "table-1-a": value})
        page = response.content.decode()
        assert response.status_code == 200 and "Table 1: choose a team from the list." in page
        assert "int()" not in page
    assert not event.rounds.exists()


def test_rematches_are_allowed_with_a_warning(client, director):
    event = make_event(director, teams=4, games=3)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "teams meet again from game 3 on" in page
    client.post(reverse("director-advance", args=[event.pk]), {"force": "1", "confirmed": "1"})
    page = client.post(reverse("director-advance", args=[event.pk]), {"force": "1", "confirmed": "1"},
                       follow=True).content.decode()
    assert "Game 3 repeats the pairings of game 1" in page


def test_a_late_team_in_game_1_draws_for_its_seat(client, director):
    event = make_event(director, teams=5)
    late = services_add_team(event, director)
    game = event.rounds.get().games.get(table__number=3)
    assert late in (game.ns_team, game.ew_team)
    assert set(game.draw["cards"]) == {str(game.ns_team_id), str(game.ew_team_id)}
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert page.count('name="winner_chose"') == 3


def services_add_team(event, director):
    from tournament.core import services

    return services.add_team(event, director, player1="Late", player2="Comer")


def test_publishing_never_redirects_off_the_site(client, director):
    event = make_event(director, teams=4)
    client.force_login(director)
    response = client.post(reverse("director-publish", args=[event.pk]),
                           {"what": "seating", "value": "1", "next": "https://evil.example/"})
    assert response["Location"] == reverse("director-event", args=[event.pk])
    response = client.post(reverse("director-publish", args=[event.pk]),
                           {"what": "seating", "value": "0", "next": "/e/1/"})
    assert response["Location"] == "/e/1/"
    page = client.post(reverse("director-publish", args=[event.pk]), {"what": "nothing"}, follow=True)
    assert "Choose what to publish" in page.content.decode()


def test_a_knockout_event_is_not_offered_rotation_games(client, director):
    from tournament.core import services
    from tournament.core.errors import TournamentError

    event = make_event(director, teams=6, seat=False, format="knockout")
    with pytest.raises(TournamentError, match="This event is a knockout"):
        services.seat_first_game(event, director)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "Draw the bracket" in page and "Seat game 1" not in page


def test_the_demo_leaves_an_administrator_alone(director):
    from django.core.management.base import CommandError

    director.is_superuser = True
    director.set_password("keep-me-1")
    director.save()
    with pytest.raises(CommandError, match="is an administrator"):
        call_command("demo", "--username", "director")
    director.refresh_from_db()
    assert director.check_password("keep-me-1")
