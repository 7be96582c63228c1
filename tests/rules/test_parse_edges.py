"""What the parser reads (rules/sheet.py) at the edges of the format: every bound's last value accepted and
kept exactly, one past it refused, and the sheet's own fields (teams, final, winner, options, the hands
beyond the game's cap) as the typed objects carry them."""

import pytest

import rules
from rules import registry
from rules.answer import Verdict
from rules.document import parse
from rules.fields import Details, Hand, TeamLine
from rules.totals import Totals
from tests.rules.builders import FORMAT, plain

TOP = 9_999_999
HIGH = {"base": TOP, "count": TOP, "total": TOP, "cumulative": TOP, "meld_requirement": 180,
        "details": {"red_threes": 4, "black_threes": 4, "pure_canastas": TOP, "mixed_canastas": TOP,
                    "sevens_canasta": True, "aces_canasta": True, "wild_canasta": "mixed", "went_out": True,
                    "special_hand": "straight", "incomplete_sevens": True, "incomplete_aces": True,
                    "incomplete_wilds": "other", "stuck_aces": 2, "stuck_sevens": 2, "table_points": TOP,
                    "hand_points": TOP}}
LOW = {"base": -TOP, "count": -TOP, "total": -TOP, "cumulative": -TOP, "meld_requirement": 125,
       "details": {"red_threes": 0, "black_threes": 0, "pure_canastas": 0, "mixed_canastas": 0,
                   "sevens_canasta": False, "aces_canasta": False, "wild_canasta": None, "went_out": False,
                   "special_hand": None, "incomplete_sevens": False, "incomplete_aces": False,
                   "incomplete_wilds": None, "stuck_aces": 0, "stuck_sevens": 0, "table_points": 0,
                   "hand_points": 0}}


def read(*hands: tuple, **fields) -> rules.sheet.Sheet:
    sheet, problems = parse({"format": FORMAT, "ruleset": "nvso",
                             "hands": [{"ns": ns, "ew": ew} for ns, ew in hands], **fields})
    assert problems == []
    return sheet


def _line(raw: dict) -> TeamLine:
    return TeamLine(raw["base"], raw["count"], raw["total"], raw["cumulative"], raw["meld_requirement"],
                    Details(**raw["details"]))


def test_every_bound_s_last_value_is_read_exactly():
    sheet = read((HIGH, LOW), (LOW, HIGH))
    assert sheet.hands == [Hand(_line(HIGH), _line(LOW)), Hand(_line(LOW), _line(HIGH))]


@pytest.mark.parametrize("meld", [125, 155, 180])
def test_each_meld_requirement_is_read(meld):
    assert read((plain(300, 100, meld_requirement=meld), plain(500, 100))).hands[0].ns.meld_requirement == meld


@pytest.mark.parametrize(("field", "choices"), [
    ("wild_canasta", ["all_deuces", "four_jokers", "mixed"]),
    ("special_hand", ["pairs", "pairs_natural", "garbage", "straight"]),
    ("incomplete_wilds", ["four_jokers", "other"]),
])
def test_each_choice_is_read(field, choices):
    hands = [(plain(0, 0, details={field: choice}), plain(0, 0)) for choice in choices]
    sheet, problems = parse({"format": FORMAT, "ruleset": "nvso", "options": {"hands_per_game": None},
                             "hands": [{"ns": ns, "ew": ew} for ns, ew in hands]})
    assert problems == []
    assert [getattr(hand.ns.details, field) for hand in sheet.hands] == choices


