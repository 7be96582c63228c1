"""The standings: per team games played, wins, losses, ties, points and point difference, ranked.

The computation is plain Python over plain results (`rank_teams`), so its rules are tested without a
database; `compute_standings(event)` loads an event's rotation games in two queries and calls it.

The order is a list of metric keys (`Event.standings_order`, default "wins,points,difference"); each metric
is a small function registered by key, higher is better, and teams equal on every metric share a rank.
A sit-out (the odd team out in a game) counts by `Event.sit_out_rule` (one of `Event.SitOutRule`; any other
rule is refused, never replaced), described in `SIT_OUT_RULES` for the public page:

- `average_win` (default): a win, and the team's average points per game played (rounded to the nearest
  point), added to its points; the difference is unchanged; it is not a game played.
- `win_no_points`: a win and nothing else.
- `not_counted`: nothing; the sit-out is only shown.

A sit-out counts once its game is over: when the next game is seated, or when every other table of that
game has a final result. Only rotation games count (with the games paired by the standings after them);
knockout games decide the bracket, not the standings.

Three tiebreaks come from the opponents, as `tournament.core.tiebreaks` defines them (a team's score is its
wins, sit-out wins included, plus half its ties): `buchholz` (the sum of the scores of the opponents met),
`median_buchholz` (without the best and the worst of them, from three meetings on) and `head_to_head`
(among the teams still tied when it is reached, each one's score in the games between them). A meeting is
any rotation game with two teams, scored or not: a game seated but not scored yet still counts as met, so
a paired game never repeats it. `standings_entrants` gives the core the ranking with these meetings.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tournament.core import tiebreaks
from tournament.core.models import Event, Game, Round, Team

SitOutRule = Event.SitOutRule

DEFAULT_ORDER = ("wins", "points", "difference")
DEFAULT_SIT_OUT_RULE = SitOutRule.AVERAGE_WIN

SIT_OUT_RULES = {
    SitOutRule.AVERAGE_WIN: "A team that sits out a game scores a win, with its average points per game "
                            "played added to its points (its point difference is unchanged).",
    SitOutRule.WIN_NO_POINTS: "A team that sits out a game scores a win, with no points.",
    SitOutRule.NOT_COUNTED: "A sit-out does not count: no game, no win, no points.",
}


@dataclass(frozen=True)
class PlayedGame:
    """One final rotation game between two teams (ids), with both totals."""

    ns: Any
    ew: Any
    ns_total: int
    ew_total: int


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


@register_metric("wins", "Wins")
def _wins(row: StandingRow) -> float:
    return row.wins


@register_metric("points", "Total points")
def _points(row: StandingRow) -> float:
    return row.points


@register_metric("difference", "Point difference")
def _difference(row: StandingRow) -> float:
    return row.difference


@register_metric("match_points", "Match points (2 a win, 1 a tie)")
def _match_points(row: StandingRow) -> float:
    return 2 * row.wins + row.ties


@register_metric("losses", "Fewest losses")
def _losses(row: StandingRow) -> float:
    return -row.losses


@register_metric("average", "Average points per game")
def _average(row: StandingRow) -> float:
    return row.average


@register_metric("buchholz", "Buchholz (the opponents' scores)")
def _buchholz(row: StandingRow) -> float:
    return row.buchholz


@register_metric("median_buchholz", "Median-Buchholz (without the best and worst opponent)")
def _median_buchholz(row: StandingRow) -> float:
    return row.median_buchholz


METRICS[HEAD_TO_HEAD] = Metric(HEAD_TO_HEAD, "Head-to-head among the tied teams", lambda row: row.head_to_head,
                               within_group=True)


def parse_order(text: str | None) -> list[str]:
    """The known metric keys of a standings order; the default when none is known."""
    keys = [key.strip() for key in (text or "").split(",") if key.strip() in METRICS]
    return list(dict.fromkeys(keys)) or list(DEFAULT_ORDER)


def _half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


def rank_teams(teams: Iterable[Any], games: Iterable[PlayedGame], sit_outs: Iterable[Any], *,
               order: Iterable[str] = DEFAULT_ORDER, sit_out_rule: str = DEFAULT_SIT_OUT_RULE,
               key: Callable[[Any], Any] = lambda team: team.pk,
               unscored: Iterable[tuple[Any, Any]] = ()) -> list[StandingRow]:
    """Rank `teams` (in the order given, which breaks display ties) by their games and sit-outs.

    `games` and `sit_outs` name teams by `key(team)`; a game or sit-out of an unknown team is ignored.
    `unscored` are the (ns, ew) of games seated and not scored yet: meetings without a result.
    An unknown `sit_out_rule` is a ValueError: standings by another rule than the event's would mislead.
    """
    if sit_out_rule not in SitOutRule.values:
        *others, last = SitOutRule.values
        raise ValueError(f"The sit-out rule {sit_out_rule!r} is unknown: choose {', '.join(others)} or {last}.")
    rows = {key(team): StandingRow(team=team) for team in teams}
    for game in games:
        ns, ew = rows.get(game.ns), rows.get(game.ew)
        for row, mine, theirs in ((ns, game.ns_total, game.ew_total), (ew, game.ew_total, game.ns_total)):
            if row is None:
                continue
            row.played += 1
            row.points += mine
            row.against += theirs
            if mine > theirs:
                row.wins += 1
                result = tiebreaks.WIN
            elif mine < theirs:
                row.losses += 1
                result = tiebreaks.LOSS
            else:
                row.ties += 1
                result = tiebreaks.TIE
            row.meetings.append((game.ew if row is ns else game.ns, result))
    for ns, ew in unscored:
        if ns in rows and ew in rows:
            rows[ns].meetings.append((ew, None))
            rows[ew].meetings.append((ns, None))
    for row in rows.values():
        row.difference = row.points - row.against
    _count_sit_outs(rows, sit_outs, sit_out_rule)
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
    thousand teams are ranked again on every result, and these cost as much as the rest of the ranking."""
    scores = {team_key: row.score for team_key, row in rows.items()}
    opponents = {team_key: [o for o, _ in row.meetings if o in rows] for team_key, row in rows.items()}
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


