"""A LineSpec compiled into one straight-line Python function that reads a well-formed line.

Every side of every hand of every @2 sheet goes through the parser's fast path (a five-player sheet of
three deals has fifteen lines), so reading a line is most of what validating a sheet costs. Walking the
spec's fields at run time (a dict lookup, a test chosen by the field's kind, a copy of a template and a
merge of the details' defaults) spends most of its time on the walking. Here the walk happens once per
spec: `compile_line` writes out, field by field, the tests that `rules.sides.lines.fits` applies, with the
bounds as constants, on the raw line laid over a template of every field unwritten and its details laid
over their defaults (one dict merge each, which also shows an unknown field: the merged dict is then
longer than what it was laid over); a detail written as null gets its default where it is read.

The function answers only the usual case: the parsed line (every declared field, None where not written;
a detail not written or written as null takes its default, 0, false or none, but the spec's `nullable`
ones, which stay None), or None at the first thing that is off (an unknown field, a missing required one,
a value that does not fit). It never says why: on None the slow path (`rules.sides.lines.parse_line`)
reads the line again and words every problem with its JSON path. The tests hold the two to the same
answer on generated lines, well formed and slipped.
"""

from rules.fields import WHOLE_NUMBER, YES_NO
from rules.sides.fields import LineSpec


def _misfit(var: str, spec: tuple, consts: dict) -> str:
    """The condition, as Python source, under which the written (non-null) value `var` does not fit the
    field's spec: the negation of rules.sides.lines.fits, a choice's values kept as a named constant."""
    kind = spec[0]
    if kind == WHOLE_NUMBER:
        return f"type({var}) is not int or not {spec[1]!r} <= {var} <= {spec[2]!r}"
    if kind == YES_NO:
        return f"({var} is not True and {var} is not False)"
    name = f"_choices{len(consts)}"
    consts[name] = frozenset(spec[1])
    # A choice of words or of numbers; never true or false (type() is exact, so bool is not int).
    return f"(type({var}) is not str and type({var}) is not int) or {var} not in {name}"


def _default(spec: tuple, nullable: bool) -> object:
    """A detail's value when not written: 0, false or none, as in @1, but None for the nullable ones."""
    if nullable or spec[0] not in (WHOLE_NUMBER, YES_NO):
        return None
    return 0 if spec[0] == WHOLE_NUMBER else False


def _line_fields(spec: LineSpec, consts: dict) -> list[str]:
    """The source that tests the line's own fields, read from `line` (the raw line over a template of
    every field unwritten)."""
    body = []
    for i, (name, field) in enumerate(spec.fields.items()):
        var = f"v{i}"
        body.append(f"    {var} = line[{name!r}]")
        if name in spec.required:
            body.append(f"    if {var} is None or {_misfit(var, field, consts)}: return None")
        else:
            body.append(f"    if {var} is not None and ({_misfit(var, field, consts)}): return None")
    return body


def _detail_fields(spec: LineSpec, consts: dict) -> list[str]:
    """The source that reads the details (when written) into `d`, over their defaults: a detail written
    as null takes its default too."""
    consts["_DEFAULTS"] = {name: _default(field, name in spec.nullable) for name, field in spec.details.items()}
    body = ['    d = line["details"]',
            "    if d is not None:",
            "        if type(d) is not dict: return None",
            "        line['details'] = d = {**_DEFAULTS, **d}",
            "        if len(d) != _DETAIL_COUNT: return None  # longer than the defaults: an unknown detail"]
    for i, (name, field) in enumerate(spec.details.items()):
        var, default = f"w{i}", _default(field, name in spec.nullable)
        body.append(f"        {var} = d[{name!r}]")
        if default is None:
            body.append(f"        if {var} is not None and ({_misfit(var, field, consts)}): return None")
        else:
            body.append(f"        if {_misfit(var, field, consts)}:")
            body.append(f"            if {var} is None: d[{name!r}] = {default!r}")
            body.append("            else: return None")
    return body


def compile_line(spec: LineSpec):
    """The function `raw line (a dict) -> parsed line | None` for `spec` (see the module docstring)."""
    consts: dict = {}
    consts["_TEMPLATE"] = dict.fromkeys([*spec.fields, *(["details"] if spec.details else [])])
    body = _line_fields(spec, consts)
    if spec.details:
        body += _detail_fields(spec, consts)
    consts["_FIELD_COUNT"], consts["_DETAIL_COUNT"] = len(consts["_TEMPLATE"]), len(spec.details)
    source = "\n".join(["def well_formed(raw):",
                        "    line = {**_TEMPLATE, **raw}",
                        "    if len(line) != _FIELD_COUNT: return None  # longer than the template: an unknown field",
                        *body,
                        "    return line"])
    namespace = dict(consts)
    exec(compile(source, f"<line spec {sorted(spec.fields)}>", "exec"), namespace)
    well_formed = namespace["well_formed"]
    well_formed.source = source  # for a reader in a debugger: what the spec became
    return well_formed
