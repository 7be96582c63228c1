"""Consolidating the room after withdrawals, as a plain function over plain data.

A withdrawal mid-event leaves its place in the movement empty: the team's opponents sit out, and with each
game the empty place travels on, so another team sits out, game after game. When the places empty are
enough to free whole tables, the director closes them instead: the teams left at the tables closed sit
down at the empty seats of the tables that stay open, and the movement goes on over fewer tables.

What the plan does, in order of what matters most:

1. It moves as few teams as possible. Every table with nobody left closes; of the tables with one team,
   half close (rounded down), so that at most one team (an odd field's) sits out. A full table never
   closes: closing the emptiest tables is always the fewest moves, since every team at an open table may
   stay where it is.
2. North-South stays where possible: a table whose only team is East-West closes before one whose team is
   North-South (the East-West teams move every game anyway; North-South teams are the ones who expect
   to stay put all day).
3. A team that moves keeps its side where possible (an East-West team takes an East-West seat).
4. Among plans equal on all that, the one with the fewest rematches over the games left (when the pairs
   that have met are given), then the highest-numbered tables closed (the room shrinks from its end).

Tables keep their physical numbers: the number on the table, on its card and QR code, and on the guide
cards is never changed. The movement goes on over the tables still open, in their number order: the
East-West teams move up to the next open table, and from the highest open table to the lowest, exactly as
before with fewer tables. Which is what `open_positions` returns: the position of each open table in the
movement.

Tables are given as (number, north-south, east-west) with any hashable team, None for an empty seat.
"""

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations

NS, EW = "ns", "ew"
MAX_ASSIGNMENTS = 5000   # beyond this many ways to seat the teams moving, seat them greedily


@dataclass(frozen=True)
class Move:
    team: Hashable
    from_table: int
    from_side: str
    to_table: int
    to_side: str


@dataclass(frozen=True)
class Plan:
    """The consolidation of one game: the tables closed, the moves, and the seating of the open tables."""

    closed: tuple[int, ...]
    moves: tuple[Move, ...]
    tables: tuple[tuple[int, Hashable | None, Hashable | None], ...]   # (number, ns, ew) of the open tables
    rematches: int = 0

    @property
    def changes_anything(self) -> bool:
        return bool(self.closed)

    @property
    def north_south_moved(self) -> int:
        return sum(move.from_side == NS for move in self.moves)

    @property
    def side_changes(self) -> int:
        return sum(move.from_side != move.to_side for move in self.moves)


def tables_needed(teams: int) -> int:
    """Two teams a table, the odd team alone at one."""
    return (teams + 1) // 2


def open_positions(numbers: Iterable[int]) -> dict[int, int]:
    """Each open table's position in the movement (1 for the lowest number): the movement runs over
    positions, the room keeps its physical numbers."""
    return {number: position for position, number in enumerate(sorted(numbers), start=1)}


def plan_consolidation(tables: Sequence[tuple[int, Hashable | None, Hashable | None]], *,
                       met: Iterable[frozenset] = (), games_left: int = 1) -> Plan:
    """The plan for the coming game's seating `tables`; a plan that closes nothing when nothing can close.

    `met`: the pairs of teams that have already played each other (frozensets of two), and `games_left`
    the games still to play from this one on, to break ties by the fewest rematches in the new movement."""
    numbers = [number for number, _, _ in tables]
    if len(set(numbers)) != len(numbers):
        raise ValueError("Each table number appears once.")
    teams = [team for _, ns, ew in tables for team in (ns, ew) if team is not None]
    if len(set(teams)) != len(teams):
        raise ValueError("Each team sits at one seat.")
    empty = [number for number, ns, ew in tables if ns is None and ew is None]
    ns_only = sorted((number for number, ns, ew in tables if ns is not None and ew is None), reverse=True)
    ew_only = sorted((number for number, ns, ew in tables if ns is None and ew is not None), reverse=True)
    to_close = (len(ns_only) + len(ew_only)) // 2
    if not empty and not to_close:
        return Plan((), (), tuple(sorted(tables)))
    # Close as many East-West-only tables as may be (rule 2), then the fewest side changes (rule 3).
    best = min(range(max(0, to_close - len(ns_only)), min(to_close, len(ew_only)) + 1),
               key=lambda i: (to_close - i, _side_changes(i, to_close - i, ns_only, ew_only, to_close)))
    closing = set(empty) | set(ew_only[:best]) | set(ns_only[:to_close - best])
    seats = {number: [ns, ew] for number, ns, ew in tables if number not in closing}
    movers = [(team, number, side) for number, ns, ew in sorted(tables) if number in closing
              for team, side in ((ns, NS), (ew, EW)) if team is not None]
    free = [(number, side) for number in sorted(seats) for side, index in ((NS, 0), (EW, 1))
            if seats[number][index] is None]
    met = {frozenset(pair) for pair in met}
    assignment, rematches = _seat_movers(movers, free, seats, met, games_left)
    moves = []
    for (team, number, side), (to_number, to_side) in zip(movers, assignment, strict=True):
        seats[to_number][0 if to_side == NS else 1] = team
        moves.append(Move(team, number, side, to_number, to_side))
    return Plan(tuple(sorted(closing)), tuple(moves),
                tuple((number, ns, ew) for number, (ns, ew) in sorted(seats.items())), rematches)


