"""Seating the players of a day's games at tables so that as few pairs as possible meet twice.

This is the social golfer problem, which has no known fast exact method, so three tools share the work:

- **Designs**, for the fields that have one. Tables of two: the circle method (a round robin), N - 1
  games for N even, N for N odd with one sitting out in turn. N = S x q players at q tables of S, q >= S
  a prime or a prime power up to 49: player (i, j), i < S, j in the field of order q, sits in game m
  (m = 0..q-1) at table j - m*i, so two players of different rows i meet exactly once over the q games
  and two of the same row never; when q = S the rows themselves are one more game. That is the affine
  plane of order q (9, 16 and 25 players at tables of 3, 4 and 5 meet everyone once in 4, 5 and 6
  games), and a resolvable transversal design otherwise (20 players at tables of 4: five games without
  a repeat; 40 at tables of 5: eight).
- **A search game by game**, for every other field and the games after a design runs out: a greedy start
  (each seat goes to the player who has met the table least), then a tabu search over swaps of two players
  of different tables, a pair that met before weighing much more than an extra meeting of it, until no pair
  meets again or a fixed budget of tried swaps is spent.
- **A search over the whole day**, when some pair still meets twice: the same tabu search, swapping two
  players of any one game, on the day's count of repeats. Seating game by game cannot undo an early
  choice that corners a later game; this can.

Deterministic for a given random generator. Players here are indexes 0..N-1; the movement module gives
them their numbers.
"""

import random
from collections.abc import Sequence

# The fields of prime-power order that are not prime, up to 49: the prime p, and the low coefficients
# c0, c1, ... of a monic irreducible polynomial of degree k (x^k = -(c0 + c1 x + ...)). An element is a
# polynomial over Z_p, written as its digits in base p.
_EXTENSIONS = {
    4: (2, (1, 1)),  # x^2 + x + 1
    8: (2, (1, 1, 0)),  # x^3 + x + 1
    9: (3, (1, 0)),  # x^2 + 1
    16: (2, (1, 1, 0, 0)),  # x^4 + x + 1
    25: (5, (3, 0)),  # x^2 + 3 (2 is no square mod 5)
    27: (3, (1, 2, 0)),  # x^3 + 2x + 1
    32: (2, (1, 0, 1, 0, 0)),  # x^5 + x^2 + 1
    49: (7, (1, 0)),  # x^2 + 1 (-1 is no square mod 7)
}
# Swaps tried for one game before the search keeps the best it has: enough for the tight fields the tests
# know to be solvable, small enough that 60 players over 10 games take well under a second.
SWAP_BUDGET = 60_000
TABU_TENURE = 6
# A pair that has met weighs this much the second time, one more each time after: the search first seats
# as few pairs again as it can, then spreads the repeats it cannot avoid over different pairs.
REPEAT_WEIGHT = 16
# Swaps the whole-day search tries once every game is seated, when some pair still meets again.
POLISH_BUDGET = 150_000
# Both searches also stop after this many swaps without a better seating: on a small field whose repeats
# are forced, the budget would otherwise be spent on thousands of cheap, useless steps.
STALL_STEPS = 1_000


def design_games(n_players: int, size: int, tables: int) -> list[list[list[int]]]:
    """The games a design gives for `tables` tables of `size` players, N = size*tables; [] if none."""
    if size == 2 and n_players in (2 * tables, 2 * tables + 1):
        return round_robin_games(n_players)
    q = tables
    field = field_tables(q) if size >= 2 and n_players == size * q and q >= size else None
    if field is None:
        return []
    add, mul = field
    sub = [[0] * q for _ in range(q)]  # sub[j][x] is the t with t + x = j
    for t in range(q):
        for x in range(q):
            sub[add[t][x]][x] = t

    def index(i: int, j: int) -> int:  # players 0..size-1 at the first table of the first game
        return j * size + i

    games = []
    for m in range(q):
        by_table: list[list[int]] = [[] for _ in range(q)]
        for i in range(size):
            for j in range(q):
                by_table[sub[j][mul[m][i]]].append(index(i, j))  # the table t with j = t + m*i
        games.append(by_table)
    if q == size:
        games.append([[index(i, j) for j in range(q)] for i in range(size)])
    return games


