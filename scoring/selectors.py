"""Reads for the table page, the director's board and history, and the standings with their version."""

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Count, Exists, F, Max, OuterRef, Q, QuerySet, TextField
from django.db.models.functions import Cast
from django.utils.translation import gettext_lazy

from tournament.core.models import Event, Game, Round, Seat, Team

from .models import (
    BOARD_STATES,
    LOCKED,
    MAX_WRONG_CODES,
    DirectorCall,
    LateSheet,
    SheetDecision,
    SheetStatus,
    SheetVersion,
)
from .standings import StandingRow, compute_standings, games_counted, ranks_by_vp


def latest_version(game: Game) -> SheetVersion | None:
    return SheetVersion.objects.for_game(game).select_related("submitted_by", "game__table").first()


def latest_version_number(game: Game) -> int | None:
    """The number of the game's latest sheet version; None before the first."""
    return SheetVersion.objects.for_game(game).values_list("number", flat=True).first()


def games_with_sheets(game_ids) -> set[int]:
    """Which of these games have a score sheet (any version, even one waiting for the opponents), in one
    query. The answer to the core's question (`tournament.core.questions`) the knockout asks before it
    re-seats a game, and the core before a withdrawal or a draw changes a game not started yet."""
    # No ordering: the default one (by game, its round, event and table) would join four tables into it.
    return set(SheetVersion.objects.filter(game_id__in=list(game_ids)).order_by()
               .values_list("game_id", flat=True).distinct())


@dataclass(slots=True)
class BoardRow:
    """One table of the director's board: its game, its teams' names, and its sheet's latest version as
    plain values (`version` is that version's number; None, and the fields after it empty, before the
    first). Built from values, not models: a board has 500 of them, read once per change."""

    game_id: int
    table: int
    ns: str
    ew: str
    state: str
    version: int | None = None
    source: str = ""
    ns_total: int | None = None
    ew_total: int | None = None
    wrong_codes: int = 0
    director_called: bool = False
    reason: str = ""
    validation_json: str | None = None   # the rules' answer, as the JSON text stored: read by `messages`
    disputes: list[str] = field(default_factory=list)   # what the opponents said when they disputed it
    draft_at: object = None
    # A table of single players (no North-South, no East-West): its players' names in seat order, and each
    # seat's result once the game is final; None at a table of two sides.
    players: list[str] | None = None
    scores: list[int | None] | None = None

    @property
    def seating(self) -> str:
        """A table of single players' players in seat order, each with their seat's number."""
        return " · ".join(f"{seat}. {name}" for seat, name in enumerate(self.players or [], start=1))

    @property
    def locked(self) -> bool:
        """Too many wrong team codes (`SheetVersion.is_locked`)."""
        return self.wrong_codes >= MAX_WRONG_CODES

    @property
    def why(self) -> str:
        """Why the director is needed at this table, in a few words; "" when not."""
        if self.version is None:
            return ""
        why = director_call(self.state, self.locked, self.director_called)
        if self.players is not None:  # single players: no opponents, and the codes are the players' own
            why = _AT_A_TABLE_OF_PLAYERS.get(why, why)
        return str(_WHY_WORDS.get(why, why))

    @property
    def needs_director(self) -> bool:
        return bool(self.why)

    @property
    def messages(self) -> list[str]:
        """What the director must read: the sheet's errors, the scorekeeper's reason, the dispute."""
        validation = (json.loads(self.validation_json) if self.validation_json else None) or {}
        lines = [v["message"] for v in validation.get("violations", []) if v.get("severity") == "error"]
        lines += [p["message"] for p in validation.get("problems", [])]
        return lines


def director_call(status: str, locked: bool, director_called: bool) -> str:
    """Why a game's latest sheet version (of this status) calls the director; "" when it does not."""
    if status == SheetStatus.FLAGGED:
        return "Sent to the director by the scorekeeper"
    if status == SheetStatus.DISPUTED:
        return "Disputed by the opponents"
    if status == SheetStatus.SUBMITTED and locked:
        return "Too many wrong team codes"
    if status == SheetStatus.SUBMITTED and director_called:
        return "Sent to the director, then corrected at the table: waiting for the opponents"
    return ""


# What `director_call` says of two sides, as said at a table of single players.
_AT_A_TABLE_OF_PLAYERS = {
    "Disputed by the opponents": "Disputed by a player at the table",
    "Too many wrong team codes": "Too many wrong player codes",
    "Sent to the director, then corrected at the table: waiting for the opponents":
        "Sent to the director, then corrected at the table: waiting for another player",
}


