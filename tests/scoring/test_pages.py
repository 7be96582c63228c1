"""The pages: the table's sheet, the director's board, history, cards and CSV, the public standings."""

import csv
import io
import json

import pytest
from django.urls import reverse

from rules import registry
from rules.registry import get_ruleset
from scoring import services
from tests.factories import make_event
from tests.scoring.sheets import sheet, with_bad_count
from tournament.core import services as tournament_services
from tournament.core.models import Event, Game, Round

pytestmark = pytest.mark.django_db


def test_the_table_page_shows_who_sits_where(client, game):
    response = client.get(f"/t/{game.table.token}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f"Table {game.table.number}" in html and "Game 1" in html
    assert game.ns_team.name in html and game.ew_team.name in html
    assert 'id="sheet-config"' in html and "data-clock" in html
    assert '<script type="module" src="/static/js/table/main.js">' in html


def test_an_unknown_table_link_is_a_friendly_404(client, db):
    response = client.get("/t/not-a-token/")
    assert response.status_code == 404 and b"not known" in response.content


def test_director_pages_need_the_event_s_director(client, event, other_user):
    urls = [f"/director/events/{event.pk}/board/", f"/director/events/{event.pk}/cards/",
            f"/director/events/{event.pk}/standings.csv"]
    for url in urls:
        assert client.get(url).status_code == 302  # to the login page
    client.force_login(other_user)
    for url in urls:
        assert client.get(url).status_code == 403


def test_the_board_lists_tables_by_state_and_what_needs_the_director(client, event, game, director):
    services.submit_sheet(game, with_bad_count(), "k", review=True, reason="We agree on 283")
    client.force_login(director)
    html = client.get(f"/director/events/{event.pk}/board/").content.decode()
    assert "Needs you" in html and "We agree on 283" in html and "a count of 283 is impossible" in html
    assert "data-clock" in html  # the game clock's widget
    assert html.count("Enter paper sheet") == 3


def test_the_sheet_page_shows_the_history_and_what_changed(client, event, game, director):
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    fixed = sheet(hands=[((2200, 325), (1800, 275))])
    services.director_correct(game, fixed, director, reason="Only one hand was played")
    client.force_login(director)
    html = client.get(f"/director/events/{event.pk}/games/{game.pk}/sheet/").content.decode()
    assert "Version 2" in html and "Version 1" in html and "Only one hand was played" in html
    assert "Hand 2, North-South, base: 1500 → (none)" in html
    assert "<strong>Accepted</strong> by the opponents at" in html  # version 1's decision is kept


def test_the_cards_have_a_qr_code_per_table_and_team_and_each_team_s_code(client, event, director):
    client.force_login(director)
    html = client.get(f"/director/events/{event.pk}/cards/").content.decode()
    assert html.count("<svg") == event.tables.count() + event.teams.count()
    for team in event.teams.all():
        assert f'<p class="code">{team.code}</p>' in html
    assert event.tables.first().token in html


def test_the_csv_export(client, event, game, director):
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    client.force_login(director)
    response = client.get(f"/director/events/{event.pk}/standings.csv")
    assert response.content.startswith("\ufeff".encode())  # Excel reads it as UTF-8
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:3] == ["Rank", "Team number", "Team"]
    assert len(rows) == 9 and rows[1][2] == game.ns_team.name and rows[1][5] == "1"


def test_the_public_standings_wait_for_the_director(client, event, director):
    url = f"/e/{event.pk}/standings/"
    response = client.get(url)
    assert response.status_code == 404 and b"not published yet" in response.content
    client.force_login(director)
    client.post(f"/director/events/{event.pk}/standings/publish/", {"publish": "1"})
    client.logout()
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Sitting out a game" in html and "average points per game played" in html
    assert client.get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
    partial = client.get(url + "?partial=1")
    assert partial.status_code == 200 and b"<html" not in partial.content


def test_the_public_standings_write_points_as_on_the_sheet(client, event, game, director):
    tournament_services.publish(event, director, "standings", True)
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    html = client.get(f"/e/{event.pk}/standings/").content.decode()
    assert "<td class=\"num\">7,585</td>" in html and "+3,440" in html and "-3,440" in html


def test_a_game_accepted_before_the_go_ahead_stays_on_the_table_page_when_a_team_withdraws(client, event, game,
                                                                                           director):
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    assert game.round.awaits_go_ahead
    tournament_services.withdraw_team(game.ns_team, director)
    html = client.get(f"/t/{game.table.token}/").content.decode()
    assert "sits out" not in html
    config = sheet_config(html)
    assert (config["ns"], config["ew"], config["final"]) == (game.ns_team.name, game.ew_team.name, True)
    assert config["result"] == {"ns": 7585, "ew": 4145, "winner": "ns"}
    assert config["latest"]["status"] == "accepted"


