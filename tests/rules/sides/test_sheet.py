"""The @2 envelope, read with a small rule set of two to three sides whose line is base and count: what
every game's sheet gets from rules/sides/ before its own checks run."""

import pytest

import rules
from rules import registry
from rules.answer import Verdict
from rules.fields import WHOLE_NUMBER, YES_NO
from rules.sides import FORMAT2, LineSpec, RunningTotals
from rules.violations import ERROR, Violation
from rules.words import sentence


class Toy:
    """Base and count per side, up to 3 hands; one check: a written total is base + count."""

    name = "toy"
    title = "A toy game"
    options = {}
    formats = (FORMAT2,)
    side_counts = (2, 3)
    entrants = "players"
    SPEC = LineSpec(fields={"base": (WHOLE_NUMBER, -9_999_999, 9_999_999),
                            "count": (WHOLE_NUMBER, -9_999_999, 9_999_999),
                            "total": (WHOLE_NUMBER, -9_999_999, 9_999_999)},
                    required=frozenset({"base", "count"}),
                    details={"went_out": (YES_NO,), "canastas": (WHOLE_NUMBER, 0, 4)})

    @staticmethod
    def parse_options(raw, problems):
        return {}

    @staticmethod
    def hand_cap(options):
        return 3

    def line_spec(self, options):
        return self.SPEC

    def validate(self, sheet):
        violations = [
            Violation(ERROR, n, side, "total", "total-wrong", "Toy rules, Scoring",
                      sentence(n, side, f"the total should be {line['base'] + line['count']}."))
            for n, hand in enumerate(sheet.hands, 1) for side, line in hand.items()
            if line["total"] is not None and line["total"] != line["base"] + line["count"]]
        return Verdict(violations, RunningTotals(sheet))

    def describe_line(self):
        return []


@pytest.fixture(autouse=True)
def toy():
    registry.register(Toy())
    yield
    registry._RULESETS.pop("toy")


def sheet(*hands, sides=None, **top):
    return {"format": FORMAT2, "ruleset": "toy",
            "sides": [{"id": "ana", "label": "Ana"}, {"id": "bo"}] if sides is None else sides,
            "hands": list(hands), **top}


def line(base, count, **more):
    return {"base": base, "count": count, **more}


def paths(answer):
    assert answer["malformed"] is True, answer
    return {p["path"]: p["message"] for p in answer["problems"]}


def test_a_valid_sheet_answers_per_side_with_running_totals_and_the_winner():
    answer = rules.validate(sheet({"ana": line(100, 20), "bo": line(50, 5)},
                                  {"ana": line(-40, 0), "bo": line(90, 10)}))
    assert answer == {"valid": True, "violations": [], "computed": {
        "hands": [{"ana": {"total": 120, "cumulative": 120}, "bo": {"total": 55, "cumulative": 55}},
                  {"ana": {"total": -40, "cumulative": 80}, "bo": {"total": 100, "cumulative": 155}}],
        "final": {"ana": 80, "bo": 155}, "winner": "bo"}}


def test_a_violation_names_its_side_by_label_and_under_the_key_side():
    answer = rules.validate(sheet({"ana": line(100, 20, total=100), "bo": line(50, 5, total=7)}))
    assert answer["violations"] == [
        {"severity": "error", "hand": 1, "side": "ana", "field": "total", "code": "total-wrong",
         "rule": "Toy rules, Scoring", "message": "Hand 1, Ana: the total should be 120."},
        {"severity": "error", "hand": 1, "side": "bo", "field": "total", "code": "total-wrong",
         "rule": "Toy rules, Scoring", "message": "Hand 1, Side bo: the total should be 55."}]


def test_the_caller_names_the_sides_over_their_labels():
    answer = rules.validate(sheet({"ana": line(1, 1, total=3), "bo": line(0, 0)}), sides={"ana": "Me"})
    assert answer["violations"][0]["message"] == "Hand 1, Me: the total should be 2."


def test_a_tie_and_no_hands():
    assert rules.validate(sheet({"ana": line(5, 0), "bo": line(0, 5)}))["computed"]["winner"] == "tie"
    assert rules.validate(sheet())["computed"] == {"hands": [], "final": {"ana": 0, "bo": 0}, "winner": None}


def test_the_details_are_filled_with_their_defaults_for_the_checks():
    parsed, problems = rules.parse(sheet({"ana": line(1, 1, details={"canastas": 2}), "bo": line(0, 0)}))
    assert problems == []
    assert parsed.hands[0]["ana"]["details"] == {"went_out": False, "canastas": 2}
    assert parsed.hands[0]["bo"]["details"] is None
    assert parsed.hands[0]["bo"]["total"] is None


def test_lines_for_unknown_sides_and_missing_lines_are_malformed_with_their_paths():
    found = paths(rules.validate(sheet({"ana": line(1, 1), "carl": line(0, 0)})))
    assert found == {
        "$.hands[0].bo": 'Hand 1: the line for Side bo ("bo") is missing.',
        "$.hands[0].carl": 'Hand 1: there is no side "carl" in this sheet; its sides are "ana" and "bo".'}


