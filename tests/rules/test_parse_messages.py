"""The parser's problems in their whole words (rules/sheet.py): each way a document can fail to be a sheet,
with its JSON path and the complete sentence a scorekeeper reads, in the order they are found."""

import pytest

import rules
from rules.registry import ruleset_names
from rules.words import either
from tests.rules.builders import FORMAT, plain

KNOWN = either([f'"{name}"' for name in ruleset_names()])  # every registered game, as the message lists them

SHEET_FIELDS = '"format", "ruleset", "options", "teams", "hands", "final" and "winner"'
LINE_FIELDS = '"base", "count", "total", "cumulative", "meld_requirement" and "details"'
DETAIL_FIELDS = ('"red_threes", "black_threes", "pure_canastas", "mixed_canastas", "sevens_canasta", '
                 '"aces_canasta", "wild_canasta", "went_out", "special_hand", "incomplete_sevens", '
                 '"incomplete_aces", "incomplete_wilds", "stuck_aces", "stuck_sevens", "table_points" and '
                 '"hand_points"')


def problems(document) -> list[tuple[str, str]]:
    answer = rules.validate(document)
    assert rules.is_malformed(answer), answer
    return [(p["path"], p["message"]) for p in answer["problems"]]


def sheet(**fields) -> dict:
    """A one-hand sheet that is well formed, with the given fields replacing or adding to its own."""
    return {"format": FORMAT, "ruleset": "nvso", "hands": [{"ns": plain(300, 100), "ew": plain(500, 100)}],
            **fields}


def one_hand(ns: object, ew: object = None) -> dict:
    return sheet(hands=[{"ns": ns, "ew": plain(500, 100) if ew is None else ew}])


def test_a_document_that_is_not_an_object():
    assert problems([1, 2]) == [("$", "A score sheet must be a JSON object, written between { and }, not a list.")]


def test_fields_a_sheet_does_not_have_are_named_with_a_path_for_any_name():
    assert problems({**sheet(), "my field": 1, 'q"k': 2, "date": 3, 4: 5}) == [
        ('$["my field"]', f'There is no field "my field" in a score sheet; check the spelling (the fields are '
                          f"{SHEET_FIELDS})."),
        ('$["q\\"k"]', f'There is no field "q"k" in a score sheet; check the spelling (the fields are '
                       f"{SHEET_FIELDS})."),
        ("$.date", f'There is no field "date" in a score sheet; check the spelling (the fields are {SHEET_FIELDS}).'),
        ('$["4"]', f"There is no field the number 4 in a score sheet; check the spelling (the fields are "
                   f"{SHEET_FIELDS})."),
    ]


def test_the_three_required_fields_missing():
    assert problems({}) == [
        ("$.format", 'The field "format" is missing; a score sheet starts with "format": "canasta-td/score-sheet@1".'),
        ("$.ruleset", 'The field "ruleset" is missing; it names the rules the game was played by, such as "nvso".'),
        ("$.hands", 'The field "hands" is missing; a score sheet lists the hands in the order played.'),
    ]


@pytest.mark.parametrize(("fields", "found"), [
    ({"format": None}, [("$.format", 'The field "format" must be "canasta-td/score-sheet@1" or '
                                     '"canasta-td/score-sheet@2", not empty (null).')]),
    ({"format": "canasta-td/score-sheet@3"}, [("$.format", 'The field "format" must be "canasta-td/score-sheet@1" '
                                                           'or "canasta-td/score-sheet@2", not the text '
                                                           '"canasta-td/score-sheet@3".')]),
    ({"ruleset": 5}, [("$.ruleset", 'The field "ruleset" must be the name of a rule set, such as "nvso", not the '
                                    "number 5.")]),
    ({"ruleset": "bridge"}, [("$.ruleset", f'The rule set "bridge" is not known; the known rule sets are {KNOWN}.')]),
    ({"options": [1]}, [("$.options", 'The field "options" must be a group of option names and values, not a '
                                      "list.")]),
    ({"teams": []}, [("$.teams", 'The field "teams" must be a group of fields, not a list.')]),
    ({"hands": {}}, [("$.hands", 'The field "hands" must be a list of hands, not a group of fields.')]),
    ({"final": [1]}, [("$.final", 'The field "final" must be a group of two totals, "ns" and "ew", not a list.')]),
    ({"winner": "North"}, [("$.winner", 'The field "winner" must be one of "ns", "ew" or "tie", not the text '
                                        '"North".')]),
    ({"winner": 1}, [("$.winner", 'The field "winner" must be one of "ns", "ew" or "tie", not the number 1.')]),
])
def test_a_top_field_of_the_wrong_kind(fields, found):
    assert problems(sheet(**fields)) == found


