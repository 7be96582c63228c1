"""More of the @2 envelope (rules/sides/sheet.py), each message whole at its path: sides that are not
groups, ids and labels at their limits, fixed seats, hands and finals that are not what they should be,
the fast path and the slow one agreeing on the edges, and both formats through one `parse`."""

import json

import pytest

import rules
from rules import registry
from rules.fields import HANDS_LIMIT, NUMBER_LIMIT
from rules.sides import FORMAT2, SidesSheet
from rules.sides.sheet import parse, side_names
from rules.words import naming_sides
from tests.rules.sides.test_sheet import Toy, line, paths, sheet


class Open(Toy):
    """The toy game with no count of sides of its own and room for the most hands a sheet may list."""

    name = "open_toy"
    side_counts = None

    @staticmethod
    def hand_cap(options):
        return 10_000


class Seated(Toy):
    name = "seated_toy"
    seats = {"ns": "North-South", "ew": "East-West"}


@pytest.fixture(autouse=True)
def toys():
    for game in (Toy(), Open(), Seated()):
        registry.register(game)
    yield
    for name in ("toy", "open_toy", "seated_toy"):
        registry._RULESETS.pop(name)


def two(**top):
    return sheet({"ana": line(1, 0), "bo": line(0, 0)}, **top)


def test_the_names_of_the_sides_in_messages():
    assert side_names(("a", "b", "c", "ns"), {"b": "Bo"}, {"c": "Seat C"}) == {
        "a": "Side a", "b": "Bo", "c": "Seat C", "ns": "Side ns"}
    with naming_sides({"a": "Ana", "b": "Me"}, every_side=True):
        assert side_names(("a", "b"), {"b": "Bo"}, {"a": "Seat A"}) == {"a": "Ana", "b": "Me"}


def test_a_side_that_is_not_a_group_and_a_side_with_an_unknown_field():
    found = paths(rules.validate(sheet(sides=[{"id": "a", "name": "Ana"}, "b"])))
    assert found == {
        "$.sides[0].name": 'Side 1 in the list of sides: there is no field "name" in a side; check the spelling '
                           '(the fields are "id" and "label").',
        "$.sides[1]": 'Side 2 in the list of sides: a side must be a group of fields ("id" and "label"), not the '
                      'text "b".'}


def test_ids_and_labels_at_their_limits():
    longest = "a" + "b" * 15
    ok = rules.validate(sheet({longest: line(1, 0), "b": line(0, 0)},
                              sides=[{"id": longest, "label": "x" * 200}, {"id": "b", "label": None}]))
    assert ok["valid"] is True
    found = paths(rules.validate(sheet(sides=[{"id": longest + "c"}, {"id": "b", "label": "x" * 201},
                                             {"id": "c", "label": 7}])))
    assert found == {
        "$.sides[0].id": 'Side 1 in the list of sides: "id" must be 1 to 16 lowercase letters, digits or _, starting '
                         'with a letter, not the text "abbbbbbbbbbbbbbbc".',
        "$.sides[1].label": 'Side 2 in the list of sides: "label" must be text of at most 200 characters, not the '
                            'text "' + "x" * 39 + '…".',
        "$.sides[2].label": 'Side 3 in the list of sides: "label" must be text of at most 200 characters, not the '
                            "number 7."}


def test_an_id_that_is_not_text_and_a_repeated_id_beside_other_faults():
    found = paths(rules.validate(sheet(sides=[{"id": 1}, {"id": "b", "x": 0}, {"id": "b"}])))
    assert found == {
        "$.sides[0].id": 'Side 1 in the list of sides: "id" must be 1 to 16 lowercase letters, digits or _, '
                         'starting with a letter, not the number 1.',
        "$.sides[1].x": 'Side 2 in the list of sides: there is no field "x" in a side; check the spelling (the '
                        'fields are "id" and "label").',
        "$.sides[2].id": 'Side 3 in the list of sides: the id "b" is already the id of side 2; each side needs its '
                         "own."}


def test_sides_that_are_not_a_list_and_five_sides_where_the_game_allows_any():
    assert paths(rules.validate(sheet(sides=3))) == {
        "$.sides": 'The field "sides" must be a list of 1 to 5 sides, not the number 3.'}
    five = [{"id": f"p{n}"} for n in range(5)]
    answer = rules.validate({"format": FORMAT2, "ruleset": "open_toy", "sides": five,
                             "hands": [{f"p{n}": line(n, 0) for n in range(5)}]})
    assert answer["valid"] is True and answer["computed"]["winner"] == "p4"


