"""The usual answer (rules/sides/usual.py) for five_player sheets: given for a well-formed sheet with
nothing to report, None at the first doubt about the envelope, the hands, the final or the winner, and
None for a rule set that has no usual answer."""

import rules
from rules.five_player import FivePlayerRuleset
from rules.five_player.deck import least_canasta_points
from rules.five_player.examples import DETAIL_DEFAULTS, build_sheet, scored_line
from rules.five_player.scoring import PURE_CANASTA, PURE_SUPER
from rules.registry import example
from rules.sides.usual import Resume, usual_answer, usual_reading
from tests.rules.five_player.builders import HAND, SECOND, lines, sheet

EMPTY = {"asha": {}, "bina": {}, "chandra": {}, "dev": {}, "esha": {}}
OWN = {"game_end_counts": "own"}


def clean() -> dict:
    return sheet(lines(HAND), lines(SECOND))


def test_a_clean_sheet_gets_the_answer_of_the_checks():
    document = clean()
    usual = usual_answer(document)
    assert usual == {"valid": True, "violations": [], "computed": rules.validate(document)["computed"]}
    assert usual["computed"]["winner"] == "bina"


def test_another_format_or_none_is_left_to_the_checks():
    document = clean()
    assert usual_answer({**document, "format": "canasta-td/score-sheet@1"}) is None
    assert usual_answer({key: value for key, value in document.items() if key != "format"}) is None


def test_an_envelope_with_a_problem_is_left_to_the_checks():
    assert usual_answer({**clean(), "options": {"speed": 1}}) is None
    assert usual_answer({**clean(), "colour": "red"}) is None
    assert usual_answer({**clean(), "ruleset": "no_such_game"}) is None


def test_a_rule_set_without_a_usual_answer_is_left_to_the_checks():
    document = example("nvso")
    assert rules.validate(document)["valid"] is True
    assert usual_answer(document) is None


def test_hands_that_are_not_a_list_are_left_to_the_checks():
    assert usual_answer({**clean(), "hands": {"0": clean()["hands"][0]}}) is None
    assert usual_answer({key: value for key, value in clean().items() if key != "hands"}) is None


def test_as_many_hands_as_the_cap_are_answered_and_one_more_is_not():
    # Asha alone scores 5 a deal: by own scores she leads, far from the target
    deal = lines({**EMPTY, "asha": {"table_points": 5}})
    full = sheet(*[deal] * 100, options=OWN, credited=False)
    assert usual_answer(full)["computed"]["final"] == {"asha": 500, "bina": 0, "chandra": 0, "dev": 0, "esha": 0}
    assert usual_answer(sheet(*[deal] * 101, options=OWN, credited=False)) is None


def test_a_final_or_winner_that_is_not_well_formed_is_left_to_the_checks():
    document = clean()
    assert usual_answer({**document, "final": {**document["final"], "esha": "650"}}) is None
    assert usual_answer({**document, "final": {**document["final"], "zed": 0}}) is None
    assert usual_answer({**document, "winner": "zed"}) is None
    assert usual_answer({**document, "final": None, "winner": None})["valid"] is True


def test_clean_deals_are_carried_only_to_a_rule_set_that_can_resume_from_them(monkeypatch):
    document = clean()
    document["hands"][1]["asha"]["count"] += 5
    reading = usual_reading(document)
    assert type(reading) is Resume and len(reading.carried) == 2  # the first deal, and the second in doubt
    expected = rules.validate(document)
    monkeypatch.delattr(FivePlayerRuleset, "resume")
    assert usual_reading(document) is None
    assert rules.validate(document) == expected
    assert [(v["code"], v["hand"], v["side"]) for v in expected["violations"]] == [("count-mismatch", 2, "asha")]


def test_details_written_in_full_in_any_order_are_read_by_name():
    # the usual pass reads the details by position, over their defaults: the order a line writes them in,
    # here all nine written and reversed, must not move a value to another detail
    document = clean()
    for hand in document["hands"]:
        for line in hand.values():
            full = {**DETAIL_DEFAULTS, **line["details"]}
            line["details"] = dict(reversed(list(full.items())))
    assert next(iter(document["hands"][0]["asha"]["details"])) == "opening_points"
    assert usual_answer(document) == usual_answer(clean())
    assert usual_answer(document)["computed"]["winner"] == "bina"


def test_a_line_that_leaves_some_fields_out_is_held_to_those_it_writes():
    # a line of five fields is read field by field: each written figure is still asked
    for field, left_out in (("total", "credited"), ("cumulative", "total"), ("credited", "total")):
        document = clean()
        line = document["hands"][1]["bina"]
        del line[left_out]
        assert usual_answer(document) is not None, left_out  # the short line alone is no doubt
        line[field] += 5
        assert usual_answer(document) is None, field
        found = [(v["hand"], v["side"], v["field"]) for v in rules.validate(document)["violations"]]
        assert (2, "bina", field) in found, found


def test_two_pure_super_canastas_with_the_canasta_bonus_are_carried():
    # each pure Super Canasta earns its own bonus and, under plus_canasta, a pure canasta's too
    two = {"pure_super_canastas": 2, "table_points": least_canasta_points(0, 0, 2, 0)}
    deal = {**EMPTY, "dev": two}
    document = build_sheet([{side: scored_line(d, plus_canasta=True) for side, d in deal.items()}],
                           options={"super_canasta_bonus": "plus_canasta", **OWN}, credited=False)
    assert document["hands"][0]["dev"]["base"] == 2 * (PURE_SUPER + PURE_CANASTA)
    usual = usual_answer(document)
    assert usual is not None and usual == rules.validate(document)
    assert usual["valid"] is True and usual["computed"]["winner"] == "dev"


def test_with_no_winner_written_the_winner_follows_the_reading():
    # Asha leads by her own score, Dev by the score credited him (his own and Asha's, his partner's)
    deal = lines({**EMPTY, "asha": {"table_points": 100}, "dev": {"table_points": 50}})
    credited = usual_answer(sheet(deal, winner=None))
    own = usual_answer(sheet(deal, options=OWN, credited=False, winner=None))
    assert (credited["computed"]["winner"], own["computed"]["winner"]) == ("dev", "asha")
    assert credited == rules.validate(sheet(deal, winner=None))


def test_with_a_slip_the_checks_name_the_winner_by_the_reading_too():
    """A final written wrong sends the sheet to the checks, whose computed totals name the winner: by the
    credited score Dev, by the own score Asha, as the usual pass does on the sheet without the slip."""
    deal = lines({**EMPTY, "asha": {"table_points": 100}, "dev": {"table_points": 50}})
    for options, credited, leader in (({}, True, "dev"), (OWN, False, "asha")):
        document = sheet(deal, options=options, credited=credited, winner=None)
        document["final"] = {**document["final"], "bina": document["final"]["bina"] + 5}
        answer = rules.validate(document)
        assert [v["code"] for v in answer["violations"]] == ["final-mismatch"]
        assert answer["computed"]["winner"] == leader
