"""Single-elimination brackets as plain Python: seeding, the plan of matches, JSON and a text drawing.

This module imports nothing of Django, so the seeding rules are tested without a database and reused by
the models, the services and the ``bracket`` management command alike.

Decisions, in one place:

* **Size.** A field of N teams (2 <= N <= ``MAX_TEAMS``) is padded to P, the next power of two >= N.
  The P - N missing seeds are byes. N = 2 gives P = 2, a bracket that is only a final.
* **Seeding.** Round 1 lists the seeds top to bottom in the standard order (``seed_order``): every pair
  sums to P + 1, seeds 1 and 2 sit in opposite halves, seeds 1..4 in different quarters and, generally,
  seeds 1..2^k in different 2^k-ths, so the best teams can meet only late. For P = 8 the pairs are
  (1, 8), (4, 5), (2, 7), (3, 6).
* **Byes.** A seed above N does not exist; it is shown as ``None`` (JSON ``null``) in round 1. Because a
  pair sums to P + 1, the seeds given byes are exactly 1..P - N: the top seeds.
* **Numbering.** Matches are numbered consecutively across the whole bracket: round 1 is 1..P/2, round 2
  continues, and the final has number P - 1. Bye matches keep their numbers, so a match's number depends
  only on P and its place, never on N: numbers printed on a sheet stay valid when a late team arrives.
* **Later rounds.** Match k of a round is fed by the winners of matches 2k - 1 and 2k of the round before
  (``from_matches``). A team is shown once it is known: a seed with a bye advances at once, so in the
  preview it already appears in round 2; every other slot is ``None`` until a result is in.
* **Third place.** Optional; its number follows the final's, and it is fed by the *losers* of the two
  semi-finals. It needs two real semi-finals, hence at least four teams: with N = 2 there are no
  semi-finals and with N = 3 one semi-final is a bye with no loser, so asking for it is a ``ValueError``
  rather than a game that could never be played.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

MIN_TEAMS = 2
MAX_TEAMS = 1024
MIN_TEAMS_THIRD_PLACE = 4

T = TypeVar("T", bound=Hashable)


# --------------------------------------------------------------------------------------------------------
# Seeding
# --------------------------------------------------------------------------------------------------------


def next_power_of_two(n: int) -> int:
    """The smallest power of two >= ``n`` (``n`` >= 1): the size a field of ``n`` is padded to."""
    _require_whole_number(n, "n")
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}.")
    return 1 << (n - 1).bit_length()


def seed_order(size: int) -> list[int]:
    """The seeds 1..``size`` in the standard order down the bracket, top to bottom.

    Built by doubling: each seed s of the bracket half the size is followed by its opponent
    ``2 * half + 1 - s``. The doubling keeps every smaller bracket's structure intact, which is exactly
    why seeds 1..2^k land in distinct 2^k-ths: they were the whole field when the bracket had 2^k slots.
    For 8: [1, 8, 4, 5, 2, 7, 3, 6].
    """
    _require_whole_number(size, "size")
    if size < MIN_TEAMS or size & (size - 1):
        raise ValueError(f"A bracket size must be a power of two of at least {MIN_TEAMS}, got {size}.")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def first_round_pairs(n_teams: int) -> list[tuple[int, int | None]]:
    """Round 1 for seeds 1..``n_teams`` as (top seed, opponent) pairs, top to bottom; ``None`` is a bye.

    The better seed always comes first, so a bye is always the second element.
    """
    size = _bracket_size(n_teams)
    order = seed_order(size)
    return [(order[i], _seed_or_bye(order[i + 1], n_teams)) for i in range(0, size, 2)]


def seeds_from_order(team_ids: Sequence[T], top: int | None = None) -> dict[int, T]:
    """Seed numbers for teams given best first: ``{1: first, 2: second, ...}``.

    All three ways of seeding are an ordered list of team ids: the standings (best first), a random
    draw (``random_seed_order``) or the director's own order. ``top`` keeps only the first ``top`` teams,
    for a playoff of the top K after the rotation games.
    """
    chosen = list(team_ids if top is None else team_ids[:top])
    if top is not None and len(chosen) < top:
        raise ValueError(f"A playoff of the top {top} needs {top} teams, only {len(chosen)} given.")
    if len(set(chosen)) != len(chosen):
        raise ValueError("A team appears more than once in the seeding order.")
    _bracket_size(len(chosen))
    return {seed: team for seed, team in enumerate(chosen, start=1)}


def random_seed_order(team_ids: Sequence[T], rng: random.Random) -> list[T]:
    """A random draw: the teams in a shuffled order, best seed first, as a new list.

    ``rng`` is injected so a draw can be reproduced (a recorded seed) and tested; the input is left as is.
    """
    drawn = list(team_ids)
    rng.shuffle(drawn)
    return drawn


# --------------------------------------------------------------------------------------------------------
# The plan of matches
# --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    """One match of the plan.

    ``round`` counts from 1; the third-place game carries the final's round. ``a`` and ``b`` are seeds,
    ``None`` when not yet known (or, in round 1, a bye). ``from_matches`` names the two matches that feed
    this one: their winners, or for the third-place game their losers; ``None`` in round 1.
    """

    number: int
    round: int
    a: int | None
    b: int | None
    from_matches: tuple[int, int] | None = None

    @property
    def is_bye(self) -> bool:
        """A round-1 match with a single team: that team goes through without playing."""
        return self.round == 1 and (self.a is None) != (self.b is None)


@dataclass(frozen=True)
class BracketPlan:
    """The whole bracket: ``size`` slots, ``rounds`` of matches (round 1 first) and the third-place game."""

    size: int
    rounds: tuple[tuple[Match, ...], ...]
    third_place: Match | None = None

    @property
    def n_teams(self) -> int:
        """The real teams, derived from round 1 so that it can never disagree with the matches."""
        return sum(seed is not None for m in self.rounds[0] for seed in (m.a, m.b))

    @property
    def final(self) -> Match:
        """The last match of the last round (the third-place game, if any, is numbered after it)."""
        return self.rounds[-1][0]

    @property
    def byes(self) -> list[int]:
        """The seeds that skip round 1, best first: always 1..size - n_teams."""
        return sorted(m.a for m in self.rounds[0] if m.is_bye and m.a is not None)


def plan_bracket(n_teams: int, third_place: bool = False) -> BracketPlan:
    """The bracket of seeds 1..``n_teams``, with a third-place game if asked (see the module docstring)."""
    size = _bracket_size(n_teams)
    if third_place and n_teams < MIN_TEAMS_THIRD_PLACE:
        raise ValueError(
            f"A third-place game needs at least {MIN_TEAMS_THIRD_PLACE} teams (two semi-finals, each with a "
            f"loser); with {n_teams} teams there is none to play."
        )
    rounds = [_first_round(n_teams)]
    while len(rounds[-1]) > 1:
        rounds.append(_next_round(rounds[-1], len(rounds) + 1))
    third = _third_place_match(rounds) if third_place else None
    return BracketPlan(size=size, rounds=tuple(rounds), third_place=third)


def _first_round(n_teams: int) -> tuple[Match, ...]:
    return tuple(
        Match(number=i, round=1, a=a, b=b) for i, (a, b) in enumerate(first_round_pairs(n_teams), start=1)
    )


def _next_round(previous: tuple[Match, ...], round_number: int) -> tuple[Match, ...]:
    """The matches fed pairwise by ``previous``, numbered on from its last match."""
    first_number = previous[-1].number + 1
    return tuple(
        Match(
            number=first_number + k,
            round=round_number,
            a=_known_winner(previous[2 * k]),
            b=_known_winner(previous[2 * k + 1]),
            from_matches=(previous[2 * k].number, previous[2 * k + 1].number),
        )
        for k in range(len(previous) // 2)
    )


def _known_winner(match: Match) -> int | None:
    """The team that comes out of ``match`` before anything is played: only a bye's seed."""
    if not match.is_bye:
        return None
    return match.a if match.a is not None else match.b


