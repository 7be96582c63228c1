"""The crazy_canasta rule set as the registry and the forms see it: found by name, two partnerships, four
deals, its line described for forms, and an example that validates."""

import json

import rules
from rules import registry
from rules.crazy_canasta import RULESET
from rules.crazy_canasta.codes import CODES
from rules.sides import FORMAT2
from tests.rules.crazy_canasta.builders import build, deals


def test_it_is_registered_by_name_for_at_2_sheets_of_two_teams():
    ruleset = registry.get_ruleset("crazy_canasta")
    assert ruleset is RULESET
    assert (ruleset.formats, ruleset.side_counts, ruleset.entrants) == ((FORMAT2,), (2,), "teams")
    assert ruleset.hand_cap(ruleset.parse_options(None, [])) == 4


def test_the_example_validates_with_only_its_note_about_the_deal_written_as_base_and_count():
    answer = rules.validate(RULESET.example())
    assert answer["valid"]
    assert [(v["code"], v["hand"]) for v in answer["violations"]] == [("base-not-itemised", 3)]
    assert answer["computed"]["winner"] == "b"


def test_the_example_survives_json_and_is_a_fresh_copy_each_time():
    first = RULESET.example()
    first["hands"].clear()
    assert rules.validate(json.dumps(RULESET.example()))["valid"]


def test_every_code_names_a_section_of_the_source():
    sections = {"Crazy Canasta, Cards & Scoring", "Crazy Canasta, Meld", "Crazy Canasta, Going Out",
                "Crazy Canasta, Deal"}
    assert {rule for rule, _, _ in CODES.values()} <= sections
    assert all(code == code.lower() and " " not in code for code in CODES)


def test_the_line_described_for_forms_has_every_field_with_the_seven_decks_limits():
    described = {field["name"]: field for field in RULESET.describe_line()}
    spec = RULESET.line_spec(None)
    assert list(described) == [*spec.fields, *spec.details]
    assert described["books"] == {"name": "books", "part": "details", "label": "Books (5,000)",
                                  "kind": "whole_number", "asked": True, "min": 0, "max": 4}
    assert described["red_threes"]["max"] == 14
    assert described["went_out"] == {"name": "went_out", "part": "details", "label": "Went out (100)",
                                     "kind": "yes_no", "asked": True}
    assert described["total"]["asked"] is False


def test_a_sheet_of_more_than_four_deals_is_one_violation_and_no_other_check():
    sheet = build(*deals(), *deals())
    sheet["hands"][5]["a"]["base"] = 7  # not read: beyond the cap
    answer = rules.validate(sheet)
    assert [(v["code"], v["hand"], v["message"]) for v in answer["violations"]] == [(
        "too-many-hands", 5, "Hand 5: a game has four deals, so deals 5 to 8 should not be on the sheet; the "
                             "deals were not checked.")]


def test_sides_are_named_by_the_caller_when_it_names_them():
    sheet = build(*deals())
    sheet["hands"][0]["a"]["base"] += 100
    answer = rules.validate(sheet, sides={"a": "We", "b": "They"})
    assert answer["violations"][0]["message"].startswith("Hand 1, We: the base should be 5,800")


def test_a_side_without_a_label_is_named_by_its_id():
    sheet = build(*deals())
    del sheet["sides"][1]["label"]
    sheet["hands"][1]["b"]["meld_requirement"] = 80
    answer = rules.validate(sheet)
    assert answer["violations"][0]["message"] == "Hand 2, Side b: the first meld in deal 2 needs 90 points, not 80."


def test_wrong_final_totals_are_told_in_seating_order_whatever_order_the_sheet_writes_them():
    sheet = RULESET.example()
    final = sheet["final"]
    sheet["final"] = {"b": final["b"] + 5, "a": final["a"] + 5}
    answer = rules.validate(sheet)
    assert [v["side"] for v in answer["violations"] if v["code"] == "final-mismatch"] == ["a", "b"]
