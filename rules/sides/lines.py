"""One side's line in one hand, parsed against the rule set's LineSpec: a dict of every declared field,
or None after a problem (with its JSON path) for everything wrong in it.
"""

from rules.fields import CHOICE, NUMBER_LIMIT, WHOLE_NUMBER, YES_NO
from rules.sheet import _Place, _unknown_fields, _wrong
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
            return "a whole number"
        return f"a whole number from {points(spec[1])} to {points(spec[2])}"
    if kind == YES_NO:
        return "true or false"
    return f"one of {either([*map(str, spec[1]), 'null'])}" if kind == CHOICE else "a value"


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
        _unknown_fields(raw, known, place, "the details" if defaults else "a line", problems)
    return values if len(problems) == before else None


class FastSpec:
    """A LineSpec as the fast path reads it, built once per spec (`FastSpec.of`): each field's test as data
    ((least, most) for a whole number, True for yes or no, the allowed values of a choice), the line with
    every field unwritten, and each detail's default when not written (0, false, none; None when nullable)."""

    __slots__ = ("defaults", "detail_tests", "required", "skip", "spec", "template", "tests")
    _CACHE: dict = {}

    def __init__(self, spec: LineSpec):
        self.spec, self.required = spec, tuple(spec.required)
        self.tests = _tests(spec.fields) | ({"details": _DETAILS} if spec.details else {})
        self.detail_tests = _tests(spec.details)
        self.template = dict.fromkeys(spec.fields) | ({"details": None} if spec.details else {})
        self.defaults = {name: None if name in spec.nullable else 0 if s[0] == WHOLE_NUMBER
                         else False if s[0] == YES_NO else None for name, s in spec.details.items()}
        self.skip = "details" if spec.details else None

    @classmethod
    def of(cls, spec: LineSpec) -> "FastSpec":
        """The FastSpec of `spec`, built on its first sheet (a game's spec is a constant)."""
        found = cls._CACHE.get(id(spec))
        if found is None or found.spec is not spec:
            found = cls._CACHE[id(spec)] = cls(spec)
        return found


_DETAILS = object()  # the line's test for its "details" field: read apart


def _tests(specs: dict) -> dict:
    return {name: (s[1], s[2]) if s[0] == WHOLE_NUMBER else True if s[0] == YES_NO else frozenset(s[1])
            for name, s in specs.items()}


def well_formed_line(raw: dict, fast: FastSpec) -> dict | None:
    """The usual case, fast: a line whose every field is known and fits, parsed without building the
    places a problem would name; None when anything is off, and parse_line then says what. (The tests are
    written out: this runs for every line of every sheet.)"""
    tests = fast.tests
    if not raw.keys() <= tests.keys():  # an unknown field: the slow path names it
        return None
    details = None
    for name, value in raw.items():
        test = tests[name]
        if type(test) is tuple:
            if type(value) is int and test[0] <= value <= test[1]:
                continue
        elif test is _DETAILS:
            details = value
            continue
        elif test is True:
            if value is True or value is False:
                continue
        elif type(value) in (str, int) and value in test:  # a choice of words or of numbers
            continue
        if value is None:  # null: not written
            continue
        return None
    line = fast.template.copy()
    line.update(raw)
    for name in fast.required:
        if line[name] is None:
            return None
    if details is None:
        if fast.skip:
            line["details"] = None
        return line
    tests = fast.detail_tests
    if type(details) is not dict or not details.keys() <= tests.keys():
        return None
    nulls = False
    for name, value in details.items():
        test = tests[name]
        if type(test) is tuple:
            if type(value) is int and test[0] <= value <= test[1]:
                continue
        elif test is True:
            if value is True or value is False:
                continue
        elif type(value) in (str, int) and value in test:
            continue
        if value is None:  # a detail written as null means its default
            nulls = True
            continue
        return None
    defaults = fast.defaults
    values = {**defaults, **details}
    if nulls:
        values.update((name, defaults[name]) for name, value in details.items() if value is None)
    line["details"] = values
    return line


def parse_line(raw: object, spec: LineSpec, place: _Place, problems: list[Problem]) -> dict | None:
    """A side's line; None after recording every problem in it."""
    if type(raw) is not dict:
        problems.append(Problem(place.path, place.say(
            f"the line must be a group of fields, not {describe_value(raw)}.")))
        return None
    before = len(problems)
    own = {k: v for k, v in raw.items() if k != "details"} if spec.details and "details" in raw else raw
    line = _fields(own, spec.fields, place, problems, False, details_too=bool(spec.details))
    for name in spec.required:
        if raw.get(name) is None:
            problems.append(Problem(f"{place.path}.{name}", place.say(
                f'the field "{name}" is missing; every line needs it.')))
    if spec.details:
        details = raw.get("details")
        if details is not None and type(details) is not dict:
            problems.append(Problem(f"{place.path}.details", place.say(
                f"the details must be a group of fields, not {describe_value(details)}.")))
        elif line is not None:
            line["details"] = None if details is None else _fields(
                details, spec.details, _Place(f"{place.path}.details", f"{place.words}, details"), problems,
                True, spec.nullable)
        elif details is not None:
            _fields(details, spec.details, _Place(f"{place.path}.details", f"{place.words}, details"),
                    problems, True, spec.nullable)
    return line if len(problems) == before else None
