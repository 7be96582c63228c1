"""Guide cards: each team's card says where it plays in every game, from the stored seating of the games
seated and, for the rotation games still to come, as the director's next-game step will seat them; a
withdrawal changes them as it changes the seating; a fixed number of queries however many teams."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_event
from tests.scoring.test_query_counts import play_all
from tournament.core import services
from tournament.core.guide import guide
from tournament.core.models import Game, Side

pytestmark = pytest.mark.django_db


def seats_of(event, game: int) -> dict[int, tuple]:
    """Team number -> (table, side, opponent's number or None) in a seated game, as stored."""
    seats = {}
    for game_ in Game.objects.filter(round__event=event, round__number=game).select_related(
            "table", "ns_team", "ew_team"):
        for mine, theirs, side in ((game_.ns_team, game_.ew_team, Side.NS), (game_.ew_team, game_.ns_team, Side.EW)):
            if mine is not None:
                seats[mine.number] = (game_.table.number, side, theirs.number if theirs else None)
    return seats


def foreseen(event, game: int) -> dict[int, tuple]:
    return {card.number: (stop.table, stop.side, stop.opponent_number)
            for card in guide(event).cards if (stop := card.stops.get(game)) is not None}


def advance(event, director):
    play_all(event.latest_round(), director)
    services.advance_to_next_game(event, director)


@pytest.mark.parametrize("teams", [8, 9, 14])
def test_the_games_foreseen_are_the_games_the_director_then_seats(director, teams):
    event = make_event(director, teams=teams, games=4, seed=teams)
    expected = {game: foreseen(event, game) for game in (2, 3, 4)}
    assert all(stop.foreseen for card in guide(event).cards for game, stop in card.stops.items() if game > 1)
    for game in (2, 3, 4):
        advance(event, director)
        assert seats_of(event, game) == expected[game]
    assert guide(event).foreseen == []


def test_every_game_seated_is_read_as_stored(director):
    event = make_event(director, teams=9, games=3)
    advance(event, director)
    cards = guide(event)
    assert cards.games == [1, 2, 3] and cards.foreseen == [3]
    for game in (1, 2):
        assert foreseen(event, game) == seats_of(event, game)


def test_a_withdrawn_team_has_no_card_and_its_opponents_sit_out_where_it_would_have_sat(director):
    event = make_event(director, teams=8, games=3)
    gone = event.teams.get(number=1)
    services.withdraw_team(gone, director)
    cards = guide(event)
    assert 1 not in [card.number for card in cards.cards]
    for game in (2, 3):
        assert all(stop[2] != 1 for stop in foreseen(event, game).values())
        assert sum(stop[2] is None for stop in foreseen(event, game).values()) == 1   # one team alone
    advance(event, director)
    assert foreseen(event, 2) == seats_of(event, 2)


def test_the_cards_page_names_every_team_s_games_and_sit_outs(client, director):
    event = make_event(director, teams=9, games=3, format="rotation_then_knockout")
    client.force_login(director)
    html = client.get(reverse("director-guide-cards", args=[event.pk])).content.decode()
    cards = re.findall(r'<section class="guide-card" data-team="(\d+)".*?</section>', html, re.S)
    assert cards == [str(n) for n in range(1, 10)]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))
    for card in guide(event).cards:
        for game, stop in card.lines:
            if stop.sits_out:
                assert f"Game {game}: table {stop.table}, you sit out (no opponent)" in text
            else:
                opponent = event.teams.get(number=stop.opponent_number)
                assert (f"Game {game}: table {stop.table} {stop.direction} v team {opponent.number}, "
                        f"{opponent.name}") in text
    assert text.count("you sit out") == 3   # one of nine teams in each of three games
    assert "Then the knockout" in text


def test_before_game_1_is_seated_the_page_says_to_seat_it(client, director):
    event = make_event(director, teams=6, seat=False)
    client.force_login(director)
    html = client.get(reverse("director-guide-cards", args=[event.pk])).content.decode()
    assert "Seat game 1 first" in html and 'class="guide-card"' not in html


@pytest.mark.parametrize("teams", [8, 120])
def test_the_cards_take_the_same_queries_however_many_teams(client, director, teams,
                                                           django_assert_max_num_queries):
    event = make_event(director, teams=teams, games=5)
    advance(event, director)
    client.force_login(director)
    with django_assert_max_num_queries(8):
        html = client.get(reverse("director-guide-cards", args=[event.pk])).content.decode()
    assert html.count('class="guide-card"') == teams
    assert html.count("Game 5:") == teams


def test_a_paired_game_is_listed_with_where_its_table_will_be_given(client, director):
    event = make_event(director, teams=8, games=2, paired_rounds=2)
    cards = guide(event)
    assert cards.games == [1, 2, 3, 4] and cards.foreseen == [2] and cards.paired == [3, 4]
    assert all(dict(card.lines)[3] is None and dict(card.lines)[4] is None for card in cards.cards)
    client.force_login(director)
    html = client.get(reverse("director-guide-cards", args=[event.pk])).content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))
    assert text.count("Game 3: table given when the game is paired: see the board or your team page") == 8
    assert "Games 3, 4 are paired by the standings" in text
    # Once game 3 is paired, it is read as stored like any seated game.
    advance(event, director)
    advance(event, director)
    cards = guide(event)
    assert cards.paired == [4] and foreseen(event, 3) == seats_of(event, 3)
