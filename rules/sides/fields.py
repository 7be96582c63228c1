"""What a well-formed @2 sheet becomes, and how a rule set declares its line.

Lines stay plain dicts (field name -> value, every declared field present, None where not written): each
game has fields of its own, and a dict is what the checks read fastest.
"""

import re
from dataclasses import dataclass, field

from rules.fields import FORMAT2

SIDES_MOST = 5
SIDE_ID = re.compile(r"[a-z][a-z0-9_]{0,15}")
SIDE_LABEL_LIMIT = 200
TOP_FIELDS2 = ("format", "ruleset", "options", "sides", "hands", "final", "winner")
SIDE_FIELDS = ("id", "label")
TIE = "tie"


@dataclass(frozen=True, slots=True)
class LineSpec:
    """A game's line: its fields (name -> spec, as rules.fields writes them), the ones a line must have,
    and the fields of its `details` (empty: the line has no details). A detail left out means 0, false
    or none, as in @1."""

    fields: dict
    required: frozenset = frozenset()
    details: dict = field(default_factory=dict)


@dataclass(slots=True)
class SidesSheet:
    """A well-formed @2 sheet. `sides` are the ids in seating order; `hands[i][side]` is that side's line
    (a dict); `labels` only has the sides given one."""

    ruleset: str
    options: object
    sides: tuple
    labels: dict
    hands: list
    final: dict | None = None
    winner: str | None = None
    hands_over_cap: int = 0
    format: str = FORMAT2
