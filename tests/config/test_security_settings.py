"""Production security from the environment: HTTPS=1 turns on what a site served over HTTPS needs, and
`manage.py check --deploy` has nothing to say about such a site."""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UNSET = {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "LOGIN_FAILURE_LIMIT", "LOGIN_COOLOFF_MINUTES", "HTTPS",
         "HTTPS_REDIRECT", "HTTPS_PROXY_HEADER", "HSTS_SECONDS", "HSTS_INCLUDE_SUBDOMAINS", "HSTS_PRELOAD",
         "DATABASE_URL", "REDIS_URL",
         "DJANGO_ALLOW_ASYNC_UNSAFE"}  # the browser tests set it for their own process; no deployment does
PRODUCTION = {"HTTPS": "1", "SECRET_KEY": secrets.token_urlsafe(60), "ALLOWED_HOSTS": "td.example.org"}


def run(args: list[str], env: dict) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in UNSET}
    return subprocess.run([sys.executable, *args], env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def security_under(env: dict) -> dict:
    names = ["SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
             "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "SECURE_PROXY_SSL_HEADER"]
    code = f"import json, django; from django.conf import settings; django.setup(); " \
           f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}))"
    result = run(["-c", code], env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_check_deploy_is_clean_with_production_settings():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "DEBUG"], PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "security.W" not in result.stdout + result.stderr


def test_check_deploy_still_warns_about_a_site_served_over_plain_http():
    result = run(["manage.py", "check", "--deploy"], {**PRODUCTION, "HTTPS": ""})
    for code in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert code in result.stderr


def test_https_turns_on_secure_cookies_hsts_the_redirect_and_the_proxy_header():
    assert security_under(PRODUCTION) == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_HSTS_PRELOAD": False,
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
    }


def test_without_https_a_laptop_over_plain_http_keeps_its_cookies():
    assert security_under({}) == {
        "SESSION_COOKIE_SECURE": False,
        "CSRF_COOKIE_SECURE": False,
        "SECURE_SSL_REDIRECT": False,
        "SECURE_HSTS_SECONDS": 0,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": False,
        "SECURE_HSTS_PRELOAD": False,
        "SECURE_PROXY_SSL_HEADER": None,
    }


def test_each_part_of_https_can_be_set_on_its_own():
    assert security_under({**PRODUCTION, "HTTPS_REDIRECT": "0", "HSTS_SECONDS": "3600", "HSTS_PRELOAD": "1",
                           "HSTS_INCLUDE_SUBDOMAINS": "0", "HTTPS_PROXY_HEADER": "X-Forwarded-Scheme"}) == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": False,
        "SECURE_HSTS_SECONDS": 3600,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": False,
        "SECURE_HSTS_PRELOAD": True,
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_SCHEME", "https"],
    }


def test_a_site_that_terminates_https_itself_trusts_no_proxy_header():
    assert security_under({**PRODUCTION, "HTTPS_PROXY_HEADER": "none"})["SECURE_PROXY_SSL_HEADER"] is None


def test_the_login_limit_and_wait_come_from_the_environment():
    code = ("import django; from django.conf import settings; django.setup();"
            "print(settings.AXES_FAILURE_LIMIT, settings.AXES_COOLOFF_TIME.total_seconds())")
    result = run(["-c", code], {"LOGIN_FAILURE_LIMIT": "8", "LOGIN_COOLOFF_MINUTES": "30"})
    assert result.stdout.split() == ["8", "1800.0"], result.stderr


def test_a_mistyped_number_stops_the_start_with_a_sentence():
    result = run(["manage.py", "check"], {"LOGIN_COOLOFF_MINUTES": "15min"})
    assert result.returncode != 0
    assert "ImproperlyConfigured: LOGIN_COOLOFF_MINUTES must be a number of at least 1, not '15min'." in result.stderr
