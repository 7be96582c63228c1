"""The standings: per team games played, wins, losses, ties, points and point difference, ranked.

The computation is plain Python over plain results (`rank_teams`), so its rules are tested without a
database; `compute_standings(event)` loads an event's rotation games in two queries and calls it.

An event may rank by victory points (`Event.rank_by_vp`): each game's point difference is converted on the
event's scale (`tournament.core.victory`), each row adds up its VP (`vp`, with each game's in `games`),
and "vp" goes first in the order, before the event's configured order (`event_order`).

The order is a list of metric keys (`Event.standings_order`, default "wins,points,difference"); each metric
is a small function registered by key, higher is better, and teams equal on every metric share a rank.
A sit-out (the odd team out in a game) counts by `Event.sit_out_rule` (one of `Event.SitOutRule`; any other
rule is refused, never replaced), described in `SIT_OUT_RULES` for the public page:

- `average_win` (default): a win, and the team's average points per game played (rounded to the nearest
  point), added to its points; the difference is unchanged; it is not a game played.
- `win_no_points`: a win and nothing else.
- `not_counted`: nothing; the sit-out is only shown.

With victory points, a sit-out counted as a win gets (`_sit_out_vp`): by `average_win`, the winner's VP
of the team's average point difference per game played (rounded to the nearest point), or the VP of a tie
when that average is not above 0 or nothing is played yet (a win never costs VP); by `win_no_points`, the
VP of a tie (no points, no difference); by `not_counted`, nothing.

A sit-out counts once its game is over: when the next game is seated, or when every other table of that
game has a final result. Only rotation games count (with the games paired by the standings after them);
knockout games decide the bracket, not the standings. A meeting is any rotation game with two teams, scored
or not: a game seated but not scored yet still counts as met, so a paired game never repeats it (the
opponents' tiebreaks: `metrics`). `standings_entrants` gives the core the ranking with these meetings.
"""

from collections.abc import Callable, Iterable
from typing import Any

from django.utils.translation import gettext_lazy

from rules.room import CREDITED_POINTS, FEWEST_CARDS, PLAYERS
from rules.seat_results import table_outcomes
from tournament.core import tiebreaks, victory
from tournament.core.game_room import event_room, room_for
from tournament.core.models import Event, Game, Round, Seat, Team

from . import metrics
from .metrics import (
    DEFAULT_ORDER,
    METRICS,
    GameVp,
    PlayedGame,
    PlayedTable,
    SatOut,
    StandingRow,
    parse_order,
    ranked,
    register_metric,
)

__all__ = [  # the rows and metrics live in `metrics`; what the apps and tests import from here
    "DEFAULT_ORDER", "METRICS", "SIT_OUT_RULES", "VP_SIT_OUT_RULES", "GameVp", "PlayedGame", "PlayedTable",
    "SatOut", "StandingRow", "column_words", "compute_standings", "count_games", "count_tables", "entrants_counted",
    "entrants_of", "event_order", "order_labels", "parse_order", "rank_players", "rank_teams", "ranks_by_vp",
    "register_metric", "standings_entrants",
]

SitOutRule = Event.SitOutRule
POINTS_WORDS = {CREDITED_POINTS: "Credited points", FEWEST_CARDS: "Cards"}

DEFAULT_SIT_OUT_RULE = SitOutRule.AVERAGE_WIN

SIT_OUT_RULES = {
    SitOutRule.AVERAGE_WIN: gettext_lazy("A team that sits out a game scores a win, with its average points per "
                                         "game played added to its points (its point difference is unchanged)."),
    SitOutRule.WIN_NO_POINTS: gettext_lazy("A team that sits out a game scores a win, with no points."),
    SitOutRule.NOT_COUNTED: gettext_lazy("A sit-out does not count: no game, no win, no points."),
}

# The end of the standings page's sentence "With victory points, ..." (templates/public/standings_body.html).
VP_SIT_OUT_RULES = {
    SitOutRule.AVERAGE_WIN: gettext_lazy("its victory points are the winner's for its average point difference "
                                         "per game played, and never fewer than a tie's."),
    SitOutRule.WIN_NO_POINTS: gettext_lazy("its victory points are a tie's."),
    SitOutRule.NOT_COUNTED: gettext_lazy("no victory points."),
}


