"""The score sheets on paper: each table's sheet of a game names its game, table and teams, asks the
fields the table's page asks (from the rule set's own description) with a box per hand of the game, and
the initial meld as the event's rules set it; one table's alone on demand; a fixed number of queries
however many tables."""

import re

import pytest
from django.urls import reverse

from rules.registry import line_description
from scoring.paper import sheet_form
from tests.factories import make_event
from tests.scoring.test_query_counts import play_all
from tournament.core import services
from tournament.core.models import Game

pytestmark = pytest.mark.django_db


def sheets_page(client, event, **query):
    url = reverse("director-paper-sheets", args=[event.pk])
    return client.get(url, query)


def sheets_of(html: str) -> list[str]:
    return re.findall(r'<article class="paper-sheet" data-table="\d+".*?</article>', html, re.S)


def test_every_table_of_the_game_has_a_sheet_with_its_game_table_and_both_teams(client, director):
    event = make_event(director, teams=9)
    client.force_login(director)
    html = sheets_page(client, event, game=1).content.decode()
    games = list(Game.objects.filter(round__event=event, round__number=1, status=Game.Status.SCHEDULED)
                 .select_related("table", "ns_team", "ew_team").order_by("table__number"))
    sheets = sheets_of(html)
    assert len(sheets) == len(games) == 4   # nine teams: the fifth table's team sits out, with no sheet
    for sheet, game in zip(sheets, games, strict=True):
        assert f"Game 1 · Table {game.table.number}" in sheet
        assert f"North-South</span> Team {game.ns_team.number}: <strong>{game.ns_team.name}</strong>" in sheet
        assert f"East-West</span> Team {game.ew_team.number}: <strong>{game.ew_team.name}</strong>" in sheet
        assert (f'<th scope="col">North-South, team {game.ns_team.number}</th><th scope="col">East-West, team '
                f'{game.ew_team.number}</th>') in sheet   # the final scores' and signatures' columns
    alone = Game.objects.get(round__event=event, round__number=1, status=Game.Status.SIT_OUT)
    assert f"Table {alone.table.number}: {(alone.ns_team or alone.ew_team).name} sit out" in html


def test_a_sheet_asks_every_field_the_table_s_page_asks_with_a_box_for_each_hand(client, director, event):
    client.force_login(director)
    sheet = sheets_of(sheets_page(client, event).content.decode())[0]
    asked = [field["label"] for field in line_description("nvso") if field["asked"]]
    rows = [row.removesuffix(" ✓") for row in re.findall(r'<th scope="row">([^<]*)', sheet)]
    assert rows == ["Initial meld", *asked, "Total this hand", "Running total", "Final score", "Signature"]
    assert "Table points" not in sheet   # described, but not asked by the table's form
    assert [h for h in re.findall(r">Hand (\d+)<", sheet)] == ["1", "2", "3"]
    for row in re.findall(r'<tr class="paper-(?:whole_number|yes_no|choice|total)">.*?</tr>', sheet):
        assert row.count("<td></td>") == 6   # two teams, three hands
    assert "None · All deuces · Four jokers, three deuces · Jokers with deuces" in sheet


def test_the_initial_meld_is_printed_by_hand_and_by_score_as_the_event_s_rules_set_it(client, director):
    by_hand = make_event(director, teams=4)
    by_score = make_event(director, teams=4, rule_options={"meld_requirement": "by_score"}, name="By score")
    client.force_login(director)
    hand = sheets_of(sheets_page(client, by_hand).content.decode())[0]
    assert re.search(r"Initial meld</th><td>125</td><td>125</td><td>155</td><td>155</td><td>180</td><td>180</td>",
                     hand)
    assert "The initial meld needs 125 points in hand 1, 155 in hand 2 and 180 in hand 3." in hand
    score = sheets_of(sheets_page(client, by_score).content.decode())[0]
    # By score the game has no fixed number of hands: four boxes, the first hand's meld (both at 0) printed,
    # the later ones written by the table from its running total, and a note to go on over a second sheet.
    assert re.search(r"Initial meld</th><td>125</td><td>125</td>(<td></td>){6}</tr>", score)
    assert "155 from 3,000 and 180 from 5,000" in score
    assert "More hands? Go on over a second sheet" in score


