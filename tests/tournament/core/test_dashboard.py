"""The director's dashboard: the one next action in each state of the day, read from the event as the
services leave it, in a number of queries that does not grow with the event."""

import random

import pytest
from django.urls import reverse

from scoring import services as scoring
from tests.factories import make_event
from tests.scoring.sheets import with_bad_count
from tournament.clock import services as clock
from tournament.core import selectors, services
from tournament.core.dashboard import Day, clock_state, next_step
from tournament.core.dashboard_actions import CLOCK_LABELS, step_action
from tournament.core.models import Team
from tournament.knockout import services as bracket_services

pytestmark = pytest.mark.django_db


def step_of(event) -> str:
    return next_step(selectors.day_of(event, event.latest_round())).step.kind


def score_all(event, director) -> None:
    for game in event.latest_round().games.exclude(ns_team=None).exclude(ew_team=None):
        services.record_game_result(game, ns_total=5000, ew_total=4000, user=director)


# --- Each state of a rotation day, built through the services --------------------------------------

def test_an_event_without_teams_asks_for_the_teams(director):
    event = make_event(director, teams=0, seat=False)
    assert step_of(event) == "import_teams"


def test_teams_without_tables_ask_for_the_tables_to_be_numbered(director):
    event = make_event(director, teams=0, seat=False)
    Team.objects.bulk_create(Team(event=event, number=n, player1=f"A{n}", player2=f"B{n}", code=f"{n:04d}")
                             for n in (1, 2, 3, 4))
    assert step_of(event) == "number_tables"


def test_numbered_tables_ask_for_game_1_to_be_seated(director):
    assert step_of(make_event(director, teams=4, seat=False)) == "seat_first"


def test_a_seated_game_asks_for_the_seating_to_be_published_then_the_go_ahead(director):
    event = make_event(director, teams=4)
    assert step_of(event) == "publish_seating"
    services.publish(event, director, "seating", True)
    assert step_of(event) == "go_ahead"


def test_a_game_under_way_sends_the_director_to_the_sheets_and_says_what_is_missing(director):
    event = make_event(director, teams=6, seating_published=True)
    clock.start_clock(event.latest_round(), director)
    first = event.latest_round().games.order_by("table__number").first()
    services.record_game_result(first, ns_total=5000, ew_total=4000, user=director)
    day = selectors.day_of(event, event.latest_round())
    plan = next_step(day)
    assert (plan.step.kind, day.clock, day.final, day.games) == ("watch_sheets", "running", 1, 3)
    assert plan.blockers == ["No final result yet at tables 2, 3."]
    assert plan.may_force_next_game


def test_a_flagged_sheet_comes_before_anything_else(director):
    event = make_event(director, teams=4, seating_published=True)
    clock.start_clock(event.latest_round(), director)
    game = event.latest_round().games.order_by("table__number").first()
    scoring.submit_sheet(game, with_bad_count(), "k1", review=True, reason="Not sure")
    day = selectors.day_of(event, event.latest_round())
    plan = next_step(day)
    assert plan.step.kind == "settle_sheets"
    assert day.sheet_summary == {"entered": 0, "waiting": 0, "missing": 1, "flagged": 1, "disputed": 0}
    assert plan.blockers[0] == "1 score sheet needs you (flagged, disputed or locked)."


def test_every_result_in_asks_for_the_next_game(director):
    event = make_event(director, teams=4, seating_published=True)
    clock.start_clock(event.latest_round(), director)
    score_all(event, director)
    plan = next_step(selectors.day_of(event, event.latest_round()))
    assert (plan.step.kind, plan.step.label, plan.blockers, plan.may_force_next_game) == (
        "seat_next", "Seat game 2", [], False)


def test_after_the_rotation_games_the_next_game_is_paired_by_the_standings(director):
    event = make_event(director, teams=4, games=1, paired_rounds=1, pairing_method="swiss",
                       seating_published=True)
    clock.start_clock(event.latest_round(), director)
    score_all(event, director)
    plan = next_step(selectors.day_of(event, event.latest_round()))
    assert (plan.step.kind, plan.step.label) == ("seat_next", "Pair game 2 (Swiss)")


def test_after_the_last_game_the_standings_are_published_then_shown(director):
    event = make_event(director, teams=4, games=1, seating_published=True)
    clock.start_clock(event.latest_round(), director)
    score_all(event, director)
    assert step_of(event) == "publish_standings"
    services.publish(event, director, "standings", True)
    assert step_of(event) == "see_standings"


