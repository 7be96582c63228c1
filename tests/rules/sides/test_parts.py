"""The smaller parts of rules/sides/, read directly: the running totals of the answer, the options reader
every game shares, a line's fields and their words, the compiled reader's defaults, the rule-set base."""

from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from rules.fields import CHOICE, NUMBER_LIMIT, WHOLE_NUMBER, YES_NO
from rules.language import speaking
from rules.sheet import _Place
from rules.sides import LineSpec, RunningTotals
from rules.sides import options as opt
from rules.sides.compiled import compile_line
from rules.sides.lines import FastSpec, expected, fits, parse_line, well_formed_line
from rules.sides.ruleset import SidesRuleset
from rules.sides.totals import base_plus_count

# RunningTotals


def totals_of(hands, sides=("a", "b"), **kw):
    return RunningTotals(SimpleNamespace(sides=sides, hands=hands), **kw)


def test_running_totals_per_side_with_the_total_before_each_hand():
    t = totals_of([{"a": {"base": 100, "count": 5}, "b": {"base": 0, "count": -20}},
                   {"a": {"base": -50, "count": 0}, "b": {"base": 10, "count": 10}}])
    assert (t.totals, t.cumulative) == ({"a": [105, -50], "b": [-20, 20]}, {"a": [105, 55], "b": [-20, 0]})
    assert [t.before("a", 0), t.before("a", 1), t.final("a"), t.final("b")] == [0, 105, 55, 0]
    assert t.as_dict() == {"hands": [{"a": {"total": 105, "cumulative": 105}, "b": {"total": -20, "cumulative": -20}},
                                     {"a": {"total": -50, "cumulative": 55}, "b": {"total": 20, "cumulative": 0}}],
                           "final": {"a": 55, "b": 0}, "winner": "a"}


def test_the_winner_has_the_most_or_with_fewest_wins_the_fewest_and_a_shared_best_is_a_tie():
    hands = [{"a": {"base": 3, "count": 0}, "b": {"base": 5, "count": 0}, "c": {"base": 4, "count": 0}}]
    assert totals_of(hands, ("a", "b", "c")).winner() == "b"
    assert totals_of(hands, ("a", "b", "c"), fewest_wins=True).winner() == "a"
    tied = [{"a": {"base": 3, "count": 0}, "b": {"base": 3, "count": 0}, "c": {"base": 9, "count": 0}}]
    assert totals_of(tied, ("a", "b", "c"), fewest_wins=True).winner() == "tie"
    assert totals_of(tied, ("a", "b", "c")).winner() == "c"


def test_a_hand_total_of_the_games_own():
    t = totals_of([{"a": {"x": 7}}], ("a",), hand_total=lambda line: line["x"] * 2)
    assert t.final("a") == 14 and t.winner() == "a"


def test_no_hands_and_no_sides():
    assert totals_of([]).as_dict() == {"hands": [], "final": {"a": 0, "b": 0}, "winner": None}
    assert totals_of([], ()).as_dict() == {"hands": [], "final": {}, "winner": None}


def test_a_hand_s_total_written_as_base_and_count_is_their_sum():
    assert base_plus_count({"base": 300, "count": -85}) == 215
    assert totals_of([{"a": {"base": 300, "count": -85}, "b": {"base": 0, "count": 0}}],
                     hand_total=lambda line: base_plus_count(line) * 2).totals == {"a": [430], "b": [0]}


# options


@dataclass(frozen=True)
class Opts:
    decks: int = 1
    wild: bool = False
    mode: str = "x"


KINDS = {"decks": opt.Whole(1, 20, of="decks"), "wild": opt.YesNo(), "mode": opt.Choice(("x", "y"))}


def test_no_options_are_the_defaults():
    assert opt.parse_options(None, [], "toy", KINDS, Opts()) == Opts()
    assert opt.parse_options({}, [], "toy", KINDS, Opts()) == Opts()


