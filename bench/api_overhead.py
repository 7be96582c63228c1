"""What one API request costs in Python, before any network or database server: the layers themselves.

    .venv/bin/python bench/api_overhead.py [--rounds 5] [--requests 300]

Runs the whole Django stack in-process (middleware, DRF, serializers, services, ORM) on SQLite in memory,
so the figure is the CPU a request costs the web process and little else. It times, per request, the
median over rounds of:

- a replayed submission (the same sheet and Idempotency-Key again: the table's retry on weak Wi-Fi);
- the table's GET of its sheet (the page polls it while it waits for the opponents);
- the public clock (every phone and the projector poll it; an If-None-Match hit is a 304);
- the public standings API of a 40-team event after one game (a full answer, no ETag);
- the public bracket of a 64-team knockout (a full answer).

Compare two checkouts in one sitting (the machine is shared): run it from each.
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)
for name in ("DATABASE_URL", "REDIS_URL"):
    os.environ.pop(name, None)
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"


def setup() -> dict:
    """A migrated in-memory database with the three events the requests read; the URLs to time."""
    import random

    import django
    from django.conf import settings

    django.setup()
    settings.DATABASES["default"]["NAME"] = ":memory:"
    settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {"table": "1000000/min", "check": "1000000/min"}
    from django.core.management import call_command
    from django.test.utils import setup_test_environment
    from rest_framework.throttling import SimpleRateThrottle

    setup_test_environment()
    call_command("migrate", verbosity=0)
    SimpleRateThrottle.THROTTLE_RATES = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]

    from tests.factories import make_director, make_event
    from tests.scoring.sheets import sheet

    director = make_director()
    # Accepted without a team code, as when these figures were first measured.
    event = make_event(director, teams=40, standings_published=True, require_opponent_code=False)
    games = list(event.rounds.get().games.exclude(ew_team=None).select_related("table"))
    from django.test import Client

    client = Client()
    for n, game in enumerate(games):
        url = f"/api/v1/tables/{game.table.token}/sheet/"
        client.post(url, data=json.dumps(sheet()), content_type="application/json", HTTP_IDEMPOTENCY_KEY=f"k{n}")
        client.post(url + "accept/", data="{}", content_type="application/json")
    knockout = make_event(director, teams=64, seat=False, format="knockout", bracket_published=True)
    try:
        from tournament.knockout import services as knockout_services
    except ImportError:  # a checkout from before the knockout had a package of its own
        from tournament import bracket_services as knockout_services
    knockout_services.create_bracket_random(knockout, director, rng=random.Random(1))
    table = games[0].table
    return {
        "client": client,
        "replay": (f"/api/v1/tables/{table.token}/sheet/", json.dumps(sheet()), "k0"),
        "sheet": f"/api/v1/tables/{table.token}/sheet/",
        "clock": f"/api/v1/events/{event.pk}/clock/",
        "standings": f"/api/v1/events/{event.pk}/standings/",
        "bracket": f"/api/v1/events/{knockout.pk}/bracket/",
    }


def per_request(call, rounds: int, requests: int) -> float:
    """Median microseconds per request over `rounds` rounds of `requests` calls."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(requests):
            call()
        times.append((time.perf_counter() - start) / requests * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()
    s = setup()
    client = s["client"]
    url, body, key = s["replay"]
    calls = {
        "replayed submission": lambda: client.post(url, data=body, content_type="application/json",
                                                   HTTP_IDEMPOTENCY_KEY=key),
        "table's GET of its sheet": lambda: client.get(s["sheet"]),
        "public clock": lambda: client.get(s["clock"]),
        "standings API, 40 teams": lambda: client.get(s["standings"]),
        "bracket API, 64 teams": lambda: client.get(s["bracket"]),
    }
    for name, call in calls.items():
        assert call().status_code in (200, 201), name
        requests = args.requests if "bracket" not in name else max(1, args.requests // 5)
        print(f"{name:28} {per_request(call, args.rounds, requests):9,.0f} µs/request")


if __name__ == "__main__":
    main()
