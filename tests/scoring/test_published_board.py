"""The director's board of the latest game is rendered once per change of its sheets
(`scoring.publishing`): a poll reads it in a constant number of queries at 50 and 500 tables, shows a
sheet as soon as it is typed or submitted (no service announces those: the board's version is read from
the sheets), and its forms carry the request's own CSRF token."""

import re

import pytest
from django.test import Client

from scoring import drafts, services
from tests.factories import make_event
from tests.scoring.sheets import sheet
from tournament.core import published
from tournament.core.models import Game

pytestmark = pytest.mark.django_db

POLL_QUERIES = 5   # session, user, the event, whether the user directs it; the board's version


@pytest.fixture(params=[100, 1000], ids=["100 teams", "1000 teams"])
def event(request, director):
    event = make_event(director, teams=request.param)
    published.forget_local()
    return event


def board(client, event):
    response = client.get(f"/director/events/{event.pk}/board/")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("where", ["local", "shared"])
def test_a_poll_of_an_unchanged_board_runs_a_constant_number_of_queries(client, request, director, event, where,
                                                                         django_assert_max_num_queries):
    request.getfixturevalue(f"published_{where}")
    client.force_login(director)
    first = board(client, event)
    with django_assert_max_num_queries(POLL_QUERIES):
        again = board(client, event)
    assert again.count('class="badge state-missing"') == first.count('class="badge state-missing"') > 0


@pytest.mark.parametrize("where", ["local", "shared"])
def test_a_sheet_typed_then_submitted_shows_in_the_next_poll(client, request, director, where):
    request.getfixturevalue(f"published_{where}")
    event = make_event(director, teams=8)
    client.force_login(director)
    assert 'class="badge state-draft"' not in board(client, event)
    game = Game.objects.filter(round__event=event).select_related("round__event").order_by("table__number")[0]
    drafts.save_draft(game, {"hands": []})
    assert board(client, event).count('class="badge state-draft"') == 1
    services.submit_sheet(game, sheet(), "k1")
    after = board(client, event)
    assert after.count('class="badge state-submitted"') == 1 and 'class="badge state-draft"' not in after


def test_the_board_s_forms_carry_the_request_s_csrf_token(director, published_redis):
    event = make_event(director, teams=8)
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    page = board(client, event)
    tokens = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page))
    assert tokens and "csrf-token-of-this-request" not in page
    response = client.post(f"/director/events/{event.pk}/standings/publish/",
                           {"publish": "1", "csrfmiddlewaretoken": tokens.pop()})
    assert response.status_code == 302