def _side_changes(ew_closed: int, ns_closed: int, ns_only: list, ew_only: list, to_close: int) -> int:
    """The moving teams that cannot keep their side: East-West seats are free at the North-South-only tables
    left open, and North-South seats at the East-West-only ones."""
    ew_seats = len(ns_only) - ns_closed
    ns_seats = len(ew_only) - ew_closed
    return max(0, ew_closed - ew_seats) + max(0, ns_closed - ns_seats)


def _seat_movers(movers, free, seats, met, games_left) -> tuple[list, int]:
    """Which free seat each moving team takes: their own side first, then the fewest rematches, then the
    lowest tables (nearest the room's front). Every way is tried when there are few; else greedily. Only
    the meetings of the teams moving differ from one way to another, so only those are counted for each."""
    count = 1
    for k in range(len(free), len(free) - len(movers), -1):
        count *= k
    if count > MAX_ASSIGNMENTS:
        chosen = _greedy(movers, free)
    else:
        room = _Room(seats, met, games_left)
        chosen, best_key = None, None
        for choice in permutations(free, len(movers)):
            changes = sum(side != to_side for (_, _, side), (_, to_side) in zip(movers, choice, strict=True))
            if best_key is not None and changes > best_key[0]:
                continue
            key = (changes, room.mover_rematches(movers, choice), [n for n, _ in choice])
            if best_key is None or key < best_key:
                chosen, best_key = list(choice), key
    trial = {number: list(pair) for number, pair in seats.items()}
    for (team, _, _), (number, side) in zip(movers, chosen, strict=True):
        trial[number][0 if side == NS else 1] = team
    final = [(n, ns, ew) for n, (ns, ew) in sorted(trial.items())]
    return chosen, count_rematches(final, met, games_left)


class _Room:
    """The open tables by position, to count the meetings of the teams moving in one way of seating them:
    at position p, North-South meets in game offset d the East-West that sat at position p - d."""

    def __init__(self, seats, met, games_left):
        self.numbers = sorted(seats)
        self.position = {number: p for p, number in enumerate(self.numbers)}
        self.ns = [seats[n][0] for n in self.numbers]
        self.ew = [seats[n][1] for n in self.numbers]
        self.met, self.games_left = met, games_left

    def mover_rematches(self, movers, choice) -> int:
        ns, ew = list(self.ns), list(self.ew)
        at = []
        for (team, _, _), (number, side) in zip(movers, choice, strict=True):
            p = self.position[number]
            (ns if side == NS else ew)[p] = team
            at.append((p, side))
        size = len(ns)
        meetings = set()                              # (offset, North-South position): each meeting once
        for p, side in at:
            for d in range(self.games_left):
                meetings.add((d, p if side == NS else (p + d) % size))
        pairs = []
        for d, q in meetings:
            a, b = ns[q], ew[(q - d) % size]
            if a is not None and b is not None:
                pairs.append(frozenset((a, b)))
        # As `count_rematches`: every meeting of a pair that has met, and every meeting after a pair's first.
        return len(pairs) - len({pair for pair in pairs if pair not in self.met})


def _greedy(movers, free) -> list:
    left = list(free)
    chosen = []
    for _, _, side in movers:
        seat = next((s for s in left if s[1] == side), left[0])
        left.remove(seat)
        chosen.append(seat)
    return chosen


def count_rematches(tables: Sequence[tuple[int, Hashable | None, Hashable | None]], met: set,
                    games_left: int) -> int:
    """How many meetings in the next `games_left` games of the movement over these tables (East-West moving
    up one open table a game) are of teams in `met`, or meet a second time within those games."""
    order = sorted(tables)
    size = len(order)
    seen = set(met)
    repeats = 0
    for offset in range(games_left):
        for position, (_, ns, _) in enumerate(order):
            ew = order[(position - offset) % size][2]
            if ns is None or ew is None:
                continue
            pair = frozenset((ns, ew))
            repeats += pair in seen
            seen.add(pair)
    return repeats


def seating_after(plan: Plan, games_left: int) -> list[list[tuple[int, Hashable | None, Hashable | None]]]:
    """The seating of each game left by the movement over the open tables: the plan's own for the coming
    game, then East-West one open table up a game (the highest's to the lowest)."""
    order = list(plan.tables)
    size = len(order)
    return [[(order[p][0], order[p][1], order[(p - offset) % size][2]) for p in range(size)]
            for offset in range(games_left)]
