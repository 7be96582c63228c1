"""Issue 16, the table page and the standings: what the server gives the page to ask before a short or
early sheet is sent (the hands the event's game has, the go-ahead), the standings that rank nothing before
a game is counted and name their columns in words, and the team card that mentions the code only where
the event asks for it."""

import json
import re

import pytest

from scoring import services
from scoring.validation import hands_asked
from tests.factories import make_event
from tests.scoring.sheets import HANDS, sheet
from tournament.clock import services as clock_services
from tournament.core import services as tournament_services
from tournament.core.models import Event, Game

pytestmark = pytest.mark.django_db


def sheet_config(html: str) -> dict:
    return json.loads(html.split('id="sheet-config" type="application/json">', 1)[1].split("</script>")[0])


# --- the hands a game has -----------------------------------------------------------------------------

@pytest.mark.parametrize(("ruleset", "options", "expected"), [
    ("nvso", {}, 3),                                          # B: three hands, opening at 125, 155, 180
    ("nvso", {"hands_per_game": 4}, 4),                       # the event's own number
    ("nvso", {"meld_requirement": "by_score"}, None),         # played to a score: no number of hands
    ("canasta21", {}, None),                                  # the game sets no number
    ("bridge", {}, None),                                     # a rule set the rules app does not know
])
def test_the_hands_a_game_has_come_from_the_event_s_rules(event, ruleset, options, expected):
    Event.objects.filter(pk=event.pk).update(ruleset=ruleset, rule_options=options)
    event.refresh_from_db()
    assert hands_asked(event) == expected


def test_the_table_page_tells_its_form_the_hands_the_game_has_and_the_target(client, event, game):
    Event.objects.filter(pk=event.pk).update(rule_options={"hands_per_game": 4}, target_score=10000)
    config = sheet_config(client.get(f"/t/{game.table.token}/").content.decode())
    assert (config["handsAsked"], config["targetScore"]) == (4, 10000)


def test_the_table_page_knows_whether_the_go_ahead_was_given(client, event, game, director):
    url = f"/t/{game.table.token}/"
    assert sheet_config(client.get(url).content.decode())["goAhead"] is False
    clock_services.start_clock(game.round, director)
    assert sheet_config(client.get(url).content.decode())["goAhead"] is True


def test_a_short_sheet_sent_before_the_go_ahead_is_still_accepted_by_the_server(event, game):
    """The page asks; the server never refuses for it: one hand, no go-ahead, stored and accepted."""
    assert game.round.awaits_go_ahead and hands_asked(event) == 3
    services.submit_sheet(game, sheet(HANDS[:1]), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    game.refresh_from_db()
    assert (game.status, game.ns_total, game.ew_total) == (Game.Status.FINAL, 2525, 2075)


# --- the standings ------------------------------------------------------------------------------------

def test_no_team_is_ranked_before_a_game_is_counted(client, event, director):
    tournament_services.publish(event, director, "standings", True)
    html = client.get(f"/e/{event.pk}/standings/").content.decode()
    assert "No game counted yet: the standings start after game 1." in html
    assert 'class="num rank"' not in html and "<table" not in html
    partial = client.get(f"/e/{event.pk}/standings/?partial=1").content.decode()
    assert "No game counted yet" in partial and "data-team=" not in partial


def test_once_a_game_is_counted_every_team_is_ranked_under_headings_in_words(client, event, game, director):
    tournament_services.publish(event, director, "standings", True)
    services.submit_sheet(game, sheet(), "k")
    services.accept_sheet(game, code=game.ew_team.code)
    html = client.get(f"/e/{event.pk}/standings/").content.decode()
    assert "No game counted yet" not in html
    assert html.count('class="num rank"') == event.teams.count()
    thead = html.split("<thead>", 1)[1].split("</thead>", 1)[0]
    words = r'<span class="head-short"[^>]*>[^<]*</span>|<[^>]+>'  # the words, without the phone's letters
    heads = [re.sub(words, "", th) for th in re.findall(r"<th[^>]*>(.*?)</th>", thead)]
    assert heads == ["Rank", "Team", "Played", "Won", "Lost", "Tied", "Points", "Difference"]
    # The phone's letters, hidden from screen readers (they read the words), and spelled out in the key.
    assert '<span class="head-short" aria-hidden="true">P</span>' in html
    key = html.split('id="standings-key">', 1)[1].split("</p>", 1)[0]
    for short, long in (("P", "played"), ("W", "won"), ("L", "lost"), ("T", "tied"), ("Diff.", "difference")):
        assert f"<strong>{short}</strong> {long}" in key


# --- the team card ------------------------------------------------------------------------------------

def test_the_team_card_says_the_code_is_typed_to_accept_only_where_the_event_asks_for_it(client, director):
    event = make_event(director, teams=4)
    client.force_login(director)
    asks = client.get(f"/director/events/{event.pk}/cards/").content.decode()
    assert asks.count("you type it to accept a score sheet") == 4
    tournament_services.update_event(event, director, {"require_opponent_code": False})
    no_code = client.get(f"/director/events/{event.pk}/cards/").content.decode()
    assert "you type it to accept" not in no_code
    assert no_code.count("the director may ask for it") == 4
