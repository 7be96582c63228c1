"""Each team's page (`/e/<event>/team/<team>/`): where the team sits now and next, its games one by one
with their scores and whether they are accepted, its place in the standings; all within the director's
publish switches, in a constant number of queries, and a 304 while the team's part is unchanged."""

import re

import pytest
from django.db.models import Q

from scoring import services as scoring_services
from scoring.team_pages import Line, Seat, TeamPage, folded, team_pages, teams_named
from tests.factories import make_event
from tests.scoring.sheets import sheet
from tests.scoring.test_query_counts import play_all
from tournament.core import published, services
from tournament.core.models import Event, Game, Team

pytestmark = pytest.mark.django_db


def words(response) -> str:
    """The page's text as a reader reads it: no tags, single spaces."""
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).replace(" ,", ",").split())


def url(event, team, partial=False):
    return f"/e/{event.pk}/team/{team.pk}/" + ("?partial=1" if partial else "")


def seat(event, team, number) -> Game:
    """The team's game of that number."""
    return Game.objects.select_related("table", "round__event", "ns_team", "ew_team").get(
        Q(ns_team=team) | Q(ew_team=team), round__event=event, round__number=number)


@pytest.fixture
def public(director):
    """Eight teams, game 1 seated, seating and standings public."""
    return make_event(director, seating_published=True, standings_published=True)


def test_the_page_says_where_the_team_sits_in_big_plain_words(client, public):
    team = Team.objects.get(event=public, number=1)
    game = seat(public, team, 1)
    opponents = game.ew_team if game.ns_team == team else game.ns_team
    response = client.get(url(public, team))
    html = words(response)
    assert "Next: game 1" in html
    side = "North-South" if game.ns_team == team else "East-West"
    assert f"Go to table {game.table.number}, {side}" in html
    assert opponents.name in html and "Ann 1 / Bob 1" in html
    assert "<title>Ann 1 / Bob 1 · Test event" in response.content.decode()
    assert "Your place shows here once a game is counted." in html  # no rank before a game counts
    assert f'data-clock-url="/api/v1/events/{public.pk}/clock/"' in response.content.decode()  # its clock


def test_after_game_2_is_seated_east_west_moves_up_a_table_and_north_south_stays(client, public, director):
    play_all(public.rounds.get(number=1), director)
    services.advance_to_next_game(public, director)
    first = Game.objects.get(round__event=public, round__number=1, table__number=1)
    ns, ew = first.ns_team, first.ew_team
    new_ew = Game.objects.get(round__event=public, round__number=2, ew_team=ew)
    assert new_ew.table.number == 2

    assert "Stay at table 1, North-South" in words(client.get(url(public, ns)))
    html = words(client.get(url(public, ew)))
    assert "Move from table 1 to table 2, East-West" in html
    assert "Next: game 2" in html
    # Game 1's result, for and against, with the outcome, accepted; and the rank from the standings.
    assert "Won" in html or "Lost" in html
    assert "2,500 for you" in html and "Accepted" in html
    assert "Place " in html and " of 8" in html
    assert "Game 2 Table 2, East-West" in html and "Not started yet" in html


def test_the_page_follows_the_go_ahead_and_shows_a_sheet_waiting_for_the_opponents(client, public, director):
    from tournament.clock.services import start_clock

    team = Team.objects.get(event=public, number=3)
    game = seat(public, team, 1)
    start_clock(public.rounds.get(number=1), director)
    scoring_services.submit_sheet(game, sheet(), "k-1")
    html = client.get(url(public, team)).content.decode()
    assert "Now: game 1" in html and "Go to table" not in html
    assert "Waiting for the opponents to accept" in html


