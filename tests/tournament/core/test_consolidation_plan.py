"""Property tests of the consolidation plan (pure, no database): the room after any withdrawals, from 1 to
60 tables, against a brute force over every choice of tables to keep open on the small rooms."""

from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core.consolidation import (
    EW,
    NS,
    Move,
    count_rematches,
    open_positions,
    plan_consolidation,
    seating_after,
    tables_needed,
)
from tournament.core.movement import mitchell


@st.composite
def rooms(draw, max_tables=60):
    """A game's seating by the movement (teams 1..N, table numbers with gaps, as after an earlier
    consolidation), then some teams withdrawn: their seats empty."""
    n_teams = draw(st.integers(min_value=2, max_value=2 * max_tables))
    game = draw(st.integers(min_value=1, max_value=8))
    seating = mitchell(n_teams, game).games[-1].tables
    gaps = draw(st.lists(st.integers(0, 2), min_size=len(seating), max_size=len(seating)))
    numbers, number = [], 0
    for gap in gaps:
        number += 1 + gap
        numbers.append(number)
    gone = draw(st.sets(st.integers(1, n_teams), max_size=n_teams - 1))
    return [(n, None if s.ns in gone else s.ns, None if s.ew in gone else s.ew)
            for n, s in zip(numbers, seating, strict=True)]


@st.composite
def any_rooms(draw, max_tables=9):
    """Any occupancy, sides as they fall: one team at North-South of one table, East-West at another."""
    size = draw(st.integers(min_value=1, max_value=max_tables))
    tables, team = [], 0
    for number in range(1, size + 1):
        seats = []
        for _ in (NS, EW):
            if draw(st.booleans()):
                team += 1
                seats.append(team)
            else:
                seats.append(None)
        tables.append((number, *seats))
    return tables


def _teams(tables):
    return sorted(t for _, ns, ew in tables for t in (ns, ew) if t is not None)


def _where(tables):
    return {t: (n, side) for n, ns, ew in tables for t, side in ((ns, NS), (ew, EW)) if t is not None}


@settings(max_examples=400, deadline=None)
@given(rooms())
def test_every_team_seated_once_at_the_fewest_tables(tables):
    plan = plan_consolidation(tables)
    assert _teams(plan.tables) == _teams(tables)
    assert len(plan.tables) == (tables_needed(len(_teams(tables))) if plan.changes_anything else len(tables))
    # No table with one team while a merge is possible: at most one, the odd field's.
    alone = [n for n, ns, ew in plan.tables if (ns is None) != (ew is None)]
    assert len(alone) == (len(_teams(tables)) % 2 if plan.changes_anything else len(alone))
    assert not any(ns is None and ew is None for _, ns, ew in plan.tables) or not plan.changes_anything
    # The numbers are the room's: open tables keep theirs, closed ones are gone from the plan.
    assert {n for n, _, _ in plan.tables} | set(plan.closed) == {n for n, _, _ in tables}
    assert not {n for n, _, _ in plan.tables} & set(plan.closed)


@settings(max_examples=400, deadline=None)
@given(rooms())
def test_only_teams_of_closed_tables_move_and_each_move_is_as_said(tables):
    plan = plan_consolidation(tables)
    before, after = _where(tables), _where(plan.tables)
    moved = {t for t in before if before[t] != after[t]}
    assert moved == {move.team for move in plan.moves}
    for move in plan.moves:
        assert before[move.team] == (move.from_table, move.from_side)
        assert after[move.team] == (move.to_table, move.to_side)
        assert move.from_table in plan.closed and move.to_table not in plan.closed


@settings(max_examples=600, deadline=None)
@given(any_rooms())
def test_fewest_moves_and_north_south_kept_by_brute_force(tables):
    """Every choice of tables to keep open: the plan moves no more teams than the best of them, and moves no
    more North-South teams than the best choice with as few moves."""
    plan = plan_consolidation(tables)
    if not plan.changes_anything:
        assert all(ns is not None or ew is not None for _, ns, ew in tables)
        assert sum((ns is None) != (ew is None) for _, ns, ew in tables) <= 1
        return
    keep = tables_needed(len(_teams(tables)))
    best = None
    for kept in combinations(tables, keep):
        outside = [t for t in tables if t not in kept]
        moves = sum((ns is not None) + (ew is not None) for _, ns, ew in outside)
        ns_moves = sum(ns is not None for _, ns, _ in outside)
        best = min(best or (moves, ns_moves), (moves, ns_moves))
    assert (len(plan.moves), plan.north_south_moved) == best


