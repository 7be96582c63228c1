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


# --- the fast path -------------------------------------------------------------------------------------
# Nearly every sheet is well formed. For those, a line is read by walking only the fields written, with
# each spec unpacked once per LineSpec; anything unexpected returns None and the hand is read again by
# parse_line above, which says what is wrong with its path. The two agree on every well-formed line.
_COMPILED: dict[int, tuple] = {}
_COMPILED_MOST = 64


def compile_spec(spec: LineSpec) -> tuple:
    """What fast_hand reads of a LineSpec, worked out once (cached)."""
    return _compile(spec)


def _compile(spec: LineSpec) -> tuple:
    """What the fast path reads of a LineSpec: the bounds of its whole-number fields and details, their
    other specs, the details' defaults, the required names and an empty line."""
    found = _COMPILED.get(id(spec))
    if found is not None and found[0] is spec:
        return found[1]
    empty = dict.fromkeys(spec.fields)
    if spec.details:
        empty["details"] = None
    defaults = {name: None if name in spec.nullable else 0 if s[0] == WHOLE_NUMBER else False
                if s[0] == YES_NO else None for name, s in spec.details.items()}
    compiled = (_bounds(spec.fields), spec.fields, _bounds(spec.details), spec.details or None, defaults,
                tuple(spec.required), empty)
    if len(_COMPILED) >= _COMPILED_MOST:
        _COMPILED.clear()
    _COMPILED[id(spec)] = (spec, compiled)
    return compiled


def _bounds(specs: dict) -> dict:
    return {name: (s[1], s[2]) for name, s in specs.items() if s[0] == WHOLE_NUMBER}


def _fits_fast(spec: tuple, value: object) -> bool:
    """A field that is not a whole number: yes/no or a choice."""
    if spec[0] == YES_NO:
        return value is True or value is False
    return spec[0] == CHOICE and type(value) in (str, int) and value in spec[1]


def fast_hand(raw: object, sides: tuple, spec: LineSpec, compiled: tuple | None = None) -> dict | None:
    """A hand whose every line is well formed, as parse_line would read it; None otherwise (the caller
    then reads it the slow way, which reports the problems). `compiled`: _compile(spec), when the caller
    reads many hands."""
    if type(raw) is not dict or len(raw) != len(sides):
        return None
    bounds, fields, detail_bounds, detail_specs, defaults, required, empty = compiled or _compile(spec)
    hand = {}
    bounds_of = bounds.get  # bound once: this loop runs for every field of every line
    detail_bounds_of = detail_bounds.get
    for side in sides:
        written = raw.get(side)
        if type(written) is not dict:
            return None
        line = dict(empty)
        for key, value in written.items():
            limits = bounds_of(key)
            if limits is not None and type(value) is int and limits[0] <= value <= limits[1]:
                line[key] = value
            elif value is None:
                if key not in fields and (key != "details" or detail_specs is None):
                    return None
            elif key == "details" and detail_specs is not None and key not in fields:
                if type(value) is not dict:
                    return None
                details = dict(defaults)  # the details, read in the same loop: this runs for every line
                for name, number in value.items():
                    limits = detail_bounds_of(name)
                    if limits is not None and type(number) is int and limits[0] <= number <= limits[1]:
                        details[name] = number
                    elif number is not None:
                        field = detail_specs.get(name)
                        if field is None or limits is not None or not _fits_fast(field, number):
                            return None
                        details[name] = number
                    elif name not in detail_specs:
                        return None
                line["details"] = details
            else:
                field = fields.get(key)
                if field is None or limits is not None or not _fits_fast(field, value):
                    return None
                line[key] = value
        for name in required:
            if line[name] is None:
                return None
        hand[side] = line
    return hand