def test_a_team_that_sits_out_is_told_so(client, director):
    event = make_event(director, teams=7, seating_published=True)
    sitting = Game.objects.get(round__event=event, round__number=1, ew_team__isnull=True)
    html = words(client.get(url(event, sitting.ns_team)))
    assert "You sit out game 1." in html and "You sat out this game." in html
    assert "scores a win" not in html  # the standings are hidden: not what a sit-out counts for either
    services.publish(event, director, "standings", True)
    assert "A team that sits out a game scores a win" in words(client.get(url(event, sitting.ns_team)))


def test_unpublished_seating_and_standings_show_nothing_private(client, director):
    event = make_event(director)
    play_all(event.rounds.get(number=1), director)
    team = Team.objects.get(event=event, number=1)
    html = client.get(url(event, team)).content.decode()
    assert "The director has not published the seating yet." in html
    assert "The director has not published the standings yet." in html
    assert "Table " not in html and "Your games" not in html and "Ann 2 / Bob 2" not in html
    services.publish(event, director, "seating", True)
    html = client.get(url(event, team)).content.decode()
    assert "Your games" in html and "Accepted" in html
    assert "for you" not in html and "Place " not in html
    assert "Scores show here once the director publishes the standings." in html


def test_a_team_of_another_event_or_none_is_not_found(client, public, director):
    other = make_event(director, teams=4)
    stranger = Team.objects.get(event=other, number=1)
    assert client.get(url(public, stranger)).status_code == 404
    assert client.get(f"/e/{public.pk}/team/999999/").status_code == 404
    assert client.get(f"/e/999999/team/{stranger.pk}/").status_code == 404