def test_the_options_written_over_the_defaults_or_made_by_the_game():
    problems = []
    assert opt.parse_options({"wild": True, "decks": 20}, problems, "toy", KINDS, Opts()) == Opts(20, True, "x")
    assert opt.parse_options({"decks": 2}, problems, "toy", KINDS, Opts(), make=lambda raw: ("made", raw)) == (
        "made", {"decks": 2})
    assert problems == []


def test_every_unknown_or_bad_option_is_reported_at_its_path():
    problems = []
    raw = {"decks": 21, "wild": 1, "mode": "z", "jokers": 2, "two words": 1, 7: 1}
    assert opt.parse_options(raw, problems, "toy", KINDS, Opts()) is None
    known = 'its options are "decks", "wild" and "mode".'
    assert [(p.path, p.message) for p in problems] == [
        ("$.options.decks", 'The option "decks" must be a whole number of decks from 1 to 20, not the number 21.'),
        ("$.options.wild", 'The option "wild" must be true or false, not the number 1.'),
        ("$.options.mode", 'The option "mode" must be "x" or "y", not the text "z".'),
        ("$.options.jokers", f'The toy rule set has no option "jokers"; {known}'),
        ('$.options["two words"]', f'The toy rule set has no option "two words"; {known}'),
        ("$.options[the number 7]", f"The toy rule set has no option the number 7; {known}")]


def test_one_bad_option_among_good_ones_is_enough_to_refuse():
    problems = []
    assert opt.parse_options({"decks": 2, "wild": "yes"}, problems, "toy", KINDS, Opts()) is None
    assert len(problems) == 1


def test_the_kinds_in_words():
    assert opt.Choice(("one", "two", "three"), quoted=False).expects() == "one, two or three"
    assert not opt.Choice(("1",)).allows(1) and opt.Choice(("1",)).allows("1")
    assert opt.Whole(-1_000, 1_000, nullable=True).expects() == "a whole number from -1,000 to 1,000, or null for none"
    assert opt.Whole(1, 2).expects() == "a whole number from 1 to 2"
    whole = opt.Whole(1, 2)
    assert [whole.allows(v) for v in (0, 1, 2, 3, True, None, 1.0)] == [False, True, True, False, False, False,
                                                                         False]
    assert opt.YesNo().expects() == "true or false" and not opt.YesNo().allows(None) and opt.YesNo().allows(True)


def test_an_option_counting_decks_says_so_and_whether_null_means_none():
    """What a whole number counts is the game's word, and is translated ("decks": "barajas")."""
    assert opt.Whole(1, 20, True, "decks").expects() == "a whole number of decks from 1 to 20, or null for none"
    assert opt.Whole(1, 20, False, "decks").expects() == "a whole number of decks from 1 to 20"
    assert opt.Whole(1, 20, True, "rounds").expects() == "a whole number of rounds from 1 to 20, or null for none"
    assert opt.Whole(1, 20, True).expects() == "a whole number from 1 to 20, or null for none"
    with speaking("es"):
        assert opt.Whole(1, 20, True, "decks").expects() == (
            "un número entero de barajas de 1 a 20, o null para ninguno")
        assert opt.Whole(1, 2000, False, "decks").expects() == "un número entero de barajas de 1 a 2.000"


def test_options_as_plain_data_in_the_declared_order():
    assert list(opt.as_dict(Opts(3, True, "y"), {"mode": 0, "decks": 0}).items()) == [("mode", "y"), ("decks", 3)]


# a line's fields


@pytest.mark.parametrize(("spec", "value", "ok"), [
    ((WHOLE_NUMBER, -5, 5), -5, True), ((WHOLE_NUMBER, -5, 5), 5, True), ((WHOLE_NUMBER, -5, 5), 6, False),
    ((WHOLE_NUMBER, -5, 5), -6, False), ((WHOLE_NUMBER, -5, 5), True, False), ((WHOLE_NUMBER, -5, 5), 1.0, False),
    ((YES_NO,), False, True), ((YES_NO,), 0, False), ((CHOICE, ("a", 125)), 125, True),
    ((CHOICE, ("a", 125)), "a", True), ((CHOICE, ("a", 1)), True, False), ((CHOICE, ("a",)), "b", False)])