def test_a_knockout_without_a_bracket_asks_for_the_draw(director):
    assert step_of(make_event(director, teams=6, seat=False, format="knockout")) == "draw_bracket"


def test_a_drawn_knockout_round_asks_for_the_bracket_to_be_published_then_the_go_ahead(director):
    """Players of a knockout follow the bracket, not the seating list: never "Publish the seating"."""
    event = make_event(director, teams=8, seat=False, format="knockout")
    bracket_services.create_bracket_random(event, director, rng=random.Random(1))
    plan = next_step(selectors.day_of(event, event.latest_round()))
    assert (plan.step.kind, plan.step.label) == ("publish_bracket", "Publish the bracket")
    action = step_action(event, plan.step, "/here/")
    assert ("what", "bracket") in action["fields"] and ("value", "1") in action["fields"]
    services.publish(event, director, "bracket", True)
    assert step_of(event) == "go_ahead"
    event.refresh_from_db()
    assert not event.seating_published   # the seating was never asked for


def test_the_knockout_go_ahead_button_publishes_the_bracket_from_the_page(client, director):
    event = make_event(director, teams=8, seat=False, format="knockout")
    bracket_services.create_bracket_random(event, director, rng=random.Random(1))
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    dashboard = page.split('id="day-title"')[1].split("</section>")[0]
    assert "Publish the bracket</button>" in dashboard and "Publish the seating" not in dashboard
    client.post(reverse("director-publish", args=[event.pk]), {"what": "bracket", "value": "1"})
    event.refresh_from_db()
    assert event.bracket_published and step_of(event) == "go_ahead"


# --- The logic alone, for the states the services make slow to reach --------------------------------

def test_after_the_rotation_a_playoff_event_asks_for_the_bracket():
    day = Day(format="rotation_then_knockout", planned_games=3, active_teams=8, tables=4, round=3, games=4,
              final=4, next_game_refusal="All 3 rotation games are seated.", standings_published=True)
    assert next_step(day).step.kind == "draw_bracket"


def test_a_knockout_round_decided_sends_the_director_to_the_bracket():
    day = Day(format="knockout", round=2, round_phase="knockout", games=2, final=2,
              next_game_refusal="This event is a knockout")
    assert next_step(day).step.kind == "open_bracket"


def test_a_game_scored_before_the_go_ahead_needs_no_go_ahead():
    """An event run without the clock: once a result is in, the day goes on."""
    day = Day(round=1, awaits_go_ahead=True, games=2, final=1, tables_open=(2,), seating_published=True)
    plan = next_step(day)
    assert plan.step.kind == "watch_sheets" and plan.blockers == ["No final result yet at table 2."]


def test_the_clock_line_waits_for_the_go_ahead_only_while_nothing_is_scored():
    waiting = Day(round=1, awaits_go_ahead=True, clock="not_started", games=2, seating_published=True)
    scored = Day(round=1, awaits_go_ahead=True, clock="not_started", games=2, final=1, tables_open=(2,),
                 seating_published=True)
    assert CLOCK_LABELS[clock_state(waiting)] == "Not started: waiting for your go-ahead"
    assert "go-ahead" not in CLOCK_LABELS[clock_state(scored)]
    assert clock_state(Day(round=1, clock="running", games=2, final=1)) == "running"


def test_a_result_before_the_go_ahead_changes_the_clock_line_on_the_page(client, director):
    event = make_event(director, teams=4, seating_published=True)
    first = event.latest_round().games.order_by("table__number").first()
    client.force_login(director)
    url = reverse("director-event", args=[event.pk])
    assert "waiting for your go-ahead" in client.get(url).content.decode()
    services.record_game_result(first, ns_total=5000, ew_total=4000, user=director)
    page = client.get(url).content.decode()
    assert "waiting for your go-ahead" not in page
    assert "Not started: the results are coming in without the clock" in page


def test_many_open_tables_are_named_up_to_twelve():
    day = Day(round=1, clock="time_up", games=20, tables_open=tuple(range(1, 21)))
    assert next_step(day).blockers == ["No final result yet at tables 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 "
                                       "and 8 more."]


# --- The page ---------------------------------------------------------------------------------------

