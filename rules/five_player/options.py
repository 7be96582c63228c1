"""The five_player rule set's options (docs/rulesets/five_player.md, "Options"): where the source is silent
or ambiguous, our reading is the default and the others are options.
"""

from dataclasses import dataclass, field

from rules.five_player.scoring import TARGET
from rules.violations import Problem
from rules.words import describe_value, either, key_text, points

from ..language import _

CREDITED, OWN = "credited", "own"
ALONE, PLUS_CANASTA = "alone", "plus_canasta"
# The game has no limit on hands; a sheet is still read only this far (a game to 4,000 is some ten to
# twenty deals). The ruleset page documents it.
HANDS_CEILING = 100


@dataclass(frozen=True, slots=True)
class FivePlayerOptions:
    game_end_counts: str = CREDITED
    target_score: int = TARGET
    super_canasta_bonus: str = ALONE
    play_to_target: bool = False
    # Derived once, read in the hot path: plain attributes rather than properties.
    credited: bool = field(init=False, repr=False, compare=False)
    plus_canasta: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "credited", self.game_end_counts == CREDITED)
        object.__setattr__(self, "plus_canasta", self.super_canasta_bonus == PLUS_CANASTA)

    def as_dict(self) -> dict:
        return {name: getattr(self, name) for name in NAMES}


DEFAULTS = FivePlayerOptions()
CHOICES = {"game_end_counts": (CREDITED, OWN), "super_canasta_bonus": (ALONE, PLUS_CANASTA)}
NAMES = ("game_end_counts", "target_score", "super_canasta_bonus", "play_to_target")


def _problem(name: str, text: str, values: dict, problems: list[Problem]) -> None:
    problems.append(Problem(f"$.options.{name}", text % {"name": name, **values}))


def _check(name: str, value: object, problems: list[Problem]) -> bool:
    """Whether one option's value is allowed; a Problem in plain words when it is not."""
    if name in CHOICES:
        if type(value) is str and value in CHOICES[name]:
            return True
        _problem(name, _('The option "%(name)s" must be %(choices)s, not %(value)s.'), {
            "choices": either(list(CHOICES[name]), "or"), "value": describe_value(value)}, problems)
        return False
    if name == "target_score":
        if type(value) is int and 0 < value <= 1_000_000 and value % 5 == 0:
            return True
        _problem(name, _('The option "%(name)s" must be a positive multiple of 5, such as %(example)s, not '
                         '%(value)s.'), {"example": points(4000), "value": describe_value(value)}, problems)
        return False
    if type(value) is bool:
        return True
    _problem(name, _('The option "%(name)s" must be true or false, not %(value)s.'),
             {"value": describe_value(value)}, problems)
    return False


def parse_options(raw: dict | None, problems: list[Problem]) -> FivePlayerOptions | None:
    """The sheet's options resolved against the defaults, or None after a Problem for each bad one."""
    if not raw:
        return DEFAULTS
    found = len(problems)
    chosen = {}
    for name, value in raw.items():
        if name not in NAMES:
            known = either([f'"{known}"' for known in NAMES], "and")
            path = f"$.options.{name}" if str(name).isidentifier() else f"$.options[{key_text(name)}]"
            problems.append(Problem(path, _("The %(game)s rule set has no option %(option)s; its options are "
                                            "%(known)s.") % {"game": "five_player", "option": key_text(name),
                                                             "known": known}))
        elif value is not None and _check(name, value, problems):
            chosen[name] = value
    if len(problems) > found:
        return None
    return FivePlayerOptions(**chosen) if chosen else DEFAULTS


def hand_cap(options: FivePlayerOptions) -> int:
    """The most hands a sheet is read to: the game sets no limit, so the documented ceiling."""
    return HANDS_CEILING