def test_a_game_of_fixed_seats_takes_only_its_seats_in_any_order():
    seated = {"format": FORMAT2, "ruleset": "seated_toy", "hands": [{"ew": line(1, 0), "ns": line(0, 0)}]}
    assert rules.validate({**seated, "sides": [{"id": "ew"}, {"id": "ns"}]})["valid"] is True
    found = paths(rules.validate({**seated, "sides": [{"id": "ns"}, {"id": "we"}]}))
    assert found == {
        "$.sides[1].id": 'Side 2 in the list of sides: the rule set "seated_toy" seats its sides as "ns" '
                         '(North-South) and "ew" (East-West), so a side\'s id is one of these, not "we".'}


def test_a_seat_names_its_side_when_no_label_does():
    answer = rules.validate({"format": FORMAT2, "ruleset": "seated_toy", "sides": [{"id": "ns"}, {"id": "ew"}],
                             "hands": [{"ns": line(1, 0, total=5), "ew": "x"}]})
    assert paths(answer) == {
        "$.hands[0].ew": "Hand 1, East-West: the line must be a group of fields, not the text \"x\"."}


def test_a_hand_that_is_not_a_group_and_a_hand_with_a_side_no_id_could_be():
    found = paths(rules.validate(sheet([], {"ana": line(0, 0), "bo": line(0, 0), "two words": 1})))
    assert found == {
        "$.hands[0]": "Hand 1: a hand must be a group of lines, one per side, not a list.",
        "$.hands[1]": 'Hand 2: there is no side "two words" in this sheet; its sides are "ana" and "bo".'}


def test_hands_that_are_not_a_list_and_a_missing_list_of_hands():
    assert paths(rules.validate(two(hands=None) | {"hands": 5})) == {
        "$.hands": 'The field "hands" must be a list of hands, not the number 5.'}
    no_hands = two()
    del no_hands["hands"]
    assert paths(rules.validate(no_hands)) == {
        "$.hands": 'The field "hands" is missing; a score sheet lists the hands in the order played.'}


def test_more_hands_than_any_sheet_may_list():
    hand = {"ana": line(1, 0), "bo": line(0, 0)}
    document = {"format": FORMAT2, "ruleset": "open_toy", "sides": [{"id": "ana"}, {"id": "bo"}],
                "hands": [hand] * (HANDS_LIMIT + 2)}
    assert paths(rules.validate(document)) == {
        "$.hands": "A score sheet lists at most 1,000 hands; this one has 1,002."}
    parsed, problems = parse({**document, "hands": [hand] * HANDS_LIMIT})
    assert problems == [] and len(parsed.hands) == HANDS_LIMIT and parsed.hands_over_cap == 0


def test_a_final_that_is_not_a_group_or_holds_numbers_beyond_the_limit():
    assert paths(rules.validate(two(final=[1, 2]))) == {
        "$.final": 'The field "final" must be a group of totals, one per side, not a list.'}
    assert paths(rules.validate(two(final={"ana": NUMBER_LIMIT + 1, "bo": "1"}))) == {
        "$.final.ana": "In the final totals: \"ana\" must be between -9,999,999 and 9,999,999, not the number "
                       "10,000,000.",
        "$.final.bo": 'In the final totals: "bo" must be a whole number, not the text "1".'}
    parsed, problems = parse(two(final={"ana": NUMBER_LIMIT, "bo": -NUMBER_LIMIT}))
    assert problems == [] and parsed.final == {"ana": NUMBER_LIMIT, "bo": -NUMBER_LIMIT}


@pytest.mark.parametrize("final", [{"ana": True, "bo": 0}, {"ana": 1}, {"ana": 1, "bo": 0, "cy": 2},
                                   {"ana": -NUMBER_LIMIT - 1, "bo": 0}, {"ana": "1", "bo": 0},
                                   {"ana": NUMBER_LIMIT + 1, "bo": -NUMBER_LIMIT - 1}])
def test_a_final_the_fast_path_refuses_is_read_by_the_slow_one(final):
    assert rules.validate(two(final=final))["malformed"] is True


def test_a_winner_must_be_a_side_or_a_tie():
    for winner in ("ana", "bo", "tie"):
        parsed, problems = parse(two(winner=winner))
        assert problems == [] and parsed.winner == winner
    assert paths(rules.validate(two(winner=1))) == {
        "$.winner": 'The field "winner" must be "ana", "bo" or "tie", not the number 1.'}


def test_the_envelope_unknown_fields_a_missing_rule_set_and_missing_sides():
    document = two(notes="x")
    del document["ruleset"]
    assert paths(rules.validate(document)) == {
        "$.notes": 'There is no field "notes" in a score sheet; check the spelling (the fields are "format", '
                   '"ruleset", "options", "sides", "hands", "final" and "winner").',
        "$.ruleset": 'The field "ruleset" is missing; it names the game, such as "crazy_canasta".'}
    no_sides = two()
    del no_sides["sides"]
    assert paths(rules.validate(no_sides)) == {
        "$.sides": 'The field "sides" is missing; a @2 sheet lists its sides (partnerships or players).'}


