"""The compiled line reader (rules.sides.compiled) against the slow parser, for every rule set's line: on
any line it reads what parse_line reads, and it gives up exactly where parse_line finds a problem."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import registry
from rules.sheet import _Place
from rules.sides.compiled import compile_line
from rules.sides.lines import parse_line

_SPECS = {name: registry.get_ruleset(name).line_spec(registry.get_ruleset(name).parse_options(None, []))
          for name in registry.ruleset_names() if hasattr(registry.get_ruleset(name), "line_spec")}
_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-20, 1200), st.just(10_000_000), st.just(-10_000_000),
                    st.text(max_size=3), st.sampled_from(["all_deuces", "mixed", "other", 125, 155]),
                    st.floats(0, 5), st.lists(st.integers(), max_size=1))


def _slow(raw: object, spec) -> dict | None:
    problems: list = []
    line = parse_line(raw, spec, _Place("$.hands[0].a", "Hand 1"), problems)
    return None if problems else line


def _edges(spec) -> list:
    """Each choice's values, and each whole number's bounds and the numbers just beyond them."""
    specs = [*spec.fields.values(), *spec.details.values()]
    return ([v for s in specs if s[0] == "choice" for v in s[1]]
            + [v for s in specs if s[0] == "whole_number" for v in (s[1] - 1, s[1], s[2], s[2] + 1)])


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(sorted(_SPECS)), st.data())
def test_the_compiled_reader_reads_a_line_as_the_slow_parser_does(name, data):
    spec = _SPECS[name]
    values = st.one_of(_VALUES, st.sampled_from(_edges(spec)))
    keys = st.sampled_from([*spec.fields, *spec.details, "details", "bonus"])
    line = {"base": 100, "count": 25, **dict(data.draw(st.lists(st.tuples(keys, values), max_size=4),
                                                         label="fields"))}
    if "details" in line and data.draw(st.booleans(), label="details as a group"):
        line["details"] = data.draw(st.dictionaries(st.sampled_from([*spec.details, "bonus"]), values,
                                                    max_size=4), label="details")
    fast = compile_line(spec)(line)
    slow = _slow(line, spec)
    assert fast == slow  # a null is read as not written by both; on anything wrong both give None
