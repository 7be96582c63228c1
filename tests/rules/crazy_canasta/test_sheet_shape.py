"""Malformed Crazy Canasta sheets are answered malformed, every problem at its JSON path; the options are
read with their defaults, and a bad one is named."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules.crazy_canasta.line import SPEC
from rules.crazy_canasta.options import DEFAULTS, CrazyOptions, parse_options
from rules.nvso.sides import LINE_SPEC as NVSO_SPEC
from rules.sheet import _Place
from rules.sides.lines import FastSpec, parse_line
from rules.sides.sheet import well_formed_hand
from tests.rules.crazy_canasta.builders import good


def _problems(document: dict) -> dict:
    answer = rules.validate(document)
    assert rules.is_malformed(answer), answer
    return {p["path"]: p["message"] for p in answer["problems"]}


def test_three_sides_are_one_too_many_for_two_partnerships():
    sheet = good()
    sheet["sides"].append({"id": "c", "label": "Third"})
    assert _problems(sheet) == {"$.sides": 'The rule set "crazy_canasta" is played by 2 sides; this sheet lists 3.'}


def test_a_line_with_a_field_the_game_does_not_have():
    sheet = good()
    sheet["hands"][1]["b"]["bonus"] = 100
    assert list(_problems(sheet)) == ["$.hands[1].b.bonus"]


def test_a_bad_detail_is_named_at_its_path():
    sheet = good()
    sheet["hands"][0]["a"]["details"]["books"] = -1
    sheet["hands"][2]["b"]["details"]["went_out"] = "yes"
    sheet["hands"][3]["a"]["details"]["aces_canasta"] = True
    assert list(_problems(sheet)) == ["$.hands[0].a.details.books", "$.hands[2].b.details.went_out",
                                      "$.hands[3].a.details.aces_canasta"]


def test_a_line_for_a_side_not_listed_and_a_missing_line():
    sheet = good()
    sheet["hands"][0]["c"] = sheet["hands"][0].pop("b")
    assert set(_problems(sheet)) == {"$.hands[0].b", "$.hands[0].c"}


def test_a_line_without_its_count():
    sheet = good()
    del sheet["hands"][2]["a"]["count"]
    assert list(_problems(sheet)) == ["$.hands[2].a.count"]


def test_an_at_1_sheet_of_this_game_is_refused_with_the_format_it_needs():
    found = _problems({"format": "canasta-td/score-sheet@1", "ruleset": "crazy_canasta", "hands": []})
    assert found["$.format"] == ('The rule set "crazy_canasta" reads sheets in the format '
                                 '"canasta-td/score-sheet@2", not "canasta-td/score-sheet@1".')


def test_no_options_are_the_defaults():
    assert parse_options(None, []) is DEFAULTS
    assert parse_options({}, []) is DEFAULTS
    assert DEFAULTS.as_dict() == {"red_three_points": "bonus", "black_three_points": "penalty",
                                  "books": "grouped", "jokers": "per_deck", "aces": "meldable", "decks": 7}


def test_options_chosen_are_read():
    problems = []
    chosen = parse_options({"red_three_points": "bonus_and_card", "decks": 5}, problems)
    assert problems == [] and chosen == CrazyOptions(red_three_points="bonus_and_card", decks=5)


@pytest.mark.parametrize("options, path, message", [
    ({"decks": 0}, "$.options.decks",
     'The option "decks" must be a whole number of decks from 1 to 20, not the number 0.'),
    ({"books": "sometimes"}, "$.options.books",
     'The option "books" must be grouped or as_written, not the text "sometimes".'),
    ({"target_score": 5000}, "$.options.target_score",
     'The crazy_canasta rule set has no option "target_score"; its options are "red_three_points", '
     '"black_three_points", "books", "jokers", "aces" and "decks".'),
])
def test_a_bad_option_is_named(options, path, message):
    assert _problems({**good(), "options": options}) == {path: message}


# The @2 parser reads well-formed hands on a fast path and anything else on the slow one, which names the
# problems; the two must read every well-formed line of this game alike, and the fast one must never
# accept what the slow one refuses.
_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-20, 1200), st.just(10_000_000), st.text(max_size=3),
                    st.sampled_from([125, 155, "all_deuces", "pairs", "other"]))
# This game's line, and NVSO's (choices of words and of numbers, details that stay null when left out).
_SPECS = [SPEC, NVSO_SPEC]


def _slow(raw: dict, spec) -> dict | None:
    hand = {}
    for side in ("a", "b"):
        problems = []
        line = parse_line(raw[side], spec, _Place(f"$.hands[0].{side}", "Hand 1"), problems)
        if problems:
            return None
        hand[side] = line
    return hand


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_SPECS), st.data())
def test_the_parsers_fast_path_reads_a_line_as_the_slow_one_does(spec, data):
    keys = st.sampled_from([*spec.fields, *spec.details, "details", "bonus"])
    fields = data.draw(st.lists(st.tuples(keys, _VALUES), max_size=8), label="fields")
    details = data.draw(st.dictionaries(st.sampled_from(list(spec.details)), _VALUES, max_size=6), label="details")
    line = {"base": 100, "count": 25, **dict(fields)}
    if "details" in line:
        line["details"] = details
    raw = {"a": line, "b": {"base": 0, "count": 0}}
    fast = well_formed_hand(raw, ("a", "b"), FastSpec.of(spec))
    assert fast is None or fast == _slow(raw, spec)
    if fast is None and all(v is not None for v in line.values()) and None not in details.values():
        assert _slow(raw, spec) is None  # the fast path gives up only on what is wrong, or on a null


def test_a_null_detail_or_field_is_read_as_not_written():
    sheet = good()
    sheet["hands"][0]["a"]["details"]["sevens_canastas"] = None
    sheet["hands"][0]["a"]["total"] = None
    assert rules.validate(sheet)["valid"]
