"""Property tests: random plausible deals at a table of five, their details drawn within the pack and the
rules (written out here independently of the rule set's code), are accepted; changing any one written
number (base, count, total, running total, credited figure, final) is caught at that very field, and only
there. Both readings of the game's end are drawn."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.answer import malformed_answer
from rules.five_player import RULESET
from rules.sides.sheet import parse, side_names
from rules.sides.usual import usual_answer
from rules.words import naming_sides

SIDES = ("asha", "bina", "chandra", "dev", "esha")
PROPERTY_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# A canasta never needs more than 70 points of cards (seven tens), a Super Canasta never more than 120: a
# table at least this big holds any canastas drawn.
ROOMY_CANASTA, ROOMY_SUPER = 70, 120


def partner(seat: int) -> int:
    return (seat + 2) % 5


@st.composite
def deal(draw) -> list[dict]:
    """One deal's details for the five players, in seat order."""
    cards, supers, points_left = 110, 8, 980
    players = []
    for _ in SIDES:
        d = {"pure_canastas": draw(st.integers(0, 3)), "impure_canastas": draw(st.integers(0, 3))}
        if draw(st.integers(0, 9)) == 0:
            d[draw(st.sampled_from(["pure_super_canastas", "impure_super_canastas"]))] = 1
        n_supers = d.get("pure_super_canastas", 0) + d.get("impure_super_canastas", 0)
        need = 7 * (d["pure_canastas"] + d["impure_canastas"]) + 13 * n_supers
        if need > cards or n_supers > supers:
            d = {}
            need = n_supers = 0
        cards, supers = cards - need, supers - n_supers
        players.append(d)
    for _ in range(draw(st.integers(0, 2))):
        d = players[draw(st.integers(0, 4))]
        d["kitties"] = d.get("kitties", 0) + 1
    has_canasta = [any(d.get(k) for k in ("pure_canastas", "impure_canastas", "pure_super_canastas",
                                           "impure_super_canastas")) for d in players]
    finisher = draw(st.sampled_from([None, 0, 1, 2, 3, 4]))
    if finisher is not None and (has_canasta[finisher] or has_canasta[partner(finisher)]):
        players[finisher]["went_out"] = True
    for seat, d in enumerate(players):
        roomy = (ROOMY_CANASTA * (d.get("pure_canastas", 0) + d.get("impure_canastas", 0))
                 + ROOMY_SUPER * (d.get("pure_super_canastas", 0) + d.get("impure_super_canastas", 0)))
        # A player who finishes has melded cards: a table of 0 beside a hand of 0 would say "not counted",
        # and a slipped count could not then be told from a slipped total.
        table = roomy + 5 * draw(st.integers(1 if d.get("went_out") else 0, 30))
        hand = 0 if d.get("went_out") else 5 * draw(st.integers(1, 30))
        if table + hand > points_left // (5 - seat):  # leave the others their share of the 980
            for name in ("pure_canastas", "impure_canastas", "pure_super_canastas", "impure_super_canastas"):
                d.pop(name, None)
            d.pop("went_out", None)
            table, hand = 0, 5
        points_left -= table + hand
        d["table_points"], d["hand_points"] = table, hand
    has_canasta = [any(d.get(k) for k in ("pure_canastas", "impure_canastas", "pure_super_canastas",
                                           "impure_super_canastas")) for d in players]
    for seat, d in enumerate(players):  # a finisher whose canastas (or the partner's) made way finishes not
        if d.get("went_out") and not (has_canasta[seat] or has_canasta[partner(seat)]):
            del d["went_out"]
    for seat, d in enumerate(players):
        helped = d.get("kitties") or d.get("went_out") or has_canasta[partner(seat)]
        least = 25 if helped else 75
        if d["table_points"] >= least and draw(st.booleans()):
            d["opening_points"] = least + 5 * draw(st.integers(0, (d["table_points"] - least) // 5))
    return players


def line(d: dict) -> dict:
    base = (100 * d.get("pure_canastas", 0) + 50 * d.get("impure_canastas", 0)
            + 500 * d.get("pure_super_canastas", 0) + 300 * d.get("impure_super_canastas", 0)
            + 50 * d.get("kitties", 0) + 50 * bool(d.get("went_out")))
    return {"base": base, "count": d["table_points"] - d["hand_points"], "details": d}


@st.composite
def valid_sheet(draw) -> dict:
    reading = draw(st.sampled_from(["credited", "own"]))
    target = draw(st.sampled_from([4000, 1500]))
    running = dict.fromkeys(SIDES, 0)
    hands = []
    for _ in range(draw(st.integers(1, 4))):
        hand = {}
        for side, d in zip(SIDES, draw(deal()), strict=True):
            hand[side] = line(d)
            running[side] += hand[side]["base"] + hand[side]["count"]
            hand[side].update(total=hand[side]["base"] + hand[side]["count"], cumulative=running[side])
        credited = {side: running[side] + running[SIDES[partner(seat)]] for seat, side in enumerate(SIDES)}
        for side in SIDES:
            hand[side]["credited"] = credited[side]
        hands.append(hand)
        scores = credited if reading == "credited" else dict(running)
        if max(scores.values()) >= target:
            break  # the game is over
    best = max(scores.values())
    leaders = [side for side in SIDES if scores[side] == best]
    return {"format": "canasta-td/score-sheet@2", "ruleset": "five_player",
            "options": {"game_end_counts": reading, "target_score": target},
            "sides": [{"id": side, "label": side.title()} for side in SIDES], "hands": hands,
            "final": dict(scores), "winner": leaders[0] if len(leaders) == 1 else "tie"}


FIELDS = ["base", "count", "total", "cumulative", "credited", "final"]


def blocking(answer: dict) -> list[tuple]:
    return [(v["hand"], v["side"], v["field"]) for v in answer["violations"] if v["severity"] == "error"]


@PROPERTY_SETTINGS
@given(valid_sheet())
def test_plausible_sheets_are_accepted(document):
    answer = rules.validate(document)
    assert answer["valid"] is True, answer["violations"]
    assert [v["code"] for v in answer["violations"]] in ([], ["tie-for-director"])


def checked_answer(document: dict, skip_clean: bool) -> dict:
    """The answer by the parser and the checks, deal by deal (`skip_clean`: not the clean deals)."""
    sheet, _ = parse(document)
    with naming_sides(side_names(sheet.sides, sheet.labels), checked=True):
        return RULESET.checked(sheet, skip_clean=skip_clean).as_answer("side")


def slipped(document: dict, data) -> dict:
    """The sheet with one written number changed, anywhere."""
    field = data.draw(st.sampled_from(FIELDS))
    side = data.draw(st.sampled_from(SIDES))
    delta = data.draw(st.sampled_from([5, 10, 50, 100, -5, -50, 1]))
    if field == "final":
        document["final"][side] += delta
    else:
        document["hands"][data.draw(st.integers(0, len(document["hands"]) - 1))][side][field] += delta
    return document


@PROPERTY_SETTINGS
@given(valid_sheet(), st.data(), st.booleans())
def test_every_way_to_the_answer_agrees(document, data, slip):
    """The usual answer straight from the document (fast.py), the checks that skip the clean deals and
    the checks of every deal give one answer, word for word, on valid and slipped sheets; the usual
    answer never answers a sheet with anything to report."""
    if slip:
        document = slipped(document, data)
    full = checked_answer(document, skip_clean=False)
    assert checked_answer(document, skip_clean=True) == full
    assert json.dumps(rules.validate(document)) == json.dumps(full)  # word for word, and in the same order
    usual = usual_answer(document)
    assert usual is None or (json.dumps(usual) == json.dumps(full) and full["violations"] == [])
    if slip:
        assert usual is None


@PROPERTY_SETTINGS
@given(valid_sheet(), st.data())
def test_one_changed_number_is_caught_at_its_field(document, data):
    """At that field only, and with no warning or note the sheet did not already have."""
    notes_before = [v["code"] for v in rules.validate(document)["violations"]]
    field = data.draw(st.sampled_from(FIELDS))
    side = data.draw(st.sampled_from(SIDES))
    delta = data.draw(st.sampled_from([5, 10, 50, 100, -5, -50, 1]))
    if field == "final":
        document["final"][side] += delta
        where = (None, side, "final")
    else:
        index = data.draw(st.integers(0, len(document["hands"]) - 1))
        document["hands"][index][side][field] += delta
        where = (index + 1, side, field)
    answer = rules.validate(document)
    assert blocking(answer) == [where]
    notes_after = [v["code"] for v in answer["violations"] if v["severity"] != "error"]
    assert set(notes_after) <= set(notes_before)


ODD_VALUES = [True, False, 5.0, "5", None, -5, -1, 0, 1, 10**9, [], {}]


def places(document: dict) -> list[tuple[dict, str]]:
    """Every (container, key) of the sheet a value sits at: top fields, sides, lines, details, final."""
    found = [(document, key) for key in document]
    found += [(side, key) for side in document["sides"] for key in ("id", "label")]
    for hand in document["hands"]:
        for line in hand.values():
            found += [(line, key) for key in ("base", "count", "total", "cumulative", "credited", "details")]
            found += [(line["details"], key) for key in (
                "pure_canastas", "impure_canastas", "pure_super_canastas", "impure_super_canastas", "kitties",
                "went_out", "table_points", "hand_points", "opening_points")]
    return found + [(document["final"], side) for side in SIDES]


@PROPERTY_SETTINGS
@given(valid_sheet(), st.data())
def test_the_usual_answer_is_never_a_different_answer(document, data):
    """One value anywhere replaced by one of another type, sign or size, or an unknown field added: the
    usual answer is None or the very answer of the parser and the checks (a bool is not a number, 5.0 is
    not 5, nothing beyond the parser's bounds passes), and so is rules.validate's."""
    container, key = data.draw(st.sampled_from(places(document)))
    if data.draw(st.integers(0, 9)) == 0:
        container["surplus"] = 1
    else:
        container[key] = data.draw(st.sampled_from(ODD_VALUES))
    usual = usual_answer(document)
    _, problems = parse(document)
    if problems:
        assert usual is None
        assert rules.validate(document) == malformed_answer(problems)
        return
    full = checked_answer(document, skip_clean=False)
    assert usual is None or usual == full
    assert json.dumps(rules.validate(document)) == json.dumps(full)  # by way of the clean deals carried, too


@PROPERTY_SETTINGS
@given(valid_sheet(), st.data())
def test_a_slip_then_a_value_of_another_kind_anywhere_answers_as_the_parser_and_the_checks(document, data):
    """The usual pass stops at the slip and the checks resume there, on a sheet parsed only from that deal
    on (rules.sides.usual.resumed_sheet): a value of another type, sign or size, or an unknown field,
    before the slip, in its deal or after it still gets the parser's problems, else the full checks'
    answer, word for word."""
    document = slipped(document, data)
    container, key = data.draw(st.sampled_from(places(document)))
    if data.draw(st.integers(0, 9)) == 0:
        container["surplus"] = 1
    else:
        container[key] = data.draw(st.sampled_from(ODD_VALUES))
    _, problems = parse(document)
    expected = malformed_answer(problems) if problems else checked_answer(document, skip_clean=False)
    assert json.dumps(rules.validate(document)) == json.dumps(expected)