def test_the_event_page_offers_no_new_draw_for_a_game_with_a_sheet_waiting_for_the_opponents(client, event, game,
                                                                                            director):
    services.submit_sheet(game, sheet(), "k")
    other = event.rounds.get().games.get(table__number=2)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert reverse("director-draw", args=[event.pk, other.pk]) in page
    assert reverse("director-draw", args=[event.pk, game.pk]) not in page


# --- Tables without a game ------------------------------------------------------------------------------

def test_a_sit_out_table_s_page_names_the_team_sitting_out(client, director):
    event = make_event(director, teams=7)  # table 4 seats one team
    game = Game.objects.select_related("table", "ns_team", "ew_team").get(round__event=event, table__number=4)
    assert game.is_sit_out
    team = game.ns_team or game.ew_team
    response = client.get(f"/t/{game.table.token}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f"{team.name} sits out game 1 at this table" in html and "sheet-config" not in html


def test_an_empty_table_s_page_says_there_is_nothing_to_score(client, director):
    unseated = make_event(director, teams=8, seat=False, name="Not seated yet")
    table = unseated.tables.get(number=1)
    response = client.get(f"/t/{table.token}/")
    assert response.status_code == 200 and b"There is no game to score at this table" in response.content
    # A knockout can leave a table with no team at all.
    event = make_event(director, teams=4, name="Knockout")
    table = event.tables.get(number=1)
    knockout = Round.objects.create(event=event, number=2, phase=Round.Phase.KNOCKOUT)
    Game.objects.create(round=knockout, table=table, status=Game.Status.EMPTY)
    response = client.get(f"/t/{table.token}/")
    assert response.status_code == 200 and b"There is no game to score at this table" in response.content


def test_a_nul_in_a_table_link_is_an_unknown_link(client, db):
    response = client.get("/t/abc%00def/")
    assert response.status_code == 404 and b"not known" in response.content


# --- The board of every game ----------------------------------------------------------------------------

def play_round(event, director):
    for game in Game.objects.filter(round__event=event, status=Game.Status.SCHEDULED).select_related(
            "round__event", "table"):
        tournament_services.record_game_result(game, ns_total=3000, ew_total=2500, user=director)


def test_the_board_shows_an_earlier_game_with_round_and_links_to_every_game(client, event, game, director):
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    play_round(event, director)
    tournament_services.advance_to_next_game(event, director)
    client.force_login(director)
    latest = client.get(f"/director/events/{event.pk}/board/").content.decode()
    assert "Score sheets: game 2" in latest and 'href="?round=1"' in latest
    earlier = client.get(f"/director/events/{event.pk}/board/?round=1").content.decode()
    assert "Score sheets: game 1" in earlier and 'href="?round=2"' in earlier and "an earlier game" in earlier
    assert f"/director/events/{event.pk}/games/{game.pk}/sheet/" in earlier  # its history / correction page
    assert client.get(f"/director/events/{event.pk}/board/?round=9").status_code == 404
    api = client.get(f"/api/v1/events/{event.pk}/board/?round=1").json()
    assert api["round"] == 1 and [r["round"] for r in api["rounds"]] == [1, 2]
    assert game.pk in [row["game"] for row in api["tables"]]
    assert client.get(f"/api/v1/events/{event.pk}/board/?round=9").status_code == 404
    assert client.get(f"/api/v1/events/{event.pk}/board/?round=x").json()["code"] == "invalid"
    # The sheet page leads back to its own game's board.
    sheet_page = client.get(f"/director/events/{event.pk}/games/{game.pk}/sheet/").content.decode()
    assert f"/director/events/{event.pk}/board/?round=1" in sheet_page


# --- Publishing the standings ---------------------------------------------------------------------------

@pytest.mark.parametrize("target", ["https://evil.example/phish", "//evil.example/", "http:/\\evil.example"])
def test_publishing_never_redirects_to_another_site(client, event, director, target):
    client.force_login(director)
    response = client.post(f"/director/events/{event.pk}/standings/publish/", {"publish": "1", "next": target})
    assert response.status_code == 302 and response["Location"] == f"/director/events/{event.pk}/board/"


def test_publishing_returns_to_a_page_of_this_site(client, event, director):
    client.force_login(director)
    response = client.post(f"/director/events/{event.pk}/standings/publish/",
                           {"publish": "1", "next": f"/director/events/{event.pk}/"})
    assert response["Location"] == f"/director/events/{event.pk}/"


def test_directors_preview_the_standings_before_publishing(client, event, game, director, other_user):
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    url = f"/e/{event.pk}/standings/"
    client.force_login(director)
    response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 200 and "Not published yet: only you can see this" in html
    assert game.ns_team.name in html and "private" in response["Cache-Control"]
    assert client.get(url + "?partial=1").status_code == 200  # the page's own polling works too
    client.force_login(other_user)
    assert client.get(url).status_code == 404
    client.logout()
    public = client.get(url)
    assert public.status_code == 404 and b"not published yet" in public.content
    assert game.ns_team.name.encode() not in public.content
    tournament_services.publish(event, director, "standings", True)
    assert b"only you can see this" not in client.get(url).content
    client.force_login(director)
    assert b"only you can see this" not in client.get(url).content


def test_the_csv_neutralises_formulas_however_they_start(client, event, director):
    team = event.teams.get(number=1)
    team.player1, team.club = "\t=cmd|' /C calc'!A0", "\r=1+1"
    team.save()
    other = event.teams.get(number=2)
    other.player1 = "Zoë Müller"
    other.save()
    client.force_login(director)
    content = client.get(f"/director/events/{event.pk}/standings.csv").content.decode("utf-8-sig")
    rows = {row[1]: row for row in csv.reader(io.StringIO(content))}
    assert rows["1"][2].startswith("'\t=") and rows["1"][3] == "'\r=1+1"
    assert rows["2"][2].startswith("Zoë Müller")


# --- the sheet's config: the rule set's description of a line, which the form is built from -------------

def sheet_config(html: str) -> dict:
    return json.loads(html.split('id="sheet-config" type="application/json">', 1)[1].split("</script>")[0])


class Described:
    """A rule set of our own, so a test can tell the event's rule set from the default."""

    name = "described-test"

    @staticmethod
    def describe_line():
        return [{"name": "base", "part": "line", "label": "Points", "kind": "whole_number", "min": 0,
                 "max": 500, "asked": True}]


def test_the_table_page_hands_its_form_the_rule_set_s_description_of_a_line(client, game):
    config = sheet_config(client.get(f"/t/{game.table.token}/").content.decode())
    assert config["line"] == get_ruleset("nvso").describe_line()
    pure = next(field for field in config["line"] if field["name"] == "pure_canastas")
    assert (pure["label"], pure["min"], pure["max"]) == ("Pure canastas (500)", 0, 9)
    assert config["teamLabelLimit"] == 200


def test_the_description_is_the_event_s_rule_set_s(client, event, game, director, monkeypatch):
    monkeypatch.setitem(registry._RULESETS, Described.name, Described())
    Event.objects.filter(pk=event.pk).update(ruleset=Described.name)
    table_config = sheet_config(client.get(f"/t/{game.table.token}/").content.decode())
    client.force_login(director)
    director_config = sheet_config(
        client.get(f"/director/events/{event.pk}/games/{game.pk}/sheet/").content.decode())
    assert table_config["line"] == director_config["line"] == Described.describe_line()


def test_the_director_s_copy_of_the_sheet_gets_the_description_too(client, event, game, director):
    client.force_login(director)
    config = sheet_config(client.get(f"/director/events/{event.pk}/games/{game.pk}/sheet/").content.decode())
    assert config["mode"] == "director"
    assert config["line"] == get_ruleset("nvso").describe_line()
    assert config["teamLabelLimit"] == 200


def test_an_event_under_an_unknown_rule_set_gets_no_description(client, event, game):
    Event.objects.filter(pk=event.pk).update(ruleset="bridge")
    config = sheet_config(client.get(f"/t/{game.table.token}/").content.decode())
    assert config["ruleset"] == "bridge" and config["line"] is None


def test_the_table_page_asks_for_east_west_s_code_in_a_new_event_and_not_once_turned_off(client, director):
    event = make_event(director, teams=4)
    game = Game.objects.get(round__event=event, table__number=1)
    client.force_login(director)
    cards = client.get(f"/director/events/{event.pk}/cards/").content.decode()
    assert sheet_config(client.get(f"/t/{game.table.token}/").content.decode())["requireCode"] is True
    assert "the team code lets East-West accept a sheet." in cards
    tournament_services.update_event(event, director, {"require_opponent_code": False})
    cards = client.get(f"/director/events/{event.pk}/cards/").content.decode()
    assert sheet_config(client.get(f"/t/{game.table.token}/").content.decode())["requireCode"] is False
    assert "(the event does not ask for it at the moment)" in cards


def test_each_name_in_the_public_standings_links_to_its_team_s_page(client, event, game, director):
    """Plain links in the fragment stored once per change: the same markup for every phone, the row still
    carrying `data-team` for the "my team" highlight of static/js/standings.js."""
    tournament_services.publish(event, director, "standings", True)
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    html = client.get(f"/e/{event.pk}/standings/?partial=1").content.decode()
    for team in event.teams.all():
        link = reverse("public-team", args=[event.pk, team.pk])
        assert f'<tr data-team="{team.pk}"' in html
        assert f'<a href="{link}">{team.name}</a>' in html.split(f'data-team="{team.pk}"')[1].split("</tr>")[0]
        assert client.get(link).status_code == 200


def test_the_director_s_team_list_links_to_each_team_s_page(client, event, director):
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    teams = page.split('id="teams-title"')[1].split("</section>")[0]
    for team in event.teams.all():
        assert f'<a href="{reverse("public-team", args=[event.pk, team.pk])}">{team.name}</a>' in teams
