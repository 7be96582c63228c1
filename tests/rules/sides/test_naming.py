"""How an @2 sheet's messages name its sides: the caller's names, else the labels, else the seats of a
rule set with fixed seats, else "Side <id>"; whatever the ids are."""

import pytest

import rules
from rules import registry
from tests.rules.sides.test_sheet import Toy, line, sheet


@pytest.fixture(autouse=True)
def toy():
    registry.register(Toy())
    yield
    registry._RULESETS.pop("toy")


def test_a_side_called_ns_without_a_side_called_ew_is_named_like_any_other():
    answer = rules.validate(sheet({"ns": line(1, 1, total=3), "bo": line(0, 0)},
                                  sides=[{"id": "ns", "label": "Nadia"}, {"id": "bo"}]))
    assert answer["violations"][0]["message"] == "Hand 1, Nadia: the total should be 2."


def test_a_missing_line_of_a_side_called_ns_is_malformed_not_a_crash():
    answer = rules.validate(sheet({"bo": line(0, 0)}, sides=[{"id": "ns"}, {"id": "bo"}]))
    assert answer["problems"] == [{"path": "$.hands[0].ns", "message": 'Hand 1: the line for Side ns ("ns") is '
                                                                       "missing."}]
