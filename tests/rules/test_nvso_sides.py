"""NVSO reads @2 sheets: two sides, "ns" and "ew" (the table's fixed seats), each line @1's team line. An
@2 sheet gets the checks and messages of the equivalent @1 sheet, the side under "side"."""

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules
from rules.nvso.sides import as_sheet, as_v2
from rules.registry import get_ruleset
from tests.rules.builders import K_EW, K_NS, build, plain, scored
from tests.rules.test_properties import PROPERTY_SETTINGS, legal_sheets

FIELDS = ("base", "count", "total", "cumulative")


def as_v1_answer(answer: dict) -> dict:
    """An @2 answer with each violation's "side" renamed "team", to compare with an @1 answer."""
    return {**answer, "violations": [{("team" if key == "side" else key): value for key, value in v.items()}
                                     for v in answer["violations"]]}


def paths(answer: dict) -> dict:
    assert answer.get("malformed") is True, answer
    return {p["path"]: p["message"] for p in answer["problems"]}


@PROPERTY_SETTINGS
@given(legal_sheets(), st.booleans(), st.data())
def test_an_at2_sheet_gets_exactly_the_answer_of_the_equivalent_at1_sheet(sheet, slip, data):
    if slip:  # one number changed somewhere: the same violations, at the same places, in the same words
        hand = data.draw(st.sampled_from(sheet["hands"]))
        line = hand[data.draw(st.sampled_from(["ns", "ew"]))]
        line[data.draw(st.sampled_from(FIELDS))] += data.draw(st.integers(-3000, 3000).filter(bool))
    v1 = rules.validate(sheet)
    v2 = rules.validate(as_v2(sheet))
    assert "malformed" not in v2
    assert as_v1_answer(v2) == v1


def test_the_answer_names_the_side_under_side_and_computes_by_ns_and_ew():
    answer = rules.validate(as_v2(build((plain(2200, 283), plain(1800, 275)))))
    [violation] = [v for v in answer["violations"] if v["severity"] == "error"]
    assert violation == {"severity": "error", "hand": 1, "side": "ns", "field": "count",
                         "code": "count-not-multiple-of-five", "rule": "C",
                         "message": "Hand 1, North-South: a count of 283 is impossible; every card is worth a "
                                    "multiple of 5."}
    assert answer["computed"]["final"] == {"ns": 2483, "ew": 2075}


def test_labels_name_the_sides_and_the_callers_names_win_over_them():
    sheet = as_v2(build((plain(2200, 283), plain(1800, 275)), teams={"ns": "Smith / Jones", "ew": "Brown"}))
    assert sheet["sides"] == [{"id": "ns", "label": "Smith / Jones"}, {"id": "ew", "label": "Brown"}]
    labelled = rules.validate(sheet)["violations"][0]["message"]
    assert labelled.startswith("Hand 1, Smith / Jones: a count of 283")
    called = rules.validate(sheet, sides={"ns": "We", "ew": "They"})["violations"][0]["message"]
    assert called.startswith("Hand 1, We: a count of 283")


def test_a_check_across_both_teams_names_both_by_their_labels():
    both_out = scored({**K_EW, "went_out": True})
    sheet = as_v2(build((scored(K_NS), both_out), teams={"ns": "Smith / Jones", "ew": "Brown / Green"}))
    messages = [v["message"] for v in rules.validate(sheet)["violations"] if v["code"] == "went-out-both"]
    assert messages == ["Hand 1: Smith / Jones and Brown / Green cannot both have gone out; the hand ends when "
                        "the first team goes out."]


def test_the_sides_may_be_listed_east_west_first():
    sheet = as_v2(build((scored(K_NS), scored(K_EW))))
    sheet["sides"].reverse()
    answer = rules.validate(sheet)
    assert answer["valid"] and answer["computed"]["final"] == {"ns": 2525, "ew": 2075}


@pytest.mark.parametrize(("sides", "path", "message"), [
    ([{"id": "ns"}, {"id": "east"}], "$.sides[1].id",
     'Side 2 in the list of sides: the rule set "nvso" seats its sides as "ns" (North-South) and "ew" '
     '(East-West), so a side\'s id is one of these, not "east".'),
    ([{"id": "a"}, {"id": "b"}], "$.sides[0].id",
     'Side 1 in the list of sides: the rule set "nvso" seats its sides as "ns" (North-South) and "ew" '
     '(East-West), so a side\'s id is one of these, not "a".'),
    ([{"id": "ns"}, {"id": "ew"}, {"id": "x"}], "$.sides",
     'The rule set "nvso" is played by 2 sides; this sheet lists 3.'),
])
def test_sides_other_than_the_two_seats_are_malformed(sides, path, message):
    sheet = as_v2(build((scored(K_NS), scored(K_EW))))
    sheet["sides"] = sides
    assert paths(rules.validate(sheet))[path] == message


