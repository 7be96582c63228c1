"""Ranking teams before a Danish or Swiss round: the score, then the tiebreaks that directors know.

Plain data, no Django: an `Entrant` is one team's line of the standings with the meetings it has played
(`Meeting`: the opponent's number and, when known, the result). From those alone:

- **score**: wins plus half the ties; it is what Swiss score groups are made of.
- **Buchholz**: the sum of the scores of the opponents a team has met, one term a meeting (a team met twice
  counts twice; a bye counts nothing). A team that met strong teams ranks above one that met weak ones.
- **median-Buchholz**: the Buchholz without the best and the worst opponent's score, so one unusual
  opponent weighs less; with fewer than three meetings nothing is dropped (it equals the Buchholz).
- **head-to-head**: among the teams still tied when it is reached, each one's score (a win 1, a tie 1/2)
  in the meetings of known result between those teams only. It is computed for each tied group, so it
  means "who did better against the others tied with it".

`rank` applies a list of these keys (and the plain `points`, `difference` and `wins`) in order, higher
first; teams equal on every key stay in the order of their numbers, so the ranking is deterministic.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

WIN, LOSS, TIE = "win", "loss", "tie"
RESULT_SCORE = {WIN: 1.0, TIE: 0.5, LOSS: 0.0}
DEFAULT_ORDER = ("score", "buchholz", "median_buchholz", "head_to_head", "points", "difference")
KEYS = ("score", "wins", "points", "difference", "buchholz", "median_buchholz", "head_to_head")


@dataclass(frozen=True)
class Meeting:
    opponent: int
    result: str | None = None  # WIN, LOSS or TIE from this team's side; None when not known


@dataclass(frozen=True)
class Entrant:
    number: int
    name: str = ""
    club: str = ""
    wins: int = 0
    ties: int = 0
    points: int = 0
    difference: int = 0
    meetings: tuple[Meeting, ...] = field(default=())
    had_bye: bool = False

    @property
    def score(self) -> float:
        return self.wins + self.ties / 2

    @property
    def opponents(self) -> tuple[int, ...]:
        return tuple(m.opponent for m in self.meetings)


def buchholz(entrants: Iterable[Entrant]) -> dict[int, float]:
    entrants = list(entrants)
    return buchholz_of({e.number: e.score for e in entrants}, {e.number: e.opponents for e in entrants})


def median_buchholz(entrants: Iterable[Entrant]) -> dict[int, float]:
    entrants = list(entrants)
    return median_buchholz_of({e.number: e.score for e in entrants}, {e.number: e.opponents for e in entrants})


def head_to_head(group: Iterable[int], entrants: Iterable[Entrant]) -> dict[int, float]:
    """Each team of `group`'s score in its known results against the other teams of `group`."""
    return head_to_head_of(group, {e.number: [(m.opponent, m.result) for m in e.meetings] for e in entrants})


# The same three over plain mappings (team -> score, team -> the opponents met, team -> (opponent, result)
# pairs), for a caller that holds its teams in another shape: the standings, ranking a thousand teams on
# every result, build no `Entrant` for it.

def buchholz_of(scores: Mapping, opponents: Mapping[Any, Iterable]) -> dict:
    return {team: sum(scores[o] for o in met) for team, met in opponents.items()}


def median_buchholz_of(scores: Mapping, opponents: Mapping[Any, Iterable]) -> dict:
    result = {}
    for team, met in opponents.items():
        ordered = sorted(scores[o] for o in met)
        result[team] = sum(ordered[1:-1]) if len(ordered) >= 3 else sum(ordered)
    return result


def head_to_head_of(group: Iterable, results: Mapping[Any, Iterable[tuple[Any, str | None]]]) -> dict:
    members = set(group)
    result = {team: 0.0 for team in members}
    for team in members:
        for opponent, outcome in results.get(team, ()):
            if opponent in members and outcome is not None:
                result[team] += RESULT_SCORE[outcome]
    return result


def rank(entrants: Sequence[Entrant], order: Sequence[str] = DEFAULT_ORDER) -> list[Entrant]:
    """The entrants best first by the keys of `order`; unknown keys are refused."""
    unknown = [key for key in order if key not in KEYS]
    if unknown:
        raise ValueError(f"Unknown ranking key {unknown[0]!r}: use {', '.join(KEYS)}.")
    values = {
        "score": {e.number: e.score for e in entrants},
        "wins": {e.number: e.wins for e in entrants},
        "points": {e.number: e.points for e in entrants},
        "difference": {e.number: e.difference for e in entrants},
        "buchholz": buchholz(entrants),
        "median_buchholz": median_buchholz(entrants),
    }
    by_number = {e.number: e for e in entrants}
    ordered = _split(sorted(by_number), tuple(order), values, entrants)
    return [by_number[n] for n in ordered]


def _split(group: list[int], keys: tuple[str, ...], values: dict, entrants: Sequence[Entrant]) -> list[int]:
    if len(group) <= 1 or not keys:
        return sorted(group)
    key, rest = keys[0], keys[1:]
    value = head_to_head(group, entrants) if key == "head_to_head" else values[key]
    ordered = sorted(group, key=lambda n: (-value[n], n))
    result, run = [], [ordered[0]]
    for n in ordered[1:]:
        if value[n] == value[run[0]]:
            run.append(n)
        else:
            result += _split(run, rest, values, entrants)
            run = [n]
    return result + _split(run, rest, values, entrants)
