"""The director's pages of a game of single players fit a phone and a laptop and have no axe violation: the
seating in seat order with the sit-outs, the players' list and the players' import, and a table's results;
and the players' own seating list and room map, players at their tables by seat."""

import pytest

from tests.browser.session import log_in
from tests.browser.test_every_page_fits import VIEWPORTS, problems_of
from tests.factories import make_director, make_players_event

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

ADDRESSES = ("/director/events/{event}/", "/director/events/{event}/seating/",
             "/director/events/{event}/teams/import/", "/director/events/{event}/edit/",
             "/director/events/{event}/games/{game}/seats/", "/e/{event}/seating/", "/e/{event}/room/")


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_the_pages_of_a_five_player_event_fit_and_pass_axe(browser, live_server, size):
    director = make_director()
    event = make_players_event(director, ruleset="five_player", players=12, name="Five-player partnership day")
    event.teams.filter(number=1).update(player1="Wilhelmina Vandenberghe-Oosterhuis")  # a long name
    game = event.latest_round().games.filter(seats__isnull=False).distinct().order_by("table__number").first()
    context = browser.new_context(viewport=VIEWPORTS[size])
    page = context.new_page()
    log_in(page, live_server, "/director/")
    page.close()
    failures = []
    for address in ADDRESSES:
        url = live_server.url + address.format(event=event.pk, game=game.pk)
        failures += [f"{address}: {problem}" for problem in problems_of(context, url)]
    context.close()
    assert failures == [], f"at {size} size:\n" + "\n".join(failures)
