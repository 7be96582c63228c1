"""The answers scoring publishes (`tournament.core.published`): the standings, as the API's JSON, the
page's fragment that every phone polls, and the rest of the page, rendered once per change; and the
director's board of the latest game, rendered once per change of its sheets.

What an answer may be decided on without a query is in its `meta`: whether the standings are public.
The board changes with every sheet typed, submitted or accepted, which no service announces, so its
version is a fingerprint of them, read on each poll (`board_fingerprint`, one query); and the
parts that belong to one request (the CSRF token, the page's address) are put in when it is sent.
"""

from django.db import connections, router
from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery, Sum
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, pgettext_lazy
from rest_framework.renderers import JSONRenderer

from tournament.core import published, victory
from tournament.core.collation import by_name
from tournament.core.models import DirectorAction, Event

from . import board_html
from .models import BOARD_STATES, DirectorCall, LateSheet, SheetDraft, SheetVersion
from .selectors import Board, event_board, standings_data_of, standings_etag
from .standings import (
    SIT_OUT_RULES,
    VP_SIT_OUT_RULES,
    column_words,
    compute_standings,
    games_counted,
    order_labels,
    parse_order,
    ranks_by_vp,
)

STANDINGS = "standings"
BOARD = "board"
# Debounce (1 s) + a computation at 1,000 teams, with room for a queue behind the clock's moments.
STANDINGS_LAG_SECONDS = 5.0

STATE_LABELS = {
    "missing": gettext_lazy("Nothing yet"), "draft": gettext_lazy("Typing"),
    "submitted": gettext_lazy("Waiting for opponents"), "flagged": gettext_lazy("Flagged"),
    "accepted": pgettext_lazy("a sheet's state", "Accepted"), "disputed": pgettext_lazy("a sheet's state", "Disputed"),
    "superseded": gettext_lazy("Replaced"),
}
# Stand-ins for what belongs to one request, replaced as the board is sent (`board_parts`).
CSRF_MARK, NEXT_MARK = "csrf-token-of-this-request-b7e1", "address-of-this-request-b7e1"


# The standings' columns: the word a wide screen shows, and the letters a phone shows with a key under the
# table (standings_rows.html).
def _headings(*columns) -> tuple:
    return tuple({"key": key, "long": long, "short": short, "num": key != "team"} for key, long, short in columns)


STANDINGS_HEADINGS = _headings(
    ("rank", gettext_lazy("Rank"), "#"), ("team", gettext_lazy("Team"), gettext_lazy("Team")),
    ("played", pgettext_lazy("standings column", "Played"), pgettext_lazy("standings column: played", "P")),
    ("won", pgettext_lazy("standings column", "Won"), pgettext_lazy("standings column: won", "W")),
    ("lost", pgettext_lazy("standings column", "Lost"), pgettext_lazy("standings column: lost", "L")),
    ("tied", pgettext_lazy("standings column", "Tied"), pgettext_lazy("standings column: tied", "T")),
    ("points", gettext_lazy("Points"), gettext_lazy("Points")),
    ("diff", gettext_lazy("Difference"), pgettext_lazy("standings column: difference", "Diff.")),
)
# column_words' English (kept so for the CSV, which the pairing command reads) as the page says it.
PAGE_WORDS = {"Player": gettext_lazy("Player"), "Points": gettext_lazy("Points"),
              "Credited points": gettext_lazy("Credited points"), "Cards": gettext_lazy("Cards")}
# Ranked by victory points: their column follows the team's name, which lists each game's VP under it.
VP_HEADINGS = (STANDINGS_HEADINGS[:2]
               + _headings(("vp", gettext_lazy("Victory points"), pgettext_lazy("victory points", "VP")))
               + STANDINGS_HEADINGS[2:])
# An event in sections ranks every section's teams together; each team's section follows its name.
SECTION_HEADING = _headings(("section", gettext_lazy("Section"), pgettext_lazy("section", "Sec.")))