# `director_call`'s words (English, as the code compares them) in the reader's language.
_WHY_WORDS = {
    "Sent to the director by the scorekeeper": gettext_lazy("Sent to the director by the scorekeeper"),
    "Disputed by the opponents": gettext_lazy("Disputed by the opponents"),
    "Too many wrong team codes": gettext_lazy("Too many wrong team codes"),
    "Sent to the director, then corrected at the table: waiting for the opponents":
        gettext_lazy("Sent to the director, then corrected at the table: waiting for the opponents"),
    "Disputed by a player at the table": gettext_lazy("Disputed by a player at the table"),
    "Too many wrong player codes": gettext_lazy("Too many wrong player codes"),
    "Sent to the director, then corrected at the table: waiting for another player":
        gettext_lazy("Sent to the director, then corrected at the table: waiting for another player"),
}


# The latest version's fields the board shows, by `BoardRow`'s names.
_VERSION_FIELDS = ("source", "ns_total", "ew_total", "wrong_codes", "director_called", "reason")


def board(round_: Round | int | tuple[int, ...]) -> tuple[list[BoardRow], dict[str, int]]:
    """Every table of the round with its sheet's state, and the count per state, in three queries of
    values (the games with their teams' names and their drafts' times, their latest versions, the
    disputes of the round's versions), and a fourth at tables of single players (their seats): no model is
    built, no sheet's document read, and the rules' answer of a version left as its JSON text until a
    row's `messages` are asked for (the page asks only for the tables that need the director: decoding 500
    of them took longer than the rest of the board). A tuple of round ids is one game played in several
    sections (docs/sections.md): all their tables."""
    rounds = list(round_) if isinstance(round_, tuple) else [round_]
    games = (Game.objects.filter(Q(ns_team__isnull=False, ew_team__isnull=False)
                                 | Q(ns_team__isnull=True, ew_team__isnull=True)
                                 & Exists(Seat.objects.filter(game=OuterRef("pk"))), round__in=rounds)
             .order_by("table__number")
             .values_list("pk", "table__number", "ns_team__player1", "ns_team__player2", "ew_team__player1",
                          "ew_team__player2", "sheet_draft__updated_at", "status", "ns_total", "ew_total"))
    later = SheetVersion.objects.filter(game=OuterRef("game"), number__gt=OuterRef("number"))
    versions = {}
    for values in (SheetVersion.objects.filter(game__round__in=rounds).exclude(Exists(later)).order_by()
                   .values("game_id", "pk", "status", *_VERSION_FIELDS, version=F("number"),
                           validation_json=Cast("validation", TextField()))):
        versions[values.pop("game_id")] = values
    disputes = {}
    for version_id, reason in (SheetDecision.objects.filter(version__game__round__in=rounds,
                                                            kind=SheetDecision.Kind.DISPUTE)
                               .order_by("created_at", "id").values_list("version_id", "reason")):
        disputes.setdefault(version_id, []).append(reason)
    rows = []
    for game_id, table, ns1, ns2, ew1, ew2, draft_at, status, ns_total, ew_total in games:
        version = versions.get(game_id, {})
        row = BoardRow(game_id, table, Team.name_of(ns1, ns2), Team.name_of(ew1, ew2),
                       version.pop("status", None) or ("draft" if draft_at else "missing"),
                       disputes=disputes.get(version.pop("pk", None), []), draft_at=draft_at, **version)
        if ns1 is None:  # a table of single players: named by its seats (`_seat_players`)
            row.ns = row.ew = ""
            row.players, row.scores = [], []
        elif status == Game.Status.FINAL:  # the result, less any penalty, or a ruling's (`scoring.rulings`)
            row.ns_total, row.ew_total = ns_total, ew_total
        rows.append(row)
    _seat_players(rounds, [row for row in rows if row.players is not None])
    counts = Counter(row.state for row in rows)
    return rows, {state: counts.get(state, 0) for state in BOARD_STATES}


def _seat_players(rounds: list, rows: list[BoardRow]) -> None:
    """Name the players of these tables of single players in seat order, with their results (one query,
    none at a round of two-side tables)."""
    if not rows:
        return
    by_game = {row.game_id: row for row in rows}
    for game_id, player1, player2, score in (Seat.objects.filter(round__in=rounds, game_id__in=list(by_game))
                                             .order_by("game_id", "position")
                                             .values_list("game_id", "team__player1", "team__player2", "score")):
        row = by_game[game_id]
        row.players.append(Team.name_of(player1, player2))
        row.scores.append(score)


