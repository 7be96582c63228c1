"""Pages: the table's score sheet, the director's board, history, correction and cards, the standings.

Views read through selectors and write through services; the sheet form itself talks to the REST API
(static/js/table/), so a page and a program submit through one path.
"""

import csv
import re

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_POST

from rules.fields import TEAM_LABEL_LIMIT
from rules.registry import line_description
from tournament.core import services as tournament_services
from tournament.core.access import director_event, safe_next
from tournament.core.game_room import plays_alone
from tournament.core.language import read_in_event_language, speak_event_language
from tournament.core.links import absolute_url, is_loopback, qr_svg, site_url
from tournament.core.models import Event, Game, Table
from tournament.core.published import conditional

from . import calls, publishing, selectors, services, table_games
from .models import SheetDraft
from .ruling_views import ruling_context
from .side_table import director_config, has_side_page, side_table_page
from .standings import column_words, games_counted, ranks_by_vp
from .validation import hands_asked, page_sides, phrased_for

STATE_LABELS = publishing.STATE_LABELS


def _director_event(request, event_id: int) -> Event:
    return director_event(request, event_id, _("Only this event's directors can see this page."))


# --- The table -------------------------------------------------------------------------------------

def table_page(request, token):
    table = Table.objects.select_related("event").filter(token=token).first() if "\x00" not in token else None
    if table is None:
        return render(request, "table/unknown.html", status=404)
    speak_event_language(request, table.event)
    game = table_games.current_game(table)
    if game is not None and has_side_page(table.event) and table_games.has_sheet(game):
        return side_table_page(request, table, game)  # any other game: the form its rule set describes
    context = {"table": table, "event": table.event, "game": game, "site": site_url(request)}
    if game is None or game.ns_team_id is None or game.ew_team_id is None:
        context["sitting_team"] = (game.ns_team or game.ew_team) if game is not None else None
        return render(request, "table/no_game.html", context)
    version = selectors.latest_version(game)
    draft = SheetDraft.objects.filter(game=game).first()
    api = reverse("api-table-sheet", args=[token])
    context["config"] = {
        "token": token, "game": game.pk, "round": game.round.number, "table": table.number,
        "ns": game.ns_team.name, "ew": game.ew_team.name,
        "requireCode": table.event.require_opponent_code, "ruleset": table.event.ruleset,
        # What the page asks about before sending a sheet (a question, never a refusal): fewer hands than
        # the game has, or a game the director has not given the go-ahead for (the clock updates it).
        "handsAsked": hands_asked(table.event), "targetScore": table.event.target,
        "goAhead": not game.round.awaits_go_ahead,
        "line": line_description(table.event.ruleset, get_language()), "teamLabelLimit": TEAM_LABEL_LIMIT,
        "final": game.status == Game.Status.FINAL,
        "result": {"ns": game.ns_total, "ew": game.ew_total, "winner": game.winner},
        "urls": {"sheet": api + "?sides=page", "accept": reverse("api-table-accept", args=[token]) + "?sides=page",
                 "dispute": reverse("api-table-dispute", args=[token]) + "?sides=page",
                 "draft": reverse("api-table-draft", args=[token]) + "?sides=page",
                 "base": reverse("api-table-base", args=[token]), "worker": reverse("table-worker")},
        "latest": ({"id": version.pk, "version": version.number, "status": version.status,
                    "document": version.document,
                    "validation": phrased_for(table.event, version.document, version.validation, page_sides()),
                    "ns_total": version.ns_total, "ew_total": version.ew_total, "reason": version.reason,
                    "locked": version.is_locked}
                   if version else None),
        "draft": ({"form": draft.data, "updated_at": draft.updated_at.isoformat(),
                   "validation": draft.validation, "revision": draft.revision} if draft else None),
        "mode": "table",
    }
    return render(request, "table/sheet.html", context)