def field_tables(q: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Addition and multiplication tables of the field of order q, if this module knows one."""
    if q >= 2 and all(q % d for d in range(2, int(q**0.5) + 1)):
        return [[(a + b) % q for b in range(q)] for a in range(q)], [[a * b % q for b in range(q)] for a in range(q)]
    if q not in _EXTENSIONS:
        return None
    p, low = _EXTENSIONS[q]
    k = len(low)

    def digits(a: int) -> list[int]:
        return [a // p**e % p for e in range(k)]

    def number(ds: list[int]) -> int:
        return sum(d * p**e for e, d in enumerate(ds))

    def times(a: int, b: int) -> int:
        product = [0] * (2 * k - 1)
        for e, x in enumerate(digits(a)):
            for f, y in enumerate(digits(b)):
                product[e + f] += x * y
        for e in range(2 * k - 2, k - 1, -1):  # x^e = x^(e-k) * x^k = -x^(e-k) * (c0 + c1 x + ...)
            carry, product[e] = product[e], 0
            for f, c in enumerate(low):
                product[e - k + f] -= carry * c
        return number([d % p for d in product[:k]])

    def plus(a: int, b: int) -> int:
        return number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)])

    return [[plus(a, b) for b in range(q)] for a in range(q)], [[times(a, b) for b in range(q)] for a in range(q)]


def round_robin_games(n_players: int) -> list[list[list[int]]]:
    """The circle method: N - 1 games (N even) or N (odd) in which everyone meets everyone once.

    With N odd, player N - 1 - r sits out game r, as the movement's rotation has it (player N first).
    """
    if n_players % 2:
        n = n_players
        return [
            [sorted((n - 1 - (r + k) % n, n - 1 - (r - k) % n)) for k in range(1, (n + 1) // 2)]
            for r in range(n)
        ]
    m = n_players - 1
    return [
        [[r, m]] + [sorted(((r + k) % m, (r - k) % m)) for k in range(1, (m + 1) // 2)]
        for r in range(m)
    ]


def split_into_tables(
    players: Sequence[int], sizes: Sequence[int], met: list[list[int]], rng: random.Random,
    budget: int | None = None,
) -> list[list[int]]:
    """Tables of the given sizes holding `players`, as few table-mates who met before (`met`) as found."""
    if len(sizes) <= 1 or max(sizes) <= 1:
        return _cut(list(players), sizes)
    weight = [[REPEAT_WEIGHT + count - 1 if count else 0 for count in row] for row in met]
    tables = _greedy(players, sizes, weight, rng)
    return _Search(tables, weight, rng).run(SWAP_BUDGET if budget is None else budget)


def _cut(players: list[int], sizes: Sequence[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(players[start:start + size])
        start += size
    return tables


def _greedy(players: Sequence[int], sizes: Sequence[int], met: list[list[int]], rng: random.Random) -> list[list[int]]:
    """Fill one table after another with whoever has met the table least (ties broken at random)."""
    left = list(players)
    rng.shuffle(left)
    tables = []
    for size in sizes:
        table = [left.pop()]
        while len(table) < size:
            best = min(range(len(left)), key=lambda k: sum(met[left[k]][x] for x in table))
            table.append(left.pop(best))
        tables.append(table)
    return tables


class _Search:
    """Tabu search over swaps; `conf[p][t]` is the weight player p has with the players of table t."""

    def __init__(self, tables: list[list[int]], met: list[list[int]], rng: random.Random):
        self.tables = [list(t) for t in tables]
        self.met = met
        self.rng = rng
        self.where = {p: t for t, table in enumerate(self.tables) for p in table}
        self.players = list(self.where)
        self.conf = {p: [sum(met[p][x] for x in table if x != p) for table in self.tables] for p in self.players}

    def cost(self) -> int:
        return sum(self.conf[p][self.where[p]] for p in self.players) // 2

    def run(self, budget: int) -> list[list[int]]:
        cost = self.cost()
        best_cost, best = cost, [list(t) for t in self.tables]
        tabu: dict[int, int] = {}
        step = last_better = 0
        while best_cost > 0 and budget > 0 and step - last_better < STALL_STEPS:
            step += 1
            move, tried = self._best_swap(tabu, step, cost, best_cost)
            budget -= max(tried, 1)
            if move is None:  # every swap is tabu: forget them and go on
                tabu.clear()
                continue
            delta, a, b = move
            self._swap(a, b)
            cost += delta
            tabu[a] = tabu[b] = step + TABU_TENURE + self.rng.randrange(3)
            if cost < best_cost:
                last_better = step
                best_cost, best = cost, [list(t) for t in self.tables]
        return best

    def _best_swap(self, tabu: dict[int, int], step: int, cost: int, best_cost: int):
        """The best swap moving a player who has met someone at their table (ties at random)."""
        conf, where, met = self.conf, self.where, self.met
        movers = [p for p in self.players if conf[p][where[p]] > 0]
        best, ties, tried = None, 0, 0
        for a in movers:
            ta, ca = where[a], conf[a]
            for b in self.players:
                tb = where[b]
                if tb == ta:
                    continue
                tried += 1
                cb = conf[b]
                delta = ca[tb] + cb[ta] - ca[ta] - cb[tb] - 2 * met[a][b]
                if (tabu.get(a, 0) > step or tabu.get(b, 0) > step) and cost + delta >= best_cost:
                    continue  # tabu, unless it beats the best seating found
                if best is None or delta < best[0]:
                    best, ties = (delta, a, b), 1
                elif delta == best[0]:
                    ties += 1
                    if self.rng.randrange(ties) == 0:
                        best = (delta, a, b)
        return best, tried

    def _swap(self, a: int, b: int) -> None:
        ta, tb = self.where[a], self.where[b]
        self.tables[ta][self.tables[ta].index(a)] = b
        self.tables[tb][self.tables[tb].index(b)] = a
        self.where[a], self.where[b] = tb, ta
        met = self.met
        for p in self.players:
            row, cp = met[p], self.conf[p]
            if p != a and p != b:
                cp[ta] += row[b] - row[a]
                cp[tb] += row[a] - row[b]
        # a and b themselves: their weight with the table they left and joined changes by each other.
        self.conf[a][ta] += met[a][b]
        self.conf[a][tb] -= met[a][b]
        self.conf[b][tb] += met[a][b]
        self.conf[b][ta] -= met[a][b]


def polish_schedule(games: list[list[list[int]]], n_players: int, rng: random.Random, share: float = 1.0):
    """Lower the whole day's repeats by swapping two players of one game, any game (a tabu search).

    Seating game by game cannot undo an early choice that corners a later game; this can. The sit-outs and
    the tables' sizes stay as they are. `share` is the part of POLISH_BUDGET this search may spend. Returns
    the seating with the fewest repeats found.
    """
    return _Polish(games, n_players, rng).run(int(POLISH_BUDGET * share))


class _Polish:
    def __init__(self, games: list[list[list[int]]], n_players: int, rng: random.Random):
        self.games = [[list(t) for t in game] for game in games]
        self.rng = rng
        self.count = [[0] * n_players for _ in range(n_players)]
        self.where = []
        for game in self.games:
            self.where.append({p: t for t, table in enumerate(game) for p in table})
            for table in game:
                for a in table:
                    for b in table:
                        if a != b:
                            self.count[a][b] += 1

    def repeats(self) -> int:
        return sum(max(0, c - 1) for row in self.count for c in row) // 2

    def run(self, budget: int) -> list[list[list[int]]]:
        cost = self.repeats()
        best_cost, best = cost, [[list(t) for t in game] for game in self.games]
        tabu: dict[tuple[int, int], int] = {}
        step = last_better = 0
        while best_cost > 0 and budget > 0 and step - last_better < STALL_STEPS:
            step += 1
            move, tried = self._best_swap(tabu, step, cost, best_cost)
            budget -= max(tried, 1)
            if move is None:
                tabu.clear()
                continue
            delta, g, a, b = move
            self._swap(g, a, b)
            cost += delta
            tabu[g, a] = tabu[g, b] = step + TABU_TENURE + self.rng.randrange(3)
            if cost < best_cost:
                last_better = step
                best_cost, best = cost, [[list(t) for t in game] for game in self.games]
        return best

    def _best_swap(self, tabu, step: int, cost: int, best_cost: int):
        count = self.count
        best, ties, tried = None, 0, 0
        for g, game in enumerate(self.games):
            where = self.where[g]
            for table in game:
                for a in table:
                    ca = count[a]
                    if all(ca[x] < 2 for x in table):
                        continue  # a meets nobody again here: moving a cannot help
                    ta = where[a]
                    leave_a = sum(1 for x in table if x != a and ca[x] >= 2)
                    for tb, other in enumerate(game):
                        if tb == ta:
                            continue
                        for b in other:
                            tried += 1
                            cb = count[b]
                            delta = (
                                sum(1 for y in other if y != b and ca[y] >= 1)
                                - leave_a
                                + sum(1 for y in table if y != a and cb[y] >= 1)
                                - sum(1 for x in other if x != b and cb[x] >= 2)
                            )
                            if (tabu.get((g, a), 0) > step or tabu.get((g, b), 0) > step) and cost + delta >= best_cost:
                                continue
                            if best is None or delta < best[0]:
                                best, ties = (delta, g, a, b), 1
                            elif delta == best[0]:
                                ties += 1
                                if self.rng.randrange(ties) == 0:
                                    best = (delta, g, a, b)
        return best, tried

    def _swap(self, g: int, a: int, b: int) -> None:
        game, where, count = self.games[g], self.where[g], self.count
        ta, tb = where[a], where[b]
        for x in game[ta]:
            if x != a:
                count[a][x] -= 1
                count[x][a] -= 1
                count[b][x] += 1
                count[x][b] += 1
        for y in game[tb]:
            if y != b:
                count[b][y] -= 1
                count[y][b] -= 1
                count[a][y] += 1
                count[y][a] += 1
        game[ta][game[ta].index(a)] = b
        game[tb][game[tb].index(b)] = a
        where[a], where[b] = tb, ta
