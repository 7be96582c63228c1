"""The rule set's description of a team's line (what the table's form is built from) agrees with the
parser and with the deck: every value it offers is well formed, one step beyond the parser's bound is
refused, and the canasta limits are exactly what one team can show in one hand."""

import dataclasses
import json

import pytest

import rules
from rules.fields import DETAIL_FIELDS, LINE_NUMBERS, Details, describe_line
from rules.registry import get_ruleset
from tests.rules.builders import build, codes, plain

DESCRIPTION = get_ruleset("nvso").describe_line()
NUMBERS = [field for field in DESCRIPTION if field["kind"] == "whole_number"]
CHOICES = [field for field in DESCRIPTION if field["kind"] == "choice"]
YES_NO = [field for field in DESCRIPTION if field["kind"] == "yes_no"]


def sheet_with(field: dict, value) -> dict:
    """A one-hand sheet whose North-South line has `value` in the described field."""
    if field["part"] == "line":
        line = plain(**{"base": 0, "count": 0, field["name"]: value})
    else:
        line = plain(0, 0, details={field["name"]: value})
    return build((line, plain(0, 0)))


def parser_bounds(field: dict) -> tuple[int, int]:
    spec = (LINE_NUMBERS if field["part"] == "line" else DETAIL_FIELDS)[field["name"]]
    return spec[1], spec[2]


def test_it_describes_base_count_and_every_detail_in_the_sheet_s_order():
    names = [field["name"] for field in DESCRIPTION]
    assert names == ["base", "count", *(f.name for f in dataclasses.fields(Details))]
    assert {field["part"] for field in DESCRIPTION[:2]} == {"line"}
    assert {field["part"] for field in DESCRIPTION[2:]} == {"details"}


def test_it_is_plain_json():
    assert json.loads(json.dumps(DESCRIPTION)) == DESCRIPTION


@pytest.mark.parametrize("field", NUMBERS, ids=lambda field: field["name"])
def test_every_number_is_accepted_at_both_of_its_bounds(field):
    for value in (field["min"], field["max"]):
        answer = rules.validate(sheet_with(field, value))
        assert not rules.is_malformed(answer), (value, answer.get("problems"))


@pytest.mark.parametrize("field", NUMBERS, ids=lambda field: field["name"])
def test_one_beyond_the_parser_s_bound_is_refused_and_the_description_stays_inside_it(field):
    low, high = parser_bounds(field)
    assert low <= field["min"] <= field["max"] <= high
    for value in (low - 1, high + 1):
        answer = rules.validate(sheet_with(field, value))
        assert rules.is_malformed(answer)
        assert answer["problems"][0]["path"].endswith(field["name"])


@pytest.mark.parametrize("field", CHOICES, ids=lambda field: field["name"])
def test_every_choice_is_accepted_and_the_choices_are_the_parser_s(field):
    values = [choice["value"] for choice in field["choices"]]
    assert values == [None, *DETAIL_FIELDS[field["name"]][1]]
    for value in values:
        assert not rules.is_malformed(rules.validate(sheet_with(field, value)))
    assert all(choice["label"] for choice in field["choices"])


@pytest.mark.parametrize("field", YES_NO, ids=lambda field: field["name"])
def test_yes_and_no_are_accepted(field):
    for value in (True, False):
        assert not rules.is_malformed(rules.validate(sheet_with(field, value)))


@pytest.mark.parametrize(("name", "most"), [("pure_canastas", 9), ("mixed_canastas", 10)])
def test_the_canasta_limits_are_what_one_team_can_show_in_one_hand(name, most):
    field = next(field for field in DESCRIPTION if field["name"] == name)
    assert field["max"] == most
    at_most = rules.validate(sheet_with(field, most))
    beyond = rules.validate(sheet_with(field, most + 1))
    assert "natural-canastas-exceed-deck" not in codes(at_most)
    assert "natural-canastas-exceed-deck" in codes(beyond)


def test_the_form_asks_for_everything_but_the_card_points():
    # described here, not at import, so that the test is seen to depend on the description
    asked = {field["name"]: field["asked"] for field in get_ruleset("nvso").describe_line()}
    assert [name for name, yes in asked.items() if not yes] == ["table_points", "hand_points"]


def test_the_labels_are_the_players_words():
    labels = {field["name"]: field["label"] for field in DESCRIPTION}
    assert labels["base"] == "Base" and labels["count"] == "Count"
    assert labels["pure_canastas"] == "Pure canastas (500)"
    assert labels["mixed_canastas"] == "Mixed canastas (300)"
    assert labels["red_threes"] == "Red threes"
    assert all(label and label != name for name, label in labels.items())


def test_a_field_or_choice_without_words_cannot_be_described():
    from rules.nvso.line import CHOICE_LABELS, LABELS

    with pytest.raises(ValueError, match="labels"):
        describe_line({k: v for k, v in LABELS.items() if k != "went_out"}, CHOICE_LABELS, {})
    short = {**CHOICE_LABELS, "special_hand": {None: "None", "pairs": "Pairs"}}
    with pytest.raises(ValueError, match="special_hand"):
        describe_line(LABELS, short, {})
