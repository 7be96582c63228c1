"""The sheet check page (`/check/`): fill in or paste a score sheet, see the rules app's verdict.

For directors before the event and for training scorekeepers. No login, nothing stored. Two ways on one
page: the practice form first (the tables' own form, static/js/table/ in "practice" mode, which asks the
practice API endpoints for the rules' messages while it is typed), then the JSON box, posted here. For
the JSON box the view only calls rules.validate and arranges its answer for the template: violations
grouped by hand, numbers as players write them (2,525). A malformed document shows each problem in plain
words, never a traceback.
"""

from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

import rules
from rules.examples import example_text
from rules.fields import TEAM_LABEL_LIMIT
from rules.registry import line_description
from rules.words import points, team_name

MAX_SHEET_CHARACTERS = 200_000
SEVERITY_WORDS = {"error": "Error", "warning": "Check", "info": "Note"}


def _groups(violations: list[dict]) -> list[dict]:
    """Violations by hand, in hand order, then those about the whole sheet."""
    groups: dict = {}
    for v in violations:
        title = f"Hand {v['hand']}" if v["hand"] is not None else "The whole sheet"
        groups.setdefault(title, []).append({**v, "severity_words": SEVERITY_WORDS.get(v["severity"], "")})
    return [{"title": title, "violations": items} for title, items in groups.items()]


def _totals(computed: dict) -> dict:
    rows = [
        {"hand": number, "ns_total": points(hand["ns"]["total"]), "ns_cumulative": points(hand["ns"]["cumulative"]),
         "ew_total": points(hand["ew"]["total"]), "ew_cumulative": points(hand["ew"]["cumulative"])}
        for number, hand in enumerate(computed["hands"], start=1)
    ]
    winner = computed["winner"]
    winner_words = {None: "no hands played", "tie": "a tie (the director decides)"}.get(winner)
    return {
        "rows": rows,
        "final_ns": points(computed["final"]["ns"]),
        "final_ew": points(computed["final"]["ew"]),
        "winner": winner_words or team_name(winner),
    }


def verdict_context(answer: dict) -> dict:
    """What the template shows for one answer."""
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
        "totals": _totals(answer["computed"]),
    }


PRACTICE_RULESET = "nvso"  # what the practice endpoints check under: a new event's default rules


def practice_config() -> dict:
    """What the sheet's script needs for the practice form: no game, no team names (We / They), no
    submission; the nvso rule set's description of a line, which the form is built from."""
    return {"mode": "practice", "game": None, "ns": "We", "ew": "They", "ruleset": PRACTICE_RULESET,
            "line": line_description(PRACTICE_RULESET), "teamLabelLimit": TEAM_LABEL_LIMIT,
            "urls": {"draft": reverse("api-check") + "?sides=page", "base": reverse("api-check-base")}}


@require_http_methods(["GET", "POST"])
def sheet_check(request):
    """GET: the practice form, and the JSON box with a valid example sheet. POST: the JSON box's verdict."""
    context = {"text": example_text(), "max_characters": MAX_SHEET_CHARACTERS, "practice": practice_config()}
    if request.method == "POST":
        text = request.POST.get("sheet", "")
        context["text"] = text
        if len(text) > MAX_SHEET_CHARACTERS:
            context.update({"checked": True, "malformed": True, "problems": [{
                "path": "$", "message": f"The text is too long to be one score sheet (more than "
                                        f"{points(MAX_SHEET_CHARACTERS)} characters)."}]})
        else:
            context.update(verdict_context(rules.validate(text)))
    return render(request, "public/sheet_check.html", context)
