"""Reads for the table page, the director's board and history, and the standings with their version."""

import hashlib
from collections import Counter
from dataclasses import dataclass

from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery

from tournament.core.models import Event, Game, Round

from .models import BOARD_STATES, LOCKED, LateSheet, SheetDecision, SheetDraft, SheetStatus, SheetVersion
from .standings import StandingRow, compute_standings


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


def game_sheet_state(game: Game, latest: SheetVersion | None, has_draft: bool) -> str:
    if latest is not None:
        return latest.status
    return "draft" if has_draft else "missing"


@dataclass
class BoardRow:
    game: Game
    state: str
    version: SheetVersion | None
    draft_at: object = None

    @property
    def table(self) -> int:
        return self.game.table.number

    @property
    def why(self) -> str:
        """Why the director is needed at this table, in a few words; "" when not."""
        return director_call(self.version)

    @property
    def needs_director(self) -> bool:
        return bool(self.why)

    @property
    def messages(self) -> list[str]:
        """What the director must read: the sheet's errors, the scorekeeper's reason, the dispute."""
        if self.version is None:
            return []
        validation = self.version.validation or {}
        lines = [v["message"] for v in validation.get("violations", []) if v.get("severity") == "error"]
        lines += [p["message"] for p in validation.get("problems", [])]
        return lines


def director_call(version: SheetVersion | None) -> str:
    if version is None:
        return ""
    if version.status == SheetStatus.FLAGGED:
        return "Sent to the director by the scorekeeper"
    if version.status == SheetStatus.DISPUTED:
        return "Disputed by the opponents"
    if version.status == SheetStatus.SUBMITTED and version.is_locked:
        return "Too many wrong team codes"
    if version.status == SheetStatus.SUBMITTED and version.director_called:
        return "Sent to the director, then corrected at the table: waiting for the opponents"
    return ""


def board(round_: Round) -> tuple[list[BoardRow], dict[str, int]]:
    """Every table of the round with its sheet's state, and the count per state, in four queries."""
    latest = SheetVersion.objects.filter(game=OuterRef("pk")).order_by("-number").values("pk")[:1]
    games = list(
        Game.objects.filter(round=round_)
        .select_related("table", "ns_team", "ew_team")
        .annotate(latest_id=Subquery(latest))
        .order_by("table__number")
    )
    versions = {v.pk: v for v in SheetVersion.objects.filter(pk__in=[g.latest_id for g in games if g.latest_id])
                .prefetch_related("decisions")}
    drafts = dict(SheetDraft.objects.filter(game__round=round_).values_list("game_id", "updated_at"))
    rows = []
    for game in games:
        if game.ns_team_id is None or game.ew_team_id is None:
            continue
        version = versions.get(game.latest_id)
        rows.append(BoardRow(game, game_sheet_state(game, version, game.pk in drafts), version,
                             drafts.get(game.pk)))
    counts = Counter(row.state for row in rows)
    return rows, {state: counts.get(state, 0) for state in BOARD_STATES}


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
    and the late sheets of every game, waiting for the director."""

    event: int
    round: int | None
    rounds: list[dict]
    counts: dict[str, int]
    rows: list[BoardRow]
    late_sheets: list[LateSheet]

    @property
    def latest(self) -> int | None:
        return self.rounds[-1]["round"] if self.rounds else None


def event_board(event: Event, number: int | None = None) -> Board | None:
    """The board of game `number` (the latest when None), for the page and the API alike; None when the
    event has no such game."""
    round_ = board_round(event, number)
    if round_ is None and number is not None:
        return None
    rounds = [{"round": n, "needs_director": calls} for n, calls in board_rounds(event)]
    late = late_sheets(event)
    if round_ is None:
        return Board(event.pk, None, rounds, {}, [], late)
    rows, counts = board(round_)
    return Board(event.pk, round_.number, rounds, counts, rows, late)


def board_round(event: Event, number: int | None = None) -> Round | None:
    """The board's game: the one asked for, else the latest."""
    if number is not None:
        return event.rounds.filter(number=number).first()
    return event.latest_round()


def board_rounds(event: Event) -> list[tuple[int, int]]:
    """Every game of the event with how many of its tables need the director, in two queries.

    A version that calls the director is always its game's latest (a later one supersedes it), so the
    open calls are the versions in those states.
    """
    calls = Counter(dict(
        SheetVersion.objects.filter(game__round__event=event)
        .filter(Q(status__in=(SheetStatus.FLAGGED, SheetStatus.DISPUTED))
                | Q(status=SheetStatus.SUBMITTED) & (LOCKED | Q(director_called=True)))
        .values("game__round__number").annotate(n=Count("pk")).values_list("game__round__number", "n")
    ))
    return [(number, calls.get(number, 0))
            for number in event.rounds.order_by("number").values_list("number", flat=True)]


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
    (`tournament.core.published`). (A renamed team alone does not change it: the names show once the
    next result is in.)
    """
    facts = Game.objects.filter(round__event=event).aggregate(
        last=Max("result_at"), finals=Count("pk", filter=Q(status=Game.Status.FINAL)),
        games=Count("pk"), rounds=Max("round__number"),
        finished=Count("round", filter=Q(round__status=Round.Status.FINISHED), distinct=True),
    )
    teams = event.teams.aggregate(n=Count("pk"), withdrawn=Count("pk", filter=Q(status="withdrawn")))
    raw = (f"{event.pk}|{event.created_at.isoformat()}|{event.standings_order}|{event.sit_out_rule}|"
           f"{event.standings_published}|"
           f"{event.name}|{facts}|{teams}")
    return hashlib.sha1(raw.encode()).hexdigest()[:20]


def standings(event: Event) -> list[StandingRow]:
    """The standings as rows of models, for the director's export; what players poll is published once
    per change instead (`scoring.publishing`)."""
    return compute_standings(event)


def standings_data(event: Event) -> dict:
    """The standings as the API answers them, as plain data."""
    return standings_data_of(event, compute_standings(event))


def standings_data_of(event: Event, rows: list[StandingRow]) -> dict:
    return {"event": event.pk, "order": event.standings_order, "sit_out_rule": event.sit_out_rule, "rows": [{
        "rank": row.rank, "team": {"id": row.team.pk, "number": row.team.number, "name": row.team.name},
        "played": row.played, "wins": row.wins, "losses": row.losses, "ties": row.ties,
        "points": row.points, "difference": row.difference, "sit_outs": row.sit_outs,
    } for row in rows]}
