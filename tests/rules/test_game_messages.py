"""Messages of the checks of the sheet's arithmetic and of the game (rules/nvso/checks_game.py), asserted
whole: the recomputed numbers each one quotes, under each option that changes them."""

import pytest

import rules
from tests.rules.builders import K_EW, K_NS, build, plain, scored


def _said(sheet: dict) -> list[tuple]:
    return [(v["code"], v["hand"], v["team"], v["field"], v["message"])
            for v in rules.validate(sheet)["violations"] if v["code"] != "base-not-itemised"]


def _total_of_zero(details: dict, options: dict | None = None) -> dict:
    """A one-hand sheet whose North-South line is scored from `details` but writes a total of 0 (and carries
    it on), against K's East-West line."""
    ns = scored(details, total=0, cumulative=0, options=options)
    return build((ns, scored(K_EW, options=options)), options=options, final={"ns": 0, "ew": 2075}, winner="ew")


@pytest.mark.parametrize(("details", "options", "because"), [
    (K_NS | {"stuck_aces": 1}, None, "1,025 (base 700 plus count 325)"),
    (K_NS | {"stuck_aces": 1}, {"penalties_in": "count"}, "1,025 (base 2,200 plus count -1,175)"),
    (K_NS | {"incomplete_wilds": "other"}, {"incomplete_wilds_penalty": "flat_2500"},
     "25 (base -300 plus count 325)"),
])
def test_a_wrong_total_quotes_base_and_count_as_the_options_make_them(details, options, because):
    assert _said(_total_of_zero(details, options)) == [(
        "total-mismatch", 1, "ns", "total", f"Hand 1, North-South: the total should be {because}, not 0.")]


def test_a_wrong_total_quotes_the_count_the_details_prove_not_the_one_written():
    sheet = build((scored(K_NS, count=300, total=2000, cumulative=2000), scored(K_EW)),
                  final={"ns": 2000, "ew": 2075})
    assert _said(sheet) == [
        ("count-mismatch", 1, "ns", "count",
         "Hand 1, North-South: the count should be 325 (335 on the table minus 10 in hand), not 300."),
        ("total-mismatch", 1, "ns", "total",
         "Hand 1, North-South: the total should be 2,525 (base 2,200 plus count 325), not 2,000."),
    ]


def _without_running_totals(final_ew: int) -> dict:
    sheet = build((plain(2200, 325), plain(1800, 275)), (plain(300, 100), plain(500, 100)), totals=False)
    for hand in sheet["hands"]:
        for line in hand.values():
            line["total"] = line["base"] + line["count"]
    return sheet | {"final": {"ns": 2925, "ew": final_ew}, "winner": "ns"}


def test_without_written_running_totals_the_totals_are_carried_hand_to_hand():
    assert _said(_without_running_totals(2675)) == []
    assert _said(_without_running_totals(2775)) == [(
        "final-mismatch", None, "ew", "final",
        "The final total for East-West should be 2,675, the running total after the last hand, not 2,775.")]


def test_a_wrong_running_total_after_a_wrong_total_quotes_the_recomputed_one():
    sheet = build((plain(2200, 325), plain(1800, 275)), (plain(300, 100), plain(500, 100, total=700, cumulative=9999)))
    assert _said(sheet) == [
        ("total-mismatch", 2, "ew", "total",
         "Hand 2, East-West: the total should be 600 (base 500 plus count 100), not 700."),
        ("cumulative-mismatch", 2, "ew", "cumulative",
         "Hand 2, East-West: the running total should be 2,675 (2,075 before this hand plus 600), not 9,999."),
    ]
