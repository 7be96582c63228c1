"""The movement for single players at tables of S seats, as plain functions over plain data.

The games of single players (Canasta 21 and Fibonacci 21 for two to four, the five-player game, the
solitaire) have no Mitchell movement: players are shuffled into new tables every game. Each game:

1. **Who sits out.** With exact seats, floor(N/S) tables play and the rest sit out; with a range such as
   3-4, the fewest possible sit out (none where the range allows), then the fewest tables, sizes as even as
   they can be (a range never sits anyone out it could seat). The sit-outs follow one fixed rotation,
   player N first, then N-1, ..., so no one sits out twice before everyone has sat out once, and the counts
   never differ by more than one.
2. **Who plays together** (`players_search`): no two players share a table twice while the search finds a
   seating without it, and as few repeats (meetings beyond a pair's first) as it finds otherwise.
   Guaranteed, by designs: tables of two, a round robin (N - 1 games without a repeat, N for odd N);
   N = S*q players at q tables of S, q >= S a prime or a prime power up to 49, no repeat in the first q
   games (q + 1 when q = S: 9, 16 and 25 players at tables of 3, 4 and 5 meet everyone once in 4, 5 and 6
   games); game 1 never repeats; the solitaire (S = 1) seats everyone alone. Checked, not proved: game 2
   has no repeat whenever game 1 has at least as many tables as seats and nobody sits out (the tests, up
   to 12 tables), and on small fields (2 to 12 players, every seat spec, 1 to 6 games, seeds 0 to 2) the
   plan has no repeat whenever an exhaustive search finds one without under the same sit-outs
   (`bench/players_movement.py --sweep`; the tests keep the cases that once cornered a game-by-game
   search). Best effort: the rest, where three independent searches share a fixed budget and the best
   is kept (60 players at tables of 5 for 10 games: about 0.3 s of CPU); `bench/players_movement.py`
   measures the repeats.
3. **Where each sits**: the high-card draw of the five-player text, highest card first, the next highest
   on their left, and so on round the table (a uniformly random order, from the generator given).

T, the plan's `tables`, is the number of tables in every game: floor(N/S) for exact seats, the chosen
count for a range (the same each game, since the field does not change). Players are numbered 1..N.
Everything is deterministic for a given random generator (by default one seeded with 0).
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .players_search import design_games, polish_schedule, split_into_tables

MIN_SEATS, MAX_SEATS = 1, 5
SEARCH_ATTEMPTS = 3


@dataclass(frozen=True)
class SeatRange:
    low: int
    high: int

    def __post_init__(self):
        for value in (self.low, self.high):
            if not MIN_SEATS <= value <= MAX_SEATS:
                raise ValueError(_("A table has %(fewest)s to %(most)s seats; %(value)s is not possible.")
                                 % {"fewest": MIN_SEATS, "most": MAX_SEATS, "value": value})
        if self.low > self.high:
            raise ValueError(_("Write the range smaller first: %(right)s, not %(wrong)s.")
                             % {"right": f"{self.high}-{self.low}", "wrong": f"{self.low}-{self.high}"})

    def __str__(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class PlayersTable:
    table: int
    seats: tuple[int, ...]  # highest card first, each next player on the previous one's left


@dataclass(frozen=True)
class PlayersGame:
    game: int
    tables: tuple[PlayersTable, ...]
    sitting_out: tuple[int, ...]


@dataclass(frozen=True)
class PlayersPlan:
    tables: int
    games: tuple[PlayersGame, ...]

    def pair_meetings(self) -> dict[frozenset, int]:
        """How many games each pair of players shared a table (pairs that never did are left out)."""
        counts: dict[frozenset, int] = {}
        for game in self.games:
            for table in game.tables:
                for i, a in enumerate(table.seats):
                    for b in table.seats[i + 1:]:
                        pair = frozenset((a, b))
                        counts[pair] = counts.get(pair, 0) + 1
        return counts

    @property
    def repeats(self) -> int:
        """Table-mate meetings beyond each pair's first: 0 when no two players ever sit together twice."""
        return sum(count - 1 for count in self.pair_meetings().values())

    @property
    def repeated_pairs(self) -> int:
        """Pairs of players who shared a table more than once."""
        return sum(1 for count in self.pair_meetings().values() if count > 1)


def parse_seats(text: str) -> SeatRange:
    """'4' or '3-4' (a range, smaller first), each between 1 and 5."""
    parts = str(text).strip().split("-")
    if len(parts) not in (1, 2) or not all(p.strip().isdigit() for p in parts):
        raise ValueError(_("Seats must be a number such as 4 or a range such as 3-4, not %(text)s.")
                         % {"text": repr(text)})
    return SeatRange(int(parts[0]), int(parts[-1]))


