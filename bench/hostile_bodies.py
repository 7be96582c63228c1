"""The CPU one request costs for the worst bodies we can build, sent in-process to the check endpoint.

    .venv/bin/python bench/hostile_bodies.py [--repeat 5]

Each body is as large as the endpoint it is sent to lets through: API_MAX_BODY_KB for the API (every API
body; a larger one is a 413 before it is read) and the check page's MAX_SHEET_CHARACTERS for its JSON box.
It goes through Django's test client to `PUT /api/v1/check/` (the practice form's endpoint; the table's
draft reads its body the same way) or `POST /check/` (the check page's JSON box, which hands the text
itself to the rules). One body of each endpoint is a byte over its limit, to show the refusal is cheap. No
network, no database. For each body it prints the median and the worst CPU time (time.process_time) over
`--repeat` requests. Two rows run the rules alone, on documents no endpoint would let through (100,000
hands; the sheet as a dict, as the table form hands it over), to show the rules bound their own work.
Target: every body under the size limit answered in under 50 ms of CPU.
"""

import argparse
import gc
import json
import logging
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["CHECK_THROTTLE_RATE"] = "1000000/min"  # the bench measures the work, not the throttle
os.environ.pop("REDIS_URL", None)  # the local-memory cache: nothing leaves the process

from django.conf import settings
from django.test import Client
from django.test.utils import setup_test_environment

import config.wsgi  # noqa: F401 - start as the server does: Django set up, the heap frozen after start-up
import rules
from scoring.sheet_check_views import MAX_SHEET_CHARACTERS

API_LIMIT = settings.API_MAX_BODY_BYTES  # the largest API body read; one byte more is a 413
PAGE_LIMIT = MAX_SHEET_CHARACTERS  # the largest text the check page's JSON box hands to the rules
TARGET_MS = 50.0
FORMAT = rules.FORMAT
DIGITS = "7" * 4300  # one digit short of what Python reads as a number
DETAILED = {"base": -3500, "count": 0, "details": {"red_threes": 1, "black_threes": 1, "pure_canastas": 1,
                                                 "stuck_sevens": 1, "incomplete_aces": True}}


