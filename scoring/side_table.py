"""The table's page for any game but NVSO: a form built from the rule set's line, one column per side.

NVSO keeps its own page (views.table_page, static/js/table/), made for two teams in fixed seats with the
Base calculator. Every other game's page is built here from the rule set itself: its `describe_line()`
(fields, labels, bounds, choices), which of them its `line_spec` requires, and the sides of the table:
the two partnerships of a two-side game (`ns` and `ew`, as their games are stored), or the seated players
in seat order for a game of single players (`seat_sheets.side_id`). The page (static/js/sides_sheet.js)
builds a `canasta-td/score-sheet@2` and talks to the same table endpoints as NVSO's: drafts shared by the
table's phones, live checks, versions, idempotent submission, and confirmation by another player.

The page reads a constant number of queries whatever the event's size: the table, its game with its
teams, the game's seats, its latest version and its draft.
"""

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language

from rules.registry import find_ruleset, line_description
from tournament.core.game_room import seated_by_seats
from tournament.core.links import site_url
from tournament.core.models import Game

from . import selectors
from .models import SheetDraft
from .seat_sheets import seat_scores, side_id, table_seats
from .validation import effective_document, hands_asked

FORMAT = "canasta-td/score-sheet@2"
# The rule set whose table page is its own (static/js/table/), built for two teams in fixed seats.
NVSO = "nvso"


def has_side_page(event) -> bool:
    """Whether the event's table page is this one: any game but NVSO whose rules read the @2 sheet (a rule
    set that reads only @1 keeps the two-team page, which speaks @1)."""
    ruleset = find_ruleset(event.ruleset)
    return event.ruleset != NVSO and ruleset is not None and FORMAT in tuple(getattr(ruleset, "formats", ()))


def form_line(ruleset_name: str, options: dict) -> list[dict]:
    """The rule set's line as the page shows it: the fields the table's form asks, each marked `required`
    when the rule set's `line_spec` says a line must have it."""
    ruleset = find_ruleset(ruleset_name)
    described = line_description(ruleset_name, get_language()) or []
    required: frozenset = frozenset()
    if ruleset is not None and hasattr(ruleset, "line_spec"):
        parsed = ruleset.parse_options(options, [])
        if parsed is not None:
            required = frozenset(ruleset.line_spec(parsed).required)
    return [{**field, "required": field["name"] in required and field["part"] == "line"}
            for field in described if field.get("asked")]


def one_number(ruleset_name: str) -> bool:
    """A game played alone (the solitaire): the page asks one number, its result, in one hand."""
    ruleset = find_ruleset(ruleset_name)
    return tuple(getattr(ruleset, "side_counts", ())) == (1,)


def _sides(game: Game, alone: bool) -> tuple[list[dict], list]:
    if not alone:
        return [{"id": "ns", "label": game.ns_team.name, "seat": None},
                {"id": "ew", "label": game.ew_team.name, "seat": None}], []
    seats = table_seats(game)
    return [{"id": side_id(seat.position), "label": seat.team.name, "seat": seat.position} for seat in seats], seats


def _result(game: Game, seats: list, alone: bool) -> dict | None:
    if game.status != Game.Status.FINAL:
        return None
    if alone:
        return {side_id(seat.position): seat.score for seat in seats}
    return {"ns": game.ns_total, "ew": game.ew_total}


def side_table_page(request, table, game: Game):
    """The page of a table whose event plays a game other than NVSO."""
    event = table.event
    alone = seated_by_seats(game)
    sides, seats = _sides(game, alone)
    version = selectors.latest_version(game)
    draft = SheetDraft.objects.filter(game=game).first()
    token = table.token
    options = effective_document(event, {})["options"]
    ruleset = find_ruleset(event.ruleset)
    config = {
        "token": token, "game": game.pk, "round": game.round.number, "table": table.number,
        "format": FORMAT, "ruleset": event.ruleset, "title": getattr(ruleset, "title", event.ruleset),
        "options": event.rule_options or None, "sides": sides, "players": alone,
        "requireCode": event.require_opponent_code, "line": form_line(event.ruleset, options),
        "oneNumber": one_number(event.ruleset), "handsAsked": hands_asked(event),
        # What the page asks about before sending (static/js/table/warnings.js, as NVSO's page).
        "targetScore": event.target, "goAhead": not game.round.awaits_go_ahead,
        "final": game.status == Game.Status.FINAL, "result": _result(game, seats, alone),
        "urls": {"sheet": reverse("api-table-sheet", args=[token]),
                 "accept": reverse("api-table-accept", args=[token]),
                 "dispute": reverse("api-table-dispute", args=[token]),
                 "draft": reverse("api-table-draft", args=[token]), "worker": reverse("table-worker")},
        "latest": _latest(version, seats, alone),
        "draft": ({"form": draft.data, "validation": draft.validation, "revision": draft.revision}
                  if draft else None),
    }
    return render(request, "table/sides_sheet.html", {
        "table": table, "event": event, "game": game, "sides": sides, "config": config, "site": site_url(request),
    })


def _latest(version, seats: list, alone: bool) -> dict | None:
    if version is None:
        return None
    totals = ({side_id(seat.position): score for seat, score in seat_scores(version, seats).items()} if alone
              else {"ns": version.ns_total, "ew": version.ew_total})
    return {"id": version.pk, "version": version.number, "status": version.status, "document": version.document,
            "validation": version.validation, "totals": totals, "keeper": version.keeper,
            "locked": version.is_locked, "reason": version.reason}


def director_config(game: Game, start, done: str) -> tuple[dict, list]:
    """The director's copy of this page (`views.director_sheet`, "director" mode of static/js/sides_sheet.js):
    the same form and sides, no draft and no confirming, started from the sheet the director chose (`start`,
    a document) and saved as the game's result through the correction endpoint. Also the table's seats."""
    event = game.round.event
    alone = seated_by_seats(game)
    sides, seats = _sides(game, alone)
    ruleset = find_ruleset(event.ruleset)
    config = {
        "mode": "director", "game": game.pk, "round": game.round.number, "table": game.table.number,
        "format": FORMAT, "ruleset": event.ruleset, "title": getattr(ruleset, "title", event.ruleset),
        "options": event.rule_options or None, "sides": sides, "players": alone,
        "line": form_line(event.ruleset, effective_document(event, {})["options"]),
        "oneNumber": one_number(event.ruleset), "handsAsked": hands_asked(event),
        "final": game.status == Game.Status.FINAL, "result": _result(game, seats, alone),
        "urls": {"correct": reverse("api-correct", args=[event.pk, game.pk]), "done": done},
        "start": start if isinstance(start, dict) and start.get("format") == FORMAT else None,
    }
    return config, seats
