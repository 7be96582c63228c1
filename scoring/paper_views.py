"""The director's score sheets on paper (`scoring.paper`): every table's sheet of one game in one print
job, or one table's, printed by the browser from print CSS (static/css/paper.css)."""

import re

from django.http import Http404
from django.shortcuts import render

from tournament.core.access import director_view

from . import paper


def _number(request, name: str) -> int | None:
    asked = request.GET.get(name, "")
    return int(asked) if re.fullmatch(r"[0-9]{1,5}", asked) else None


@director_view
def paper_sheets(request, event):
    """Game N's sheets (`?game=N`, the latest game by default), or table T's alone (`&table=T`)."""
    games = paper.game_numbers(event)
    if not games:
        raise Http404("No game is seated yet: seat game 1 first.")
    game = _number(request, "game") if "game" in request.GET else games[-1]
    if game not in games:
        raise Http404("This event has no such game.")
    table = _number(request, "table") if "table" in request.GET else None
    sheets = paper.paper_sheets(event, game, table)
    if "table" in request.GET and (table is None or not sheets):
        raise Http404("This table has no score sheet in that game.")
    return render(request, "director/paper_sheets.html", {
        "event": event, "game": game, "games": games, "table": table, "sheets": sheets,
        "form": paper.sheet_form(event), "sit_outs": [] if table else paper.sit_outs(event, game),
    })
