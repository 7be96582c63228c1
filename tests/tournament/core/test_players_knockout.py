"""A knockout is a match of two sides at a table: an event of single players three, four or five to a table
(or alone, the solitaire) is refused a knockout or a playoff, by the event's own rule, on its form and at
the draw; games played by two sides keep it."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.factories import make_players_event
from tests.tournament.core.test_event_game import SETTINGS
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import Event
from tournament.knockout.services.drawing import create_bracket

pytestmark = pytest.mark.django_db

DATE = datetime.date(2026, 11, 20)


def refusal(seats: str) -> str:
    return (f"A knockout is played by two sides at each table, and this game seats single players {seats} to a "
            "table: choose rotation games, with no knockout.")


@pytest.mark.parametrize(("ruleset", "options", "table_seats", "seats"), [
    ("five_player", {}, "", "5"),
    ("fibonacci21", {}, "", "2-4"),
    ("canasta21", {}, "3-4", "3-4"),
    ("canasta21", {}, "", "2-4"),
    ("fibonacci21_solitaire", {}, "", "1"),
])
@pytest.mark.parametrize("settings", [{"format": "knockout"},
                                      {"format": "rotation_then_knockout", "playoff_size": 4},
                                      {"playoff_size": 4}])
def test_single_players_round_a_table_are_refused_a_knockout(director, ruleset, options, table_seats, seats,
                                                             settings):
    with pytest.raises(ValidationError) as refused:
        services.create_event(director=director, name="E", date=DATE, ruleset=ruleset, rule_options=options,
                              table_seats=table_seats, **settings)
    assert refused.value.message_dict == {"format": [refusal(seats)]}
    assert not Event.objects.exists()


@pytest.mark.parametrize(("ruleset", "options", "table_seats"), [
    ("nvso", {}, ""), ("crazy_canasta", {}, ""), ("canasta21", {"partnerships": True}, ""),
    ("fibonacci21", {}, "2"),  # two single players face each other: two sides
])
def test_games_of_two_sides_keep_the_knockout(director, ruleset, options, table_seats):
    event = services.create_event(director=director, name="E", date=DATE, ruleset=ruleset, rule_options=options,
                                  table_seats=table_seats, format="rotation_then_knockout", playoff_size=4)
    assert event.knockout_refusal() == ""


def test_an_event_of_players_cannot_be_turned_into_a_knockout_later(director):
    event = make_players_event(director, ruleset="five_player", players=10, seat=False)
    with pytest.raises(TournamentError) as refused:
        services.update_event(event, director, {"format": "knockout"})
    assert refused.value.message == f"Format: {refusal('5')}"
    event.refresh_from_db()
    assert event.format == "rotation"


def test_the_form_says_why_next_to_the_format_and_creates_nothing(client, director):
    client.force_login(director)
    page = client.post("/director/events/new/", {**SETTINGS, "ruleset": "canasta21", "table_seats": "3-4",
                                                 "format": "rotation_then_knockout", "playoff_size": "4"})
    html = page.content.decode()
    assert page.status_code == 200
    assert f'<ul class="errorlist" id="id_format_error"><li>{refusal("3-4")}</li></ul>' in html
    assert not Event.objects.exists()


def test_a_bracket_is_not_drawn_for_such_an_event_even_if_stored_around_the_rule(director):
    event = make_players_event(director, ruleset="five_player", players=10, seat=False)
    Event.objects.filter(pk=event.pk).update(format="knockout")  # an event stored before the rule
    event.refresh_from_db()
    with pytest.raises(TournamentError, match="A knockout is played by two sides at each table"):
        create_bracket(event, director, list(event.teams.values_list("pk", flat=True)), seeded_by="random")
    assert not event.rounds.exists()


def test_single_players_two_to_a_table_play_a_knockout_to_a_champion(director):
    """Fibonacci 21 at tables of 2 is two sides: its bracket seats one player North-South, one East-West,
    and the director's sheets (score-sheet@2, the game's example with sides "ns" and "ew") decide it."""
    import json
    import random

    from rules.registry import example
    from scoring import services as scoring
    from tournament.knockout.models import BracketMatch

    event = make_players_event(director, ruleset="fibonacci21", players=4, table_seats="2", seat=False,
                               format="knockout")
    order = list(event.teams.order_by("number").values_list("pk", flat=True))
    bracket = create_bracket(event, director, order, seeded_by="standings", rng=random.Random(1))
    ew_wins = json.loads(json.dumps(example("fibonacci21")).replace('"ana"', '"ns"').replace('"bo"', '"ew"'))
    for _ in range(2):  # the semi-finals, then the final: East-West wins each sheet
        for game in event.latest_round().games.select_related("table", "ns_team", "ew_team"):
            scoring.director_enter_paper_sheet(game, ew_wins, director)
    matches = {m.number: m for m in BracketMatch.objects.filter(bracket=bracket)
               .select_related("winner", "game__ns_team", "game__ew_team")}
    assert [(m.team_a.number, m.team_b.number) for m in (matches[1], matches[2])] == [(1, 4), (2, 3)]
    assert all(m.winner == m.game.ew_team for m in matches.values())  # every sheet: East-West won
    final = matches[3]
    assert {final.team_a_id, final.team_b_id} == {matches[1].winner.pk, matches[2].winner.pk}
    assert final.game.round.number == 2 and event.rounds.count() == 2
