"""How an @2 sheet's messages name its sides: the caller's names, else the labels, else the seats of a
rule set with fixed seats, else "Side <id>"; whatever the ids are."""

import pytest

import rules
from rules import registry
from rules.language import speaking
from rules.sides.sheet import side_names
from rules.words import naming_sides
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


@pytest.mark.parametrize("language, side, seat", [("en", "Side a", "North-South"), ("es", "Lado a", "Norte-Sur"),
                                                  ("pt-br", "Lado a", "Norte-Sul")])
def test_in_every_language_the_caller_s_name_comes_first_then_the_label_then_the_seat_then_the_id(language, side,
                                                                                                 seat):
    with speaking(language):
        assert side_names(("a", "b", "ns"), {"b": "Bo"}, {"ns": "North-South"}) == {"a": side, "b": "Bo", "ns": seat}
        with naming_sides({"a": "Ana"}):
            assert side_names(("a", "b"), {"a": "Al", "b": "Bo"}) == {"a": "Ana", "b": "Bo"}