def test_an_option_written_twice_is_the_only_problem_of_the_options():
    text = ('{"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "options": {"target_score": 5000, '
            '"target_score": 6000}, "hands": []}')
    assert problems(text) == [("$.options.target_score", 'In the options: the field "target_score" is written more '
                                                         "than once; keep only one.")]


def test_the_other_options_beside_one_written_twice_are_still_checked():
    text = ('{"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "options": {"target_score": 5000, '
            '"target_score": 6000, "speed": "fast"}, "hands": []}')
    assert problems(text) == [
        ("$.options.target_score", 'In the options: the field "target_score" is written more than once; keep only '
                                   "one."),
        ("$.options.speed", 'The nvso rule set has no option "speed"; its options are "meld_requirement", '
                            '"target_score", "hands_per_game", "penalties_in" and "incomplete_wilds_penalty".'),
    ]


def test_team_names_too_long_not_text_or_unknown():
    assert problems(sheet(teams={"ns": "x" * 201, "ew": 3, "north": "y"})) == [
        ("$.teams.ns", 'In the team names: "ns" must be text of at most 200 characters, not the text '
                       f'"{"x" * 39}…".'),
        ("$.teams.ew", 'In the team names: "ew" must be text of at most 200 characters, not the number 3.'),
        ("$.teams.north", 'In the team names: there is no field "north" in the team names; check the spelling '
                          '(the fields are "ns" and "ew").'),
    ]


def test_hands_that_are_not_two_lines():
    assert problems(sheet(hands=[5, {"ns": plain(1, 1)}, {"ns": plain(300, 100), "ew": plain(500, 100), "x": 1}])) == [
        ("$.hands[0]", 'Hand 1: a hand must be a group of two lines, "ns" and "ew", not the number 5.'),
        ("$.hands[1].ew", 'Hand 2: the line for East-West ("ew") is missing.'),
        ("$.hands[2].x", 'Hand 3: there is no field "x" in a hand; check the spelling (the fields are "ns" and '
                         '"ew").'),
    ]


def test_a_line_that_is_not_a_group_and_one_without_its_numbers():
    assert problems(one_hand(5, {})) == [
        ("$.hands[0].ns", "Hand 1, North-South: the team's line must be a group of fields (base, count, ...), not "
                          "the number 5."),
        ("$.hands[0].ew.base", "Hand 1, East-West: the field \"base\" is missing; every team's line needs its base."),
        ("$.hands[0].ew.count", "Hand 1, East-West: the field \"count\" is missing; every team's line needs its "
                                "count."),
    ]


def test_every_field_of_a_line_out_of_range_or_of_the_wrong_kind():
    line = {"base": 10**7, "count": -10**7, "total": "1", "cumulative": 10**7, "meld_requirement": 150,
            "details": 3, "extra": 1}
    assert problems(one_hand(line, {"base": 1, "count": 1, "meld_requirement": "125"})) == [
        ("$.hands[0].ns.base", 'Hand 1, North-South: "base" must be between -9,999,999 and 9,999,999, not the '
                               "number 10,000,000."),
        ("$.hands[0].ns.count", 'Hand 1, North-South: "count" must be between -9,999,999 and 9,999,999, not the '
                                "number -10,000,000."),
        ("$.hands[0].ns.total", 'Hand 1, North-South: "total" must be a whole number, not the text "1".'),
        ("$.hands[0].ns.cumulative", 'Hand 1, North-South: "cumulative" must be between -9,999,999 and 9,999,999, '
                                     "not the number 10,000,000."),
        ("$.hands[0].ns.meld_requirement", 'Hand 1, North-South: "meld_requirement" must be 125, 155 or 180, not '
                                           "the number 150."),
        ("$.hands[0].ns.details", "Hand 1, North-South, details: the details must be a group of fields, not the "
                                  "number 3."),
        ("$.hands[0].ns.extra", "Hand 1, North-South: there is no field \"extra\" in a team's line; check the "
                                f"spelling (the fields are {LINE_FIELDS})."),
        ("$.hands[0].ew.meld_requirement", 'Hand 1, East-West: "meld_requirement" must be 125, 155 or 180, not the '
                                           'text "125".'),
    ]