# The tiebreaks from the opponents, shown as columns after the difference only when the event's order uses
# them (in this order, as standings_rows.html draws their cells).
TIEBREAK_HEADINGS = tuple({"key": key, "long": long, "short": short, "num": True} for key, long, short in (
    ("buchholz", "Buchholz", "Bu."), ("median_buchholz", "Median-Buchholz", "MBu."),
    ("head_to_head", gettext_lazy("Head-to-head"), pgettext_lazy("head-to-head", "H2H")),
))


def standings_context(event: Event, rows: list) -> dict:
    """What the standings' templates show. Nothing is ranked before a game is counted: every team would
    be placed 1st with a row of zeros. A players event names its columns for its game (`column_words`)
    and counts the games (rounds) played, not two-side results; victory points and the opponents'
    tiebreaks rank teams only."""
    words = column_words(event)
    vp = ranks_by_vp(event)
    if words["entrant"] == "Team":
        used = set(parse_order(event.standings_order))
        tiebreaks = [h for h in TIEBREAK_HEADINGS if h["key"] in used]
        headings = (VP_HEADINGS if vp else STANDINGS_HEADINGS) + tuple(tiebreaks)
        if sectioned := any(r.team.section_id for r in rows):
            headings = headings[:2] + SECTION_HEADING + headings[2:]
    else:
        tiebreaks, sectioned = [], False
        entrant, points = (PAGE_WORDS.get(words[key], words[key]) for key in ("entrant", "points"))
        headings = tuple({**h, "long": entrant, "short": entrant} if h["key"] == "team" else
                         {**h, "long": points, "short": points} if h["key"] == "points" else h
                         for h in STANDINGS_HEADINGS)
    games_final = games_counted(event, rows)
    return {"event": event, "rows": rows, "order": order_labels(event),
            "sit_out_rule": SIT_OUT_RULES.get(event.sit_out_rule, ""), "games_final": games_final,
            "counted": games_final > 0, "headings": headings, "tiebreaks": [h["key"] for h in tiebreaks],
            "vp": vp, "sectioned": sectioned, "vp_sit_out": VP_SIT_OUT_RULES.get(event.sit_out_rule, "") if vp else "",
            "vp_lines": victory.lines(event.vp_bands) if vp else "",
            "abbreviated": [h for h in headings if h["short"] != h["long"]]}


def standings_answer(event_id: int) -> tuple[dict, dict] | None:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    rows = compute_standings(event)
    context = standings_context(event, rows)
    fragment = render_to_string("public/standings_rows.html", context)
    context["fragment"] = mark_safe(fragment)  # our own template's output
    # The picker lists the teams by name, in the order of the page's language (a player looks for a name).
    context["teams"] = [{"id": r.team.pk, "name": f"{r.team.name} ({r.team.number})"}
                        for r in by_name(rows, lambda row: row.team.name)]
    parts = {"json": JSONRenderer().render(standings_data_of(event, rows)),
             "fragment": fragment.encode(),
             "body": render_to_string("public/standings_body.html", context).encode()}
    return parts, {"published": event.standings_published, "language": event.language}


def standings_fingerprint(event_id: int) -> str:
    """`standings_etag`, with the event's last renaming in the same query: a name mended changes the rows."""
    renamings = DirectorAction.objects.filter(event=OuterRef("pk"), action="rename_team").order_by("-pk")
    event = Event.objects.filter(pk=event_id).annotate(renamed=Subquery(renamings.values("pk")[:1])).first()
    return standings_etag(event) if event is not None else ""


def read_standings(event_id: int) -> published.Answer | None:
    """The standings' current answer; None when there is no such event."""
    return published.read(event_id, STANDINGS)


def board_context(event: Event, board: Board) -> dict:
    players = any(row.players is not None for row in board.rows)   # a game of single players' tables
    return {
        "event": event, "board": board, "rows": board.rows,
        "counts": [(state, STATE_LABELS[state], board.counts.get(state, 0)) for state in BOARD_STATES
                   if state != "superseded"],
        "attention": [row for row in board.rows if row.needs_director],
        "calls": [{"id": call.pk, "table": call.table.number, "reason": call.get_reason_display(),
                   "game": call.game.round.number if call.game_id else None, "at": call.called_at}
                  for call in board.calls],
        "table_rows": (board_html.seat_rows(event.pk, board.rows) if players
                       else board_html.table_rows(event.pk, board.rows)),
        "players": players,
        "labels": STATE_LABELS,
    }


