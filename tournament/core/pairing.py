"""Pairing a round by the standings, Danish or Swiss, as plain functions over plain data.

The teams are ranked first (`tournament.core.tiebreaks.rank`). Then tables are fixed one at a time, the
best-ranked unpaired team first, each with the first partner in its order of preference that keeps the
best pairing of the rest still possible:

- **Danish**: the next teams down the ranking, so 1st v 2nd, 3rd v 4th, ... when nothing is in the way.
- **Swiss**: the teams of its score group (same score, wins plus half the ties), top half v bottom half
  (in a group of k, the i-th plays the (i + k//2)-th), then the rest of the top half from the bottom up,
  then the teams below its group, best first: a team whose group is odd or cannot pair floats down.

"Keeps the best pairing possible" is exact, not a hope: a maximum matching of the allowed pairs
(`tournament.core.matching`) says how many tables can still avoid a rematch, and a partner is taken only
if that number is not lowered. So there is no rematch whenever a pairing without one exists, and when none
does, the fewest rematches possible (that fewest is the number of teams left over by a maximum matching).
With `avoid_club`, the same test on the pairs that are neither rematches nor same-club comes first: no two
teams of one club meet whenever that is possible without a rematch; when it is not, rematches stay the
fewest possible and, if the same-club pairs are more than a lower bound proves necessary, a bounded search
(`_fewest_clubs`) looks for fewer: the fewest, unless its budget runs out (only in a large field paired far
past the point where rematches are forced). A team without a club never counts as the same club as another.

An odd field has a bye: a phantom team, paired before anyone else, whose partners are the teams that have
not had a bye (all teams, when every one has), lowest-ranked first. So the bye goes to the lowest-ranked
team without one for which the rest still pairs as well as it can; a team never gets a second bye while
another has had none. Every choice is made in a fixed order, so the same standings give the same pairs.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tournament.core.matching import Matching
from tournament.core.tiebreaks import DEFAULT_ORDER, Entrant, rank

METHODS = ("danish", "swiss")
# Checks the search for fewer same-club pairs may make, divided by the field's size (it only runs when a
# rematch is forced, in practice in small fields late in an event): 10 teams get 1,800, 200 teams 100.
SEARCH_BUDGET = 20_000


@dataclass(frozen=True)
class Table:
    table: int
    ns: int  # the higher-ranked team
    ew: int


@dataclass(frozen=True)
class Pairing:
    method: str
    tables: tuple[Table, ...]
    bye: int | None
    rematches: int
    same_club: int
    ranking: tuple[int, ...]  # team numbers, best first, as ranked before pairing


def pair_round(entrants: Sequence[Entrant], method: str, *, avoid_club: bool = False,
               order: Sequence[str] = DEFAULT_ORDER) -> Pairing:
    """Pair one round of `entrants` (each number once; each meeting names another of them)."""
    if method not in METHODS:
        raise ValueError(f"Unknown pairing method {method!r}: use danish or swiss.")
    if len(entrants) < 2:
        raise ValueError("A round needs at least 2 teams.")
    numbers = {e.number for e in entrants}
    if len(numbers) != len(entrants):
        raise ValueError("Each team number may appear only once.")
    strangers = sorted({m.opponent for e in entrants for m in e.meetings} - numbers)
    if strangers:
        raise ValueError(f"Opponent {strangers[0]} is not among the teams.")
    ranked = rank(entrants, order)
    if method == "swiss":  # score groups go top down whatever the tiebreaks
        ranked.sort(key=lambda e: -e.score)
    n = len(ranked)
    index = {e.number: i for i, e in enumerate(ranked)}
    met = {frozenset((index[e.number], index[m.opponent])) for e in ranked for m in e.meetings}
    clubs = [e.club.strip().casefold() for e in ranked]

    def same_club(a: int, b: int) -> bool:
        return bool(clubs[a]) and clubs[a] == clubs[b]

    bye = n if n % 2 else None
    eligible = [i for i in range(n) if not ranked[i].had_bye] or list(range(n))
    size = n + (1 if bye is not None else 0)
    strict = _graph(size, bye, eligible, lambda a, b: frozenset((a, b)) in met or (avoid_club and same_club(a, b)))
    loose = _graph(size, bye, eligible, lambda a, b: frozenset((a, b)) in met) if avoid_club else None
    scores = [e.score for e in ranked] + [None]
    prefer = _swiss_prefers if method == "swiss" else _danish_prefers

    alive = [True] * size
    preferred = _simulate(size, bye, eligible, scores, prefer)
    oracles = [Matching(strict, preferred)] + ([Matching(loose, preferred)] if loose else [])
    bound = oracles[-1].size - oracles[0].size  # same-club pairs at least, once rematches are fewest
    pairs = []
    while any(alive):
        a = bye if bye is not None and alive[bye] else alive.index(True)
        candidates = _candidates(a, alive, bye, eligible, scores, prefer)
        b = _choose(a, candidates, oracles)
        alive[a] = alive[b] = False
        for oracle in oracles:
            oracle.remove(a, b)
        pairs.append((a, b))
    if avoid_club:
        def club(a: int, b: int) -> bool:
            return bye not in (a, b) and same_club(a, b)

        if sum(club(a, b) for a, b in pairs) > bound:
            pairs = _fewest_clubs(size, bye, eligible, scores, prefer, (strict, loose), club, pairs)
    return _result(method, ranked, pairs, bye, met, same_club)


def pair_as_listed(entrants: Sequence[Entrant], method: str, *, avoid_club: bool = False) -> Pairing:
    """Pair `entrants` ranked as they are listed, best first, rather than by tiebreaks: an event's paired
    game follows its own standings' order, and a director's standings export lists it (`--order listed`)."""
    numbers = [e.number for e in entrants]
    place = {number: i for i, number in enumerate(numbers, start=1)}
    if len(place) != len(numbers):
        raise ValueError("Each team number may appear only once.")
    strangers = sorted({m.opponent for e in entrants for m in e.meetings} - set(place))
    if strangers:
        raise ValueError(f"Opponent {strangers[0]} is not among the teams.")
    placed = [replace(e, number=place[e.number], meetings=tuple(replace(m, opponent=place[m.opponent])
                                                                for m in e.meetings)) for e in entrants]
    paired = pair_round(placed, method, avoid_club=avoid_club, order=())

    def team(i: int) -> int:
        return numbers[i - 1]

    return replace(paired, tables=tuple(replace(t, ns=team(t.ns), ew=team(t.ew)) for t in paired.tables),
                   bye=team(paired.bye) if paired.bye is not None else None,
                   ranking=tuple(team(i) for i in paired.ranking))


def _fewest_clubs(size, bye, eligible, scores, prefer, graphs, club, found) -> list[tuple[int, int]]:
    """When a rematch is forced and clubs conflict, search for fewer same-club pairs than the table-by-table
    choice `found` made, with the rematches kept fewest: a depth-first search in the order of preference,
    cut where the same-club pairs so far plus a lower bound for the rest (the allowed tables the club rule
    costs, beyond the rematches) cannot beat the best found. It stops after `SEARCH_BUDGET // size` checks;
    within the budget its answer is the fewest, and it is never worse than `found`."""
    strict, loose = Matching(graphs[0], found), Matching(graphs[1], found)
    alive = [True] * size
    best = [sum(club(a, b) for a, b in found), list(found)]
    budget = [SEARCH_BUDGET // size]

    def visit(pairs: list, clubs: int) -> None:
        if not any(alive):
            if clubs < best[0]:
                best[:] = [clubs, list(pairs)]
            return
        if clubs + max(0, loose.size - strict.size) >= best[0]:
            return
        a = bye if bye is not None and alive[bye] else alive.index(True)
        for b in _candidates(a, alive, bye, eligible, scores, prefer):
            if budget[0] <= 0:
                return
            budget[0] -= 1
            if not _keeps_best(loose, a, b):
                continue
            states = strict.snapshot(), loose.snapshot()
            strict.remove(a, b)
            loose.remove(a, b)
            alive[a] = alive[b] = False
            pairs.append((a, b))
            visit(pairs, clubs + club(a, b))
            pairs.pop()
            alive[a] = alive[b] = True
            strict.restore(states[0])
            loose.restore(states[1])

    visit([], 0)
    return best[1]


def _graph(size, bye, eligible, forbidden) -> list[list[int]]:
    n = size - (1 if bye is not None else 0)
    adjacent = [[b for b in range(n) if b != a and not forbidden(a, b)] for a in range(n)]
    if bye is not None:
        adjacent.append(sorted(eligible, reverse=True))
        for i in eligible:
            adjacent[i].append(bye)
    return adjacent


def _choose(a, candidates, oracles) -> int:
    """The first candidate that keeps every oracle's best (strict first); failing the strict one, the loose."""
    for tiers in (oracles, oracles[1:]):
        if not tiers:
            continue
        for b in candidates:
            if all(_keeps_best(o, a, b) for o in tiers):
                return b
    return candidates[0]  # unreachable: some partner always keeps the loose best


