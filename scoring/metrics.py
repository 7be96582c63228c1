"""The standings' rows, the metrics that rank them and how rows are ordered by them.

A metric is a small function of a row registered by key, higher is better (`register_metric`); an order is
a list of keys (`parse_order`), and `ranked` sorts rows by it, rows equal on every metric sharing a rank.
Three metrics come from the opponents, as `tournament.core.tiebreaks` defines them (a team's score is its
wins, sit-out wins included, plus half its ties): `buchholz` (the sum of the scores of the opponents met),
`median_buchholz` (without the best and the worst of them, from three meetings on) and `head_to_head`
(among the teams still tied when it is reached, each one's score in the games between them). The
standings (`scoring.standings`) fill the rows from an event's games.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy

from tournament.core import tiebreaks

DEFAULT_ORDER = ("wins", "points", "difference")


@dataclass(frozen=True)
class PlayedGame:
    """One final rotation game between two teams (ids), with both totals."""

    ns: Any
    ew: Any
    ns_total: int
    ew_total: int
    round: int = 0


@dataclass(frozen=True)
class SatOut:
    """A team (by its key) that sat out game `round`: the VP of a sit-out are shown in its game's place."""

    team: Any
    round: int = 0


@dataclass(frozen=True)
class GameVp:
    """A team's victory points of one game (`round`), played or sat out."""

    round: int
    vp: int
    sat_out: bool = False


@dataclass(frozen=True)
class PlayedTable:
    """One final rotation game of single players: its players (ids) and their scores, in seat order."""

    players: tuple
    scores: tuple


@dataclass
class StandingRow:
    team: Any
    rank: int = 0
    played: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0
    points: int = 0
    against: int = 0
    difference: int = 0
    sit_outs: int = 0
    vp: int = 0
    games: list[GameVp] = field(default_factory=list)
    # The tiebreaks from the opponents: None when the event's order does not use them (not computed).
    buchholz: float | None = None
    median_buchholz: float | None = None
    head_to_head: float | None = None  # within the group still tied when the order reaches it (0 if alone)
    meetings: list = field(default_factory=list, repr=False)  # [(opponent key, "win"|"loss"|"tie"|None)]
    sort_key: tuple = field(default=(), repr=False)

    @property
    def score(self) -> float:
        return self.wins + self.ties / 2

    @property
    def average(self) -> float:
        return self.points / self.played if self.played else 0.0


@dataclass(frozen=True)
class Metric:
    key: str
    label: str
    value: Callable[[StandingRow], float]
    within_group: bool = False   # computed among the rows still tied (head-to-head), not one row alone


METRICS: dict[str, Metric] = {}
HEAD_TO_HEAD = "head_to_head"


def register_metric(key: str, label: str):
    """Add a way to rank teams: a function of a row, where higher is better."""

    def decorator(function: Callable[[StandingRow], float]):
        METRICS[key] = Metric(key, label, function)
        return function

    return decorator


@register_metric("wins", gettext_lazy("Wins"))
def _wins(row: StandingRow) -> float:
    return row.wins


@register_metric("points", gettext_lazy("Total points"))
def _points(row: StandingRow) -> float:
    return row.points


@register_metric("difference", gettext_lazy("Point difference"))
def _difference(row: StandingRow) -> float:
    return row.difference


@register_metric("match_points", gettext_lazy("Match points (2 a win, 1 a tie)"))
def _match_points(row: StandingRow) -> float:
    return 2 * row.wins + row.ties


@register_metric("vp", gettext_lazy("Victory points"))
def _vp(row: StandingRow) -> float:
    return row.vp


@register_metric("losses", gettext_lazy("Fewest losses"))
def _losses(row: StandingRow) -> float:
    return -row.losses


@register_metric("cards", gettext_lazy("Fewest cards"))
def _cards(row: StandingRow) -> float:
    return -row.points