def _fill(prefix: str, item: str, suffix: str, joiner: str = ",", limit: int = API_LIMIT) -> str:
    """prefix + item, item, ... + suffix: as many items as fit in `limit` bytes."""
    count = max((limit - len(prefix) - len(suffix)) // (len(item) + len(joiner)), 1)
    return prefix + joiner.join([item] * count) + suffix


def _sheet(hands: list, **top) -> dict:
    return {"format": FORMAT, "ruleset": "nvso", "hands": hands, **top}


def _draft(sheet: dict) -> str:
    return json.dumps({"form": {}, "sheet": sheet})


def bodies() -> list[tuple[str, str, str]]:
    """(name, where, body): where is "check" (the API endpoint), "page" (the JSON box) or "rules"."""
    line = {"base": 2200, "count": 325}
    wrong = {"base": 2250, "count": 333, "total": 1, "cumulative": 1, "meld_requirement": 180}
    hand_text = json.dumps({"ns": line, "ew": line})
    opening = json.dumps({"form": {}, "sheet": {"format": FORMAT, "ruleset": "nvso",
                                                "options": {"meld_requirement": "by_score"}, "hands": []}})
    many_hands = _fill(opening[: -len("]}}")], hand_text, "]}}")
    box_opening = json.dumps({"format": FORMAT, "ruleset": "nvso", "options": {"meld_requirement": "by_score"},
                              "hands": []})
    many_hands_box = _fill(box_opening[: -len("]}")], hand_text, "]}", limit=PAGE_LIMIT)
    wrong_hands = [{"ns": wrong, "ew": wrong}] * 100
    return [
        ("digit runs: 4,300-digit numbers in the form", "check", _fill('{"sheet": null, "form": [', DIGITS, "]}")),
        ("digit runs: 4,300-digit numbers as bases and counts", "check", _draft(_sheet(
            [{"ns": {"base": int(DIGITS), "count": int(DIGITS)}, "ew": {"base": 0, "count": 0}}] * 3))),
        ("digit runs, then one number too long (JSON box)", "page",
         _fill("[", DIGITS, "," + "8" * 4301 + "]", limit=PAGE_LIMIT)),
        ("digit runs, then one number too long (API)", "check",
         _fill('{"form": [', DIGITS, "," + "8" * 4301 + "]}")),
        ("deep nesting: [[[[...]]]]", "check", "[" * (API_LIMIT // 2) + "]" * (API_LIMIT // 2)),
        ("deep nesting: {\"a\": {\"a\": ...}}", "check", '{"a": ' * (API_LIMIT // 7) + "1" + "}" * (API_LIMIT // 7)),
        ("as many hands as fit (by_score: read up to 100)", "check", many_hands),
        ("as many hands as fit (JSON box)", "page", many_hands_box),
        ("long strings: a team name as long as the body allows", "check", _draft(_sheet([{"ns": line, "ew": line}],
                                                                    teams={"ns": "x" * (API_LIMIT - 400)}))),
        ("long strings: a field name as long as the body allows", "check", _draft(_sheet([{"ns": line, "ew": line}],
                                                                     **{"y" * (API_LIMIT - 400): 1}))),
        ("many problems: 100 hands, every number wrong", "check", _draft(_sheet(
            wrong_hands, options={"hands_per_game": None}))),
        ("many problems: 4,000 unknown fields (JSON box)", "page", json.dumps(
            _sheet([{"ns": line, "ew": line}], **{f"field{i}": i for i in range(4000)}))[: PAGE_LIMIT]),
        ("one byte over the limit (API)", "check", _draft(_sheet([], teams={"ns": "x" * API_LIMIT}))),
        ("one character over the limit (JSON box)", "page", "x" * (PAGE_LIMIT + 1)),
        ("many problems: 100 hands, every number wrong (JSON box)", "page", json.dumps(_sheet(
            wrong_hands, options={"hands_per_game": None}))),
        ("rules alone: 100,000 hands (dict)", "rules", lambda: _sheet([{"ns": dict(line), "ew": dict(line)}
                                                                       for _ in range(100_000)])),
        ("rules alone: 100 hands, every number wrong (dict)", "rules", _sheet(
            wrong_hands, options={"hands_per_game": None})),
        ("rules alone: 100 valid hands with details (dict)", "rules", _sheet(
            [{"ns": DETAILED, "ew": DETAILED}] * 100, options={"meld_requirement": "by_score"})),
    ]


def send(client: Client, where: str, body) -> object:
    if where == "check":
        return client.put("/api/v1/check/", data=body, content_type="application/json")
    if where == "page":
        return client.post("/check/", {"sheet": body})
    return rules.validate(body)


def outcome(where: str, answer) -> str:
    """A few words on what came back, so a fast wrong answer is visible."""
    if where == "rules":
        if rules.is_malformed(answer):
            return f"malformed, {len(answer['problems'])} problems"
        return f"{len(answer['violations'])} violations listed"
    if where == "page":
        return f"{answer.status_code}, {len(answer.content):,} bytes of page"
    data = answer.json()
    validation = data.get("validation") if isinstance(data, dict) else None
    if isinstance(validation, dict):
        listed = validation.get("problems") or validation.get("violations") or []
        return f"{answer.status_code}, {len(listed)} listed, {len(answer.content):,} bytes"
    return f"{answer.status_code}: {str(data.get('detail'))[:60]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="requests per body")
    parser.add_argument("--no-freeze", action="store_true",
                        help="unfreeze the start-up heap (config/wsgi.py freezes it), to see what the freeze saves")
    args = parser.parse_args()
    if args.no_freeze:
        gc.unfreeze()
    setup_test_environment()
    logging.getLogger("django.request").setLevel(logging.CRITICAL)  # refusals are the point, not news
    client = Client()
    for where in ("check", "page"):  # warm up: imports, templates, the achievable-bases table
        send(client, where, _draft(_sheet([{"ns": {"base": 0, "count": 0}, "ew": {"base": 0, "count": 0}}])))
    print(f"machine: {os.cpu_count()} cores / {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}; load average {os.getloadavg()[0]:.1f}; "
          f"{gc.get_freeze_count():,} start-up objects frozen")
    print(f"{'body':58} {'bytes':>9} {'median ms':>10} {'worst ms':>9}  answer")
    worst_all = 0.0
    for name, where, body in bodies():
        # Built here and dropped after, one at a time, and the heap collected before the timing starts:
        # a garbage collection during a request scans every live object of the process, so the bench
        # holding 100,000 hands would bill their scan to whichever request happened to trigger it.
        body = body() if callable(body) else body
        gc.collect()
        size = len(body.encode()) if isinstance(body, str) else len(json.dumps(body))
        times = []
        for _ in range(args.repeat):
            started = time.process_time()
            answer = send(client, where, body)
            times.append((time.process_time() - started) * 1000)
        if where != "rules" or size <= API_LIMIT:
            worst_all = max(worst_all, max(times))
        print(f"{name:58} {size:>9,} {statistics.median(times):>10.1f} {max(times):>9.1f}  {outcome(where, answer)}")
        del body, answer
    verdict = "meets" if worst_all < TARGET_MS else "misses"
    print(f"target: every body an endpoint lets through (API {API_LIMIT // 1024} KB, JSON box "
          f"{PAGE_LIMIT:,} characters), and every refusal, in under {TARGET_MS:.0f} ms of CPU: worst "
          f"{worst_all:.1f} ms, {verdict} it")


if __name__ == "__main__":
    main()
