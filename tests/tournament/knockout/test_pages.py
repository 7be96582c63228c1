"""The knockout's pages and API: who sees what, the director's actions, the JSON shape, conditional GET."""

import random

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import make_event
from tournament.core import services
from tournament.core.models import DirectorAction, Game
from tournament.knockout import services as bracket_services
from tournament.knockout.models import Bracket, BracketMatch

pytestmark = pytest.mark.django_db


def knockout(director, teams=8, third=False, **fields):
    return make_event(director, teams=teams, seat=False, format="knockout", third_place_game=third, **fields)


def drawn(director, teams=8, third=False, published=False, **fields):
    event = knockout(director, teams=teams, third=third, bracket_published=published, **fields)
    ids = list(event.teams.order_by("number").values_list("pk", flat=True))
    bracket_services.create_bracket(event, director, ids, seeded_by="director", rng=random.Random(3))
    return event


def m(event, number):
    return BracketMatch.objects.select_related("game").get(bracket__event=event, number=number)


def win(game, side="ns", user=None):
    ns, ew = (5000, 3000) if side == "ns" else (3000, 5000)
    return services.record_game_result(game, ns_total=ns, ew_total=ew, user=user)


def api_url(event):
    return reverse("api-event-bracket", args=[event.pk])


# --- API --------------------------------------------------------------------------------------------

def test_api_hides_an_unpublished_bracket_from_the_public_but_not_from_its_directors(director, other_user):
    event = drawn(director)
    client = APIClient()
    response = client.get(api_url(event))
    assert response.status_code == 404 and response.json()["detail"] == "The bracket is not published yet."
    client.force_login(other_user)
    assert client.get(api_url(event)).status_code == 404
    token = Token.objects.create(user=director)
    with_token = APIClient()
    with_token.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = with_token.get(api_url(event))
    assert response.status_code == 200 and "note" in response.json()["rounds"][0][0]
    assert APIClient().get("/api/v1/events/999999/bracket/").status_code == 404


def test_api_shape_extends_plan_to_json(director):
    event = drawn(director, teams=6, third=True, published=True)
    win(m(event, 2).game)
    data = APIClient().get(api_url(event)).json()
    assert data["drawn"] is True and data["size"] == 8 and data["teams"] == 6
    assert [len(r) for r in data["rounds"]] == [4, 2, 1]
    assert data["round_names"] == ["Quarter-finals", "Semi-finals", "Final"]
    first = data["rounds"][0][0]
    assert (first["match"], first["a"], first["b"], first["bye"], first["status"]) == (1, 1, None, True, "bye")
    assert first["team_a"]["seed"] == 1 and first["team_b"] is None and first["winner"] == "a"
    assert "from" not in first
    played = data["rounds"][0][1]
    assert played["status"] == "final" and played["winner"] in ("a", "b") and played["table"] == 1
    assert {played["score_a"], played["score_b"]} == {5000, 3000}
    semi = data["rounds"][1][0]
    assert semi["from"] == [1, 2] and semi["team_a"]["seed"] == 1 and semi["a"] == 1
    assert semi["team_b"]["id"] == played["winner_team"]
    assert data["third_place"]["match"] == 8 and data["third_place"]["from"] == [5, 6]
    assert data["third_place"]["label_a"] == "Loser of M5"
    assert "note" not in semi, "the director's notes stay private"
    assert data["champion"] is None


def test_api_before_the_draw_says_so(director):
    event = knockout(director, bracket_published=True)
    data = APIClient().get(api_url(event)).json()
    assert data["drawn"] is False and data["rounds"] == [] and data["size"] is None