def test_a_parsed_sheet_holds_every_part():
    parsed, problems = parse(sheet({"ana": line(1, 0), "bo": line(0, 2, total=2)},
                                   sides=[{"id": "ana", "label": "Ana"}, {"id": "bo"}], final={"ana": 1, "bo": 2},
                                   winner="bo"))
    assert problems == []
    assert parsed == SidesSheet("toy", {}, ("ana", "bo"), {"ana": "Ana"}, [
        {"ana": {"base": 1, "count": 0, "total": None, "details": None},
         "bo": {"base": 0, "count": 2, "total": 2, "details": None}}], {"ana": 1, "bo": 2}, "bo", 0)


def test_both_formats_and_json_text_through_one_parse():
    text = json.dumps(two())
    parsed, problems = parse(text)
    assert problems == [] and isinstance(parsed, SidesSheet) and parsed.sides == ("ana", "bo")
    parsed, problems = parse(text.encode())
    assert problems == [] and isinstance(parsed, SidesSheet)
    parsed, problems = parse("{")
    assert parsed is None and len(problems) == 1 and problems[0].path == "$"
    v1, problems = parse({"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "hands": []})
    assert problems == [] and not isinstance(v1, SidesSheet)
    assert parse([])[0] is None


def test_a_hand_with_a_key_that_is_not_text_is_reported_at_the_hand():
    found = paths(rules.validate(sheet({"ana": line(1, 0), "bo": line(0, 0), 7: line(0, 0)})))
    assert found == {"$.hands[0]": 'Hand 1: there is no side "7" in this sheet; its sides are "ana" and "bo".'}


def test_a_sheet_within_the_limit_of_hands_is_not_told_of_the_limit():
    document = {"format": FORMAT2, "ruleset": "open_toy", "sides": [{"id": "ana"}, {"id": "bo"}],
                "hands": [{"ana": line(1, 0), "bo": line(0, 0)}] * (HANDS_LIMIT - 1) + [{"ana": line(1, 0)}]}
    assert paths(rules.validate(document)) == {
        "$.hands[999].bo": 'Hand 1000: the line for Side bo ("bo") is missing.'}


def problems(answer) -> list[tuple]:
    """The problems in order, each as (path, message): a problem told twice shows twice."""
    assert answer["malformed"] is True, answer
    return [(p["path"], p["message"]) for p in answer["problems"]]


def test_sides_the_quick_reading_gives_up_on_are_worded_one_problem_each():
    """rules.sides.sheet reads the sides twice at most: a quick loop for the usual list, then one side at a
    time with the words of each problem. A list whose only fault the quick loop meets late, or whose every
    side is off, is still refused, each problem once, and a side that is right is not reported."""
    hands = {"ana": line(1, 0), "bo": line(0, 0)}
    assert problems(rules.validate(sheet(hands, sides=[{"id": "Ana"}, {"id": "Bo"}]))) == [
        (f"$.sides[{n}].id", f'Side {n + 1} in the list of sides: "id" must be 1 to 16 lowercase letters, digits or '
                             f'_, starting with a letter, not the text "{name}".')
        for n, name in enumerate(("Ana", "Bo"))]
    assert problems(rules.validate(sheet(hands, sides=[{"id": "ana"}, {"id": "bo", "label": 7}]))) == [
        ("$.sides[1].label", 'Side 2 in the list of sides: "label" must be text of at most 200 characters, not the '
                             "number 7.")]
    assert problems(rules.validate(sheet(hands, sides=[{"id": "ana", "label": "x" * 201}, {"id": "bo"}]))) == [
        ("$.sides[0].label", 'Side 1 in the list of sides: "label" must be text of at most 200 characters, not the '
                             'text "' + "x" * 39 + '…".')]
    # a label at its limit beside an id that is off: only the id is wrong
    assert problems(rules.validate(sheet(hands, sides=[{"id": "a b", "label": "x" * 200}, {"id": "bo"}]))) == [
        ("$.sides[0].id", 'Side 1 in the list of sides: "id" must be 1 to 16 lowercase letters, digits or _, '
                          'starting with a letter, not the text "a b".')]


@pytest.mark.parametrize(("side", "described"), [(3, "the number 3"), (["id", "label"], "a list")])
def test_a_side_that_is_not_a_group_is_refused_where_it_stands(side, described):
    found = paths(rules.validate(sheet({"ana": line(1, 0), "bo": line(0, 0)}, sides=[side, {"id": "bo"}])))
    assert found == {"$.sides[0]": 'Side 1 in the list of sides: a side must be a group of fields ("id" and '
                                   f'"label"), not {described}.'}
