"""The calculator the table form uses while a scorekeeper fills in a hand (NVSO rules).

It takes the same `details` object as the score sheet (score-sheet-format.md) and the sheet's `options`,
and gives the numbers the validator will expect, so the form can fill in Base and Count as the players
tell it what is on the table.
"""

from rules.language import _
from rules.nvso import scoring
from rules.nvso.options import parse_options
from rules.sheet import Details, _Place, parse_details
from rules.violations import Problem

__all__ = [
    "base_breakdown", "base_from_details", "count_from_details", "count_from_points", "option_defaults",
]


class CalculatorInputError(ValueError):
    """The details or options given to the calculator are not valid; `problems` says why, in plain words."""

    def __init__(self, problems: list[Problem]):
        super().__init__(" ".join(p.message for p in problems))
        self.problems = problems


def _details(details: dict | Details) -> Details:
    if isinstance(details, Details):
        return details
    problems: list[Problem] = []
    parsed = parse_details(details, _Place("$.details", lambda: _("In the details")), problems)
    if problems:
        raise CalculatorInputError(problems)
    return parsed


def _options(options: dict | None):
    problems: list[Problem] = []
    parsed = parse_options(options or None, problems)
    if problems:
        raise CalculatorInputError(problems)
    return parsed


def option_defaults() -> dict:
    """The nvso options with their defaults."""
    return _options(None).as_dict()


def base_from_details(details: dict | Details, options: dict | None = None) -> int:
    """A team's base for one hand from what it has on the table (nvso-ruleset.md, "Base").

    >>> base_from_details({"red_threes": 3, "black_threes": 2, "pure_canastas": 2, "mixed_canastas": 1,
    ...                    "went_out": True})
    2200
    """
    d, o = _details(details), _options(options)
    return scoring.base(d, o.penalties_in_base, o.flat_wilds_penalty)


def base_breakdown(details: dict | Details, options: dict | None = None) -> list[tuple[str, int]]:
    """The base as parts in words, e.g. [("threes", 800), ("canastas", 1300), ("going out", 100)]."""
    d, o = _details(details), _options(options)
    return scoring.breakdown(d, o.penalties_in_base, o.flat_wilds_penalty)


def count_from_points(table_points: int, hand_points: int, has_canasta: bool) -> int:
    """The count: table points minus hand points, or both as a minus without a completed canasta (K, L).

    >>> count_from_points(335, 10, True), count_from_points(60, 40, False)
    (325, -100)
    """
    return scoring.count_from_points(table_points, hand_points, has_canasta)


def count_from_details(details: dict | Details, options: dict | None = None) -> int | None:
    """The count the details imply (0 for a special hand; stuck penalties with `penalties_in: count`), or
    None when the table and hand points are not in the details."""
    d, o = _details(details), _options(options)
    return scoring.expected_count(d, o.penalties_in_base)