def sheet_counts(round_: Round) -> dict[str, int]:
    """The round's tables per sheet state, and how many need the director ("needs_director"), as the board
    counts them (three queries): the answer to the core's question for the director's dashboard."""
    rows, counts = board(round_)
    return counts | {"needs_director": sum(1 for row in rows if row.needs_director)}


def open_calls(event: Event) -> list[DirectorCall]:
    """The tables' calls the director has not answered, oldest first: on every game's board. One query."""
    return list(DirectorCall.objects.filter(table__event=event, cleared_at=None)
                .select_related("table", "game__round").order_by("called_at", "pk"))


def late_sheets_of(event: Event) -> QuerySet[LateSheet]:
    """Every late sheet of the event, settled or not, with its game as the board shows it."""
    return (LateSheet.objects.filter(game__round__event=event)
            .select_related("game__round", "game__table", "game__ns_team", "game__ew_team"))


def late_sheets(event: Event) -> list[LateSheet]:
    """The sheets that arrived for a game already final, which the director has not settled yet: on every
    game's board, whichever game they belong to, oldest first. One query."""
    return list(late_sheets_of(event).filter(settled_at=None).order_by("created_at", "pk"))


@dataclass
class Board:
    """One game's tables as the director's board shows them, and every game of the event with how many of
    its tables need the director ({"round", "needs_director"}), so an earlier game's sheets stay reachable;
    and the late sheets of every game and the tables' open calls (`scoring.calls`), waiting for the director."""

    event: int
    round: int | None
    rounds: list[dict]
    counts: dict[str, int]
    rows: list[BoardRow]
    late_sheets: list[LateSheet]
    calls: list[DirectorCall] = field(default_factory=list)

    @property
    def latest(self) -> int | None:
        return self.rounds[-1]["round"] if self.rounds else None


def event_board(event: Event, number: int | None = None) -> Board | None:
    """The board of game `number` (the latest when None), for the page and the API alike; None when the
    event has no such game. Seven queries: the games and their calls, the late sheets, the tables' open
    calls to the director, the game's rows."""
    games = _games_and_calls(event)
    rounds = [{"round": n, "needs_director": calls} for _, n, calls in games]
    if number is None:
        shown = games[-1] if games else None   # the latest; none before game 1 is seated
    else:
        shown = next((game for game in games if game[1] == number), None)
        if shown is None:
            return None
    late = late_sheets(event)
    calls = open_calls(event)
    if shown is None:
        return Board(event.pk, None, rounds, {}, [], late, calls)
    rows, counts = board(shown[0])
    return Board(event.pk, shown[1], rounds, counts, rows, late, calls)


def board_rounds(event: Event) -> list[tuple[int, int]]:
    """Every game of the event with how many of its tables need the director."""
    return [(number, calls) for _, number, calls in _games_and_calls(event)]


def _games_and_calls(event: Event) -> list[tuple[tuple, int, int]]:
    """Every game (round) of the event, by number, as (its rounds' ids, its number, how many of its tables need
    the director), in two queries.

    A version that calls the director is always its game's latest (a later one supersedes it), so the
    open calls are the versions in those states.
    """
    calls = Counter(dict(
        SheetVersion.objects.filter(game__round__event=event)
        .filter(Q(status__in=(SheetStatus.FLAGGED, SheetStatus.DISPUTED))
                | Q(status=SheetStatus.SUBMITTED) & (LOCKED | Q(director_called=True)))
        .values("game__round__number").annotate(n=Count("pk")).values_list("game__round__number", "n")
    ))
    # Each game once, with its rounds' ids: one round, or one a section in an event with sections.
    ids: dict[int, tuple] = {}
    for pk, number in event.rounds.order_by("number", "pk").values_list("pk", "number"):
        ids[number] = (*ids.get(number, ()), pk)
    return [(pks, number, calls.get(number, 0)) for number, pks in ids.items()]


@dataclass
class Change:
    where: str
    before: object
    after: object


@dataclass
class HistoryEntry:
    version: SheetVersion
    changes: list[Change]
    decisions: list[SheetDecision]