def _half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


def rank_teams(teams: Iterable[Any], games: Iterable[PlayedGame], sit_outs: Iterable[Any], *,
               order: Iterable[str] = DEFAULT_ORDER, sit_out_rule: str = DEFAULT_SIT_OUT_RULE,
               key: Callable[[Any], Any] = lambda team: team.pk, vp_scale=None,
               unscored: Iterable[tuple[Any, Any]] = ()) -> list[StandingRow]:
    """Rank `teams` (in the order given, which breaks display ties) by their games and sit-outs.

    `games` and `sit_outs` name teams by `key(team)` (a sit-out may be a `SatOut` naming its game); a
    game or sit-out of an unknown team is ignored. `unscored` are the (ns, ew) of games seated and not
    scored yet: meetings without a result. With `vp_scale` (a list of `victory.Band`) each row
    gets its victory points; without, none. An unknown `sit_out_rule` is a ValueError: standings by
    another rule than the event's would mislead.
    """
    _check_sit_out_rule(sit_out_rule)
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
            if vp_scale is not None:
                row.games.append(GameVp(game.round, victory.victory_points(vp_scale, mine, theirs)[0]))
    for ns, ew in unscored:
        if ns in rows and ew in rows:
            rows[ns].meetings.append((ew, None))
            rows[ew].meetings.append((ns, None))
    for row in rows.values():
        row.difference = row.points - row.against
    sat_out = [item if isinstance(item, SatOut) else SatOut(item) for item in sit_outs]
    if vp_scale is not None:
        _sit_out_vps(rows, sat_out, sit_out_rule, vp_scale)
    _count_sit_outs(rows, [item.team for item in sat_out], sit_out_rule)
    return ranked(rows, order)


def rank_players(players: Iterable[Any], tables: Iterable[PlayedTable], sit_outs: Iterable[Any], *,
                 ranking: str, order: Iterable[str] = DEFAULT_ORDER, sit_out_rule: str = DEFAULT_SIT_OUT_RULE,
                 key: Callable[[Any], Any] = lambda player: player.pk) -> list[StandingRow]:
    """Rank single players by their tables' seat scores (rules.seat_results): the room's ranking first,
    then the event's order as tiebreaks (`players_order`). A row's points are the results counted
    (credited points, own points, or cards); a win is place 1 alone at a table of two or more, a tie place
    1 shared, a loss any other place; the difference adds the margins over the best other seat."""
    _check_sit_out_rule(sit_out_rule)
    rows = {key(player): StandingRow(team=player) for player in players}
    for table in tables:
        for player, outcome in zip(table.players, table_outcomes(ranking, list(table.scores)), strict=True):
            row = rows.get(player)
            if row is None:
                continue
            row.played += 1
            row.points += outcome.result
            row.difference += outcome.margin
            if len(table.players) > 1:
                row.wins += outcome.won
                row.ties += outcome.tied
                row.losses += outcome.place > 1
    _count_sit_outs(rows, sit_outs, sit_out_rule)
    return ranked(rows, players_order(ranking, order))


def players_order(ranking: str, order: Iterable[str]) -> list[str]:
    """The room's ranking first, then the event's order without what would contradict it (more cards
    are worse, so points and their average do not break a tie of the solitaire)."""
    first = "cards" if ranking == FEWEST_CARDS else "points"
    contrary = {"points", "average"} if ranking == FEWEST_CARDS else set()
    return [first] + [name for name in order if name != first and name not in contrary]


def _check_sit_out_rule(sit_out_rule: str) -> None:
    if sit_out_rule not in SitOutRule.values:
        *others, last = SitOutRule.values
        raise ValueError(f"The sit-out rule {sit_out_rule!r} is unknown: choose {', '.join(others)} or {last}.")


