"""Nothing escapes translation (docs/languages.md): every page, rendered in a pseudo-locale whose every
string is marked, shows no word outside the marks but the names people typed; every rules message too."""

import copy
import json

import pytest
from django.conf import settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse

import rules
from rules import examples
from scoring.results import record_result
from tests import pseudo
from tests.factories import make_event
from tournament.core.models import Game

pytestmark = pytest.mark.django_db

# Pages not for reading: the switch, the scripts' catalog, a worker script, a redirect.
NOT_PAGES = {"choose-language", "javascript-catalog", "table-worker", "logout"}
SKIPPED_PREFIXES = ("admin/", "api/")
# Django's own pages (changing a password), in Django's own words, which its catalogs translate.
DJANGOS_OWN = ("password_",)
# What a page needs in its address, from the event the test builds.
NEEDS_OBJECTS = {"call_id", "late_id", "ruling_id", "uidb64"}


@pytest.fixture
def pseudo_locale(tmp_path, settings, monkeypatch):
    pseudo.use(tmp_path, settings, monkeypatch)
    yield
    pseudo.forget()


def page_routes(patterns=None, prefix=""):
    """(name, route, its parameters) of every named page of the site."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if route.startswith(SKIPPED_PREFIXES):
            continue
        if isinstance(pattern, URLResolver):
            yield from page_routes(pattern.url_patterns, route)
        elif (isinstance(pattern, URLPattern) and pattern.name and pattern.name not in NOT_PAGES
              and not pattern.name.startswith(DJANGOS_OWN)):
            yield pattern.name, route, set(pattern.pattern.converters)


@pytest.fixture
def day(director):
    event = make_event(director, teams=8, seating_published=True, standings_published=True)
    games = list(Game.objects.filter(round__event=event).order_by("table__number"))
    record_result(games[0], ns_total=5200, ew_total=2300, user=director)
    return {"event_id": event.pk, "team_id": games[0].ns_team_id, "game_id": games[1].pk,
            "token": games[1].table.token, "kind": "penalty", "names": allowed_names(event)}


def allowed_names(event) -> set[str]:
    words = set()
    for team in event.teams.all():
        words.update(pseudo.unmarked(f"{team.name} {team.player1} {team.player2}"))
    directors = {user.username for user in event.directors.all()}
    return words | directors | set(pseudo.unmarked(event.name)) | set(pseudo.unmarked(event.venue))


def test_every_page_is_translated_whole(client, director, day, pseudo_locale):
    client.force_login(director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = pseudo.CODE
    escaped, read = {}, 0
    for name, _route, needs in page_routes():
        if needs & NEEDS_OBJECTS or not needs <= day.keys():  # a form's target (a clock action, ...)
            continue
        url = reverse(name, kwargs={key: day[key] for key in needs})
        response = client.get(url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        read += 1
        if found := pseudo.unmarked_on_page(response.content.decode(), day["names"]):
            escaped[url] = found
    assert read >= 30
    assert not escaped, "text outside the marks:\n" + "\n".join(f"{url}: {texts}" for url, texts in escaped.items())


def test_every_rules_message_is_translated_whole(pseudo_locale):
    escaped, heard = [], 0
    for name, _title in examples.games():
        sheet = examples.example_sheet(name)
        names = set(pseudo.unmarked(json.dumps([sheet.get("teams"), sheet.get("sides")])))
        for broken in slips(sheet):
            answer = rules.validate(broken, language=pseudo.CODE)
            for problem in answer.get("violations", []) + answer.get("problems", []):
                heard += 1
                if words := pseudo.unmarked(problem["message"], names):
                    escaped.append((name, words, problem["message"]))
    assert heard > 100
    assert not escaped, "messages outside the marks:\n" + "\n".join(map(str, escaped))


def slips(sheet: dict):
    """Sheets a slip away from a valid one: each number of each line (and of its details) one more, each
    yes-or-no the other way; and a few that are not sheets at all."""
    for hand_index, hand in enumerate(sheet["hands"]):
        for side, line in hand.items():
            for path, value in _leaves(line):
                broken = copy.deepcopy(sheet)
                target = broken["hands"][hand_index][side]
                for key in path[:-1]:
                    target = target[key]
                target[path[-1]] = (not value) if isinstance(value, bool) else value + 5
                yield broken
    yield {**sheet, "format": "canasta-td/score-sheet@9"}
    yield {**sheet, "hands": "none"}
    yield {key: value for key, value in sheet.items() if key != "hands"}
    yield {**sheet, "surprise": 1}
    yield "not json"


def _leaves(line: dict, path=()):
    for key, value in line.items():
        if isinstance(value, dict):
            yield from _leaves(value, (*path, key))
        elif isinstance(value, int):
            yield (*path, key), value
