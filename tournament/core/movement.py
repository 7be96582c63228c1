"""The NVSO rotation (a Mitchell movement) as plain functions over plain data.

North-South stays at its table; East-West moves to the next higher table after each game, and the
East-West at the highest table moves to table 1. Teams are anything hashable (numbers in the command,
database ids in the services); ``None`` is an empty seat. An odd field has one empty East-West place,
which travels like a team, so exactly one team sits without an opponent each game.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from django.utils.translation import ngettext


@dataclass(frozen=True)
class TableSeating:
    table: int
    ns: Hashable | None
    ew: Hashable | None


@dataclass(frozen=True)
class GameSeating:
    game: int
    tables: tuple[TableSeating, ...]

    @property
    def sitting_out(self) -> list:
        """Teams at a table whose other seat is empty: they have no opponent this game."""
        alone = []
        for seat in self.tables:
            if (seat.ns is None) != (seat.ew is None):
                alone.append(seat.ns if seat.ns is not None else seat.ew)
        return alone


@dataclass(frozen=True)
class MovementPlan:
    tables: int
    games: tuple[GameSeating, ...]
    warnings: tuple[str, ...] = field(default=())


def table_count(n_teams: int) -> int:
    """Tables needed: two teams a table, the odd team alone at the last one."""
    return (n_teams + 1) // 2


def ew_start_table_at(table: int, game: int, tables: int) -> int:
    """Which starting East-West place sits at `table` in `game` (1-based): it has moved up game-1 times."""
    return (table - 1 - (game - 1)) % tables + 1


def ew_table_in_game(start_table: int, game: int, tables: int) -> int:
    """Where the East-West place that started at `start_table` sits in `game`."""
    return (start_table - 1 + game - 1) % tables + 1


def seat_game(ns_by_table: Sequence, ew_by_start_table: Sequence, game: int) -> GameSeating:
    """Seat one game from the starting places: index i holds the team that started at table i + 1."""
    if len(ns_by_table) != len(ew_by_start_table):
        raise ValueError("There must be as many North-South places as East-West places.")
    if game < 1:
        raise ValueError("Games are numbered from 1.")
    tables = len(ns_by_table)
    seats = tuple(
        TableSeating(
            table=t,
            ns=ns_by_table[t - 1],
            ew=ew_by_start_table[ew_start_table_at(t, game, tables) - 1],
        )
        for t in range(1, tables + 1)
    )
    return GameSeating(game=game, tables=seats)


def rematch_warning(tables: int, games: int) -> str | None:
    """More games than tables brings an East-West team back to a table it has played at."""
    if games <= tables:
        return None
    return ngettext(
        "With %(tables)s table, teams meet again from game %(again)s on: %(games)s games is more than the "
        "%(tables)s different opponents each team can have.",
        "With %(tables)s tables, teams meet again from game %(again)s on: %(games)s games is more than the "
        "%(tables)s different opponents each team can have.",
        tables) % {"tables": tables, "again": tables + 1, "games": games}


def validate_size(n_teams: int, n_games: int) -> None:
    if n_teams < 2:
        raise ValueError("A movement needs at least 2 teams.")
    if n_games < 1:
        raise ValueError("A movement needs at least 1 game.")


def mitchell(n_teams: int, n_games: int) -> MovementPlan:
    """The rotation for teams numbered 1..N.

    Teams 1..T start North-South at tables 1..T; teams T+1..N start East-West at tables 1..N-T.
    """
    validate_size(n_teams, n_games)
    tables = table_count(n_teams)
    ns = list(range(1, tables + 1))
    ew = [tables + t if tables + t <= n_teams else None for t in range(1, tables + 1)]
    games = tuple(seat_game(ns, ew, g) for g in range(1, n_games + 1))
    warning = rematch_warning(tables, n_games)
    return MovementPlan(tables=tables, games=games, warnings=(warning,) if warning else ())


def plan_to_json(plan: MovementPlan) -> dict:
    """The command's JSON form: {"tables": T, "games": [{"game", "tables": [...], "sitting_out"}]}."""
    return {
        "tables": plan.tables,
        "games": [
            {
                "game": game.game,
                "tables": [{"table": s.table, "ns": s.ns, "ew": s.ew} for s in game.tables],
                "sitting_out": game.sitting_out,
            }
            for game in plan.games
        ],
    }


def render_text(plan: MovementPlan) -> str:
    """A table of the rotation a director can read: one row per table, one column per game."""
    width = max(5, len(str(plan.tables * 2)) * 2 + 3)
    header = "Table | " + " | ".join(f"Game {g.game}".center(width) for g in plan.games)
    lines = [header, "-" * len(header)]
    for index in range(plan.tables):
        cells = []
        for game in plan.games:
            seat = game.tables[index]
            cells.append(f"{_seat(seat.ns)} v {_seat(seat.ew)}".center(width))
        lines.append(f"{index + 1:>5} | " + " | ".join(cells))
    lines.append("")
    lines.append("Each cell is North-South v East-West; '-' is an empty seat.")
    for game in plan.games:
        if game.sitting_out:
            out = ", ".join(str(t) for t in game.sitting_out)
            lines.append(f"Game {game.game}: team {out} has no opponent.")
    return "\n".join(lines)


def _seat(team) -> str:
    return "-" if team is None else str(team)
