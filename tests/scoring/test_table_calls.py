"""A table calls the director with its page's button: one open call per table however often it is pressed,
on the board at once (its fingerprint counts the calls), taken back by the table or cleared by the
director, which is logged."""

import pytest
from django.core.exceptions import PermissionDenied

from scoring import calls, publishing
from scoring.models import DirectorCall
from scoring.services import ScoringError
from tests.factories import make_director, make_event
from tournament.core.models import DirectorAction, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(event):
    return event.tables.get(number=2)


def call_url(table):
    return f"/api/v1/tables/{table.token}/call/"


def board_html(client, event, director):
    client.force_login(director)
    return client.get(f"/director/events/{event.pk}/board/").content.decode()


def test_pressing_twice_while_a_call_is_open_makes_one_call(table):
    first, made = calls.call_director(table)
    again, made_again = calls.call_director(table)
    assert made and not made_again
    assert again.pk == first.pk
    assert DirectorCall.objects.filter(table=table).count() == 1
    assert first.game == Game.objects.get(table=table, round__number=1)


def test_a_reason_chosen_after_the_press_fills_in_the_open_call(table):
    call, _ = calls.call_director(table)
    calls.call_director(table, reason="ruling")
    call.refresh_from_db()
    assert call.reason == "ruling" and call.get_reason_display() == "A ruling"


def test_an_unknown_reason_is_refused_and_calls_nobody(table):
    with pytest.raises(ScoringError, match="Choose what the call is for"):
        calls.call_director(table, reason="coffee")
    assert not DirectorCall.objects.exists()


def test_the_table_takes_its_call_back_and_may_call_again(table):
    first, _ = calls.call_director(table)
    taken = calls.take_back_call(table)
    assert taken.pk == first.pk and taken.taken_back and not taken.is_open
    assert calls.take_back_call(table) is None   # a second press changes nothing
    second, made = calls.call_director(table)
    assert made and second.pk != first.pk


def test_the_director_clears_a_call_once_and_it_is_logged(table, director):
    call, _ = calls.call_director(table, reason="sheet")
    calls.clear_call(call, director)
    calls.clear_call(call, director)   # a resent form: nothing more
    call.refresh_from_db()
    assert call.cleared_by == director and not call.is_open and not call.taken_back
    logged = DirectorAction.objects.filter(action="clear_call")
    assert logged.count() == 1
    assert logged.get().details["table"] == 2 and logged.get().details["reason"] == "sheet"


def test_only_the_events_directors_clear_a_call(table):
    call, _ = calls.call_director(table)
    with pytest.raises(PermissionDenied):
        calls.clear_call(call, make_director("stranger"))
    call.refresh_from_db()
    assert call.is_open


def test_a_call_changes_the_boards_fingerprint_when_made_given_a_reason_and_cleared(event, table, director):
    seen = [publishing.board_fingerprint(event.pk)]
    call, _ = calls.call_director(table)
    seen.append(publishing.board_fingerprint(event.pk))
    calls.call_director(table, reason="other")
    seen.append(publishing.board_fingerprint(event.pk))
    calls.clear_call(call, director)
    seen.append(publishing.board_fingerprint(event.pk))
    calls.call_director(table)
    seen.append(publishing.board_fingerprint(event.pk))
    calls.take_back_call(table)
    seen.append(publishing.board_fingerprint(event.pk))
    assert len(set(seen)) == 6


def test_the_board_shows_an_open_call_and_forgets_it_once_cleared(client, event, table, director):
    assert 'data-call-id' not in board_html(client, event, director)
    call, _ = calls.call_director(table, reason="ruling")
    html = board_html(client, event, director)
    assert f'data-call-id="{call.pk}"' in html and "Table 2: A ruling" in html
    response = client.post(f"/director/events/{event.pk}/calls/{call.pk}/clear/", follow=True)
    assert "Table 2&#x27;s call is cleared." in response.content.decode()
    assert 'data-call-id' not in board_html(client, event, director)


def test_a_director_of_another_event_cannot_clear_its_calls(client, table):
    call, _ = calls.call_director(table)
    other = make_director("other")
    make_event(other, name="Other")
    client.force_login(other)
    assert client.post(f"/director/events/{table.event_id}/calls/{call.pk}/clear/").status_code == 403
    call.refresh_from_db()
    assert call.is_open


def test_the_tables_api_calls_once_reads_the_call_and_takes_it_back(api, table):
    first = api.post(call_url(table), data={}, format="json")
    assert first.status_code == 201 and first.json()["call"]["open"]
    again = api.post(call_url(table), data={"reason": "sheet"}, format="json")
    assert again.status_code == 200
    assert again.json()["call"]["id"] == first.json()["call"]["id"]
    assert again.json()["call"]["reason_label"] == "Score sheet help"
    assert api.get(call_url(table)).json()["call"]["reason"] == "sheet"
    assert api.delete(call_url(table)).json() == {"call": None}
    assert api.get(call_url(table)).json() == {"call": None}


def test_the_tables_api_refuses_a_reason_in_words(api, table):
    response = api.post(call_url(table), data={"reason": "lunch"}, format="json")
    assert response.status_code == 400 and "Choose what the call is for" in response.json()["detail"]
    assert not DirectorCall.objects.exists()


def test_an_unknown_table_link_calls_nobody(api):
    assert api.post("/api/v1/tables/not-a-token/call/", data={}, format="json").status_code == 404
    assert not DirectorCall.objects.exists()


def test_every_table_page_has_the_call_button(client, event):
    sheet_page = client.get(f"/t/{event.tables.get(number=1).token}/").content.decode()
    assert "Call the director" in sheet_page and 'id="director-call"' in sheet_page


@pytest.mark.parametrize("teams", [8, 60])
def test_the_board_with_open_calls_costs_the_same_queries_at_any_size(client, director, teams,
                                                                     django_assert_max_num_queries):
    event = make_event(director, teams=teams, name=f"Calls {teams}")
    for table in event.tables.all()[:3]:
        calls.call_director(table, reason="ruling")
    client.force_login(director)
    # session, user, event, messages; the fingerprint, the board's seven reads, and its event
    with django_assert_max_num_queries(7 + 4 + 2):
        html = client.get(f"/director/events/{event.pk}/board/").content.decode()
    assert html.count("data-call-id=") == 3


def test_the_boards_api_lists_the_open_calls(client, event, table, director):
    call, _ = calls.call_director(table, reason="other")
    client.force_login(director)
    answer = client.get(f"/api/v1/events/{event.pk}/board/").json()
    assert answer["calls"] == [{"id": call.pk, "table": 2, "round": 1, "reason": "other",
                                "called_at": call.called_at.isoformat()}]
