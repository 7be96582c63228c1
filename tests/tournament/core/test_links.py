"""The room's address: SITE_URL when it is not loopback, else the address the page was opened at.

No request here leaves the test process: the room's address (192.0.2.10, from the documentation range)
is only a Host header given to Django's test client and a setting.
"""

import pytest
from django.core.management import call_command
from django.test import RequestFactory
from django.urls import reverse

from tournament.core.links import absolute_url, is_loopback, site_url

ROOM = "192.0.2.10:8000"


@pytest.fixture
def room_hosts(settings):
    settings.ALLOWED_HOSTS = ["192.0.2.10", "127.0.0.1", "localhost", "testserver"]
    return settings


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000", "http://127.3.4.5", "http://localhost:8000",
                                 "http://[::1]:8000", "http://app.localhost"])
def test_a_loopback_address_is_one_no_phone_reaches(url):
    assert is_loopback(url)


@pytest.mark.parametrize("url", ["http://192.0.2.10:8000", "https://td.example.org", "http://[2001:db8::1]:8000",
                                 "http://laptop.local:8000"])
def test_an_address_of_the_room_or_beyond_is_not_loopback(url):
    assert not is_loopback(url)


def test_a_page_opened_at_the_room_s_address_links_there_while_site_url_is_loopback(room_hosts):
    room_hosts.SITE_URL = "http://127.0.0.1:8000"
    request = RequestFactory().get("/", HTTP_HOST=ROOM)
    assert absolute_url(request, "/e/1/") == "http://192.0.2.10:8000/e/1/"


def test_a_site_url_of_the_room_wins_over_the_address_a_page_was_opened_at(room_hosts):
    room_hosts.SITE_URL = "http://192.0.2.10:8000/"
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    assert site_url(request) == "http://192.0.2.10:8000"


def test_a_page_opened_at_loopback_with_a_loopback_site_url_keeps_site_url(room_hosts):
    room_hosts.SITE_URL = "http://localhost:8000"
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    assert site_url(request) == "http://localhost:8000"
    assert site_url() == "http://localhost:8000"  # text printed with no request at all


@pytest.mark.django_db
def test_the_cards_opened_at_the_room_s_address_point_every_code_there(client, event, director, room_hosts):
    room_hosts.SITE_URL = "http://127.0.0.1:8000"
    client.force_login(director)
    html = client.get(reverse("director-cards", args=[event.pk]), HTTP_HOST=ROOM).content.decode()
    table = event.tables.get(number=1)
    assert f'<p class="url">http://192.0.2.10:8000/t/{table.token}/</p>' in html
    for team in event.teams.all():  # each team card to the team's own page
        assert f'<p class="url">http://192.0.2.10:8000/e/{event.pk}/team/{team.pk}/</p>' in html
    assert "127.0.0.1" not in html and "No phone can open these codes" not in html


@pytest.mark.django_db
def test_the_cards_opened_at_loopback_say_no_phone_can_open_them(client, event, director, room_hosts):
    room_hosts.SITE_URL = "http://127.0.0.1:8000"
    client.force_login(director)
    html = client.get(reverse("director-cards", args=[event.pk]), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "No phone can open these codes:</strong> they point to http://127.0.0.1:8000" in html
    assert "python3 dev.py run --lan" in html


@pytest.mark.django_db
def test_the_projector_shows_the_players_page_at_the_room_s_address(client, event, room_hosts):
    room_hosts.SITE_URL = "http://192.0.2.10:8000"
    html = client.get(reverse("public-clock", args=[event.pk])).content.decode()
    assert f'<p class="clock-follow-url">http://192.0.2.10:8000/e/{event.pk}/</p>' in html
    assert html.count("<svg") == 1 and "<title>QR code: the event's page for players</title>" in html


@pytest.mark.django_db
def test_the_demo_prints_links_at_the_room_s_address(capsys, room_hosts):
    room_hosts.SITE_URL = "http://192.0.2.10:8000"
    call_command("demo", "--teams", "4")
    out = capsys.readouterr().out
    assert "Director login:  http://192.0.2.10:8000/accounts/login/" in out
    assert "Table   1: http://192.0.2.10:8000/t/" in out and "127.0.0.1" not in out