def _third_place_match(rounds: list[tuple[Match, ...]]) -> Match:
    semi_1, semi_2 = rounds[-2]
    final = rounds[-1][0]
    return Match(
        number=final.number + 1,
        round=final.round,
        a=None,
        b=None,
        from_matches=(semi_1.number, semi_2.number),
    )


# --------------------------------------------------------------------------------------------------------
# JSON
# --------------------------------------------------------------------------------------------------------


def plan_to_json(plan: BracketPlan) -> dict:
    """The plan as ``{"size": P, "rounds": [[{"match", "a", "b"}, ...], ...], "third_place": ... | None}``.

    Other tools read this shape, so it is kept exact: every match, in every round and the third-place
    game alike, has only ``match``, ``a`` and ``b`` (a seed, or null: a bye in round 1, a team not known
    yet later). Which matches feed a later one follows from the numbering (match k of a round is fed by
    matches 2k - 1 and 2k of the round before; the third-place game by the semi-finals' losers). The
    bracket API adds ``from`` and more to this shape; the ``bracket`` command prints it as it is.
    """
    return {
        "size": plan.size,
        "rounds": [[_match_to_json(m) for m in matches] for matches in plan.rounds],
        "third_place": _match_to_json(plan.third_place) if plan.third_place else None,
    }


def _match_to_json(match: Match) -> dict:
    return {"match": match.number, "a": match.a, "b": match.b}


# --------------------------------------------------------------------------------------------------------
# Text drawing
# --------------------------------------------------------------------------------------------------------

_CONNECTOR_WIDTH = 6  # " ─┐   ", "  │   ", "  ├── ", " ─┘   "