def _count_sit_outs(rows: dict[Any, StandingRow], sit_outs: Iterable[Any], rule: str) -> None:
    """Each team's sit-outs, and what they add to its row by the event's rule (after its games)."""
    sat_out: dict[Any, int] = {}
    for team_key in sit_outs:
        if team_key in rows:
            sat_out[team_key] = sat_out.get(team_key, 0) + 1
    for team_key, count in sat_out.items():
        row = rows[team_key]
        row.sit_outs = count
        if rule == SitOutRule.NOT_COUNTED:
            continue
        row.wins += count
        if rule == SitOutRule.AVERAGE_WIN and row.played:
            row.points += count * _half_up(row.points, row.played)


def compute_standings(event) -> list[StandingRow]:
    """The event's standings, best first, in two queries whatever the number of teams and games."""
    games = list(
        Game.objects.filter(round__event=event, round__phase=Round.Phase.ROTATION)
        .values_list("round__number", "round__status", "status", "ns_team_id", "ew_team_id",
                     "ns_total", "ew_total")
    )
    played, sit_outs, unscored = [], [], []
    open_rounds = {number for number, _, status, ns, ew, _, _ in games
                   if status == Game.Status.SCHEDULED and ns is not None and ew is not None}
    for number, round_status, status, ns, ew, ns_total, ew_total in games:
        if status == Game.Status.FINAL and ns is not None and ew is not None:
            played.append(PlayedGame(ns, ew, ns_total, ew_total))
        elif ns is not None and ew is not None:
            unscored.append((ns, ew))
        elif status == Game.Status.SIT_OUT and (
            round_status == Round.Status.FINISHED or number not in open_rounds
        ):
            sit_outs.append(ns if ns is not None else ew)
    counted = {team_id for game in played for team_id in (game.ns, game.ew)} | set(sit_outs)
    teams = [team for team in event.teams.order_by("number")
             if team.status == Team.Status.ACTIVE or team.pk in counted]
    return rank_teams(teams, played, sit_outs, order=parse_order(event.standings_order),
                      sit_out_rule=event.sit_out_rule, unscored=unscored)


def standings_entrants(event) -> list[tiebreaks.Entrant]:
    """The standings as the core pairs a game by them (`questions.standings_entrants`): each team, best
    first, numbered by its id, with its meetings and whether it has sat out a game (a bye)."""
    return [tiebreaks.Entrant(
        number=row.team.pk, name=row.team.name, club=row.team.club, wins=row.wins, ties=row.ties,
        points=row.points, difference=row.difference,
        meetings=tuple(tiebreaks.Meeting(opponent, result) for opponent, result in row.meetings),
        had_bye=row.sit_outs > 0) for row in compute_standings(event)]


def order_labels(event) -> list[str]:
    return [METRICS[key].label for key in parse_order(event.standings_order)]