def board_answer(event_id: int) -> tuple[dict, dict] | None:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    context = board_context(event, event_board(event)) | {"csrf_token": CSRF_MARK, "next_path": NEXT_MARK}
    return {"nav": render_to_string("director/board_nav.html", context).encode(),
            "live": render_to_string("director/board_live.html", context).encode()}, {}


def _newest(model, **aggregates) -> dict:
    """Aggregates of the event's rows of `model` (a sheet version, draft or late sheet), as subqueries."""
    rows = model.objects.filter(game__round__event_id=OuterRef("pk")).order_by().values("game__round__event_id")
    return {f"{model.__name__}_{name}": Subquery(rows.annotate(value=value).values("value")[:1])
            for name, value in aggregates.items()}


def _board_facts(event_id: int) -> QuerySet:
    """What the board shows changes with a logged action (seating, results, corrections, settling), a
    sheet version (a new one, a status, a wrong code, a call), a draft typed, a late sheet, or a table's
    call to the director (made, taken back or cleared)."""
    calls = DirectorCall.objects.filter(table__event_id=OuterRef("pk")).order_by().values("table__event_id")
    return Event.objects.filter(pk=event_id).order_by().annotate(
        last_action=Subquery(DirectorAction.objects.filter(event=OuterRef("pk")).order_by("-pk").values("pk")[:1]),
        **_newest(SheetVersion, n=Count("pk"), last=Max("pk"), changed=Max("status_changed_at"),
                  codes=Sum("wrong_codes"), called=Count("pk", filter=Q(director_called=True))),
        **_newest(SheetDraft, n=Count("pk"), last=Max("updated_at")),
        **_newest(LateSheet, n=Count("pk"), last=Max("pk"), settled=Count("settled_at")),
        calls_n=Subquery(calls.annotate(value=Count("pk")).values("value")[:1]),
        calls_last=Subquery(calls.annotate(value=Max("pk")).values("value")[:1]),
        calls_cleared=Subquery(calls.annotate(value=Count("cleared_at")).values("value")[:1]),
        calls_reason=Subquery(calls.filter(cleared_at=None).annotate(value=Count("reason", filter=~Q(reason="")))
                              .values("value")[:1]),
    ).values()[:1]


_ANY_EVENT = -48129113   # no event's id: the compiled query's place for the one asked for
_compiled: dict[str, tuple[str, tuple]] = {}   # database alias -> the query's SQL and parameters


def board_fingerprint(event_id: int) -> str:
    """The state of everything the board shows (`_board_facts`), read on every poll of the board: one
    query, compiled by the ORM once per process (building it took three times as long as running it)."""
    alias = router.db_for_read(Event)
    if alias not in _compiled:
        _compiled[alias] = _board_facts(_ANY_EVENT).query.get_compiler(using=alias).as_sql()
    sql, params = _compiled[alias]
    with connections[alias].cursor() as cursor:
        cursor.execute(sql, [event_id if param == _ANY_EVENT else param for param in params])
        facts = cursor.fetchone()
    return repr(facts) if facts else ""


def board_parts(request, event_id: int) -> tuple[str, str] | None:
    """The latest game's board as published (its heading and its live part), made this request's."""
    answer = published.read(event_id, BOARD)
    if answer is None:
        return None
    live = (answer.part("live").decode().replace(CSRF_MARK, get_token(request))
            .replace(NEXT_MARK, escape(request.get_full_path())))
    return answer.part("nav").decode(), live


def register() -> None:
    # A result accepted somewhere in the room every fraction of a second must not make every poll compute:
    # the standings may lag the job (about a second) by STANDINGS_LAG_SECONDS at most.
    # The clock and a late sheet kept aside change no result.
    published.register(STANDINGS, compute=standings_answer, fingerprint=standings_fingerprint,
                       lag=STANDINGS_LAG_SECONDS,
                       unchanged_by=published.CLOCK_ACTIONS | {"settle_late_sheet", "clear_call"})
    published.register(BOARD, compute=board_answer, fingerprint=board_fingerprint, announced=False)