def _sit_out_vps(rows: dict[Any, StandingRow], sat_out: list[SatOut], rule: str, scale) -> None:
    """Each row's VP: its games', and its sit-outs' by the rule (from its games alone, before the
    sit-outs add to its points), in the order of the games."""
    for item in sat_out:
        row = rows.get(item.team)
        if row is not None and rule != SitOutRule.NOT_COUNTED:
            row.games.append(GameVp(item.round, _sit_out_vp(row, rule, scale), sat_out=True))
    for row in rows.values():
        row.games.sort(key=lambda game: game.round)
        row.vp = sum(game.vp for game in row.games)


def _sit_out_vp(row: StandingRow, rule: str, scale) -> int:
    """The VP of a sit-out counted as a win (see the module's story): never fewer than a tie's."""
    if rule == SitOutRule.AVERAGE_WIN and row.played:
        average = _half_up(row.difference, row.played)
        if average > 0:
            return victory.victory_points(scale, average, 0)[0]
    return victory.tie_points(scale)


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


def compute_standings(event) -> list[StandingRow]:  # pragma: no mutate block - reads; counts in count_games
    """The event's standings, best first, in two queries whatever the number of teams and games. It only
    reads: what counts, and who is listed, is decided by `count_games` and `entrants_counted`, plain
    functions of the rows read here, which the tests (and mutation testing) reach without a database."""
    room = event_room(event)
    if room.entrants == PLAYERS:
        return _players_standings(event, room.ranking)
    played, sit_outs, unscored, counted = count_games(
        Game.objects.filter(round__event=event, round__phase=Round.Phase.ROTATION)
        .values_list("round__number", "round__status", "status", "ns_team_id", "ew_team_id",
                     "ns_total", "ew_total", "round_id")
    )
    teams = entrants_counted(event.teams.select_related("section").order_by("number"), counted)
    return rank_teams(teams, played, sit_outs, order=event_order(event), sit_out_rule=event.sit_out_rule,
                      vp_scale=event.vp_bands, unscored=unscored)


def count_games(rows: Iterable[tuple]) -> tuple[list[PlayedGame], list[SatOut], list[tuple], set]:
    """A teams event's rotation games as the standings count them, from rows of (game number, its round's
    status, the game's status, North-South, East-West, their totals, round id): the games played (final,
    between two teams), the sit-outs that count (`SatOut`s), the (ns, ew) of games seated and not scored
    (meetings without a result) and the teams that any of the games played or sit-outs counts."""
    games = list(rows)
    played, sit_outs, unscored = [], [], []
    # By round, not game number: each section plays its own round of a game, and its sit-out counts once
    # that round is over, whatever the other sections' tables (docs/sections.md).
    open_rounds = {round_id for _, _, status, ns, ew, _, _, round_id in games
                   if status == Game.Status.SCHEDULED and ns is not None and ew is not None}
    for number, round_status, status, ns, ew, ns_total, ew_total, round_id in games:
        if status == Game.Status.FINAL and ns is not None and ew is not None:
            played.append(PlayedGame(ns, ew, ns_total, ew_total, number))
        elif ns is not None and ew is not None:
            unscored.append((ns, ew))
        elif status == Game.Status.SIT_OUT and (
            round_status == Round.Status.FINISHED or round_id not in open_rounds
        ):
            sit_outs.append(SatOut(ns if ns is not None else ew, number))
    counted = {team for game in played for team in (game.ns, game.ew)} | {item.team for item in sit_outs}
    return played, sit_outs, unscored, counted


def entrants_counted(entrants: Iterable[Any], counted: set) -> list:
    """The entrants the standings list, in the order given: the active ones, and any other (withdrawn) whose
    games or sit-outs count (`counted`, by pk)."""
    return [entrant for entrant in entrants if entrant.status == Team.Status.ACTIVE or entrant.pk in counted]


def standings_entrants(event) -> list[tiebreaks.Entrant]:  # pragma: no mutate block - reads: see entrants_of
    """The standings as the core pairs a game by them (`questions.standings_entrants`)."""
    return entrants_of(compute_standings(event))