def test_every_kind_of_detail_out_of_range_or_of_the_wrong_kind():
    details = {"red_threes": 5, "table_points": -1, "hand_points": "2", "went_out": 1, "special_hand": "run",
               "incomplete_wilds": 5, "jokers": 2, "black_threes": 4, "wild_canasta": None}
    place = "Hand 1, North-South, details: "
    assert problems(one_hand({"base": 1, "count": 1, "details": details})) == [
        ("$.hands[0].ns.details.red_threes", place + '"red_threes" must be a whole number between 0 and 4, not the '
                                                     "number 5."),
        ("$.hands[0].ns.details.table_points", place + '"table_points" must be a whole number from 0 to 9,999,999, '
                                                       "not the number -1."),
        ("$.hands[0].ns.details.hand_points", place + '"hand_points" must be a whole number, not the text "2".'),
        ("$.hands[0].ns.details.went_out", place + '"went_out" must be true or false, not the number 1.'),
        ("$.hands[0].ns.details.special_hand", place + '"special_hand" must be one of pairs, pairs_natural, garbage, '
                                                       'straight or null, not the text "run".'),
        ("$.hands[0].ns.details.incomplete_wilds", place + '"incomplete_wilds" must be one of four_jokers, other or '
                                                           "null, not the number 5."),
        ("$.hands[0].ns.details.jokers", place + 'there is no field "jokers" in the details; check the spelling '
                                                 f"(the fields are {DETAIL_FIELDS})."),
    ]


def test_final_totals_of_the_wrong_kind_missing_a_team_or_with_another_field():
    assert problems(sheet(final={"ns": 1.5, "x": 2})) == [
        ("$.final.ns", 'In the final totals: "ns" must be a whole number, not the number 1.5, which is not a whole '
                       "number."),
        ("$.final.ew", 'In the final totals: the field "ew" is missing; the final totals need both teams, East-West '
                       "included."),
        ("$.final.x", 'In the final totals: there is no field "x" in the final totals; check the spelling (the '
                      'fields are "ns" and "ew").'),
    ]
    assert problems(sheet(final={"ew": 1})) == [
        ("$.final.ns", 'In the final totals: the field "ns" is missing; the final totals need both teams, '
                       "North-South included."),
    ]


def test_a_sheet_of_an_unknown_game_is_read_to_the_format_s_limit_of_hands():
    hands = [{"ns": plain(1, 1), "ew": plain(1, 1)}] * 1001
    assert problems({"format": FORMAT, "ruleset": "bridge", "hands": hands}) == [
        ("$.ruleset", f'The rule set "bridge" is not known; the known rule sets are {KNOWN}.'),
        ("$.hands", "A score sheet lists at most 1,000 hands; this one has 1,001."),
    ]
    assert problems({"format": FORMAT, "ruleset": "bridge", "hands": hands[:1000]}) == [
        ("$.ruleset", f'The rule set "bridge" is not known; the known rule sets are {KNOWN}.')]


def test_the_messages_name_the_sides_as_the_caller_asks():
    answer = rules.validate(one_hand({"base": 1}, 7), sides={"ns": "We", "ew": "They"})
    assert [(p["path"], p["message"]) for p in answer["problems"]] == [
        ("$.hands[0].ns.count", "Hand 1, We: the field \"count\" is missing; every team's line needs its count."),
        ("$.hands[0].ew", "Hand 1, They: the team's line must be a group of fields (base, count, ...), not the "
                          "number 7."),
    ]
