"""How rules/fields.py describes a team's line for a form: each kind of field in its whole shape, the
bounds a game narrows, and the refusals of words that do not match the format, whole."""

import pytest

from rules.fields import describe_line
from rules.nvso.line import CHOICE_LABELS, LABELS

FIELD_NAMES = ["base", "black_threes", "count", "aces_canasta", "went_out", "hand_points", "red_threes",
               "special_hand", "stuck_aces", "table_points", "wild_canasta", "incomplete_aces",
               "incomplete_sevens", "incomplete_wilds", "mixed_canastas", "pure_canastas", "sevens_canasta",
               "stuck_sevens"]


def _by_name(fields: list[dict]) -> dict[str, dict]:
    return {f["name"]: f for f in fields}


def test_each_kind_of_field_in_its_whole_shape():
    fields = _by_name(describe_line(LABELS, CHOICE_LABELS, {"red_threes": 3, "table_points": 20_000_000},
                                    frozenset({"count"})))
    assert fields["base"] == {"name": "base", "part": "line", "label": "Base", "kind": "whole_number",
                              "asked": True, "min": -9_999_999, "max": 9_999_999}
    assert fields["count"]["asked"] is False
    assert fields["red_threes"] == {"name": "red_threes", "part": "details", "label": "Red threes",
                                    "kind": "whole_number", "asked": True, "min": 0, "max": 3}
    assert fields["table_points"]["max"] == 9_999_999  # a game narrows a bound, never widens it
    assert fields["went_out"] == {"name": "went_out", "part": "details", "label": "Went out", "kind": "yes_no",
                                  "asked": True}
    assert fields["incomplete_wilds"] == {
        "name": "incomplete_wilds", "part": "details", "label": "Unfinished wild cards", "kind": "choice",
        "asked": True, "choices": [{"value": None, "label": "None"},
                                   {"value": "four_jokers", "label": "With all four jokers"},
                                   {"value": "other", "label": "Other"}]}


def test_labels_that_miss_a_field_are_refused_whole():
    with pytest.raises(ValueError) as refused:
        describe_line({k: v for k, v in LABELS.items() if k != "went_out"}, CHOICE_LABELS, {})
    assert str(refused.value) == f"labels must name exactly {sorted(FIELD_NAMES)}"


def test_labels_for_a_field_the_format_does_not_have_are_refused():
    with pytest.raises(ValueError, match="labels must name exactly"):
        describe_line({**LABELS, "jokers": "Jokers"}, CHOICE_LABELS, {})


def test_choice_words_that_do_not_match_the_format_are_refused_whole():
    short = {**CHOICE_LABELS, "special_hand": {None: "None", "pairs": "Pairs"}}
    with pytest.raises(ValueError) as refused:
        describe_line(LABELS, short, {})
    assert str(refused.value) == ("choice_labels['special_hand'] must name exactly None and "
                                  "['pairs', 'pairs_natural', 'garbage', 'straight']")
    missing = {k: v for k, v in CHOICE_LABELS.items() if k != "wild_canasta"}
    with pytest.raises(ValueError, match=r"choice_labels\['wild_canasta'\]"):
        describe_line(LABELS, missing, {})
