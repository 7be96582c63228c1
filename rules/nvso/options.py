"""The nvso rule set's options (nvso-ruleset.md, "Options"): where the rules text is ambiguous or
contradicts itself, the NVSO reading is the default and the other reading is an option.
"""

from dataclasses import dataclass, field

from rules.violations import Problem
from rules.words import describe_value, either, key_text

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
CHOICES = {
    "meld_requirement": (BY_HAND, BY_SCORE),
    "penalties_in": ("base", "count"),
    "incomplete_wilds_penalty": ("by_jokers", "flat_2500"),
}
NAMES = ("meld_requirement", "target_score", "hands_per_game", "penalties_in", "incomplete_wilds_penalty")


def _problem(name: str, text: str, problems: list[Problem]) -> None:
    problems.append(Problem(f"$.options.{name}", f'The option "{name}" {text}'))


def _check(name: str, value: object, problems: list[Problem]) -> bool:
    """Whether one option's value is allowed; a Problem in plain words when it is not."""
    if name in CHOICES:
        if type(value) is str and value in CHOICES[name]:
            return True
        _problem(name, f"must be {either(list(CHOICES[name]))}, not {describe_value(value)}.", problems)
        return False
    if name == "target_score":
        if type(value) is int and value > 0 and value % 5 == 0:
            return True
        _problem(name, f"must be a positive multiple of 5, such as 8,500, not {describe_value(value)}.",
                 problems)
        return False
    if value is None or (type(value) is int and 0 < value <= 1000):
        return True
    _problem(name, f"must be a positive whole number (at most 1,000), or null for no limit, not "
                   f"{describe_value(value)}.", problems)
    return False


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
    if not raw:
        return DEFAULTS
    ok = True
    for name, value in raw.items():
        if name not in NAMES:
            known = either([f'"{known}"' for known in NAMES], "and")
            path = f"$.options.{name}" if str(name).isidentifier() else f"$.options[{key_text(name)}]"
            problems.append(Problem(
                path, f"The nvso rule set has no option {key_text(name)}; its options are {known}."))
            ok = False
        elif not _check(name, value, problems):
            ok = False
    if not ok:
        return None
    values = dict(raw)
    if "hands_per_game" not in values and values.get("meld_requirement") == BY_SCORE:
        values["hands_per_game"] = None
    return NvsoOptions(**values)