def test_what_fits_a_field(spec, value, ok):
    assert fits(spec, value) is ok


def test_what_a_field_must_be_in_words():
    assert expected((WHOLE_NUMBER, -NUMBER_LIMIT, NUMBER_LIMIT)) == "a whole number"
    assert expected((WHOLE_NUMBER, -1_000, 2_500)) == "a whole number from -1,000 to 2,500"
    assert expected((YES_NO,)) == "true or false"
    assert expected((CHOICE, ("mixed", 125))) == 'one of mixed, 125 or null'
    assert expected(("other",)) == "a value"


SPEC = LineSpec(fields={"base": (WHOLE_NUMBER, -100, 100), "kind": (CHOICE, ("a", "b")), "out": (YES_NO,)},
                required=frozenset({"base"}),
                details={"n": (WHOLE_NUMBER, 0, 4), "wild": (YES_NO,), "kind": (CHOICE, ("p", "q")),
                         "points": (WHOLE_NUMBER, 0, 9)},
                nullable=frozenset({"points"}))


def slow(raw, spec=SPEC):
    problems = []
    line = parse_line(raw, spec, _Place("$.hands[0].a", "Hand 1, Ana"), problems)
    return line, [(p.path, p.message) for p in problems]


def test_a_line_is_its_fields_and_its_details_over_their_defaults_but_the_nullable_ones():
    expected_line = {"base": 5, "kind": None, "out": None,
                     "details": {"n": 0, "wild": False, "kind": None, "points": None}}
    assert slow({"base": 5, "details": {}}) == (expected_line, [])
    assert compile_line(SPEC)({"base": 5, "details": {}}) == expected_line
    written_null = {"base": 5, "details": {"n": None, "wild": None, "kind": None, "points": None}}
    assert compile_line(SPEC)(written_null) == expected_line
    assert slow(written_null) == (expected_line, [])
    assert compile_line(SPEC)({"base": 5}) == {"base": 5, "kind": None, "out": None, "details": None}


def test_a_line_that_is_not_a_group_and_details_that_are_not():
    assert slow([1]) == (None, [("$.hands[0].a", "Hand 1, Ana: the line must be a group of fields, not a list.")])
    assert slow({"base": 5, "details": 3}) == (None, [(
        "$.hands[0].a.details", "Hand 1, Ana: the details must be a group of fields, not the number 3.")])


def test_bad_details_are_reported_even_when_the_line_itself_is_bad():
    assert slow({"base": 500, "details": {"n": 5, "extra": 1}}) == (None, [
        ("$.hands[0].a.base", 'Hand 1, Ana: "base" must be a whole number from -100 to 100, not the number 500.'),
        ("$.hands[0].a.details.n", 'Hand 1, Ana, details: "n" must be a whole number from 0 to 4, not the number 5.'),
        ("$.hands[0].a.details.extra", 'Hand 1, Ana, details: there is no field "extra" in the details; check the '
                                       'spelling (the fields are "n", "wild", "kind" and "points").')])


def test_a_line_without_details_lists_only_its_own_fields():
    plain = LineSpec(fields={"base": (WHOLE_NUMBER, -100, 100)})
    assert slow({"base": 1, "details": {}}, plain) == (None, [(
        "$.hands[0].a.details", 'Hand 1, Ana: there is no field "details" in a line; check the spelling (the '
                                'fields are "base").')])
    assert slow({"base": 1, "bonus": 2}) == (None, [(
        "$.hands[0].a.bonus", 'Hand 1, Ana: there is no field "bonus" in a line; check the spelling (the fields '
                              'are "base", "kind", "out" and "details").')])


def test_the_fast_reader_is_built_once_per_spec_and_answers_as_the_compiled_line():
    fast = FastSpec.of(SPEC)
    assert FastSpec.of(SPEC) is fast and fast.spec is SPEC
    other = LineSpec(fields={"base": (WHOLE_NUMBER, 0, 1)})
    assert FastSpec.of(other) is not fast
    assert well_formed_line({"base": 5, "out": True}, fast) == {"base": 5, "kind": None, "out": True, "details": None}
    assert well_formed_line({"base": 500}, fast) is None


