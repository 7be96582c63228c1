"""The builders of rules/five_player/examples.py, which the example sheet, the tests and the benchmark's
generator share: a line scored under either reading of the Super Canasta bonus, and the winner they name
as the rules compute it."""

import rules
from rules.five_player.examples import EXAMPLE_DETAILS, build_sheet, example, scored_line

SUPER = {"pure_super_canastas": 1, "table_points": 160, "opening_points": 90}


def test_a_line_scored_with_the_super_canasta_plus_its_canasta_fits_that_option_only():
    alone, plus = scored_line(SUPER), scored_line(SUPER, plus_canasta=True)
    assert plus["base"] > alone["base"]
    lines = [{side: scored_line(d) for side, d in hand.items()} for hand in EXAMPLE_DETAILS]
    lines[0]["bina"] = plus
    sheet = build_sheet(lines, options={"super_canasta_bonus": "plus_canasta"})
    assert [v["code"] for v in rules.validate(sheet)["violations"]] == []
    lines[0]["bina"] = alone
    sheet = build_sheet(lines, options={"super_canasta_bonus": "plus_canasta"})
    assert [v["code"] for v in rules.validate(sheet)["violations"]] == ["base-mismatch"]


def test_the_example_names_the_winner_the_rules_compute():
    sheet = example()
    answer = rules.validate(sheet)
    assert answer["violations"] == []
    assert sheet["winner"] == answer["computed"]["winner"] != "tie"


def test_the_example_shows_where_the_options_go_with_none_chosen():
    assert example()["options"] == {} and rules.validate(example())["valid"] is True
