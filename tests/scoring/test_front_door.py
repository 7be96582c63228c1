"""The front door (`/`): a player who types the site's address finds today's events and their public
pages, and a box for the code on a table's card; the director's login is one link among them."""

import datetime
import hashlib
import re

import pytest
from django.core.cache import cache
from django.utils import timezone

from scoring.api.throttles import TableCodeThrottle
from tests.factories import make_event
from tournament.core import services
from tournament.core.models import Event, Table, Team

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_throttle():
    """Every test client is 127.0.0.1, and Redis keeps counts between runs: start each test at zero."""
    key = TableCodeThrottle.cache_format % {"scope": "table_code",
                                            "ident": hashlib.sha256(b"127.0.0.1").hexdigest()[:32]}
    cache.delete(key)
    yield
    cache.delete(key)


def today() -> datetime.date:
    return timezone.localdate()


def event_on(director, day: datetime.date, name: str, **fields) -> Event:
    return make_event(director, teams=4, seat=False, date=day, name=name, **fields)


def test_anonymous_visitor_finds_todays_events_and_their_public_pages(client, director):
    club = event_on(director, today(), "Club night", venue="Rosario")
    services.publish(club, director, "standings", True)
    event_on(director, today() - datetime.timedelta(days=3), "Last week's cup", status=Event.Status.FINISHED)
    running = event_on(director, today() - datetime.timedelta(days=1), "The weekend open",
                       status=Event.Status.RUNNING)
    page = client.get("/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Club night" in html and "Rosario" in html and "The weekend open" in html
    assert "Last week&#x27;s cup" not in html and "Last week's cup" not in html
    for url in (f"/e/{club.pk}/", f"/e/{club.pk}/standings/", f"/e/{club.pk}/clock/", f"/e/{running.pk}/clock/"):
        assert f'href="{url}"' in html
    # Only what the director published: the weekend open's standings are not shown yet.
    assert f'href="/e/{running.pk}/standings/"' not in html
    assert 'type="password"' not in html
    assert html.index('name="table"') < html.index('href="/accounts/login/"')


def test_no_event_today_says_so_and_still_offers_the_login(client, db):
    html = client.get("/").content.decode()
    assert "No event is running today." in html
    assert 'href="/accounts/login/">Directors: log in' in html


def test_a_director_logged_in_finds_their_events_from_the_front_door(client, director):
    client.force_login(director)
    html = client.get("/").content.decode()
    assert 'href="/director/">Directors: your events' in html


@pytest.mark.parametrize("shape", ["{code}", "{lower}", "{a} {b}", " {a}-{b} "])
def test_a_table_code_typed_in_any_case_or_grouping_opens_the_score_sheet(client, director, shape):
    event = event_on(director, today(), "Club night")
    table = event.tables.get(number=2)
    typed = shape.format(code=table.code, lower=table.code.lower(), a=table.code[:3], b=table.code[3:])
    response = client.get("/", {"table": typed})
    assert response.status_code == 302
    assert response["Location"] == f"/t/{table.token}/"


def test_a_table_link_pasted_whole_opens_its_sheet(client, director):
    table = event_on(director, today(), "Club night").tables.get(number=1)
    response = client.get("/", {"table": f"http://192.0.2.10:8000/t/{table.token}/"})
    assert response["Location"] == f"/t/{table.token}/"


def test_an_unknown_code_is_explained_and_kept_in_the_box(client, director):
    event = event_on(director, today(), "Club night")
    taken = set(event.tables.values_list("code", flat=True))
    unknown = next(c for c in ("ACD234", "ACD236", "ACD237") if c not in taken)
    response = client.get("/", {"table": unknown.lower()})
    html = response.content.decode()
    assert response.status_code == 200
    assert f"No table of today&#x27;s events has the code {unknown[:3]}-{unknown[3:]}." in html
    assert 'aria-invalid="true"' in html and f'value="{unknown.lower()}"' in html
    short = client.get("/", {"table": "AB1"}).content.decode()
    assert "A table&#x27;s code has 6 letters and digits" in short


def test_the_code_of_a_table_at_a_past_event_opens_nothing(client, director):
    old = event_on(director, today() - datetime.timedelta(days=7), "Last week", status=Event.Status.FINISHED)
    response = client.get("/", {"table": old.tables.get(number=1).code})
    assert response.status_code == 200
    assert "No table of today" in response.content.decode()


def test_one_code_at_two_events_today_asks_which(client, director):
    first = event_on(director, today(), "Morning session")
    second = event_on(director, today(), "Evening session")
    code = first.tables.get(number=1).code
    second.tables.filter(number=1).update(code=code)
    html = client.get("/", {"table": code}).content.decode()
    assert "belongs to tables of more than one event" in html
    for event in (first, second):
        assert f'href="/t/{event.tables.get(number=1).token}/">Table 1 · {event.name}' in html


def test_guessing_codes_is_slowed_per_address(client, director, monkeypatch):
    monkeypatch.setattr(TableCodeThrottle, "THROTTLE_RATES", {"table_code": "2/min"})
    table = event_on(director, today(), "Club night").tables.get(number=1)
    assert [client.get("/", {"table": "ZZZZZZ"}).status_code for _ in range(2)] == [200, 200]
    refused = client.get("/", {"table": table.code})
    assert refused.status_code == 429
    assert re.search(r"Many codes were typed from this network just now\. Wait \d+ seconds", refused.content.decode())
    # The page itself, without a code, is never refused.
    assert client.get("/").status_code == 200


def test_the_default_rate_lets_a_room_type_codes_but_slows_a_guesser():
    assert (TableCodeThrottle().num_requests, TableCodeThrottle().duration) == (30, 60)


def test_queries_do_not_grow_with_the_events_of_the_day(client, director, django_assert_max_num_queries):
    for n in range(6):
        event_on(director, today(), f"Session {n}")
    with django_assert_max_num_queries(3):
        assert client.get("/").content.decode().count("The clock") == 6
    with django_assert_max_num_queries(4):
        assert client.get("/", {"table": "ZZZZZZ"}).status_code == 200


def test_new_tables_get_codes_their_event_does_not_have(director):
    event = event_on(director, today(), "Club night")
    codes = [t.code for t in Table.unsaved(event, range(10, 60))]
    assert len(set(codes)) == 50
    assert not set(codes) & set(event.tables.values_list("code", flat=True))
    assert all(re.fullmatch(r"[234679ACDEFGHJKMNPQRTWXYZ]{6}", c) for c in codes)


def test_the_code_printed_on_the_card_and_shown_on_the_table_page_opens_that_table(client, director):
    event = make_event(director, teams=4, date=today(), name="Club night")
    table = event.tables.get(number=2)
    client.force_login(director)
    cards = client.get(f"/director/events/{event.pk}/cards/").content.decode()
    printed = re.findall(r'<strong class="code">([0-9A-Z]{3}-[0-9A-Z]{3})</strong>', cards)
    assert len(printed) == event.tables.count() and printed[1] == table.shown_code
    client.logout()
    page = client.get(f"/t/{table.token}/").content.decode()
    assert f'<strong class="code">{table.shown_code}</strong>' in page
    assert client.get("/", {"table": printed[1]})["Location"] == f"/t/{table.token}/"


# --- Find my team ----------------------------------------------------------------------------------------

def test_find_my_team_lists_the_matching_teams_of_today_s_events_to_pick_from(client, director):
    club = event_on(director, today(), "Club night")
    Team.objects.filter(event=club, number=3).update(player1="Hélène", player2="Dupré")
    old = event_on(director, today() - datetime.timedelta(days=3), "Last week", status=Event.Status.FINISHED)
    Team.objects.filter(event=old, number=3).update(player1="Helene", player2="Other")
    html = client.get("/", {"team": "HELENE"}).content.decode()
    team = Team.objects.get(event=club, number=3)
    assert f'href="/e/{club.pk}/team/{team.pk}/"' in html and "Hélène / Dupré" in html
    assert "Helene / Other" not in html


def test_find_my_team_says_plainly_when_nothing_matches(client, director):
    event_on(director, today(), "Club night")
    response = client.get("/", {"team": "Zebedee"})
    assert response.status_code == 200
    assert "No team of today&#x27;s events has" in response.content.decode()
    assert 'aria-invalid="true"' in response.content.decode()


@pytest.mark.parametrize("events", [1, 5])
def test_find_my_team_costs_one_query_more_whatever_the_day_holds(client, director, events,
                                                                 django_assert_max_num_queries):
    for n in range(events):
        event_on(director, today(), f"Event {n}")
    with django_assert_max_num_queries(4):
        response = client.get("/", {"team": "ann 1"})
    assert response.content.decode().count("/team/") == events


def test_find_my_team_from_an_event_s_page_searches_that_event_whatever_its_date(client, director):
    later = event_on(director, today() + datetime.timedelta(days=7), "Next week's cup")
    event_on(director, today(), "Club night")
    page = client.get(f"/e/{later.pk}/").content.decode()
    assert f'name="event" value="{later.pk}"' in page and "Find my team" in page
    html = client.get("/", {"team": "Ann 2", "event": str(later.pk)}).content.decode()
    team = Team.objects.get(event=later, number=2)
    assert html.count("/team/") == 1 and f'href="/e/{later.pk}/team/{team.pk}/"' in html
    missing = client.get("/", {"team": "Zebedee", "event": str(later.pk)}).content.decode()
    assert "No team of this event has" in missing
    assert client.get("/", {"team": "Ann", "event": "9" * 30}).status_code == 200