@pytest.mark.parametrize("raw", [
    {"kind": "a"}, {"base": None}, {"base": 101}, {"base": -101}, {"base": True}, {"base": 1, "kind": "c"},
    {"base": 1, "kind": True}, {"base": 1, "out": 1}, {"base": 1, "details": []}, {"base": 1, "details": {"x": 1}},
    {"base": 1, "details": {"n": 5}}, {"base": 1, "details": {"n": -1}}, {"base": 1, "details": {"wild": 0}},
    {"base": 1, "details": {"kind": "a"}}, {"base": 1, "details": {"points": 10}}, {"base": 1, "extra": 0}])
def test_the_compiled_reader_gives_up_on_anything_off(raw):
    assert compile_line(SPEC)(raw) is None
    assert slow(raw)[0] is None


def test_the_compiled_reader_keeps_written_values():
    raw = {"base": -100, "kind": "b", "out": False, "details": {"n": 4, "wild": True, "kind": "q", "points": 0}}
    assert compile_line(SPEC)(raw) == raw
    assert compile_line(SPEC)({"base": 100, "details": {"points": 9, "n": 0}})["details"] == {
        "n": 0, "wild": False, "kind": None, "points": 9}


def test_the_compiled_reader_shows_its_source():
    source = compile_line(SPEC).source
    assert source.startswith("def well_formed(raw):\n    line = {**_TEMPLATE, **raw}\n    if len(line) != _FIELD_COUNT")
    assert source.endswith("\n    return line")


# the rule-set base


def test_a_sides_rule_set_takes_its_parts_from_the_games_modules_and_hands_out_copies_of_its_example():
    options = SimpleNamespace(DEFAULTS=SimpleNamespace(as_dict=lambda: {"decks": 1}), parse_options="parse",
                              hand_cap="cap")
    line = SimpleNamespace(line_spec="spec", describe_line="describe")
    example = {"hands": [{"a": 1}]}
    ruleset = SidesRuleset(options=options, line=line, codes={"x": 1}, example=example)
    assert (ruleset.options, ruleset.parse_options, ruleset.hand_cap, ruleset.line_spec, ruleset.describe_line,
            ruleset.codes) == ({"decks": 1}, "parse", "cap", "spec", "describe", {"x": 1})
    copy = ruleset.example()
    assert copy == example
    copy["hands"][0]["a"] = 2
    assert ruleset.example() == example and example["hands"][0]["a"] == 1
    assert SidesRuleset.formats == ("canasta-td/score-sheet@2",)


def test_a_required_choice_and_a_line_without_details_compiled():
    spec = LineSpec(fields={"kind": (CHOICE, ("a", "b")), "n": (WHOLE_NUMBER, 0, 1)}, required=frozenset({"kind"}))
    read = compile_line(spec)
    assert read({"kind": "b"}) == {"kind": "b", "n": None}
    assert [read(raw) for raw in ({"kind": "c"}, {"kind": None}, {"n": 1}, {"kind": "a", "details": {}})] == [None] * 4


def test_a_bad_detail_of_a_good_line_is_reported_in_the_details_words():
    assert slow({"base": 5, "details": {"wild": "yes"}}) == (None, [(
        "$.hands[0].a.details.wild", 'Hand 1, Ana, details: "wild" must be true or false, not the text "yes".')])


def test_a_spec_is_compiled_once_and_kept_by_the_spec_it_was_made_for(monkeypatch):
    monkeypatch.setattr(FastSpec, "_CACHE", {})
    spec = LineSpec(fields={"base": (WHOLE_NUMBER, -NUMBER_LIMIT, NUMBER_LIMIT)}, required=("base",))
    first = FastSpec.of(spec)
    assert first.spec is spec and FastSpec.of(spec) is first and {id(spec): first} == FastSpec._CACHE
    assert first.line({"base": 5}) == {"base": 5}