def test_the_page_leads_with_the_day_and_one_next_action(client, director):
    event = make_event(director, teams=6, seating_published=True)
    clock.start_clock(event.latest_round(), director)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    dashboard = page.split('id="day-title"')[1].split("</section>")[0]
    assert "Game 1 of 3" in dashboard and "Running" in dashboard and "0 of 3 tables final" in dashboard
    assert dashboard.count('class="button next-action"') + dashboard.count('class="next-action"') == 1
    assert "Open the score sheets" in dashboard
    # The forced advance is a step of its own, lower down, never beside the next action.
    assert "advance/missing/" not in dashboard and reverse("director-advance-missing", args=[event.pk]) in page


@pytest.mark.parametrize("teams", [8, 80])
def test_the_dashboard_is_read_in_a_fixed_number_of_queries(client, director, django_assert_max_num_queries,
                                                             teams):
    event = make_event(director, teams=teams, seating_published=True)
    clock.start_clock(event.latest_round(), director)
    games = list(event.latest_round().games.order_by("table__number")[:2])
    scoring.submit_sheet(games[0], with_bad_count(), "k1", review=True, reason="Not sure")
    services.record_game_result(games[1], ns_total=5000, ew_total=4000, user=director)
    client.force_login(director)
    # The session, the user, the event, its latest round; the day (six); the teams, the seating, the log.
    with django_assert_max_num_queries(13):
        response = client.get(reverse("director-event", args=[event.pk]))
    assert "<strong>1</strong> flagged" in response.content.decode()
    with django_assert_max_num_queries(6):   # the core's two, and the sheets as the board counts them
        day = selectors.day_of(event, event.latest_round())
    assert (day.games, day.final, day.sheets["flagged"]) == (teams // 2, 1, 1)


def test_every_kind_of_step_has_a_button_that_leads_somewhere(director):
    from django.urls import resolve

    from tournament.core.dashboard import Step
    from tournament.core.dashboard_actions import _ACTIONS, step_action

    event = make_event(director, teams=4, seat=False)
    for kind in _ACTIONS:
        action = step_action(event, Step(kind, "Label", "Why"), "/here/")
        assert resolve(action["url"].split("?")[0]) is not None
        assert (("next", "/here/") in action["fields"]) == (action["method"] == "post")


def test_with_every_result_in_the_main_button_seats_the_next_game_without_forcing(client, director):
    event = make_event(director, teams=4, seating_published=True)
    clock.start_clock(event.latest_round(), director)
    score_all(event, director)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    dashboard = page.split('id="day-title"')[1].split("</section>")[0]
    assert f'action="{reverse("director-advance", args=[event.pk])}"' in dashboard
    assert 'name="force"' not in page and "Seat game 2</button>" in dashboard
    client.post(reverse("director-advance", args=[event.pk]))
    assert event.rounds.count() == 2


def test_the_seating_on_the_dashboard_is_short_with_the_draw_one_tap_away(client, director):
    """The issue's "long sentence per table about the cards drawn": it is behind a <details> now, named by
    its table for a screen reader; what shows is the table and its two pairs."""
    event = make_event(director, teams=6)
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    seating = page.split('id="seating-title"')[1].split("</section>")[0]
    assert seating.count("class=\"draw-summary\"") == 3 and "drew the" in seating
    outside = "".join(part.split("</details>", 1)[-1] for part in seating.split('<details class="draw">'))
    assert "drew the" not in outside
    for table in (1, 2, 3):
        assert f'Drawn<span class="visually-hidden"> at table {table}</span></summary>' in seating
    # The change form is still there before the go-ahead, inside the same fold.
    assert seating.count('class="draw-form"') == 3 and "Change the draw" in seating


def test_a_knockouts_seating_section_points_at_the_bracket_not_at_a_seating_switch(client, director):
    """In a knockout the bracket is what makes seats public (`Event.seats_public`): a second switch for the
    seating, further down the page, would publish nothing players follow."""
    event = make_event(director, teams=8, seat=False, format="knockout")
    bracket_services.create_bracket_random(event, director, rng=random.Random(1))
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "Publish the seating" not in page and 'name="what" value="seating"' not in page
    assert "Players see these seats once you publish the bracket, on its page." in page
    services.publish(event, director, "bracket", True)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "Players see these seats with the published bracket." in page
    rotation = make_event(director, teams=8)
    page = client.get(reverse("director-event", args=[rotation.pk])).content.decode()
    assert 'name="what" value="seating"' in page and "Publish the seating</button>" in page
