"""The nvso rule set's options (nvso-ruleset.md, "Options"): where the rules text is ambiguous or
contradicts itself, the NVSO reading is the default and the other reading is an option.
"""

from dataclasses import dataclass, field

from rules.language import _
from rules.sides.options import Choice
from rules.sides.options import parse_options as read_options
from rules.violations import Problem
from rules.words import points

BY_HAND, BY_SCORE = "by_hand", "by_score"
HANDS_BY_HAND = 3  # B: "Each game consists of 3 hands": 125, 155, 180
# With `hands_per_game` null (no limit, the default with `by_score`) a sheet is still read only this far:
# a 50-minute game is a few hands, never a hundred. The ruleset page documents it.
UNLIMITED_HANDS_CEILING = 100


@dataclass(frozen=True, slots=True)
class NvsoOptions:
    meld_requirement: str = BY_HAND
    target_score: int = 8500
    hands_per_game: int | None = HANDS_BY_HAND
    penalties_in: str = "base"
    incomplete_wilds_penalty: str = "by_jokers"
    # Derived once, read in the hot path: plain attributes rather than properties.
    penalties_in_base: bool = field(init=False, repr=False, compare=False)
    flat_wilds_penalty: bool = field(init=False, repr=False, compare=False)
    by_hand: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "penalties_in_base", self.penalties_in == "base")
        object.__setattr__(self, "flat_wilds_penalty", self.incomplete_wilds_penalty == "flat_2500")
        object.__setattr__(self, "by_hand", self.meld_requirement == BY_HAND)

    def as_dict(self) -> dict:
        return {name: getattr(self, name) for name in NAMES}


DEFAULTS = NvsoOptions()


class _MultipleOfFive:
    """The target score: a positive multiple of 5."""

    def allows(self, value: object) -> bool:
        return type(value) is int and value > 0 and value % 5 == 0

    def expects(self) -> str:
        return _("a positive multiple of 5, such as %(example)s") % {"example": points(8500)}


class _HandsLimit:
    """`hands_per_game`: a positive whole number up to 1,000, or null for no limit."""

    def allows(self, value: object) -> bool:
        return value is None or (type(value) is int and 0 < value <= 1000)

    def expects(self) -> str:
        return _("a positive whole number (at most %(most)s), or null for no limit") % {"most": points(1000)}


KINDS = {
    "meld_requirement": Choice((BY_HAND, BY_SCORE), quoted=False),
    "target_score": _MultipleOfFive(),
    "hands_per_game": _HandsLimit(),
    "penalties_in": Choice(("base", "count"), quoted=False),
    "incomplete_wilds_penalty": Choice(("by_jokers", "flat_2500"), quoted=False),
}
NAMES = tuple(KINDS)


def hand_cap(options: NvsoOptions) -> int:
    """The most hands a sheet under these options can list: the game's `hands_per_game`, or the ceiling
    when the game sets no limit."""
    limit = options.hands_per_game
    return UNLIMITED_HANDS_CEILING if limit is None else limit


def parse_options(raw: dict | None, problems: list[Problem]) -> NvsoOptions | None:
    """The options a sheet chose, with the defaults filled in; None after reporting each bad one.

    `hands_per_game` defaults to 3 with `by_hand` (the game's hands open at 125, 155, 180) and to no
    limit with `by_score`.
    """
    if not raw:  # the usual sheet, settled without the reader's call (the hot path)
        return DEFAULTS
    return read_options(raw, problems, "nvso", KINDS, DEFAULTS, make=_make)


def _make(raw: dict) -> NvsoOptions:
    """The options from the chosen values: `by_score` without a `hands_per_game` plays with no limit."""
    values = dict(raw)
    if "hands_per_game" not in values and values.get("meld_requirement") == BY_SCORE:
        values["hands_per_game"] = None
    return NvsoOptions(**values)
