"""One side's line in one hand, parsed against the rule set's LineSpec: a dict of every declared field,
or None after a problem (with its JSON path) for everything wrong in it.
"""

from rules.fields import CHOICE, NUMBER_LIMIT, WHOLE_NUMBER, YES_NO
from rules.language import _
from rules.sheet import _Place, _unknown_fields, _wrong
from rules.sides.compiled import compile_line
from rules.sides.fields import LineSpec
from rules.violations import Problem
from rules.words import describe_value, either, points


def fits(spec: tuple, value: object) -> bool:
    """Whether a written (non-null) value is what the field's spec allows."""
    kind = spec[0]
    if kind == WHOLE_NUMBER:
        return type(value) is int and spec[1] <= value <= spec[2]
    if kind == YES_NO:
        return value is True or value is False
    # A choice of words, or of numbers (NVSO's meld requirement: 125, 155 or 180); never true or false.
    return type(value) in (str, int) and value in spec[1]


def expected(spec: tuple) -> str:
    """What a field must be, in words, for "must be ..., not ..." messages."""
    kind = spec[0]
    if kind == WHOLE_NUMBER:
        if spec[1] == -NUMBER_LIMIT:
            return _("a whole number")
        return _("a whole number from %(low)s to %(high)s") % {"low": points(spec[1]), "high": points(spec[2])}
    if kind == YES_NO:
        return _("true or false")
    if kind == CHOICE:
        return _("one of %(choices)s") % {"choices": either([*map(str, spec[1]), "null"])}
    return _("a value")


def _fields(raw: dict, specs: dict, place: _Place, problems: list[Problem], defaults: bool,
            nullable: frozenset = frozenset(), details_too: bool = False) -> dict | None:
    """The declared fields of `raw`: written values checked, the rest None (or, for details, their
    zero/false/none default, but for the `nullable` ones)."""
    before = len(problems)
    values = {}
    for name, spec in specs.items():
        value = raw.get(name)
        if value is None:
            values[name] = (0 if spec[0] == WHOLE_NUMBER else False if spec[0] == YES_NO else None) \
                if defaults and name not in nullable else None
        elif fits(spec, value):
            values[name] = value
        else:
            _wrong(place, name, expected(spec), value, problems)
    if not raw.keys() <= specs.keys():
        # A line's list of fields names its details too, when it has them.
        known = [*specs, "details"] if not defaults and details_too else specs
        _unknown_fields(raw, known, place, _("the details") if defaults else _("a line"), problems)
    return values if len(problems) == before else None


class FastSpec:
    """A LineSpec as the fast path reads it, built once per spec (`FastSpec.of`): `line`, the spec compiled
    into one function that reads a well-formed line (rules.sides.compiled), or answers None."""

    __slots__ = ("line", "spec")
    _CACHE: dict = {}

    def __init__(self, spec: LineSpec):
        self.spec, self.line = spec, compile_line(spec)

    @classmethod
    def of(cls, spec: LineSpec) -> "FastSpec":
        """The FastSpec of `spec`, built on its first sheet (a game's spec is a constant)."""
        found = cls._CACHE.get(id(spec))
        if found is None or found.spec is not spec:
            found = cls._CACHE[id(spec)] = cls(spec)
        return found


def well_formed_line(raw: dict, fast: FastSpec) -> dict | None:
    """The usual case, fast: a line whose every field is known and fits, parsed without building the
    places a problem would name; None when anything is off, and parse_line then says what."""
    return fast.line(raw)


def _details_place(place: _Place) -> _Place:
    """The place of a line's details; its words said only when a message needs them."""
    return _Place(f"{place.path}.details", lambda: _("%(place)s, details") % {"place": place.words})


def parse_line(raw: object, spec: LineSpec, place: _Place, problems: list[Problem]) -> dict | None:
    """A side's line; None after recording every problem in it."""
    if type(raw) is not dict:
        problems.append(Problem(place.path, place.say(
            _("the line must be a group of fields, not %(value)s.") % {"value": describe_value(raw)})))
        return None
    before = len(problems)
    own = {k: v for k, v in raw.items() if k != "details"} if spec.details and "details" in raw else raw
    line = _fields(own, spec.fields, place, problems, False, details_too=bool(spec.details))
    for name in spec.required:
        if raw.get(name) is None:
            problems.append(Problem(f"{place.path}.{name}", place.say(
                _('the field "%(field)s" is missing; every line needs it.') % {"field": name})))
    if spec.details:
        details = raw.get("details")
        if details is not None and type(details) is not dict:
            problems.append(Problem(f"{place.path}.details", place.say(
                _("the details must be a group of fields, not %(value)s.") % {"value": describe_value(details)})))
        elif line is not None:
            line["details"] = None if details is None else _fields(
                details, spec.details, _details_place(place), problems, True, spec.nullable)
        elif details is not None:
            _fields(details, spec.details, _details_place(place), problems, True, spec.nullable)
    return line if len(problems) == before else None
