"""Reading a sheet's `options`: each game declares its options (a choice, yes or no, or a whole number
within bounds, with its default) and this one reader checks a sheet's against them, so the games word a
bad option alike and no game copies the loop. A game with an option of its own kind declares it as any
object with `allows(value)` and `expects()` (the words after "must be").
"""

from dataclasses import dataclass

from rules.language import _
from rules.violations import Problem
from rules.words import describe_value, either, key_text, points


@dataclass(frozen=True, slots=True)
class Choice:
    values: tuple
    quoted: bool = True  # the values in quotes in a message ("a" or "b"), or bare (a or b)

    def allows(self, value: object) -> bool:
        return type(value) is str and value in self.values

    def expects(self) -> str:
        return either([f'"{v}"' for v in self.values] if self.quoted else list(self.values))


@dataclass(frozen=True, slots=True)
class YesNo:
    def allows(self, value: object) -> bool:
        return value is True or value is False

    def expects(self) -> str:
        return _("true or false")


@dataclass(frozen=True, slots=True)
class Whole:
    low: int
    high: int
    nullable: bool = False  # null allowed (e.g. "no target")
    of: str = ""  # what is counted, for the message: "a whole number of decks from 1 to 20"

    def allows(self, value: object) -> bool:
        return (value is None and self.nullable) or (type(value) is int and self.low <= value <= self.high)

    def expects(self) -> str:
        numbers = {"low": points(self.low), "high": points(self.high)}
        if self.of:
            numbers["what"] = _(self.of)  # the game's word, in the catalogs by _catalog_words
            if self.nullable:
                return _("a whole number of %(what)s from %(low)s to %(high)s, or null for none") % numbers
            return _("a whole number of %(what)s from %(low)s to %(high)s") % numbers
        if self.nullable:
            return _("a whole number from %(low)s to %(high)s, or null for none") % numbers
        return _("a whole number from %(low)s to %(high)s") % numbers


def _catalog_words() -> None:  # pragma: no cover, no mutate block - nothing calls it: the words, for the catalogs
    """What a whole-number option counts in the games today (`Whole.of`), as the catalogs list them."""
    _("decks")


def parse_options(raw: dict | None, problems: list[Problem], game: str, kinds: dict, defaults, make=None):
    """The options a sheet chose over `defaults` (a frozen dataclass whose fields are the options, in the
    order of `kinds`); None after appending a Problem for each unknown or bad option. `make` builds the
    options from the chosen values when a game fills in more than the defaults (nvso's `hands_per_game`)."""
    if not raw:
        return defaults
    ok = True
    for name, value in raw.items():
        kind = kinds.get(name)
        if kind is None:
            known = either([f'"{known}"' for known in kinds], "and")
            path = f"$.options.{name}" if str(name).isidentifier() else f"$.options[{key_text(name)}]"
            problems.append(Problem(path, _("The %(game)s rule set has no option %(option)s; its options are "
                                            "%(known)s.") % {"game": game, "option": key_text(name),
                                                             "known": known}))
            ok = False
        elif not kind.allows(value):
            problems.append(Problem(f"$.options.{name}", _('The option "%(option)s" must be %(expected)s, not '
                                                            "%(value)s.") % {"option": name,
                                                                             "expected": kind.expects(),
                                                                             "value": describe_value(value)}))
            ok = False
    if not ok:
        return None
    if make is not None:
        return make(raw)
    return type(defaults)(**{**{name: getattr(defaults, name) for name in kinds}, **raw})


def as_dict(options, kinds: dict) -> dict:
    """The options as plain data, in the declared order (what `python -m rules list` shows)."""
    return {name: getattr(options, name) for name in kinds}