@pytest.mark.parametrize(("details", "path", "bound"), [
    ({"red_threes": -1}, "details.red_threes", "a whole number between 0 and 4, not the number -1"),
    ({"black_threes": 5}, "details.black_threes", "a whole number between 0 and 4, not the number 5"),
    ({"stuck_aces": 3}, "details.stuck_aces", "a whole number between 0 and 2, not the number 3"),
    ({"stuck_sevens": -1}, "details.stuck_sevens", "a whole number between 0 and 2, not the number -1"),
    ({"pure_canastas": TOP + 1}, "details.pure_canastas",
     "a whole number from 0 to 9,999,999, not the number 10,000,000"),
    ({"mixed_canastas": -1}, "details.mixed_canastas", "a whole number from 0 to 9,999,999, not the number -1"),
    ({"hand_points": TOP + 1}, "details.hand_points", "a whole number from 0 to 9,999,999, not the number 10,000,000"),
    ({"sevens_canasta": None}, "details.sevens_canasta", "true or false, not empty (null)"),
    ({"wild_canasta": "jokers"}, "details.wild_canasta",
     'one of all_deuces, four_jokers, mixed or null, not the text "jokers"'),
])
def test_one_past_a_detail_s_bound_is_refused(details, path, bound):
    answer = rules.validate({"format": FORMAT, "ruleset": "nvso",
                             "hands": [{"ns": plain(0, 0), "ew": plain(0, 0, details=details)}]})
    name = path.rsplit(".", 1)[1]
    assert answer["problems"] == [{"path": f"$.hands[0].ew.{path}",
                                   "message": f'Hand 1, East-West, details: "{name}" must be {bound}.'}]


@pytest.mark.parametrize("field", ["base", "count", "total", "cumulative"])
def test_one_below_a_number_s_bound_is_refused(field):
    line = {**plain(0, 0), field: -TOP - 1}
    answer = rules.validate({"format": FORMAT, "ruleset": "nvso", "hands": [{"ns": line, "ew": plain(0, 0)}]})
    assert answer["problems"] == [{"path": f"$.hands[0].ns.{field}", "message": (
        f'Hand 1, North-South: "{field}" must be between -9,999,999 and 9,999,999, not the number -10,000,000.')}]


def test_a_line_of_the_wrong_kind_among_good_details_is_reported_alone():
    line = {**plain(0, 0), "total": True, "cumulative": -5, "meld_requirement": 155,
            "details": {"red_threes": 4, "wild_canasta": None}}
    answer = rules.validate({"format": FORMAT, "ruleset": "nvso", "hands": [{"ns": plain(0, 0), "ew": line}]})
    assert answer["problems"] == [{"path": "$.hands[0].ew.total",
                                   "message": 'Hand 1, East-West: "total" must be a whole number, not true.'}]


def test_the_sheet_s_own_fields_as_read():
    sheet = read((plain(300, 100), plain(500, 100)), teams={"ns": "x" * 200, "ew": None},
                 final={"ns": -TOP, "ew": TOP}, winner="tie", options={})
    assert sheet.ruleset == "nvso"
    assert sheet.teams == {"ns": "x" * 200}
    assert sheet.final == {"ns": -TOP, "ew": TOP}
    assert sheet.winner == "tie"
    assert sheet.options.as_dict() == registry.get_ruleset("nvso").options
    assert sheet.hands_over_cap == 0
    bare = read((plain(300, 100), plain(500, 100)))
    assert (bare.teams, bare.final, bare.winner) == ({}, None, None)


def test_hands_past_the_game_s_cap_are_counted_not_read():
    sheet = read(*[(plain(300, 100), plain(500, 100 + n)) for n in range(5)])
    assert [hand.ew.count for hand in sheet.hands] == [100, 101, 102]
    assert sheet.hands_over_cap == 2
    capped = read(*[(plain(300, 100), plain(500, 100))] * 3)
    assert (len(capped.hands), capped.hands_over_cap) == (3, 0)


class _LongGame:
    """A game that claims more hands than the format allows: the format's limit still holds."""

    name = "long-test"
    title = "Long"
    options = {}

    def parse_options(self, raw, problems):
        return {}

    def hand_cap(self, options):
        return 5000

    def validate(self, sheet):
        return Verdict([], Totals(sheet))


def test_a_rule_set_s_cap_never_goes_past_the_format_s_limit(monkeypatch):
    monkeypatch.setattr(registry, "_RULESETS", dict(registry._RULESETS))
    registry.register(_LongGame())
    hands = [{"ns": plain(1, 1), "ew": plain(1, 1)}] * 1001
    answer = rules.validate({"format": FORMAT, "ruleset": "long-test", "hands": hands})
    assert answer["problems"] == [{"path": "$.hands", "message": "A score sheet lists at most 1,000 hands; this one "
                                                                  "has 1,001."}]
    sheet, problems = parse({"format": FORMAT, "ruleset": "long-test", "hands": hands[:1000]})
    assert (problems, len(sheet.hands), sheet.hands_over_cap) == ([], 1000, 0)