def _keeps_best(oracle: Matching, a: int, b: int) -> bool:
    allowed = b in oracle.allowed[a]
    if not allowed and 2 * oracle.size == oracle.live:
        return False  # every team left can still play an allowed pair: never take one that is not
    state = oracle.snapshot()
    before = oracle.size
    after = oracle.remove(a, b)
    oracle.restore(state)
    return after == before - (1 if allowed else 0)


def _candidates(a, alive, bye, eligible, scores, prefer) -> list[int]:
    if a == bye:
        return sorted(eligible, reverse=True)  # the bye is the first table fixed: all are still unpaired
    rest = [i for i in range(len(alive)) if alive[i] and i != a and i != bye]
    return prefer(a, rest, scores)


def _danish_prefers(a: int, rest: list[int], scores) -> list[int]:
    return rest


def _swiss_prefers(a: int, rest: list[int], scores) -> list[int]:
    group = [a] + [i for i in rest if scores[i] == scores[a]]
    half = len(group) // 2
    inside = group[half:] + group[1:half][::-1] if half else []
    taken = set(group)
    return inside + [i for i in rest if i not in taken]


def _simulate(size, bye, eligible, scores, prefer) -> list[tuple[int, int]]:
    """The pairing the method would make if nothing were in the way: where the matching starts."""
    alive = [True] * size
    pairs = []
    while any(alive):
        a = bye if bye is not None and alive[bye] else alive.index(True)
        b = _candidates(a, alive, bye, eligible, scores, prefer)[0]
        alive[a] = alive[b] = False
        pairs.append((a, b))
    return pairs