def history(game: Game) -> list[HistoryEntry]:
    """Every version of the game's sheet, newest first, each with what changed from the one before."""
    versions = list(SheetVersion.objects.filter(game=game).select_related("submitted_by")
                    .prefetch_related("decisions").order_by("number"))
    entries, previous = [], None
    for version in versions:
        changes = sheet_changes(previous.document, version.document) if previous is not None else []
        entries.append(HistoryEntry(version, changes, list(version.decisions.all())))
        previous = version
    return list(reversed(entries))


_SIDE = {"ns": "North-South", "ew": "East-West"}


def _flatten(document) -> dict[str, object]:
    """A sheet as {"Hand 2, East-West, count": 280, ...}, the way a player reads it."""
    flat: dict[str, object] = {}
    if not isinstance(document, dict):
        return flat
    hands = document.get("hands") if isinstance(document.get("hands"), list) else []
    for number, hand in enumerate(hands, start=1):
        if not isinstance(hand, dict):
            continue
        for side in ("ns", "ew"):
            line = hand.get(side) if isinstance(hand.get(side), dict) else {}
            for name, value in line.items():
                if name == "details" and isinstance(value, dict):
                    for detail, detail_value in value.items():
                        flat[f"Hand {number}, {_SIDE[side]}, {detail.replace('_', ' ')}"] = detail_value
                else:
                    flat[f"Hand {number}, {_SIDE[side]}, {name}"] = value
    final = document.get("final") if isinstance(document.get("final"), dict) else {}
    for side in ("ns", "ew"):
        if side in final:
            flat[f"Final, {_SIDE[side]}"] = final[side]
    if "winner" in document:
        flat["Winner"] = document["winner"]
    return flat


def sheet_changes(before, after) -> list[Change]:
    old, new = _flatten(before), _flatten(after)
    return [Change(where, old.get(where), new.get(where))
            for where in list(dict.fromkeys([*old, *new])) if old.get(where) != new.get(where)]


def standings_etag(event: Event) -> str:
    """Changes whenever the standings could: a result, a seated game, a team, or the event's settings.

    Two aggregate queries: the version of the published standings where no shared cache carries one
    (`tournament.core.published`). A renamed team changes it where the event was read with its last
    renaming (`publishing.standings_fingerprint`).
    """
    facts = Game.objects.filter(round__event=event).aggregate(
        last=Max("result_at"), finals=Count("pk", filter=Q(status=Game.Status.FINAL)),
        games=Count("pk"), rounds=Max("round__number"),
        finished=Count("round", filter=Q(round__status=Round.Status.FINISHED), distinct=True),
    )
    teams = event.teams.aggregate(n=Count("pk"), withdrawn=Count("pk", filter=Q(status="withdrawn")))
    raw = (f"{event.pk}|{event.created_at.isoformat()}|{event.standings_order}|{event.sit_out_rule}|"
           f"{event.standings_published}|{event.rank_by_vp}|{event.vp_scale}|"
           f"{event.name}|{event.language}|{facts}|{teams}|{getattr(event, 'renamed', None)}")
    return hashlib.sha1(raw.encode()).hexdigest()[:20]


def standings(event: Event) -> list[StandingRow]:
    """The standings as rows of models, for the director's export; what players poll is published once
    per change instead (`scoring.publishing`)."""
    return compute_standings(event)


def standings_data(event: Event) -> dict:
    """The standings as the API answers them, as plain data."""
    return standings_data_of(event, compute_standings(event))


def standings_data_of(event: Event, rows: list[StandingRow]) -> dict:
    """The API's answer; the victory points' fields are null when the event does not rank by them, and the
    opponents' tiebreaks when its order does not use them. `games_counted` 0: nothing is ranked yet (every
    rank is 1), as the page says in a sentence."""
    vp = ranks_by_vp(event)
    return {"event": event.pk, "order": event.standings_order, "sit_out_rule": event.sit_out_rule,
            "rank_by_vp": vp, "vp_scale": event.vp_scale if vp else None,
            "games_counted": games_counted(event, rows), "rows": [{
                "rank": row.rank, "team": {"id": row.team.pk, "number": row.team.number, "name": row.team.name},
                "played": row.played, "wins": row.wins, "losses": row.losses, "ties": row.ties,
                "points": row.points, "difference": row.difference, "sit_outs": row.sit_outs,
                "vp": row.vp if vp else None,
                "game_vps": [{"game": g.round, "vp": g.vp, "sat_out": g.sat_out} for g in row.games] if vp else None,
                "buchholz": row.buchholz, "median_buchholz": row.median_buchholz, "head_to_head": row.head_to_head,
            } for row in rows]}