def test_a_hand_of_two_fields_that_are_not_both_lines():
    answer = rules.validate({"format": FORMAT, "ruleset": "nvso",
                             "hands": [{"ns": plain(0, 0), "north": plain(0, 0)}]})
    assert [p["path"] for p in answer["problems"]] == ["$.hands[0].ew", "$.hands[0].north"]


def test_text_and_bytes_are_read_as_the_same_sheet():
    text = ('{"format": "canasta-td/score-sheet@1", "ruleset": "nvso", "hands": [{"ns": {"base": 300, "count": '
            '100}, "ew": {"base": 500, "count": 100}}]}')
    for document in (text, text.encode(), bytearray(text.encode())):
        sheet, problems = parse(document)
        assert problems == []
        assert sheet.hands == [Hand(TeamLine(300, 100), TeamLine(500, 100))]


@pytest.mark.parametrize("good", [{"pure_canastas": 2}, {"went_out": True}, {"wild_canasta": "mixed"},
                                  {"special_hand": None}])
def test_a_bad_detail_after_good_ones_is_still_found(good):
    details = {**good, "red_threes": 1, "sevens_canasta": "yes"}
    answer = rules.validate({"format": FORMAT, "ruleset": "nvso",
                             "hands": [{"ns": plain(0, 0, details=details), "ew": plain(0, 0)}]})
    assert answer["problems"] == [{"path": "$.hands[0].ns.details.sevens_canasta", "message": (
        'Hand 1, North-South, details: "sevens_canasta" must be true or false, not the text "yes".')}]


def test_parse_hands_leaves_out_a_hand_with_a_line_in_error():
    from rules.document import parse_hands

    found = []
    hands = parse_hands([{"ns": plain(300, 100), "ew": {"base": 500}}, {"ns": {"count": 1}, "ew": plain(500, 100)},
                         {"ns": plain(300, 100), "ew": plain(500, 100)}], found)
    assert hands == [Hand(TeamLine(300, 100), TeamLine(500, 100))]
    assert [p.path for p in found] == ["$.hands[0].ew.count", "$.hands[1].ns.base"]


@pytest.mark.parametrize(("field", "value"), [
    ("red_threes", True), ("red_threes", 5), ("red_threes", -1), ("red_threes", 1.0), ("red_threes", None),
    ("stuck_aces", 3), ("table_points", 10_000_000), ("went_out", 1), ("went_out", 0), ("went_out", None),
    ("went_out", "true"), ("wild_canasta", 1), ("wild_canasta", True), ("wild_canasta", "pairs"),
    ("special_hand", "mixed"), ("bogus", 1), ("bogus", None), ("bogus", True)])
def test_the_details_fast_path_refuses_a_value_of_the_wrong_type_or_range(field, value):
    # The fast path picks its lookup by the value's type; each of these must still be a problem.
    answer = rules.validate({"format": FORMAT, "ruleset": "nvso",
                             "hands": [{"ns": plain(0, 0, details={"pure_canastas": 1, field: value}),
                                        "ew": plain(0, 0)}]})
    assert [p["path"] for p in answer["problems"]] == [f"$.hands[0].ns.details.{field}"]


@pytest.mark.parametrize(("field", "value"), [
    ("red_threes", 4), ("stuck_sevens", 2), ("table_points", 9_999_999), ("went_out", False),
    ("wild_canasta", None), ("wild_canasta", "four_jokers"), ("incomplete_wilds", "other"),
    ("special_hand", "straight")])
def test_the_details_fast_path_takes_every_value_the_format_allows(field, value):
    from rules.sheet import _details_fast

    assert _details_fast({"pure_canastas": 1, field: value}) == Details(pure_canastas=1, **{field: value})
