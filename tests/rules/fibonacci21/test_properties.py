"""Property tests: plausible Fibonacci 21 sheets of two to four players (bench/games/fibonacci21.py, scored
apart from the rule set) are accepted; any one written number changed is rejected at that very field."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from bench.games.fibonacci21 import legal_sheet, spoil

PROPERTY_SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _sheet(data) -> tuple:
    def pick(low: int, high: int) -> int:
        return data.draw(st.integers(low, high))

    return legal_sheet(pick, sides=pick(2, 4), hands=pick(1, 4)), pick


@PROPERTY_SETTINGS
@given(st.data())
def test_plausible_sheets_are_accepted(data):
    sheet, _ = _sheet(data)
    answer = rules.validate(sheet)
    assert answer["valid"], [v["message"] for v in answer["violations"]]
    assert {v["code"] for v in answer["violations"]} <= {"base-not-itemised", "tie-for-director"}


@PROPERTY_SETTINGS
@given(st.data())
def test_one_changed_number_is_rejected_at_its_field(data):
    sheet, pick = _sheet(data)
    spoiled, where = spoil(pick, sheet)
    answer = rules.validate(spoiled)
    errors = [(v["hand"], v["side"], v["field"]) for v in answer["violations"] if v["severity"] == "error"]
    assert errors == [where], [v["message"] for v in answer["violations"]]