def test_a_poll_of_an_unchanged_team_is_a_304_and_another_table_s_sheet_leaves_it_so(client, public):
    team = Team.objects.get(event=public, number=1)
    game = seat(public, team, 1)
    other = Game.objects.select_related("table", "round__event").exclude(pk=game.pk).filter(
        round__event=public, round__number=1).first()
    first = client.get(url(public, team, partial=True))
    assert first.status_code == 200 and b"<html" not in first.content
    etag = first["ETag"]
    assert client.get(url(public, team, partial=True), HTTP_IF_NONE_MATCH=etag).status_code == 304
    scoring_services.submit_sheet(other, sheet(), "k-other")
    assert client.get(url(public, team, partial=True), HTTP_IF_NONE_MATCH=etag).status_code == 304
    scoring_services.submit_sheet(game, sheet(), "k-mine")
    changed = client.get(url(public, team, partial=True), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and b"Waiting for the opponents" in changed.content


def test_hiding_the_seating_takes_it_off_the_page_at_once(client, public, director):
    team = Team.objects.get(event=public, number=1)
    assert b"Next: game 1" in client.get(url(public, team, partial=True)).content
    services.publish(public, director, "seating", False)
    assert b"has not published the seating" in client.get(url(public, team, partial=True)).content


@pytest.mark.parametrize("teams", [20, 200])
def test_every_team_s_page_is_read_in_a_constant_number_of_queries(director, teams, django_assert_max_num_queries):
    event = make_event(director, teams=teams, seating_published=True, standings_published=True)
    play_all(event.rounds.get(number=1), director)
    services.advance_to_next_game(event, director)
    event = Event.objects.get(pk=event.pk)
    with django_assert_max_num_queries(6):
        pages = team_pages(event)
    assert len(pages) == teams and all(page.rank for page in pages.values())


@pytest.mark.parametrize("teams", [20, 200])
def test_a_poll_costs_the_same_few_queries_at_any_size(client, director, teams, published_local,
                                                      django_assert_max_num_queries):
    event = make_event(director, teams=teams, seating_published=True, standings_published=True)
    play_all(event.rounds.get(number=1), director)
    services.advance_to_next_game(event, director)
    team = Team.objects.get(event=event, number=teams)
    first = client.get(url(event, team, partial=True))
    with django_assert_max_num_queries(2):  # the version: the event with its last action, its sheets
        again = client.get(url(event, team, partial=True))
    assert again.content == first.content and b"Ann" in again.content
    with django_assert_max_num_queries(3):  # the page itself reads the team and its event for its frame
        assert client.get(url(event, team)).status_code == 200


def test_with_a_shared_cache_a_poll_runs_no_sql(client, public, published_shared, django_assert_max_num_queries):
    team = Team.objects.get(event=public, number=2)
    published.forget_local()
    first = client.get(url(public, team, partial=True))
    with django_assert_max_num_queries(0):
        unchanged = client.get(url(public, team, partial=True), HTTP_IF_NONE_MATCH=first["ETag"])
    assert unchanged.status_code == 304


def test_a_game_s_outcome_is_read_from_both_scores_only_once_they_are_shown():
    at = Seat(game=1, table=2, side="ew", opponents="Ann 9 / Bob 9")
    assert [Line(at, False, "accepted", a, b).outcome for a, b in ((10, 5), (5, 10), (5, 5), (None, None))] == [
        "Won", "Lost", "Tied", ""]
    assert TeamPage(1, 1, "A / B", False, True, True, game=2, now=at, before=at).move == "Stay at table 2, East-West"


# --- Finding a team by name ----------------------------------------------------------------------------

def test_names_are_compared_without_case_accents_or_extra_spaces():
    assert folded("  José   NÚÑEZ ") == "jose nunez"
    assert folded("Françoise") == folded("francoise")


def test_a_search_finds_every_team_holding_the_words_typed(director):
    event = make_event(director, teams=4, seat=False)
    Team.objects.filter(event=event, number=2).update(player1="José", player2="Núñez")
    found = teams_named("nunez jo", Event.objects.filter(pk=event.pk))
    assert [(f.number, f.name) for f in found] == [(2, "José / Núñez")]
    assert teams_named("   ", Event.objects.filter(pk=event.pk)) == []


def test_the_public_seating_links_each_team_s_name_to_its_page(client, public):
    html = client.get(f"/e/{public.pk}/seating/").content.decode()
    for team in Team.objects.filter(event=public):
        assert f'<a href="/e/{public.pk}/team/{team.pk}/">{team.name}</a>' in html


@pytest.mark.parametrize("teams", [8, 9], ids=["8 teams", "9 teams: one sits out"])
def test_once_the_game_is_played_each_page_says_the_next_seat_and_the_next_seating_agrees(client, director, teams):
    """North-South stays, East-West moves up one table (the highest to the lowest), a sit-out included:
    what the page says before the director seats game 2 is where game 2 then seats every team."""
    event = make_event(director, teams=teams, seating_published=True, standings_published=True)
    play_all(event.rounds.get(number=1), director)
    said = {}
    for team in Team.objects.filter(event=event):
        found = re.search(r"Game 2: as the rotation goes, table (\d+), (North-South|East-West) ?\. "
                          r"Your table is confirmed here as soon as the director seats it\.",
                          words(client.get(url(event, team))))
        assert found, team.name
        # Played without the clock: there is no go-ahead left to wait for.
        assert "go-ahead" not in words(client.get(url(event, team)))
        said[team.pk] = (int(found[1]), found[2])
    services.advance_to_next_game(event, director)
    seated = {}
    for game in Game.objects.filter(round__event=event, round__number=2).select_related("table"):
        number = game.table.number
        seated |= {game.ns_team_id: (number, "North-South"), game.ew_team_id: (number, "East-West")}
    seated.pop(None, None)
    assert said == seated


def test_no_next_seat_is_foretold_before_the_go_ahead_or_after_the_last_rotation_game(client, public, director):
    team = Team.objects.get(event=public, number=1)
    assert "as the rotation goes" not in words(client.get(url(public, team)))  # game 1 waits for the go-ahead
    public.games = 1
    public.save(update_fields=["games"])
    play_all(public.rounds.get(number=1), director)
    assert "as the rotation goes" not in words(client.get(url(public, team)))


def test_a_withdrawn_team_s_page_says_so(client, public, director):
    team = Team.objects.get(event=public, number=2)
    services.withdraw_team(team, director)
    html = words(client.get(url(public, team)))
    assert "This team has withdrawn from the event." in html and "You do not play in game 1." in html


def test_with_a_shared_cache_a_sheet_sent_at_the_table_reaches_the_team_s_page(client, public, published_shared):
    team = Team.objects.get(event=public, number=4)
    game = seat(public, team, 1)
    first = client.get(url(public, team, partial=True))
    assert b"No score yet" in first.content or b"Not started yet" in first.content
    scoring_services.submit_sheet(game, sheet(), "k-shared")  # logs nothing: announced by the sheet's save
    again = client.get(url(public, team, partial=True), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and b"Waiting for the opponents to accept" in again.content
    scoring_services.dispute_sheet(seat(public, team, 1), reason="Hand 2 is wrong", code=game.ew_team.code)
    assert b"With the director" in client.get(url(public, team, partial=True)).content


def test_a_knockout_game_shows_on_the_page_like_any_other(client, director):
    import random

    from tournament.knockout import services as bracket_services

    event = make_event(director, teams=8, seat=False, format="knockout", seating_published=True)
    ids = list(event.teams.order_by("number").values_list("pk", flat=True))
    bracket_services.create_bracket(event, director, ids, seeded_by="director", rng=random.Random(3))
    team = Team.objects.get(event=event, number=1)
    html = words(client.get(url(event, team)))
    assert "Next: game 1" in html and "Game 1 (knockout)" in html and "Go to table" in html
    assert "shows here as soon as the director seats it" not in html  # no rotation game follows


def test_the_page_s_words_for_the_team_come_from_one_place(client, public, director, monkeypatch,
                                                           django_capture_on_commit_callbacks):
    """A later game of single players says "player": its words, registered under its rule set, are the
    page's every word for whoever it belongs to (scoring.team_words), the live part's and the page's."""
    from scoring import team_words

    team = public.teams.get(number=1)
    services.withdraw_team(team, director)
    assert "This team has withdrawn from the event." in words(client.get(url(public, team)))
    solo = team_words.PageWords(
        one="player %(number)s", withdrawn="This player has withdrawn from the event.",
        shared_rank="Shared with a player equal on everything that decides the order.",
        remembered="This phone remembers this player.", remember="This is me: remember it on this phone",
        forget="Not me: forget it on this phone", find_another="Find another player")
    monkeypatch.setitem(team_words.BY_RULESET, "solo", solo)
    public.ruleset = "solo"
    with django_capture_on_commit_callbacks(execute=True):  # announced once saved, like any change to the event
        public.save(update_fields=["ruleset"])
    text = words(client.get(url(public, team)))
    assert f"player {team.number}" in text and "This player has withdrawn from the event." in text
    assert "Find another player" in text and "This is me: remember it on this phone" in text
    assert f"team {team.number}" not in text and "Find another team" not in text and "This team" not in text


def test_in_a_knockout_the_published_bracket_shows_each_team_its_table(client, director):
    """Players of a knockout follow the bracket, which names every match's table: once it is public (and
    the dashboard asks for nothing else), a team's page says where the team sits."""
    import random

    from tournament.knockout import services as bracket_services

    event = make_event(director, teams=8, seat=False, format="knockout")
    bracket_services.create_bracket_random(event, director, rng=random.Random(1))
    game = Game.objects.select_related("table", "ns_team").filter(round__event=event).order_by("table__number")[0]
    published.forget_local()
    assert "has not published the bracket yet" in words(client.get(url(event, game.ns_team)))
    services.publish(event, director, "bracket", True)
    text = words(client.get(url(event, game.ns_team)))
    assert "has not published the bracket" not in text and f"Table {game.table.number}" in text
    event.refresh_from_db()
    assert not event.seating_published