def table_sizes(n_players: int, seats: SeatRange) -> list[int]:
    """The tables of one game, largest first: the fewest sit out, then the fewest tables, sizes even."""
    if n_players < seats.low:
        raise ValueError(
            ngettext("%(players)s player cannot fill a table of %(seats)s: nobody could play.",
                     "%(players)s players cannot fill a table of %(seats)s: nobody could play.",
                     n_players) % {"players": n_players, "seats": seats}
        )
    for playing in range(n_players, seats.low - 1, -1):
        count = -(-playing // seats.high)  # the fewest tables that hold them all
        if count * seats.low <= playing:
            base, extra = divmod(playing, count)
            return [base + 1] * extra + [base] * (count - extra)
    raise AssertionError("unreachable: a single table of the low size always fits")


def sit_out_rotation(n_players: int, per_game: int, n_games: int) -> list[list[int]]:
    """Who sits out each game (indexes 0..N-1): the next `per_game` of the cycle N-1, N-2, ..., 0."""
    order = list(range(n_players - 1, -1, -1))
    return [[order[(g * per_game + k) % n_players] for k in range(per_game)] for g in range(n_games)]


def draw_seats(players: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """Each player draws a card: the highest sits first, the next highest on their left, and so on.

    Ties are drawn again, so the order is a uniformly random one; what matters to the table is that
    it is the cards' order, the highest first.
    """
    cards = rng.sample(range(1_000_000), len(players))
    return tuple(p for _, p in sorted(zip(cards, players, strict=True), reverse=True))


def validate_size(n_players: int, seats: SeatRange, n_games: int) -> None:
    if n_games < 1:
        raise ValueError("A movement needs at least 1 game.")
    table_sizes(n_players, seats)


def players_movement(
    n_players: int, seats: SeatRange | str | int, n_games: int, *, rng: random.Random | None = None
) -> PlayersPlan:
    """Seat players 1..N over `n_games` games at tables of `seats`: 4, "4", "3-4" or a SeatRange."""
    if not isinstance(seats, SeatRange):
        seats = parse_seats(str(seats))
    validate_size(n_players, seats, n_games)
    rng = rng if rng is not None else random.Random(0)
    sizes = table_sizes(n_players, seats)
    out_per_game = n_players - sum(sizes)
    sit_outs = sit_out_rotation(n_players, out_per_game, n_games)
    designed = design_games(n_players, sizes[0], len(sizes)) if len(set(sizes)) == 1 else []
    seatings = designed[:n_games]
    if n_games > len(designed):
        seatings = _search(n_players, sizes, sit_outs, designed, n_games, rng)
    games = [
        PlayersGame(
            game=g + 1,
            tables=tuple(
                PlayersTable(table=t, seats=draw_seats([p + 1 for p in sorted(table)], rng))
                for t, table in enumerate(_in_order(tables), start=1)
            ),
            sitting_out=tuple(sorted(p + 1 for p in sit_outs[g])),
        )
        for g, tables in enumerate(seatings)
    ]
    return PlayersPlan(tables=len(sizes), games=tuple(games))


def _search(n_players, sizes, sit_outs, designed, n_games, rng) -> list[list[list[int]]]:
    """The best of a few independent searches (each with its share of the budget), stopping at one
    without repeats: one search can settle into a corner another avoids (15 at tables of 3 for 7 games)."""
    best, best_repeats = None, None
    for _attempt in range(SEARCH_ATTEMPTS):
        met = [[0] * n_players for _ in range(n_players)]
        seatings = []
        for g in range(n_games):
            if g < len(designed):
                tables = designed[g]
            else:
                out = set(sit_outs[g])
                playing = [p for p in range(n_players) if p not in out]
                tables = split_into_tables(playing, sizes, met, rng)
            for table in tables:
                for a in table:
                    for b in table:
                        if a != b:
                            met[a][b] += 1
            seatings.append(tables)
        seatings = polish_schedule(seatings, n_players, rng, share=1 / SEARCH_ATTEMPTS)
        repeats = _repeats(seatings)
        if best is None or repeats < best_repeats:
            best, best_repeats = seatings, repeats
        if best_repeats == 0:
            break
    return best


def _repeats(seatings: list[list[list[int]]]) -> int:
    counts: dict[tuple[int, int], int] = {}
    for tables in seatings:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    pair = (min(a, b), max(a, b))
                    counts[pair] = counts.get(pair, 0) + 1
    return sum(c - 1 for c in counts.values())


def _in_order(tables: list[list[int]]) -> list[list[int]]:
    """Tables numbered largest first, then by their lowest player, so a plan reads the same every time."""
    return sorted(tables, key=lambda t: (-len(t), min(t)))


def players_plan_to_json(plan: PlayersPlan) -> dict:
    """The command's JSON: {"tables": T, "games": [{"game", "tables": [{"table", "seats"}], "sitting_out"}]}."""
    return {
        "tables": plan.tables,
        "games": [
            {
                "game": game.game,
                "tables": [{"table": t.table, "seats": list(t.seats)} for t in game.tables],
                "sitting_out": list(game.sitting_out),
            }
            for game in plan.games
        ],
    }


def render_players_text(plan: PlayersPlan) -> str:
    """One block per game: each table's players in seat order, then who sits out."""
    lines = []
    for game in plan.games:
        lines.append(f"Game {game.game}")
        for table in game.tables:
            lines.append(f"  Table {table.table:>3}: " + ", ".join(str(p) for p in table.seats))
        if game.sitting_out:
            lines.append("  Sitting out: " + ", ".join(str(p) for p in game.sitting_out))
    lines.append("")
    lines.append("Seats are in the order of the high-card draw: highest card first, each next on the left.")
    return "\n".join(lines)