def _result(method, ranked, pairs, bye, met, same_club) -> Pairing:
    tables, bye_team, rematches, clubs = [], None, 0, 0
    for a, b in pairs:
        if bye in (a, b):
            bye_team = ranked[b if a == bye else a].number
            continue
        a, b = min(a, b), max(a, b)
        rematches += frozenset((a, b)) in met
        clubs += same_club(a, b)
        tables.append(Table(table=len(tables) + 1, ns=ranked[a].number, ew=ranked[b].number))
    return Pairing(method=method, tables=tuple(tables), bye=bye_team, rematches=rematches, same_club=clubs,
                   ranking=tuple(e.number for e in ranked))


def pairing_to_json(pairing: Pairing) -> dict:
    """The command's JSON: {"method", "pairs": [{"table", "ns", "ew"}], "bye", "rematches", "same_club"}."""
    return {
        "method": pairing.method,
        "pairs": [{"table": t.table, "ns": t.ns, "ew": t.ew} for t in pairing.tables],
        "bye": pairing.bye,
        "rematches": pairing.rematches,
        "same_club": pairing.same_club,
    }


def render_pairing(pairing: Pairing, entrants: Sequence[Entrant]) -> str:
    """The pairs as a director reads them: table, North-South v East-West, with the teams' names."""
    names = {e.number: e.name for e in entrants}

    def team(number: int) -> str:
        return f"{number} {names[number]}".strip()

    lines = [f"{pairing.method.capitalize()} pairing, {len(pairing.tables)} tables"]
    lines += [f"Table {t.table:>3}: {team(t.ns)} v {team(t.ew)}" for t in pairing.tables]
    if pairing.bye is not None:
        lines.append(f"Bye: {team(pairing.bye)}")
    lines.append(f"Rematches: {pairing.rematches}; same-club pairs: {pairing.same_club}")
    return "\n".join(lines)