def entrants_of(rows: list[StandingRow]) -> list[tiebreaks.Entrant]:
    """Each ranked team, best first, numbered by its id, with its meetings and whether it has sat out a game
    (a bye)."""
    return [tiebreaks.Entrant(
        number=row.team.pk, name=row.team.name, club=row.team.club, wins=row.wins, ties=row.ties,
        points=row.points, difference=row.difference,
        meetings=tuple(tiebreaks.Meeting(opponent, result) for opponent, result in row.meetings),
        had_bye=row.sit_outs > 0) for row in rows]


def _players_standings(event, ranking: str) -> list[StandingRow]:  # pragma: no mutate block - reads
    """A players event's standings from its seats, in two queries (what counts: `count_tables`)."""
    played, sit_outs, counted = count_tables(
        Seat.objects.filter(round__event=event, round__phase=Round.Phase.ROTATION)
        .values_list("round__number", "round__status", "game_id", "game__status", "team_id", "score")
        .order_by("round__number", "game_id", "position")
    )
    players = entrants_counted(event.teams.order_by("number"), counted)
    return rank_players(players, played, sit_outs, ranking=ranking, order=parse_order(event.standings_order),
                        sit_out_rule=event.sit_out_rule)


def count_tables(rows: Iterable[tuple]) -> tuple[list[PlayedTable], list, set]:
    """A players event's rotation tables as the standings count them, from its seats in seat order, as rows
    of (game number, its round's status, game id or None for a sit-out, the game's status, player, score):
    the final tables with every score, the players whose sit-out counts, once its game is over (the next
    game seated, or every table of its game final), and every player those count."""
    seats = list(rows)
    open_rounds = {number for number, _, game, status, _, _ in seats
                   if game is not None and status == Game.Status.SCHEDULED}
    tables: dict[int, list] = {}
    sit_outs = []
    for number, round_status, game, status, team_id, score in seats:
        if game is None:
            if round_status == Round.Status.FINISHED or number not in open_rounds:
                sit_outs.append(team_id)
        elif status == Game.Status.FINAL and score is not None:
            tables.setdefault(game, []).append((team_id, score))
    played = [PlayedTable(tuple(t for t, _ in seated), tuple(s for _, s in seated)) for seated in tables.values()]
    return played, sit_outs, {player for table in played for player in table.players} | set(sit_outs)


def event_order(event) -> list[str]:
    """The metric keys that rank the event: for teams, its victory points first when it ranks by them,
    then its standings order, which breaks the ties; for single players the room's ranking first and that
    order after. (An event without a rule set ranks as teams.)"""
    room = room_for(event.ruleset, event.rule_options)
    order = [key for key in parse_order(event.standings_order) if key != "vp"]
    if room.entrants == PLAYERS:
        return players_order(room.ranking, order)
    return ["vp", *order] if event.rank_by_vp else order


def ranks_by_vp(event) -> bool:
    """Whether the event's standings rank by victory points: asked, and of teams (single players rank by
    their game's own measure; `Event.clean` refuses the two together)."""
    return bool(event.rank_by_vp) and event_room(event).entrants != PLAYERS


def games_counted(event, rows: list[StandingRow]) -> int:
    """How many games the standings count: a team's game is one result between two rows; a players' game is
    a round everyone played or sat out. Until one is counted nothing is ranked (every entrant would be 1st
    with zeros), and the page, the API and the CSV all say so."""
    if event_room(event).entrants != PLAYERS:
        return sum(row.played for row in rows) // 2
    return max((row.played + row.sit_outs for row in rows), default=0)


def order_labels(event) -> list[str]:
    return [metrics.METRICS[key].label for key in event_order(event)]  # the registry as it is now


def column_words(event) -> dict:
    """What the standings call an entrant and their total: Team and Points, or for single players Player
    and Points, Credited points (the five-player game) or Cards (the solitaire)."""
    room = event_room(event)
    if room.entrants != PLAYERS:
        return {"entrant": "Team", "points": "Points"}
    return {"entrant": "Player", "points": POINTS_WORDS.get(room.ranking, "Points")}
