"""The sheet check page (`/check/`): fill in or paste a score sheet, see the rules app's verdict.

For directors before the event and for training scorekeepers. No login, nothing stored. Two ways on one
page: the practice form first (the tables' own form, static/js/table/ in "practice" mode, which asks the
practice API endpoints for the rules' messages while it is typed), then the JSON box, posted here. For
the JSON box the view only calls rules.validate and arranges its answer for the template: violations
grouped by hand, numbers as players write them (2,525), a column per side. A malformed document shows
each problem in plain words, never a traceback.

Anyone may pick the game: every registered rule set is offered (`?game=<name>`, a plain GET form, so it
works without JavaScript), and the box starts from that game's example (rules.examples). A pasted sheet is
checked under the rule set it names, in either format (@1 or @2).
"""

import json

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

import rules
from rules.examples import chosen_game, example_text, games, has_own_example
from rules.fields import TEAM_LABEL_LIMIT
from rules.language import speaking
from rules.registry import find_ruleset, line_description
from rules.words import points, team_name

MAX_SHEET_CHARACTERS = 200_000
SEVERITY_WORDS = {"error": gettext_lazy("Error"), "warning": gettext_lazy("Check"), "info": gettext_lazy("Note")}


def _groups(violations: list[dict]) -> list[dict]:
    """Violations by hand, in hand order, then those about the whole sheet."""
    groups: dict = {}
    for v in violations:
        title = _("Hand %(hand)s") % {"hand": v["hand"]} if v["hand"] is not None else _("The whole sheet")
        groups.setdefault(title, []).append({**v, "severity_words": SEVERITY_WORDS.get(v["severity"], "")})
    return [{"title": title, "violations": items} for title, items in groups.items()]


def side_columns(computed: dict, document: object) -> list[tuple[str, str]]:
    """The sides of an answer's totals, in order, as (id, name): North-South and East-West for an @1
    sheet, else each side's label as the sheet gives it, or its seat's name where the game has fixed seats
    (NVSO on @2), or "Side <id>"."""
    ids = list(computed["final"])
    if ids == ["ns", "ew"] and not (isinstance(document, dict) and document.get("format") == rules.FORMAT2):
        return [(side, team_name(side)) for side in ids]
    labels = {}
    for side in (document.get("sides") if isinstance(document, dict) else None) or []:
        if isinstance(side, dict) and isinstance(side.get("label"), str) and side["label"].strip():
            labels[side.get("id")] = side["label"]
    named = document.get("ruleset") if isinstance(document, dict) else None
    ruleset = find_ruleset(named) if isinstance(named, str) else None
    seats = getattr(ruleset, "seats", None) or {}  # NVSO's sides on @2: North-South and East-West
    return [(side, labels.get(side) or seats.get(side) or _("Side %(side)s") % {"side": side}) for side in ids]


def _totals(computed: dict, document: object = None) -> dict:
    columns = side_columns(computed, document)
    rows = [
        {"hand": number, "cells": [(points(hand[side]["total"]), points(hand[side]["cumulative"]))
                                   for side, _ in columns]}
        for number, hand in enumerate(computed["hands"], start=1)
    ]
    names = dict(columns)
    winner = computed["winner"]
    winner_words = {None: _("no hands played"), "tie": _("a tie (the director decides)")}.get(winner)
    return {
        "sides": [name for _, name in columns],
        "rows": rows,
        "final": [points(computed["final"][side]) for side, _ in columns],
        "winner": winner_words or names.get(winner, str(winner)),
    }


def verdict_context(answer: dict, document: object = None) -> dict:
    """What the template shows for one answer (`document`: the sheet as read, for its sides' labels)."""
    if rules.is_malformed(answer):
        return {"checked": True, "malformed": True, "problems": answer["problems"]}
    violations = answer["violations"]
    return {
        "checked": True,
        "malformed": False,
        "valid": answer["valid"],
        "errors": sum(v["severity"] == "error" for v in violations),
        "warnings": sum(v["severity"] == "warning" for v in violations),
        "groups": _groups(violations),
        "totals": _totals(answer["computed"], document),
    }


PRACTICE_RULESET = "nvso"  # what the practice endpoints check under: a new event's default rules


def practice_config() -> dict:
    """What the sheet's script needs for the practice form: no game, no team names (We / They), no
    submission; the nvso rule set's description of a line, which the form is built from."""
    return {"mode": "practice", "game": None, "ns": "We", "ew": "They", "ruleset": PRACTICE_RULESET,
            "line": line_description(PRACTICE_RULESET, get_language()), "teamLabelLimit": TEAM_LABEL_LIMIT,
            "urls": {"draft": reverse("api-check") + "?sides=page", "base": reverse("api-check-base")}}


def game_context(game: str) -> dict:
    """The game picker and its examples: every rule set, the chosen one selected, and whether the example
    shown is the game's own (a game without one starts from the NVSO example). `practice_other` is the
    chosen game's title when it is not the practice form's (NVSO's), for the page to say so."""
    titles = dict(games())
    return {
        "game": game,
        "games": [{"name": name, "title": title, "selected": name == game} for name, title in titles.items()],
        "own_example": has_own_example(game),
        "examples": {name: example_text(name) for name in titles},
        "practice_other": None if game == PRACTICE_RULESET else titles[game],
    }


def _read(text: str) -> object:
    """The pasted text as JSON, for the sides' labels (rules.validate reads it again and says what is wrong)."""
    try:
        return json.loads(text)
    except ValueError:
        return None


@require_http_methods(["GET", "POST"])
def sheet_check(request):
    """GET: the practice form, and the JSON box with the chosen game's example sheet (`?game=`). POST: the
    JSON box's verdict."""
    data = request.POST if request.method == "POST" else request.GET
    game = chosen_game(data.get("game"))
    context = {"text": example_text(game), "max_characters": MAX_SHEET_CHARACTERS, "practice": practice_config(),
               **game_context(game)}
    if request.method == "POST":
        text = request.POST.get("sheet", "")
        context["text"] = text
        if len(text) > MAX_SHEET_CHARACTERS:
            context.update({"checked": True, "malformed": True, "problems": [{
                "path": "$", "message": _("The text is too long to be one score sheet (more than %(most)s "
                                          "characters).") % {"most": points(MAX_SHEET_CHARACTERS)}}]})
        else:
            with speaking(get_language()):  # the totals' numbers and the sides' names in the page's language
                context.update(verdict_context(rules.validate(text), _read(text)))
    return render(request, "public/sheet_check.html", context)