def test_api_answers_304_while_the_bracket_is_unchanged(director):
    event = drawn(director, published=True)
    client = APIClient()
    first = client.get(api_url(event))
    etag = first["ETag"]
    assert etag and first["Cache-Control"] == "no-cache"
    assert client.get(api_url(event), HTTP_IF_NONE_MATCH=etag).status_code == 304
    win(m(event, 1).game)
    changed = client.get(api_url(event), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_api_costs_the_same_queries_for_a_big_bracket(director, django_assert_max_num_queries):
    small = drawn(director, teams=8, published=True, name="small")
    big = drawn(director, teams=100, published=True, name="big")
    client = APIClient()
    for event in (small, big):
        with django_assert_max_num_queries(4):
            assert client.get(api_url(event)).status_code == 200


# --- Public page ------------------------------------------------------------------------------------

def test_public_page_needs_the_bracket_published(client, director):
    event = drawn(director)
    response = client.get(reverse("public-bracket", args=[event.pk]))
    assert response.status_code == 404 and b"not published yet" in response.content
    bracket_services.set_bracket_published(event, director, True)
    response = client.get(reverse("public-bracket", args=[event.pk]))
    text = response.content.decode()
    assert response.status_code == 200
    assert "Ann 1 / Bob 1" in text and "Quarter-finals" in text and 'data-api="/api/v1/events/' in text
    assert "Winner of M1" in text


def test_public_page_shows_the_champion(client, director):
    event = drawn(director, teams=2, published=True)
    game = m(event, 1).game
    win(game, "ew")
    text = client.get(reverse("public-bracket", args=[event.pk])).content.decode()
    assert f"Champion: <strong>{game.ew_team.name}</strong>" in text


# --- The director's page ----------------------------------------------------------------------------

def test_director_page_is_for_the_events_directors(client, director, other_user):
    event = knockout(director)
    url = reverse("director-bracket", args=[event.pk])
    assert client.get(url).status_code == 302
    client.force_login(other_user)
    assert client.get(url).status_code == 403
    assert client.post(url, {"action": "random"}).status_code == 403
    assert not Bracket.objects.exists()


def test_director_draws_in_their_own_order_with_forgiving_errors(client, director):
    event = knockout(director, teams=4)
    teams = list(event.teams.order_by("number"))
    client.force_login(director)
    url = reverse("director-bracket", args=[event.pk])
    page = client.get(url).content.decode()
    assert "Draw in this order" in page and "Single elimination: 4 teams" in page
    gap = {"action": "order", f"seed_{teams[0].pk}": "1", f"seed_{teams[1].pk}": "3"}
    response = client.post(url, gap)
    assert response.status_code == 200 and "seed 2 is missing" in response.content.decode()
    assert not Bracket.objects.exists()
    same = {"action": "order", f"seed_{teams[0].pk}": "1", f"seed_{teams[1].pk}": "1"}
    assert "Seed 1 is given to more than one team" in client.post(url, same).content.decode()
    order = {"action": "order", **{f"seed_{t.pk}": str(s) for t, s in zip(teams, (3, 1, 2, 4), strict=True)}}
    response = client.post(url, order)
    assert response.status_code == 302
    bracket = Bracket.objects.get(event=event)
    assert bracket.seeded_by == "director"
    assert m(event, 1).team_a == teams[1] and m(event, 1).team_b == teams[3]
    page = client.get(url).content.decode()
    assert "Publish the bracket" in page and "M1" in page


def test_director_actions_through_the_page(client, director):
    event = drawn(director, teams=4)
    client.force_login(director)
    url = reverse("director-bracket", args=[event.pk])
    client.post(url, {"action": "publish"})
    event.refresh_from_db()
    assert event.bracket_published
    game = m(event, 1).game
    services.record_game_result(game, ns_total=4000, ew_total=4000, user=director)
    page = client.get(url).content.decode()
    assert "Which team goes through?" in page and "Tied at 4000" in page
    response = client.post(url, {"action": "decide", "match": m(event, 1).pk, "winner": game.ew_team_id,
                                 "reason": ""}, follow=True)
    assert "Give a reason" in response.content.decode() and m(event, 1).winner is None
    client.post(url, {"action": "decide", "match": m(event, 1).pk, "winner": game.ew_team_id,
                      "reason": "Cut for it"})
    assert m(event, 1).winner_id == game.ew_team_id

    second = m(event, 2).game
    win(second, "ns")
    final = m(event, 3)
    assert final.game is not None
    win(second, "ew")  # corrected after the final was seated
    page = client.get(url).content.decode()
    assert "Confirm the correction" in page and "re-seated with" in page
    client.post(url, {"action": "confirm", "match": m(event, 2).pk})
    assert m(event, 3).team_b_id == second.ew_team_id

    response = client.post(url, {"action": "withdraw", "team": second.ew_team_id}, follow=True)
    assert "walkover" in response.content.decode()
    assert m(event, 3).decided_by == "walkover"
    assert client.post(url, {"action": "confirm", "match": "nope"}, follow=True).status_code == 200
    assert "not known" in client.post(url, {"action": "explode"}, follow=True).content.decode()
    assert DirectorAction.objects.filter(action="bracket_decide", user=director).exists()


def test_print_page(client, director):
    event = drawn(director, teams=5)
    client.force_login(director)
    response = client.get(reverse("director-bracket-print", args=[event.pk]))
    text = response.content.decode()
    assert response.status_code == 200 and "data-print" in text and "Ann 5 / Bob 5" in text
    assert text.count('class="bm ') == 7


def test_random_draw_and_discard_from_the_page(client, director):
    event = knockout(director, teams=4)
    client.force_login(director)
    url = reverse("director-bracket", args=[event.pk])
    client.post(url, {"action": "random"})
    assert Bracket.objects.get(event=event).seeded_by == "random"
    client.post(url, {"action": "discard"})
    assert not Bracket.objects.exists()
    assert not Game.objects.filter(round__event=event).exists()


def test_actions_that_do_not_fit_say_why(client, director):
    event = knockout(director, teams=4)
    teams = list(event.teams.order_by("number"))
    client.force_login(director)
    url = reverse("director-bracket", args=[event.pk])
    response = client.post(url, {"action": "discard"}, follow=True)
    assert "There is no bracket to discard." in response.content.decode()
    client.post(url, {"action": "random"})
    order = {"action": "order", **{f"seed_{t.pk}": str(n) for n, t in enumerate(teams, start=1)}}
    for post in (order, {"action": "random"}):
        response = client.post(url, post, follow=True)
        page = response.content.decode()
        assert "The bracket is already drawn." in page and "not in this bracket" not in page
    assert Bracket.objects.get(event=event).seeded_by == "random"


@pytest.mark.parametrize(("post", "service"), [
    ({"action": "decide", "match": "1", "winner": "1", "reason": "cut"}, "match_in_bracket"),
    ({"action": "confirm", "match": "1"}, "match_in_bracket"),
    ({"action": "keep", "match": "1", "reason": "played"}, "match_in_bracket"),
    ({"action": "withdraw", "team": "1"}, "withdraw_from_bracket"),
    ({"action": "discard"}, "discard_bracket"),
], ids=["decide", "confirm", "keep", "withdraw", "discard"])
def test_the_page_shows_the_services_refusal_not_its_own(client, director, monkeypatch, post, service):
    """Before the draw the page asks the service, and shows the service's sentence word for word."""
    from tournament.core.errors import TournamentError

    def refuse(*args, **kwargs):
        raise TournamentError("The service's own words.")

    event = knockout(director, teams=4)
    monkeypatch.setattr(bracket_services, service, refuse)
    client.force_login(director)
    response = client.post(reverse("director-bracket", args=[event.pk]), post, follow=True)
    page = response.content.decode()
    assert "The service&#x27;s own words." in page
    assert "Draw the bracket first." not in page and "There is no bracket to discard." not in page


@pytest.mark.parametrize("post", [
    {"action": "decide", "match": "1", "winner": "1", "reason": "cut"}, {"action": "confirm", "match": "1"},
    {"action": "keep", "match": "1", "reason": "played"},
], ids=["decide", "confirm", "keep"])
def test_before_the_draw_a_decision_is_refused_with_the_services_sentence(client, director, post):
    event = knockout(director, teams=4)
    team = event.teams.first()
    client.force_login(director)
    response = client.post(reverse("director-bracket", args=[event.pk]),
                           {**post, "team": team.pk, "winner": team.pk}, follow=True)
    assert "Draw the bracket first." in response.content.decode()
    assert not event.actions.filter(action__startswith="bracket_").exists()


# --- The go-ahead for a knockout round ----------------------------------------------------------------

def test_a_seated_knockout_round_gets_its_go_ahead_on_the_bracket_page(client, director):
    event = knockout(director, teams=4, third=True)
    teams = list(event.teams.order_by("number"))
    client.force_login(director)
    url = reverse("director-bracket", args=[event.pk])
    order = {"action": "order", **{f"seed_{t.pk}": str(n) for n, t in enumerate(teams, start=1)}}
    response = client.post(url, order, follow=True)
    page = response.content.decode()
    assert "The bracket is drawn in your order. Semi-finals seated as game 1: give the go-ahead" in page
    assert "Semi-finals seated as game 1: give the go-ahead</h2>" in page
    start = reverse("director-clock-action", args=[event.pk, "start"])
    assert f'action="{start}"' in page and "Go-ahead: start game 1" in page

    response = client.post(start, {"next": url}, follow=True)
    assert response.redirect_chain[-1][0] == url
    page = response.content.decode()
    assert "Go! Game 1 has started" in page and "give the go-ahead</h2>" not in page

    win(m(event, 1).game)
    win(m(event, 2).game)
    page = client.get(url).content.decode()
    assert "Final and third place seated as game 2: give the go-ahead</h2>" in page
    assert "Go-ahead: start game 2" in page


def test_round_names_for_the_event_page(director):
    from tournament.knockout.selectors import round_name_for

    rotation = make_event(director, teams=4, name="rotation")
    assert round_name_for(rotation.rounds.get()) == ""
    assert round_name_for(None) == ""
    event = drawn(director, teams=8, third=True)
    quarters = event.rounds.get()
    assert round_name_for(quarters) == "Quarter-finals"
    for number in (1, 2, 3, 4):
        win(m(event, number).game)
    assert round_name_for(event.rounds.get(number=2)) == "Semi-finals"
    win(m(event, 5).game)
    win(m(event, 6).game)
    assert round_name_for(event.rounds.get(number=3)) == "Final and third place"


def test_a_game_in_progress_is_flagged_not_reseated_and_the_page_says_so(client, director):
    from tournament.clock import services as clock_services

    event = drawn(director, teams=4)
    client.force_login(director)
    url = reverse("director-bracket", args=[event.pk])
    first = m(event, 1).game
    win(first, "ns")
    win(m(event, 2).game, "ns")
    final = m(event, 3)
    clock_services.start_clock(final.game.round, director)
    win(first, "ew")  # corrected while the final is being played
    page = client.get(url).content.decode()
    assert "in progress: its teams stay, flagged for you" in page
    client.post(url, {"action": "confirm", "match": m(event, 1).pk})
    final = m(event, 3)
    assert final.team_a_id == first.ns_team_id, "the final keeps the pair playing it"
    page = client.get(url).content.decode()
    assert "Nothing to do yet: let the game finish." in page
    assert 'value="decide"' not in page


# --- The rotation before the playoff ----------------------------------------------------------------

def test_the_page_offers_to_end_the_rotation_early(client, director):
    event = make_event(director, teams=8, format="rotation_then_knockout", games=3, playoff_size=4)
    for game in event.rounds.get().games.all():
        services.record_game_result(game, ns_total=4000, ew_total=3000, user=director)
    client.force_login(director)
    url = reverse("director-bracket", args=[event.pk])
    page = client.get(url).content.decode()
    assert "1 of 3 rotation games played" in page
    assert page.count('name="end_rotation_early"') == 3  # in each of the three ways to draw
    response = client.post(url, {"action": "random"}, follow=True)
    assert "Only 1 of the 3 rotation games has been played" in response.content.decode()
    assert not Bracket.objects.exists()
    response = client.post(url, {"action": "random", "end_rotation_early": "1",
                                 "end_rotation_reason": "Running late"}, follow=True)
    assert "The bracket is drawn at random." in response.content.decode()
    assert Bracket.objects.filter(event=event).exists()
    assert event.actions.get(action="end_rotation_early").details["reason"] == "Running late"