@settings(max_examples=300, deadline=None)
@given(any_rooms())
def test_a_moving_team_keeps_its_side_when_a_seat_of_its_side_is_free(tables):
    plan = plan_consolidation(tables)
    open_after = {n for n, _, _ in plan.tables}
    free = {side: sum(1 for n, ns, ew in tables if n in open_after and (ns if side == NS else ew) is None)
            for side in (NS, EW)}
    wanting = {side: sum(move.from_side == side for move in plan.moves) for side in (NS, EW)}
    assert plan.side_changes == sum(max(0, wanting[s] - free[s]) for s in (NS, EW))


@settings(max_examples=200, deadline=None)
@given(rooms(max_tables=20), st.integers(1, 12))
def test_the_movement_after_seats_every_team_once_each_game(tables, games_left):
    plan = plan_consolidation(tables)
    for game in seating_after(plan, games_left):
        assert _teams(game) == _teams(tables)
        assert [n for n, _, _ in game] == [n for n, _, _ in plan.tables]
        # North-South stays all the rest of the day.
        assert [ns for _, ns, _ in game] == [ns for _, ns, _ in plan.tables]


def test_close_east_west_only_tables_first_and_the_highest_numbers():
    # Table 2: NS alone; tables 5 and 7: EW alone; table 9 empty. One of the three single tables closes: an
    # East-West-only one, the highest, and its team takes the free East-West seat of table 2.
    tables = [(1, "a", "b"), (2, "c", None), (5, None, "d"), (7, None, "e"), (9, None, None)]
    plan = plan_consolidation(tables)
    assert plan.closed == (7, 9)
    assert plan.moves == (Move("e", 7, EW, 2, EW),)
    assert plan.tables == ((1, "a", "b"), (2, "c", "e"), (5, None, "d"))


def test_north_south_moves_only_when_no_east_west_table_can_close():
    plan = plan_consolidation([(1, "a", None), (2, "b", None), (3, "c", "d")])
    assert plan.closed == (2,)
    assert plan.moves == (Move("b", 2, NS, 1, EW),)
    assert plan.north_south_moved == 1 and plan.side_changes == 1


def test_nothing_to_consolidate():
    plan = plan_consolidation([(1, "a", "b"), (2, "c", None)])
    assert not plan.changes_anything and plan.moves == ()


def test_empty_tables_close_with_no_move():
    plan = plan_consolidation([(1, "a", "b"), (2, None, None), (3, "c", "d")])
    assert plan.closed == (2,) and plan.moves == ()
    assert open_positions([n for n, _, _ in plan.tables]) == {1: 1, 3: 2}


def test_ties_broken_by_the_fewest_rematches():
    # e and f (East-West alone at tables 4 and 5) take the East-West seats of tables 1 and 2. By the table
    # numbers alone e would sit at table 1, against a, whom e has met: e goes to table 2 instead.
    tables = [(1, "a", None), (2, "c", None), (3, "x", "y"), (4, None, "e"), (5, None, "f")]
    assert plan_consolidation(tables).tables[0] == (1, "a", "e")
    met = {frozenset(("a", "e"))}
    plan = plan_consolidation(tables, met=met, games_left=1)
    assert plan.rematches == 0
    assert plan.tables[:2] == ((1, "a", "f"), (2, "c", "e"))
    assert count_rematches(plan.tables, met, 1) == 0


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="one seat"):
        plan_consolidation([(1, "a", "b"), (2, "a", None)])
    with pytest.raises(ValueError, match="number"):
        plan_consolidation([(1, "a", "b"), (1, "c", None)])


@settings(max_examples=300, deadline=None)
@given(any_rooms(max_tables=8), st.data())
def test_the_fewest_rematches_by_brute_force(tables, data):
    """Every way of seating the teams that move in the free seats: none keeps more sides, and none of those
    has fewer rematches over the games left than the plan."""
    teams = _teams(tables)
    pairs = [frozenset(p) for p in combinations(teams, 2)]
    met = set(data.draw(st.lists(st.sampled_from(pairs), max_size=12) if pairs else st.just([])))
    games_left = data.draw(st.integers(1, 9))
    plan = plan_consolidation(tables, met=met, games_left=games_left)
    if not plan.changes_anything:
        return
    assert plan.rematches == count_rematches(plan.tables, met, games_left)
    base = {n: [ns, ew] for n, ns, ew in tables if n not in plan.closed}
    free = [(n, side) for n in sorted(base) for side, i in ((NS, 0), (EW, 1)) if base[n][i] is None]
    best = None
    for choice in permutations(free, len(plan.moves)):
        trial = {n: list(pair) for n, pair in base.items()}
        for move, (n, side) in zip(plan.moves, choice, strict=True):
            trial[n][0 if side == NS else 1] = move.team
        changes = sum(m.from_side != side for m, (_, side) in zip(plan.moves, choice, strict=True))
        key = (changes, count_rematches([(n, a, b) for n, (a, b) in sorted(trial.items())], met, games_left))
        best = min(best or key, key)
    assert (plan.side_changes, plan.rematches) == best