def table_worker(request):
    """The tables' service worker, which lets a table's page open offline (templates/table/service_worker.js).

    Served here rather than from /static/ so that its scope, /t/, covers every table's page, and never
    cached, so a new version reaches the tables with their next visit."""
    response = render(request, "table/service_worker.js", {"static_url": settings.STATIC_URL},
                      content_type="application/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


# --- The director ----------------------------------------------------------------------------------

@login_required
def director_board(request, event_id):
    """One game's tables (the latest game unless ?round=N), with links to every other game's board.

    The latest game's board, which the page re-reads every 20 s, is published once per change of its
    sheets (`publishing.board_parts`); an earlier game's is built on request."""
    event = _director_event(request, event_id)
    asked = request.GET.get("round", "")
    number = int(asked) if re.fullmatch(r"[0-9]{1,5}", asked) else None
    if not asked:
        nav, live = publishing.board_parts(request, event.pk)
    else:
        board = selectors.event_board(event, number) if number is not None else None
        if board is None:
            raise Http404("This event has no such game.")
        context = publishing.board_context(event, board) | {"next_path": request.get_full_path()}
        nav = render_to_string("director/board_nav.html", context, request=request)
        live = render_to_string("director/board_live.html", context, request=request)
    return render(request, "director/board.html", {"event": event, "nav": mark_safe(nav), "live": mark_safe(live)})


@login_required
@ensure_csrf_cookie
def director_sheet(request, event_id, game_id):
    """A game's sheet history, and the form to enter the paper sheet or correct the result."""
    event = _director_event(request, event_id)
    game = get_object_or_404(Game.objects.select_related("round", "table", "ns_team", "ew_team"),
                             pk=game_id, round__event=event)
    side_page = has_side_page(event)
    if (game.ns_team_id is None or game.ew_team_id is None) and not (side_page and plays_alone(event)):
        raise Http404("A table with one team has no sheet.")
    entries = selectors.history(game)
    late_sheets = list(game.late_sheets.order_by("created_at", "pk"))
    for late in late_sheets:
        late.game = game
    start = request.GET.get("from")
    base = next((e.version for e in entries if str(e.version.number) == start), None)
    # A late sheet the director compares and may make the result: the correction starts from it.
    base = base or next((late for late in late_sheets if str(late.pk) == request.GET.get("late")), None)
    base = base or (entries[0].version if entries else None)
    done = reverse("director-sheet", args=[event.pk, game.pk])
    if side_page:  # any game but NVSO: the side page's form, in its director mode
        config, seats = director_config(game, base.document if base else None, done)
        return render(request, "director/sheet.html", {
            "event": event, "game": game, "entries": entries, "config": config, "labels": STATE_LABELS,
            "late_sheets": late_sheets, "rulings": ruling_context(game), "seats": seats, "side_page": True,
        })
    config = {
        "game": game.pk, "round": game.round.number, "table": game.table.number,
        "ns": game.ns_team.name, "ew": game.ew_team.name, "requireCode": False, "mode": "director",
        "ruleset": event.ruleset, "line": line_description(event.ruleset, get_language()),
        "teamLabelLimit": TEAM_LABEL_LIMIT,
        "urls": {"correct": reverse("api-correct", args=[event.pk, game.pk]), "done": done},
        "start": base.document if base else None, "startVersion": getattr(base, "number", None),
        # A final result is replaced only once the director ticks the box that names it (`director_correct`).
        "result": {"ns": game.ns_total, "ew": game.ew_total} if game.status == Game.Status.FINAL else None,
    }
    return render(request, "director/sheet.html", {
        "event": event, "game": game, "entries": entries, "config": config, "labels": STATE_LABELS,
        "late_sheets": late_sheets, "rulings": ruling_context(game),
    })


@login_required
@require_POST
def director_settle_late_sheet(request, event_id, late_id):
    """The director keeps the game's result: the late sheet leaves the board (it stays in the game's page)."""
    event = _director_event(request, event_id)
    late = get_object_or_404(selectors.late_sheets_of(event), pk=late_id)
    services.settle_late_sheet(late, request.user)
    messages.success(request, _("Table %(table)s, game %(game)s: the result is kept.")
                     % {"table": late.game.table.number, "game": late.game.round.number})
    return redirect(safe_next(request, reverse("director-board", args=[event.pk])))


@login_required
@require_POST
def director_clear_call(request, event_id, call_id):
    """The director has come to the table: its call leaves the board (logged)."""
    event = _director_event(request, event_id)
    call = calls.clear_call(get_object_or_404(calls.calls_of(event), pk=call_id), request.user)
    messages.success(request, _("Table %(table)s's call is cleared.") % {"table": call.table.number})
    return redirect(safe_next(request, reverse("director-board", args=[event.pk])))


@login_required
def director_cards(request, event_id):
    """Table cards (a QR code to the table's sheet) and team cards (the team code, and a QR code to the
    team's own page), at the room's address (tournament.core.links)."""
    event = _director_event(request, event_id)
    tables = []
    for table in event.tables.order_by("number"):
        url = absolute_url(request, reverse("table-page", args=[table.token]))
        title = _("QR code: table %(table)s's score sheet") % {"table": table.number}
        tables.append({"table": table, "url": url, "qr": qr_svg(url, scale=6, title=title)})
    follow = absolute_url(request, reverse("public-event", args=[event.pk]))
    teams = list(event.teams.order_by("number"))
    for team in teams:  # each team's card opens its own page
        url = absolute_url(request, reverse("public-team", args=[event.pk, team.pk]))
        title = _("QR code: the page of team %(team)s") % {"team": team.number}
        team.card = {"url": url, "qr": qr_svg(url, scale=4, title=title)}
    return render(request, "director/cards.html", {
        "event": event, "tables": tables, "teams": teams,
        "follow": {"url": follow, "site": site_url(request), "loopback": is_loopback(follow),
                   "qr": qr_svg(follow, scale=4, title=_("QR code: the event's page for players"))},
    })


@login_required
def director_standings_csv(request, event_id):
    event = _director_event(request, event_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="standings-event-{event.pk}.csv"'
    response.write("\ufeff")  # the byte order mark tells Excel the file is UTF-8, so accents show
    writer = csv.writer(response)
    words = column_words(event)
    # Columns are only ever added at the end, so a spreadsheet made for the file keeps working. "Opponents"
    # and "Had bye" make the file the `pairing` command's standings as it is (docs/pairing.md); victory
    # points (teams only) follow when the event ranks by them.
    vp = ranks_by_vp(event)
    vp_games = range(1, event.total_games + 1) if vp else range(0)   # the paired games' too
    rows = selectors.standings(event)
    sectioned = any(row.team.section_id for row in rows)  # the teams of every section, ranked together
    writer.writerow(["Rank", f"{words['entrant']} number", words["entrant"], "Club", "Played", "Wins", "Losses",
                     "Ties", words["points"], "Difference", "Sit-outs", "Buchholz", "Median-Buchholz", "Opponents",
                     "Had bye"]
                    + (["Victory points", *(f"VP game {n}" for n in vp_games)] if vp else [])
                    + (["Section"] if sectioned else []))
    ranked = games_counted(event, rows) > 0   # before a game is counted the Rank column is left blank
    numbers = {row.team.pk: row.team.number for row in rows}
    for row in rows:
        opponents = " ".join(str(numbers[team_id]) for team_id, _ in row.meetings if team_id in numbers)
        by_game = {game.round: game.vp for game in row.games}
        writer.writerow([row.rank if ranked else "", row.team.number, _csv_safe(row.team.name),
                         _csv_safe(row.team.club),
                         row.played, row.wins, row.losses, row.ties, row.points, row.difference, row.sit_outs,
                         _tiebreak(row.buchholz), _tiebreak(row.median_buchholz), opponents,
                         "yes" if row.sit_outs else "no"]
                        + ([row.vp, *(by_game.get(n, "") for n in vp_games)] if vp else [])
                        + ([row.team.section.letter] if sectioned else []))
    return response


def _tiebreak(value: float | None) -> str:
    """A tiebreak's cell: empty when the event's order does not use it (it is not computed then)."""
    return "" if value is None else f"{value:g}"


def _csv_safe(text: str) -> str:
    """A name opened in a spreadsheet must not run as a formula (a tab or return first can start one too)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@login_required
@require_POST
def director_publish_standings(request, event_id):
    event = _director_event(request, event_id)
    publish = request.POST.get("publish") == "1"
    tournament_services.publish(event, request.user, "standings", publish)
    messages.success(request, _("The standings are public.") if publish else _("The standings are hidden."))
    return redirect(safe_next(request, reverse("director-board", args=[event.pk])))


# --- Public ----------------------------------------------------------------------------------------

def public_standings(request, event_id):
    """Polled by every phone in the room: the fragment as published once per change (`scoring.publishing`),
    or a 304, read without SQL when the standings are public and the cache is shared.

    Before they are published, the event's directors see them (with a banner saying so) and everyone
    else the page that says they are not published yet."""
    partial = bool(request.GET.get("partial"))
    answer = read_in_event_language(request, event_id, lambda: publishing.read_standings(event_id))
    if answer is None:
        raise Http404("No such event.")
    preview = not answer.meta["published"]
    event = get_object_or_404(Event, pk=event_id) if preview or not partial else None
    if preview and not (request.user.is_authenticated and event.is_director(request.user)):
        return render(request, "public/standings_unpublished.html", {"event": event}, status=404)
    def build():
        if partial:
            return HttpResponse(answer.part("fragment"), content_type="text/html; charset=utf-8")
        return render(request, "public/standings.html", {
            "event": event, "preview": preview, "body": mark_safe(answer.part("body").decode())})

    etag = f'"{answer.etag}{"-p" if partial else ""}{"-d" if preview else ""}"'
    return conditional(request, etag, build, private=preview)