def round_name(matches_in_round: int) -> str:
    """What players call a round by how many matches it has: Final, Semi-finals, ..., Round of 16."""
    names = {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}
    return names.get(matches_in_round, f"Round of {2 * matches_in_round}")


def render_text(plan: BracketPlan) -> str:
    """A drawing of the bracket for a terminal, rounds left to right, the winner's slot last.

    Round 1 shows seeds and byes; a later slot shows a seed once known (a bye's seed) and otherwise
    "winner M3", so every match number can be read off the drawing. Each column is a list of rows
    of equal width; a match's two slots are joined by a bracket whose middle feeds the next column.
    """
    height = 2 * plan.size - 1
    columns = [_round_column(plan, r, height) for r in range(len(plan.rounds))]
    columns.append(_winner_column(plan, height))
    lines = [_summary(plan), ""]
    lines += ["".join(column[row] for column in columns).rstrip() for row in range(height + 1)]
    if plan.third_place is not None:
        lines += ["", _third_place_line(plan.third_place)]
    return "\n".join(lines) + "\n"


def _summary(plan: BracketPlan) -> str:
    byes = plan.byes
    if not byes:
        bye_text = "no byes"
    elif len(byes) == 1:
        bye_text = "a bye to seed 1"
    else:
        bye_text = f"byes to seeds 1-{len(byes)}"
    third = "with" if plan.third_place else "no"
    return (
        f"Single elimination: {plan.n_teams} teams, bracket of {plan.size}, {bye_text}, "
        f"{third} third-place game."
    )


def _round_column(plan: BracketPlan, r: int, height: int) -> list[str]:
    """Row 0 is the header; row y + 1 is bracket row y. Slot j of round r sits on row (2j + 1) * 2^r - 1."""
    matches = plan.rounds[r]
    header = _round_header(matches)
    labels = _slot_labels(plan, r)
    label_width = max(max(len(label) for label in labels), len(header) + 2 - _CONNECTOR_WIDTH)
    rows = [" " * (label_width + _CONNECTOR_WIDTH)] * height
    step = 1 << r
    for k in range(len(matches)):
        top, bottom = (4 * k + 1) * step - 1, (4 * k + 3) * step - 1
        middle = (top + bottom) // 2
        for y in range(top, bottom + 1):
            label = labels[2 * k] if y == top else labels[2 * k + 1] if y == bottom else ""
            rows[y] = label.ljust(label_width) + _connector(y, top, middle, bottom)
    return [header.ljust(label_width + _CONNECTOR_WIDTH), *rows]


def _connector(y: int, top: int, middle: int, bottom: int) -> str:
    if y == top:
        return " ─┐   "
    if y == bottom:
        return " ─┘   "
    return "  ├── " if y == middle else "  │   "


def _round_header(matches: tuple[Match, ...]) -> str:
    first, last = matches[0].number, matches[-1].number
    numbers = f"M{first}" if first == last else f"M{first}-M{last}"
    return f"{round_name(len(matches))} ({numbers})"


def _slot_labels(plan: BracketPlan, r: int) -> list[str]:
    """The two slots of every match of round r, top to bottom."""
    if r == 0:
        width = len(str(plan.size))
        return [_seed_label(seed, width) for m in plan.rounds[0] for seed in (m.a, m.b)]
    labels = []
    for match in plan.rounds[r]:
        assert match.from_matches is not None
        for seed, source in zip((match.a, match.b), match.from_matches, strict=True):
            labels.append(f"Seed {seed}" if seed is not None else f"winner M{source}")
    return labels


def _seed_label(seed: int | None, width: int) -> str:
    return "bye" if seed is None else f"Seed {seed:>{width}}"


def _winner_column(plan: BracketPlan, height: int) -> list[str]:
    rows = [""] * height
    rows[plan.size - 1] = f"winner M{plan.final.number}"
    return ["Winner", *rows]


def _third_place_line(match: Match) -> str:
    assert match.from_matches is not None
    semi_1, semi_2 = match.from_matches
    return f"Third place (M{match.number}): loser M{semi_1} v loser M{semi_2}"


# --------------------------------------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------------------------------------


def _bracket_size(n_teams: int) -> int:
    """Check the field and return its padded size; the cap keeps a typo from drawing a huge bracket."""
    _require_whole_number(n_teams, "The number of teams")
    if n_teams < MIN_TEAMS:
        raise ValueError(f"A bracket needs at least {MIN_TEAMS} teams, got {n_teams}.")
    if n_teams > MAX_TEAMS:
        raise ValueError(f"A bracket can hold at most {MAX_TEAMS} teams, got {n_teams}.")
    return next_power_of_two(n_teams)


def _require_whole_number(value: object, what: str) -> None:
    # bool is an int subclass; True teams is a mistake, not 1.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, got {value!r}.")


def _seed_or_bye(seed: int, n_teams: int) -> int | None:
    return seed if seed <= n_teams else None
