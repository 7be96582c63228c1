"""Settings for Canasta TD.

Every value that differs between a laptop demo and production comes from an environment variable with a
safe default, so the embedded default (SQLite, no Redis, tasks in-process) needs no configuration at all
and production is configured without editing code.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config.secret_key import local_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_number(name: str, default: float, *, least: float = 0) -> float:
    """A number from the environment; a mistyped one stops the start with a sentence, not a traceback."""
    value = os.environ.get(name) or str(default)
    try:
        number = float(value)
    except ValueError:
        number = None
    if number is None or number < least or number != number:  # NaN is not a number of minutes either
        raise ImproperlyConfigured(f"{name} must be a number of at least {least:g}, not {value!r}.")
    return number


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY") or local_secret_key(
    Path(os.environ.get("SECRET_KEY_FILE") or BASE_DIR / ".secret_key")
)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",
    "tournament.core",
    "tournament.clock",
    "tournament.knockout",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of the answer: the switch's cookie, else the browser's Accept-Language (docs/languages.md).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Under /api/, Django's own HTML refusals (no such address, a fault) as JSON; below CommonMiddleware,
    # so a missing final slash is still redirected.
    "config.middleware.ApiRefusalsInJson",
    "django.middleware.http.ConditionalGetMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as its documentation asks: it turns a refused login into the lock-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "csp.context_processors.nonce",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# Database: SQLite in the project folder unless DATABASE_URL names another (postgres://...).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several tables write at once in a busy room: wait for the lock instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    # Take the write lock at the start of a transaction, so concurrent writers queue instead of failing
    # with "database is locked" when a read transaction tries to upgrade.
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    DATABASES["default"]["TEST"] = {"NAME": os.environ.get("SQLITE_TEST_NAME") or None}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: the cache and the Celery broker when REDIS_URL is set; otherwise local memory and eager tasks.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # Fails open (failopen.redis_cache): with Redis down or hung, a call waits at most these timeouts, and
    # after a failure Redis is left alone for CACHE_REDIS_RETRY_AFTER seconds but for one probe.
    CACHES = {
        "default": {
            "BACKEND": "failopen.redis_cache.FailOpenRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "canasta"),
            "OPTIONS": {
                "socket_connect_timeout": float(os.environ.get("CACHE_REDIS_CONNECT_TIMEOUT", "0.25")),
                "socket_timeout": float(os.environ.get("CACHE_REDIS_READ_TIMEOUT", "0.25")),
                "retry_after": float(os.environ.get("CACHE_REDIS_RETRY_AFTER", "5")),
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# The clock's moments on Redis (tournament/clock/tasks.py tells the story). The beat's reconcile runs every
# CLOCK_RECONCILE_SECONDS and publishes the moments due within CLOCK_PUBLISH_AHEAD_SECONDS; a task a killed
# worker took goes back to the queue CELERY_VISIBILITY_TIMEOUT seconds after it was taken. Each must be
# shorter than the next: a task whose ETA lies beyond the visibility timeout would be handed out again and
# again while a live worker waits for it.
CLOCK_RECONCILE_SECONDS = float(os.environ.get("CLOCK_RECONCILE_SECONDS", "20"))
CLOCK_PUBLISH_AHEAD_SECONDS = float(os.environ.get("CLOCK_PUBLISH_AHEAD_SECONDS", CLOCK_RECONCILE_SECONDS + 10))
_visibility_timeout = float(os.environ.get("CELERY_VISIBILITY_TIMEOUT", CLOCK_PUBLISH_AHEAD_SECONDS + 15))
if not CLOCK_RECONCILE_SECONDS < CLOCK_PUBLISH_AHEAD_SECONDS < _visibility_timeout:
    raise ImproperlyConfigured(
        "CLOCK_RECONCILE_SECONDS must be shorter than CLOCK_PUBLISH_AHEAD_SECONDS, and that shorter than "
        f"CELERY_VISIBILITY_TIMEOUT (they are {CLOCK_RECONCILE_SECONDS:g}, {CLOCK_PUBLISH_AHEAD_SECONDS:g} "
        f"and {_visibility_timeout:g} seconds)."
    )
# A broker that is down or hung must not hold up a director's click (tournament/clock/broker.py): 0.3 s to
# connect and to read an answer, and one retry, so a publish gives up within about a second even when Redis
# stops answering on a connection already open (0.96 s measured). Redis is on the venue's own network.
CELERY_BROKER_CONNECTION_TIMEOUT = 0.3
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.1, "interval_max": 0.1}
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": _visibility_timeout,
    # Look for tasks to hand back every 5 s (kombu's default sweep is every 100 s).
    "unacked_restore_interval": 5,
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": 0.3,
    "socket_timeout": 0.3,
}
CELERY_TIMEZONE = "UTC"
# Check the ETA timer every 0.1 s instead of every second: clock moments (warning, time-up) are late
# by less.
CELERY_WORKER_TIMER_PRECISION = 0.1

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

# The four languages of the product (docs/languages.md). English is the source language of every string.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("pt-br", "Português (Brasil)"),
    ("it", "Italiano"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["config.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the switch is remembered for a year of club days
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# WhiteNoise serves the static files from the web process itself, in the demo and behind gunicorn alike,
# so a venue laptop needs no separate web server. Hashed names (cache forever) only once collected.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "config.storage.StaticFilesStorage"
        if env_bool("COLLECTED_STATIC", False)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not env_bool("COLLECTED_STATIC", False)
# Before collectstatic, files are found in the apps' folders as they are asked for.
WHITENOISE_AUTOREFRESH = not env_bool("COLLECTED_STATIC", False)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "director-home"
LOGOUT_REDIRECT_URL = "login"

# The room's address, in every link and QR code the app prints or shows (cards, projector, the demo's
# output). While it is loopback, a page uses the address it was opened at instead (tournament/core/links.py).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # JSON bodies only, read by one parser that bounds their size and depth (config.parsers).
    "DEFAULT_PARSER_CLASSES": ["config.parsers.JsonBody"],
    "DEFAULT_SCHEMA_CLASS": "config.schema.ApiSchema",
    # Every refusal of the API, the services' and DRF's, as a status and {"detail": sentence, "code": ...}.
    "EXCEPTION_HANDLER": "config.exceptions.api_exception_handler",
    # Behind a proxy, set NUM_PROXIES so throttles see the client's address, not the proxy's.
    "NUM_PROXIES": int(os.environ["NUM_PROXIES"]) if os.environ.get("NUM_PROXIES") else None,
    "DEFAULT_THROTTLE_RATES": {
        "table": os.environ.get("TABLE_THROTTLE_RATE", "120/min"),
        "check": os.environ.get("CHECK_THROTTLE_RATE", "600/min"),
        "table_code": os.environ.get("TABLE_CODE_RATE", "30/min"),
    },
}

# The API's bodies: larger is a 413 unread, nested deeper is a 400 (config.parsers). A game's sheet is at
# most 64 KB and five levels deep, a draft (the form as typed and the sheet) seven.
API_MAX_BODY_BYTES = 1024 * int(os.environ.get("API_MAX_BODY_KB", "128"))
API_MAX_JSON_DEPTH = int(os.environ.get("API_MAX_JSON_DEPTH", "20"))

SPECTACULAR_SETTINGS = {
    "TITLE": "Canasta TD API",
    "DESCRIPTION": "Tournament management for canasta events: tables, score sheets, standings, clock, bracket.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs page works offline on venue Wi-Fi: its assets are served from the sidecar package.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # No deep links: Swagger UI puts each one inside the operation's button, a link in a button that
    # screen readers cannot reach (axe-core's nested-interactive, tests/browser/test_accessibility.py).
    # No syntax colours in the examples: Swagger UI's default theme shows numbers at 3.45:1, below AA.
    "SWAGGER_UI_SETTINGS": {"deepLinking": False, "syntaxHighlight": {"activated": False}},
    "REDOC_DIST": "SIDECAR",
    # A sheet's version and a bracket's match each have a `status`, with values of their own.
    "ENUM_NAME_OVERRIDES": {
        "SheetStatusEnum": "scoring.models.SheetStatus",
        "BracketMatchStatusEnum": "tournament.knockout.selectors.STATUS_TEXT",
    },
}

# Login throttling (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords for one username from one
# address, that pair is refused for LOGIN_COOLOFF_MINUTES. The pair, not the address alone: directors share
# a laptop and a venue's Wi-Fi shares one address, so one director's typing must not lock out another;
# nor the username alone, or anyone could lock the director out from anywhere during an event. Failures
# are counted in the database, so the count holds with or without Redis.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(env_number("LOGIN_FAILURE_LIMIT", 5, least=1))
AXES_COOLOFF_TIME = timedelta(minutes=env_number("LOGIN_COOLOFF_MINUTES", 15, least=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Trying again while locked out (even with the right password) does not restart the wait.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "config.login_lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "config.login_lockout.client_address"
AXES_VERBOSE = False

# HTTPS=1 for a site reached over HTTPS, directly or through a TLS proxy: cookies only over HTTPS, HSTS,
# plain HTTP redirected, and the proxy's header trusted to say the request came in over HTTPS.
HTTPS = env_bool("HTTPS", False)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS and env_bool("HTTPS_REDIRECT", True)
SECURE_HSTS_SECONDS = int(env_number("HSTS_SECONDS", 31536000)) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS and env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = HTTPS and env_bool("HSTS_PRELOAD", False)
PROXY_HTTPS_HEADER = os.environ.get("HTTPS_PROXY_HEADER", "X-Forwarded-Proto").strip()
if HTTPS and PROXY_HTTPS_HEADER.lower() not in {"", "none"}:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + PROXY_HTTPS_HEADER.upper().replace("-", "_"), "https")
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SILENCED_SYSTEM_CHECKS = []
if SECURE_HSTS_SECONDS and not SECURE_HSTS_PRELOAD:
    # Preloading is a request to the browsers' makers, hard to take back, that a deployment makes itself
    # (HSTS_PRELOAD=1); not asking for it is not a weakness of the site.
    SILENCED_SYSTEM_CHECKS.append("security.W021")
if HTTPS and not SECURE_SSL_REDIRECT:
    SILENCED_SYSTEM_CHECKS.append("security.W008")  # HTTPS_REDIRECT=0: the proxy redirects plain HTTP

# Content-Security-Policy (django-csp): scripts and styles only from this site's files, no inline script
# at all; the one inline style block (the API docs page's) carries the request's nonce.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "worker-src": [SELF],  # the tables' service worker (/t/sw.js), which lets their page open offline
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
