"""Property tests: plausible Canasta 21 sheets of two to four players, built from legal details and scored
by the formula of docs/rulesets/canasta21.md (bench/games/canasta21.py, written apart from the rule set),
are accepted; any one written number changed (base, count, total, running total, the initial meld's base
cards, a final total) is rejected at that very field, and only there."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from bench.games.canasta21 import legal_sheet, spoil

PROPERTY_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
    assert answer["computed"]["final"] == sheet["final"]


@PROPERTY_SETTINGS
@given(st.data())
def test_one_changed_number_is_rejected_at_its_field(data):
    sheet, pick = _sheet(data)
    spoiled, (hand, side, field) = spoil(pick, sheet)
    answer = rules.validate(spoiled)
    errors = [(v["hand"], v["side"], v["field"]) for v in answer["violations"] if v["severity"] == "error"]
    assert not answer["valid"]
    assert errors == [(hand, side, field)], [v["message"] for v in answer["violations"]]