def test_the_sheet_follows_the_rule_set_of_the_event(director):
    event = make_event(director, teams=4, ruleset="canasta21")
    form = sheet_form(event)
    asked = [field["name"] for field in line_description("canasta21") if field["asked"]]
    # Its form asks the totals itself: they close the sheet once, as its totals rows.
    assert [row.name for row in form.rows] == [n for n in asked if n not in ("total", "cumulative")] + [
        "total", "cumulative"]
    assert [row.label for row in form.rows][-2:] == ["Total", "Cumulative score"]
    assert not form.shows_meld and form.meld_rule == ""   # no fixed initial-meld minimum to print
    assert form.hands == 4 and form.open_ended   # a game played to a score: four boxes, then a second sheet


def test_one_table_s_sheet_alone(client, director, event):
    client.force_login(director)
    html = sheets_page(client, event, game=1, table=3).content.decode()
    assert [re.search(r'data-table="(\d+)"', s).group(1) for s in sheets_of(html)] == ["3"]


def test_a_game_or_table_that_does_not_exist_is_not_found_and_others_are_refused(client, director, other_user,
                                                                                 event):
    client.force_login(director)
    assert sheets_page(client, event, game=2).status_code == 404
    assert sheets_page(client, event, game="x").status_code == 404
    assert sheets_page(client, event, game=1, table=99).status_code == 404
    assert sheets_page(client, event, game=1, table="x").status_code == 404
    client.force_login(other_user)
    assert sheets_page(client, event, game=1).status_code == 403


def test_the_seating_page_links_to_the_game_s_sheets_and_each_table_s(client, director, event):
    client.force_login(director)
    html = client.get(reverse("director-seating", args=[event.pk])).content.decode()
    url = reverse("director-paper-sheets", args=[event.pk])
    assert f'href="{url}?game=1"' in html
    for table in range(1, 5):
        assert f'href="{url}?game=1&amp;table={table}">Paper sheet of table {table}</a>' in html


def test_the_event_page_lists_the_paper_once_a_game_is_seated(client, director):
    unseated = make_event(director, teams=4, seat=False, name="Not seated")
    seated = make_event(director, teams=4, name="Seated")
    client.force_login(director)
    for event, shown in ((unseated, False), (seated, True)):
        html = client.get(reverse("director-event", args=[event.pk])).content.decode()
        assert (f'href="{reverse("director-paper-sheets", args=[event.pk])}"' in html) is shown
        assert (f'href="{reverse("director-guide-cards", args=[event.pk])}"' in html) is shown


@pytest.mark.parametrize("teams", [8, 120])
def test_the_sheets_of_a_game_take_the_same_queries_however_many_tables(client, director, teams,
                                                                       django_assert_max_num_queries):
    event = make_event(director, teams=teams)
    play_all(event.rounds.get(number=1), director)
    services.advance_to_next_game(event, director)
    client.force_login(director)
    with django_assert_max_num_queries(7):
        html = sheets_page(client, event, game=2).content.decode()
    assert len(sheets_of(html)) == teams // 2


def test_a_game_of_more_hands_than_a_page_holds_goes_on_over_a_second_page_signed_once(client, director):
    event = make_event(director, teams=4, rule_options={"hands_per_game": 6})
    client.force_login(director)
    sheet = sheets_of(sheets_page(client, event).content.decode())[0]
    leaves = re.findall(r'<section class="paper-leaf">.*?</section>', sheet, re.S)
    assert [re.findall(r">Hand (\d+)<", leaf) for leaf in leaves] == [["1", "2", "3", "4"], ["5", "6"]]
    assert "(continued)" in leaves[1] and "(continued)" not in leaves[0]
    assert ["Signature" in leaf for leaf in leaves] == [False, True]
    assert re.search(r"Initial meld</th>(<td>180</td>){4}</tr>", leaves[1])   # hands 5 and 6 open at 180