def test_a_bad_field_a_bad_detail_and_an_unknown_field_are_reported_at_their_paths():
    found = paths(rules.validate(sheet({"ana": line("1", 1, details={"canastas": 9, "jokers": 1}),
                                        "bo": {"count": 0, "bonus": 5}})))
    assert found == {
        "$.hands[0].ana.base": 'Hand 1, Ana: "base" must be a whole number, not the text "1".',
        "$.hands[0].ana.details.canastas":
            'Hand 1, Ana, details: "canastas" must be a whole number from 0 to 4, not the number 9.',
        "$.hands[0].ana.details.jokers": 'Hand 1, Ana, details: there is no field "jokers" in the details; '
                                         'check the spelling (the fields are "went_out" and "canastas").',
        "$.hands[0].bo.base": 'Hand 1, Side bo: the field "base" is missing; every line needs it.',
        "$.hands[0].bo.bonus": 'Hand 1, Side bo: there is no field "bonus" in a line; check the spelling '
                               '(the fields are "base", "count", "total" and "details").'}


@pytest.mark.parametrize(("sides", "path", "message"), [
    ([{"id": "a"}], "$.sides", 'The rule set "toy" is played by 2 or 3 sides; this sheet lists 1.'),
    ([], "$.sides", 'The field "sides" must be a list of 1 to 5 sides, not an empty list.'),
    ([{"id": "a"}, {"id": "a"}], "$.sides[1].id",
     'Side 2 in the list of sides: the id "a" is already the id of side 1; each side needs its own.'),
    ([{"id": "a"}, {"id": "B b"}], "$.sides[1].id", 'Side 2 in the list of sides: "id" must be 1 to 16 '
     'lowercase letters, digits or _, starting with a letter, not the text "B b".'),
    ([{"id": "a"}, {"label": "Bo"}], "$.sides[1].id", 'Side 2 in the list of sides: the field "id" is '
     'missing; each side has a short id such as "a", used to name its lines.'),
])
def test_sides_that_do_not_fit_the_game(sides, path, message):
    assert paths(rules.validate(sheet(sides=sides)))[path] == message


def test_final_and_winner_are_read_per_side():
    answer = rules.validate(sheet({"ana": line(1, 0), "bo": line(0, 0)}, final={"ana": 1, "zed": 2},
                                  winner="carl"))
    assert paths(answer) == {
        "$.final.bo": 'In the final totals: the field "bo" is missing; the final totals need every side, '
                      "Side bo included.",
        "$.final.zed": 'In the final totals: there is no side "zed" in this sheet; its sides are "ana" and "bo".',
        "$.winner": 'The field "winner" must be "ana", "bo" or "tie", not the text "carl".'}


def test_hands_over_the_cap_are_counted_not_read():
    parsed, problems = rules.parse(sheet(*[{"ana": line(1, 0), "bo": line(0, 0)}] * 3, "not even a hand"))
    assert problems == [] and len(parsed.hands) == 3 and parsed.hands_over_cap == 1


def test_a_format_the_rule_set_does_not_read_is_malformed(monkeypatch):
    class OnlyV1(Toy):
        name = "only_v1"
        formats = ("canasta-td/score-sheet@1",)

    monkeypatch.setitem(registry._RULESETS, "only_v1", OnlyV1())
    v1_only_in_v2 = {"format": FORMAT2, "ruleset": "only_v1", "sides": [{"id": "ns"}, {"id": "ew"}], "hands": []}
    assert paths(rules.validate(v1_only_in_v2)) == {
        "$.format": 'The rule set "only_v1" reads sheets in the format "canasta-td/score-sheet@1", not '
                    '"canasta-td/score-sheet@2".'}
    toy_in_v1 = {"format": "canasta-td/score-sheet@1", "ruleset": "toy", "hands": []}
    assert paths(rules.validate(toy_in_v1)) == {
        "$.format": 'The rule set "toy" reads sheets in the format "canasta-td/score-sheet@2", not '
                    '"canasta-td/score-sheet@1".'}


def test_six_sides_are_more_than_any_table_seats():
    six = [{"id": f"p{n}"} for n in range(6)]
    assert paths(rules.validate(sheet(sides=six))) == {
        "$.sides": 'The field "sides" must be a list of 1 to 5 sides, not a list of 6 sides.'}


def test_a_game_of_one_player_says_side_in_the_singular():
    two = {"format": FORMAT2, "ruleset": "fibonacci21_solitaire", "sides": [{"id": "a"}, {"id": "b"}],
           "hands": []}
    assert paths(rules.validate(two)) == {
        "$.sides": 'The rule set "fibonacci21_solitaire" is played by 1 side; this sheet lists 2.'}