def test_a_line_is_exactly_at1s_team_line():
    sheet = as_v2(build((scored(K_NS), scored(K_EW))))
    sheet["hands"][0]["ns"]["meld_requirement"] = 130
    sheet["hands"][0]["ew"]["bonus"] = 5
    sheet["hands"][0]["ew"]["details"]["stuck_aces"] = 3
    assert paths(rules.validate(sheet)) == {
        "$.hands[0].ns.meld_requirement":
            'Hand 1, North-South: "meld_requirement" must be one of 125, 155, 180 or null, not the number 130.',
        "$.hands[0].ew.bonus": 'Hand 1, East-West: there is no field "bonus" in a line; check the spelling (the '
                               'fields are "base", "count", "total", "cumulative", "meld_requirement" and '
                               '"details").',
        "$.hands[0].ew.details.stuck_aces":
            'Hand 1, East-West, details: "stuck_aces" must be a whole number from 0 to 2, not the number 3.'}


def test_table_and_hand_points_not_written_stay_not_counted():
    line = plain(300, -85, details={"red_threes": 1, "pure_canastas": 1})
    parsed, problems = rules.parse(as_v2(build((line, scored(K_EW)))))
    assert problems == []
    assert parsed.hands[0]["ns"]["details"]["table_points"] is None
    assert parsed.hands[0]["ns"]["details"]["red_threes"] == 1


def test_hands_over_the_cap_get_the_one_violation_of_at1():
    v1 = build(*[(scored(K_NS), scored(K_EW))] * 4, totals=False)
    answer = rules.validate(as_v2(v1))
    assert [v["code"] for v in answer["violations"]] == ["too-many-hands"]
    assert as_v1_answer(answer) == rules.validate(v1)


def test_the_example_is_the_worked_example_as_at2_and_valid():
    nvso = get_ruleset("nvso")
    example = nvso.example()
    assert example["format"] == rules.FORMAT2 and [s["id"] for s in example["sides"]] == ["ns", "ew"]
    assert rules.validate(example)["valid"]
    example["hands"].clear()
    assert nvso.example()["hands"], "each call gives a new copy"


def test_nvso_declares_what_the_at2_contract_asks():
    nvso = get_ruleset("nvso")
    assert nvso.formats == (rules.FORMAT, rules.FORMAT2)
    assert nvso.side_counts == (2,) and nvso.entrants == "teams"
    assert set(nvso.line_spec(None).fields) == {"base", "count", "total", "cumulative", "meld_requirement"}


def test_as_v2_leaves_the_at1_document_alone():
    v1 = build((scored(K_NS), scored(K_EW)), teams={"ns": "A"})
    before = copy.deepcopy(v1)
    as_v2(v1)
    assert v1 == before


def test_as_v2_writes_the_seats_labels_options_and_results_and_nothing_else():
    assert as_v2({"hands": [], "teams": {"ns": "Smith / Jones", "ew": None}}) == {
        "format": rules.FORMAT2, "ruleset": "nvso", "sides": [{"id": "ns", "label": "Smith / Jones"}, {"id": "ew"}],
        "hands": []}
    hands = [{"ns": {"base": 0}, "ew": {"base": 0}}]
    assert as_v2({"ruleset": "nvso", "options": {"flat_2500": True}, "hands": hands, "final": {"ns": 0},
                  "winner": "ns", "note": "kept out"}) == {
        "format": rules.FORMAT2, "ruleset": "nvso", "options": {"flat_2500": True},
        "sides": [{"id": "ns"}, {"id": "ew"}], "hands": hands, "final": {"ns": 0}, "winner": "ns"}
    # a misspelt rule set is kept, for the parser to name it
    assert as_v2({"ruleset": "nsvo", "hands": []})["ruleset"] == "nsvo"


def test_as_sheet_gives_the_very_sheet_the_at1_document_parses_to():
    # labels, a meld requirement on each line, the totals, the final and the winner all carried across
    v1 = build((scored(K_NS), scored(K_EW)),
               (plain(300, 100, meld_requirement=125), plain(500, 100, meld_requirement=155)),
               teams={"ns": "Smith / Jones", "ew": "Brown"})
    at1, problems1 = rules.parse(v1)
    at2, problems2 = rules.parse(as_v2(v1))
    assert problems1 == problems2 == []
    sheet = as_sheet(at2)
    assert sheet == at1
    assert (sheet.ruleset, sheet.teams, sheet.hands[1].ns.meld_requirement, sheet.final) == (
        "nvso", {"ns": "Smith / Jones", "ew": "Brown"}, 125, at1.final)