@register_metric("average", gettext_lazy("Average points per game"))
def _average(row: StandingRow) -> float:
    return row.average


@register_metric("buchholz", gettext_lazy("Buchholz (the opponents' scores)"))
def _buchholz(row: StandingRow) -> float:
    return row.buchholz


@register_metric("median_buchholz", gettext_lazy("Median-Buchholz (without the best and worst opponent)"))
def _median_buchholz(row: StandingRow) -> float:
    return row.median_buchholz


METRICS[HEAD_TO_HEAD] = Metric(HEAD_TO_HEAD, gettext_lazy("Head-to-head among the tied teams"),
                               lambda row: row.head_to_head, within_group=True)


def parse_order(text: str | None) -> list[str]:
    """The known metric keys of a standings order; the default when none is known."""
    keys = [key.strip() for key in (text or "").split(",") if key.strip() in METRICS]
    return list(dict.fromkeys(keys)) or list(DEFAULT_ORDER)



def ranked(rows: dict[Any, StandingRow], order: Iterable[str]) -> list[StandingRow]:
    """The rows best first by the order's metrics (the default order when it names none); rows equal on
    every metric share a rank."""
    metrics = [METRICS[name] for name in order if name in METRICS] or [METRICS[k] for k in DEFAULT_ORDER]
    if {"buchholz", "median_buchholz"} & {metric.key for metric in metrics}:
        _count_buchholz(rows)
    ordered = _ordered(list(rows.items()), metrics)
    for position, row in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        row.rank = previous.rank if previous is not None and previous.sort_key == row.sort_key else position
    return ordered


def _count_buchholz(rows: dict[Any, StandingRow]) -> None:
    """Each row's Buchholz and median-Buchholz, only for an order that uses them: the standings of a
    thousand teams are ranked again on every result, and these cost as much as the rest of the ranking.
    Only games with a result count: a game seated and not scored is a meeting (no rematch), not a tiebreak."""
    scores = {team_key: row.score for team_key, row in rows.items()}
    opponents = {team_key: [o for o, result in row.meetings if o in rows and result is not None]
                 for team_key, row in rows.items()}
    buchholz, median = tiebreaks.buchholz_of(scores, opponents), tiebreaks.median_buchholz_of(scores, opponents)
    for team_key, row in rows.items():
        row.buchholz, row.median_buchholz = buchholz[team_key], median[team_key]


def _ordered(keyed: list[tuple[Any, StandingRow]], metrics: list[Metric]) -> list[StandingRow]:
    """The rows best first, metric by metric; each sort is stable, so rows equal on every metric keep the
    given order. Head-to-head is computed within each group of rows still tied when it is reached."""
    if not any(metric.within_group for metric in metrics):  # one sort: what nearly every event asks
        rows = [row for _, row in keyed]
        for row in rows:
            row.sort_key = tuple(metric.value(row) for metric in metrics)
        return sorted(rows, key=lambda row: row.sort_key, reverse=True)
    results = {team_key: row.meetings for team_key, row in keyed}
    for _, row in keyed:
        row.sort_key = ()

    def split(group: list[tuple[Any, StandingRow]], depth: int) -> list[tuple[Any, StandingRow]]:
        if depth == len(metrics):
            return group
        metric = metrics[depth]
        if metric.within_group:
            among = tiebreaks.head_to_head_of([team_key for team_key, _ in group], results)
            for team_key, row in group:
                row.head_to_head = among[team_key]
        for _, row in group:
            row.sort_key += (metric.value(row),)
        group = sorted(group, key=lambda item: item[1].sort_key[-1], reverse=True)
        result, run = [], [group[0]]
        for item in group[1:]:
            if item[1].sort_key[-1] == run[0][1].sort_key[-1]:
                run.append(item)
            else:
                result += split(run, depth + 1)
                run = [item]
        return result + split(run, depth + 1)

    return [row for _, row in split(keyed, 0)] if keyed else []
