"""Property tests: random plausible deals, drawn within what seven decks hold and scored by the builders,
make sheets that are accepted with no warning (but a tie after four deals) and exactly the notes their
base-and-count lines call for; changing any one written number (base, count, total, running total, meld
requirement, final) is caught at that very field, and only there, with no new warning."""

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.crazy_canasta.checks_line import MELD_MINIMUMS
from tests.rules.crazy_canasta.builders import build, plain, scored

PROPERTY_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# The least card points of each canasta (the cheapest cards that form it), written out independently.
LEAST = {"books": 35 + 50 + 35 + 140, "clean_canastas": 35, "dirty_canastas": 50, "sevens_canastas": 35,
         "wild_canastas": 140}


class Deck:
    """What is left of seven decks for the second side once the first side's details are drawn."""

    def __init__(self):
        self.red = self.black = 14
        self.sevens, self.wilds, self.naturals = 28, 42, 280
        self.points = 3920
        self.went_out = False

    def take(self, sevens: int = 0, wilds: int = 0, naturals: int = 0) -> bool:
        if sevens > self.sevens or wilds > self.wilds or naturals > self.naturals:
            return False
        self.sevens -= sevens
        self.wilds -= wilds
        self.naturals -= naturals
        return True


@st.composite
def side_details(draw, deck: Deck, deal: int) -> dict:
    d = {}
    books = draw(st.integers(0, 2))
    while books and not deck.take(sevens=7 * books, wilds=8 * books, naturals=13 * books):
        books -= 1
    for name, sevens, wilds, naturals, most in (("sevens_canastas", 7, 0, 0, 1), ("wild_canastas", 0, 7, 0, 1),
                                                 ("dirty_canastas", 0, 1, 6, 3), ("clean_canastas", 0, 0, 7, 4)):
        wanted = draw(st.integers(0, most))
        while wanted and not deck.take(sevens * wanted, wilds * wanted, naturals * wanted):
            wanted -= 1
        if wanted:
            d[name] = wanted
    if books:
        d["books"] = books
    if all(d.get(name) for name in ("sevens_canastas", "wild_canastas", "dirty_canastas", "clean_canastas")):
        del d["clean_canastas"]  # four of a kind each outside a book would make one more book
    if books and not deck.went_out and draw(st.booleans()):
        d["went_out"] = deck.went_out = True
    for name, left in (("red_threes", "red"), ("black_threes", "black")):
        value = draw(st.integers(0, min(4, getattr(deck, left))))
        setattr(deck, left, getattr(deck, left) - value)
        if value:
            d[name] = value
    least = sum(LEAST[name] * d.get(name, 0) for name in LEAST)
    melded = least > 0 or draw(st.booleans())
    table = max(least, MELD_MINIMUMS[deal - 1]) + 5 * draw(st.integers(0, 40)) if melded else 0
    hand = 5 * draw(st.integers(0 if table else 1, 60))
    deck.points -= table + hand
    d["table_points"], d["hand_points"] = table, hand
    return d


@st.composite
def deal_lines(draw, deal: int) -> tuple[dict, dict]:
    deck = Deck()
    lines = []
    for _ in range(2):
        line = scored(draw(side_details(deck, deal)))
        if draw(st.integers(0, 6)) == 0:  # some score pads write base and count only
            line = plain(line["base"], line["count"])
        lines.append(line)
    return lines[0], lines[1]


@st.composite
def sheets(draw) -> dict:
    count = draw(st.integers(1, 4))
    return build(*[draw(deal_lines(n)) for n in range(1, count + 1)])


def _errors(answer: dict) -> set:
    return {(v["hand"], v["side"], v["field"]) for v in answer["violations"] if v["severity"] == "error"}


def _warnings(answer: dict) -> list:
    return [(v["code"], v["hand"], v["side"], v["field"]) for v in answer["violations"] if v["severity"] == "warning"]


def _expected_notes(sheet: dict) -> list[tuple]:
    """What a plausible sheet's answer says besides no error: the `info` note of each deal where a side
    wrote only base and count (side null when both did), and, after four deals with equal totals, the
    director's tie (a warning)."""
    notes = []
    for n, hand in enumerate(sheet["hands"], 1):
        bare = [side for side in ("a", "b") if "details" not in hand[side]]
        if bare:
            notes.append(("info", "base-not-itemised", n, bare[0] if len(bare) == 1 else None, "details"))
    final = sheet["final"]
    if len(sheet["hands"]) == 4 and final["a"] == final["b"]:
        notes.append(("warning", "tie-for-director", None, None, "winner"))
    return notes


@PROPERTY_SETTINGS
@given(sheets())
def test_plausible_sheets_are_accepted_with_no_warning_but_a_tie(sheet):
    answer = rules.validate(sheet)
    said = [(v["severity"], v["code"], v["hand"], v["side"], v["field"]) for v in answer["violations"]]
    assert said == _expected_notes(sheet), answer["violations"]
    assert answer["valid"]
    assert answer["computed"]["final"] == sheet["final"]


def test_the_tie_the_notes_expect_is_the_rule_sets_warning():
    even = scored({"clean_canastas": 1, "table_points": 150})
    sheet = build(*[(even, even)] * 4)
    assert _expected_notes(sheet) == [("warning", "tie-for-director", None, None, "winner")]
    assert [(v["severity"], v["code"], v["hand"], v["side"], v["field"])
            for v in rules.validate(sheet)["violations"]] == _expected_notes(sheet)


@PROPERTY_SETTINGS
@given(sheets(), st.data())
def test_one_changed_number_is_caught_at_its_field_only(sheet, data):
    warned = _warnings(rules.validate(sheet))
    sheet = copy.deepcopy(sheet)
    n = data.draw(st.integers(1, len(sheet["hands"])), label="hand")
    side = data.draw(st.sampled_from(["a", "b"]), label="side")
    line = sheet["hands"][n - 1][side]
    fields = ["base", "count", "total", "cumulative", "meld_requirement", "final"]
    field = data.draw(st.sampled_from(fields), label="field")
    delta = data.draw(st.integers(-300, 300).filter(bool), label="delta")
    if "details" not in line and field == "base":
        delta = data.draw(st.integers(1, 99), label="delta") * data.draw(st.sampled_from([1, -1]))
    if "details" not in line and field == "count":
        delta = data.draw(st.integers(1, 4), label="delta") + 5 * data.draw(st.integers(-20, 20))
    if field == "meld_requirement":
        delta = abs(delta)  # a requirement is never negative (the parser refuses it)
    if field == "final":
        sheet["final"][side] += delta
        where = (None, side, "final")
    else:
        line[field] += delta
        where = (n, side, field)
    answer = rules.validate(sheet)
    assert _errors(answer) == {where}
    # The slip is an error, not a new warning; a tie warned before may go, since the totals are in doubt.
    assert set(_warnings(answer)) <= set(warned)
