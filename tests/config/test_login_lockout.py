"""Login throttling: repeated wrong passwords for one username from one address lock that pair out.

Limit and wait are the settings' defaults (5 failures, 15 minutes), set explicitly here so a deployment's
environment cannot change what is tested.
"""

import datetime as dt

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.login_lockout import client_address
from tests.factories import make_director

pytestmark = pytest.mark.django_db

PASSWORD = "director-pass-1"


@pytest.fixture(autouse=True)
def limits(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # many logins, fast
    settings.AXES_FAILURE_LIMIT = 5
    settings.AXES_COOLOFF_TIME = dt.timedelta(minutes=15)


def client_at(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def log_in(client: Client, username: str, password: str, url: str | None = None):
    return client.post(url or reverse("login"), {"username": username, "password": password})


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def fail(client: Client, username: str, times: int):
    return [log_in(client, username, "wrong-password") for _ in range(times)]


def test_four_wrong_passwords_are_each_told_to_try_again():
    make_director()
    answers = fail(client_at("10.0.0.1"), "director", 4)
    assert [answer.status_code for answer in answers] == [200] * 4
    assert "do not match" in answers[-1].content.decode()


def test_the_fifth_wrong_password_locks_out_with_a_page_that_says_how_long_to_wait():
    make_director()
    with time_machine.travel(timezone.now(), tick=False):
        answer = fail(client_at("10.0.0.1"), "director", 5)[-1]
    page = answer.content.decode()
    assert answer.status_code == 429
    assert "registration/lockout.html" in [template.name for template in answer.templates]
    assert "Too many wrong passwords for director from this device." in page
    assert "Wait 15 minutes" in page
    assert answer["Retry-After"] == "900"


def test_the_right_password_is_refused_while_locked_out():
    make_director()
    client = client_at("10.0.0.1")
    fail(client, "director", 5)
    answer = log_in(client, "director", PASSWORD)
    assert answer.status_code == 429
    assert "Too many wrong passwords" in answer.content.decode()
    assert not logged_in(client)


def test_trying_again_while_locked_out_does_not_restart_the_wait():
    make_director()
    client = client_at("10.0.0.1")
    start = timezone.now()
    with time_machine.travel(start, tick=False) as clock:
        fail(client, "director", 5)
        clock.move_to(start + dt.timedelta(minutes=5))
        answer = log_in(client, "director", PASSWORD)
    assert "Wait 10 minutes" in answer.content.decode()


def test_the_right_password_works_once_the_wait_is_over():
    make_director()
    client = client_at("10.0.0.1")
    start = timezone.now()
    with time_machine.travel(start, tick=False) as clock:
        fail(client, "director", 5)
        clock.move_to(start + dt.timedelta(minutes=15, seconds=1))
        answer = log_in(client, "director", PASSWORD)
    assert answer.status_code == 302
    assert answer["Location"] == reverse("director-home")
    assert logged_in(client)


def test_another_director_on_the_same_device_is_not_locked_out():
    """Directors share a laptop and a venue's address: one director's typing must not lock the others out."""
    make_director()
    make_director(username="second", password=PASSWORD)
    client = client_at("10.0.0.1")
    fail(client, "director", 5)
    assert log_in(client, "second", PASSWORD).status_code == 302
    assert logged_in(client)


def test_the_same_director_on_another_device_is_not_locked_out():
    """Someone guessing from elsewhere cannot lock the director out of their own event."""
    make_director()
    fail(client_at("10.0.0.1"), "director", 5)
    client = client_at("10.0.0.2")
    assert log_in(client, "director", PASSWORD).status_code == 302
    assert logged_in(client)


def test_a_right_password_before_the_limit_starts_the_count_again():
    make_director()
    client = client_at("10.0.0.1")
    fail(client, "director", 4)
    log_in(client, "director", PASSWORD)
    client.logout()
    assert [answer.status_code for answer in fail(client, "director", 4)] == [200] * 4


def test_the_admin_login_is_throttled_too():
    make_director()
    get_user = make_director(username="boss", password=PASSWORD)
    get_user.is_staff = get_user.is_superuser = True
    get_user.save()
    client = client_at("10.0.0.1")
    url = reverse("admin:login")
    answers = [log_in(client, "boss", "wrong-password", url) for _ in range(5)]
    assert [answer.status_code for answer in answers] == [200] * 4 + [429]
    assert log_in(client, "boss", PASSWORD, url).status_code == 429
    assert not logged_in(client)


def test_behind_proxies_the_address_is_the_one_the_first_proxy_saw(settings, rf):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    request = rf.post("/", REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR="203.0.113.5, 198.51.100.7")
    assert client_address(request) == "198.51.100.7"


def test_without_proxies_a_forwarded_header_is_ignored(settings, rf):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": None}
    request = rf.post("/", REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert client_address(request) == "10.9.9.9"


def test_the_lock_holds_with_redis_unreachable(settings):
    """Failures are counted in the database: a cache that cannot be reached changes nothing."""
    import socket

    with socket.socket() as probe:  # a loopback port where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": f"redis://127.0.0.1:{port}/0"}}
    make_director()
    client = client_at("10.0.0.1")
    assert [answer.status_code for answer in fail(client, "director", 5)] == [200] * 4 + [429]
    assert log_in(client, "director", PASSWORD).status_code == 429
    assert log_in(client_at("10.0.0.2"), "director", PASSWORD).status_code == 302
