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
