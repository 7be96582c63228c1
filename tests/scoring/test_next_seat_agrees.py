"""A team's next seat is foretold once (`tournament.core.foresight`): its page and its guide card say the
same table and side, and the director's next-game step then seats it there."""

import pytest

from scoring.team_pages import team_pages
from tests.factories import make_event
from tests.scoring.test_query_counts import play_all
from tournament.core import services
from tournament.core.guide import guide
from tournament.core.models import Game

pytestmark = pytest.mark.django_db


def page_then(event) -> dict[int, tuple]:
    return {page.number: (page.then_table, page.then_side) for page in team_pages(event).values()
            if page.then_table is not None}


def card_then(event, game) -> dict[int, tuple]:
    return {card.number: (stop.table, stop.side) for card in guide(event).cards
            if (stop := card.stops.get(game)) is not None}


@pytest.mark.parametrize(("teams", "withdrawn"), [(8, None), (9, 4), (12, 1)])
def test_the_team_page_and_the_guide_card_foretell_the_same_seat(director, teams, withdrawn):
    event = make_event(director, teams=teams, games=3, seed=teams)
    services.publish(event, director, "seating", True)
    if withdrawn:
        services.withdraw_team(event.teams.get(number=withdrawn), director)
    event.refresh_from_db()
    foretold = page_then(event)
    assert foretold and foretold == card_then(event, 2)
    play_all(event.latest_round(), director)
    services.advance_to_next_game(event, director)
    seated = {team.number: (game.table.number, side)
              for game in Game.objects.filter(round__event=event, round__number=2).select_related(
                  "table", "ns_team", "ew_team")
              for team, side in ((game.ns_team, "ns"), (game.ew_team, "ew")) if team is not None}
    assert {number: seat for number, seat in foretold.items() if number in seated} == \
        {number: seated[number] for number in foretold if number in seated}
    assert set(foretold) == set(seated)


def _seated(event, number) -> dict[int, tuple]:
    return {team.number: (game.table.number, side)
            for game in Game.objects.filter(round__event=event, round__number=number).select_related(
                "table", "ns_team", "ew_team")
            for team, side in ((game.ns_team, "ns"), (game.ew_team, "ew")) if team is not None}


def test_after_a_consolidation_for_the_next_game_the_page_and_the_card_name_the_open_tables(director):
    """Game 2 under way, two teams withdraw and table 3 closes from game 3: no page sends a team to it, and
    every page agrees with the guide card and with the seating the director then makes."""
    from tournament.clock import services as clock_services

    event = make_event(director, teams=16, games=4, seed=3)
    services.publish(event, director, "seating", True)
    play_all(event.latest_round(), director)
    services.advance_to_next_game(event, director)
    clock_services.start_clock(event.latest_round(), director)
    for number in (5, 13):
        services.withdraw_team(event.teams.get(number=number), director)
    closing = services.consolidate_tables(event, director)
    event.refresh_from_db()
    closed = set(event.tables.exclude(closed_from_game=None).values_list("number", flat=True))
    assert closed and closing
    foretold = page_then(event)
    assert foretold and not {table for table, _ in foretold.values()} & closed
    assert foretold == card_then(event, 3)
    play_all(event.latest_round(), director)
    services.advance_to_next_game(event, director)
    seated = _seated(event, 3)
    assert {number: seated[number] for number in foretold} == foretold


def test_a_team_s_page_follows_its_own_section_s_game_when_another_section_is_ahead(director):
    from tournament.core.services.sections import divide_into_sections

    event = make_event(director, teams=15, games=3, seat=False)
    first, second = divide_into_sections(event, director, count=2)
    services.seat_first_game(event, director)
    services.publish(event, director, "seating", True)
    play_all(event.rounds.get(number=1, section=first), director)
    services.advance_to_next_game(event, director, section=first)
    pages = {page.team_id: page for page in team_pages(event).values()}
    behind = event.teams.filter(section=second).order_by("number").first()
    ahead = event.teams.filter(section=first).order_by("number").first()
    game = Game.objects.get(round__number=1, round__section=second, ns_team=behind) if Game.objects.filter(
        round__number=1, round__section=second, ns_team=behind).exists() else Game.objects.get(
        round__number=1, round__section=second, ew_team=behind)
    assert (pages[behind.pk].game, pages[behind.pk].now.table) == (1, game.table.number)
    assert pages[behind.pk].then_table is not None
    assert pages[ahead.pk].game == 2 and pages[ahead.pk].now is not None
