"""Property tests of the pure bracket logic: every field size from 2 to 256, no database."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.knockout.plan import (
    MAX_TEAMS,
    BracketPlan,
    first_round_pairs,
    next_power_of_two,
    plan_bracket,
    plan_to_json,
    random_seed_order,
    render_text,
    seed_order,
    seeds_from_order,
)

FIELD_SIZES = range(2, 257)
POWERS_OF_TWO = [2**k for k in range(1, 11)]


def _plan(n: int) -> BracketPlan:
    return plan_bracket(n, third_place=n >= 4)


# --- next_power_of_two and seed_order -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "expected"), [(1, 1), (2, 2), (3, 4), (4, 4), (5, 8), (8, 8), (9, 16), (256, 256), (257, 512)]
)
def test_next_power_of_two(n, expected):
    assert next_power_of_two(n) == expected


@given(st.integers(min_value=1, max_value=10**6))
def test_next_power_of_two_is_the_smallest_power_at_least_n(n):
    p = next_power_of_two(n)
    assert p >= n and p & (p - 1) == 0 and (p == 1 or p // 2 < n)


def test_seed_order_known_values():
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


@pytest.mark.parametrize("size", POWERS_OF_TWO)
def test_seed_order_top_seeds_in_distinct_parts(size):
    """Seeds 1..2^k sit in distinct 2^k-ths: 1 and 2 in opposite halves, 1..4 in different quarters..."""
    order = seed_order(size)
    position = {seed: i for i, seed in enumerate(order)}
    parts = 2
    while parts <= size:
        part_length = size // parts
        assert len({position[seed] // part_length for seed in range(1, parts + 1)}) == parts
        parts *= 2


@pytest.mark.parametrize("bad", [0, 1, 3, 6, 12, -4, 2.0, True, "8"])
def test_seed_order_rejects_sizes_that_are_not_powers_of_two(bad):
    with pytest.raises(ValueError, match=r"whole number|power of two"):
        seed_order(bad)


# --- the first round, every N from 2 to 256 -------------------------------------------------------------


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_first_round_for_every_field_size(n):
    p = next_power_of_two(n)
    pairs = first_round_pairs(n)
    assert len(pairs) == p // 2
    # every pair sums to P + 1, the better seed first
    for a, b in pairs:
        assert a + (b if b is not None else p + 1 - a) == p + 1
        assert a < p + 1 - a
    # every seed 1..N appears exactly once; the missing seeds are the byes
    seen = [s for pair in pairs for s in pair if s is not None]
    assert sorted(seen) == list(range(1, n + 1))
    # byes go to the top seeds, exactly seeds 1..P - N
    assert sorted(a for a, b in pairs if b is None) == list(range(1, p - n + 1))
    # the pairs read the seeds top to bottom in the standard order
    assert [s for pair in pairs for s in pair] == [s if s <= n else None for s in seed_order(p)]


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_top_seeds_apart_for_every_field_size(n):
    """Seeds 1..2^k of the field start in distinct 2^k-ths of the bracket, so they can meet only when
    2^k teams are left: 1 and 2 only in the final, 1..4 only in the semi-finals, and so on."""
    p = next_power_of_two(n)
    slot = {s: i for i, s in enumerate(s for pair in first_round_pairs(n) for s in pair) if s is not None}
    parts = 2
    while parts <= p:
        slots_per_part = p // parts
        top = range(1, min(parts, n) + 1)
        assert len({slot[s] // slots_per_part for s in top}) == len(top)
        parts *= 2


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_seeds_one_and_two_meet_only_in_the_final(n):
    plan = _plan(n)
    match_of = {s: m.number for m in plan.rounds[0] for s in (m.a, m.b) if s is not None}
    final_feeders = plan.final.from_matches
    if final_feeders is None:  # N = 2: round 1 is the final
        assert match_of[1] == match_of[2] == plan.final.number
        return
    halves = {half: _feeders_below(plan, feeder) for half, feeder in enumerate(final_feeders)}
    assert match_of[1] in halves[0] and match_of[2] in halves[1]


def _feeders_below(plan: BracketPlan, number: int) -> set[int]:
    """The round-1 matches whose winners can reach match ``number``."""
    match = {m.number: m for r in plan.rounds for m in r}[number]
    if match.from_matches is None:
        return {number}
    return _feeders_below(plan, match.from_matches[0]) | _feeders_below(plan, match.from_matches[1])


# --- the whole plan -------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_plan_structure_for_every_field_size(n):
    plan = _plan(n)
    p = next_power_of_two(n)
    assert plan.size == p and plan.n_teams == n
    assert len(plan.rounds) == p.bit_length() - 1  # log2(P)
    assert [len(r) for r in plan.rounds] == [p >> k for k in range(1, len(plan.rounds) + 1)]
    numbers = [m.number for r in plan.rounds for m in r]
    assert numbers == list(range(1, p))  # consecutive, the final is P - 1
    assert all(m.round == i for i, r in enumerate(plan.rounds, start=1) for m in r)
    assert plan.byes == list(range(1, p - n + 1))


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_later_rounds_link_to_the_matches_that_feed_them(n):
    plan = _plan(n)
    assert all(m.from_matches is None for m in plan.rounds[0])
    for previous, current in zip(plan.rounds, plan.rounds[1:], strict=False):
        feeders = [f for m in current for f in m.from_matches]
        assert feeders == [m.number for m in previous]  # each match feeds exactly one, in order


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_byes_advance_at_once_and_nothing_else_is_known(n):
    plan = _plan(n)
    if len(plan.rounds) > 1:
        by_number = {m.number: m for m in plan.rounds[0]}
        for match in plan.rounds[1]:
            for team, feeder in zip((match.a, match.b), match.from_matches, strict=True):
                source = by_number[feeder]
                assert team == (source.a if source.is_bye else None)
    for later in plan.rounds[2:]:
        assert all(m.a is None and m.b is None for m in later)


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_third_place(n):
    without = plan_bracket(n)
    assert without.third_place is None
    if n < 4:
        with pytest.raises(ValueError, match="third-place game needs at least 4 teams"):
            plan_bracket(n, third_place=True)
        return
    plan = plan_bracket(n, third_place=True)
    semis = plan.rounds[-2]
    third = plan.third_place
    assert third.number == plan.final.number + 1 == plan.size
    assert third.from_matches == (semis[0].number, semis[1].number)
    assert third.a is None and third.b is None
    assert not any(m.is_bye for m in semis)  # both semi-finals have a loser


@pytest.mark.parametrize("n", FIELD_SIZES)
def test_json_and_text_for_every_field_size(n):
    plan = _plan(n)
    data = plan_to_json(plan)
    assert set(data) == {"size", "rounds", "third_place"}
    assert all(set(m) == {"match", "a", "b"} for r in data["rounds"] for m in r)
    assert data["third_place"] is None or set(data["third_place"]) == {"match", "a", "b"}
    text = render_text(plan)
    assert f"winner M{plan.size - 1}" in text
    assert sum(line.startswith("bye ") for line in text.splitlines()) == plan.size - n


# --- bad input ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "message"),
    [
        (1, "at least 2 teams"),
        (0, "at least 2 teams"),
        (-3, "at least 2 teams"),
        (MAX_TEAMS + 1, f"at most {MAX_TEAMS} teams"),
        (2.5, "whole number"),
        (None, "whole number"),
        (True, "whole number"),
    ],
)
def test_plan_rejects_bad_field_sizes(n, message):
    with pytest.raises(ValueError, match=message):
        plan_bracket(n)


def test_the_cap_itself_is_allowed():
    plan = plan_bracket(MAX_TEAMS, third_place=True)
    assert plan.size == MAX_TEAMS and len(plan.rounds) == 10


# --- seeding sources ------------------------------------------------------------------------------------


def test_seeds_from_order_numbers_teams_best_first():
    assert seeds_from_order([42, 7, 13]) == {1: 42, 2: 7, 3: 13}
    assert seeds_from_order(["a", "b", "c", "d", "e"], top=4) == {1: "a", 2: "b", 3: "c", 4: "d"}


@pytest.mark.parametrize(
    ("teams", "top", "message"),
    [
        ([1, 2, 1], None, "more than once"),
        ([1], None, "at least 2 teams"),
        ([1, 2, 3], 4, "top 4 needs 4 teams"),
    ],
)
def test_seeds_from_order_rejects_bad_orders(teams, top, message):
    with pytest.raises(ValueError, match=message):
        seeds_from_order(teams, top=top)


@given(st.lists(st.integers(), min_size=2, max_size=64, unique=True), st.integers())
def test_random_seed_order_is_a_reproducible_permutation(teams, seed):
    original = list(teams)
    drawn = random_seed_order(teams, random.Random(seed))
    assert sorted(drawn) == sorted(teams)
    assert teams == original  # the input is left as is
    assert drawn == random_seed_order(teams, random.Random(seed))
