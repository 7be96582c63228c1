"""What a crazy_canasta answer computes (`computed`: each deal's total and running total, the finals, the
winner or a tie), and the most a side can show in one deal as the line description gives it for seven
decks: asserted whole, so a renamed key or a changed bound fails here."""

import rules
from rules.crazy_canasta import RULESET
from rules.crazy_canasta.line import describe_line
from tests.rules.crazy_canasta.builders import build, plain


def test_the_example_s_computed_totals_are_the_written_base_and_count_run_on():
    sheet = RULESET.example()
    written = [{side: line["base"] + line["count"] for side, line in hand.items()} for hand in sheet["hands"]]
    running, hands = {"a": 0, "b": 0}, []
    for totals in written:
        running = {side: running[side] + totals[side] for side in running}
        hands.append({side: {"total": totals[side], "cumulative": running[side]} for side in running})
    assert rules.validate(sheet)["computed"] == {"hands": hands, "final": running,
                                                "winner": max(running, key=running.get)}


def test_equal_finals_are_a_tie():
    lines = (plain(300, 100), plain(300, 100))
    answer = rules.validate(build(lines, lines, lines, lines))
    assert answer["computed"]["winner"] == "tie"
    assert answer["computed"]["final"] == {"a": 1600, "b": 1600}


def test_the_most_a_side_shows_in_one_deal_with_seven_decks():
    """Seven decks: 28 sevens (four books or sevens canastas of 7), 28 deuces and 14 jokers (six wild
    canastas; 42 dirty canastas, one wild card each), 280 cards of the ten natural ranks (40 clean canastas),
    14 threes of each colour, and 3,920 card points (460 a deck, 50 a joker)."""
    most = {f["name"]: f.get("max") for f in describe_line() if f["part"] == "details"}
    assert most == {"books": 4, "sevens_canastas": 4, "wild_canastas": 6, "clean_canastas": 40,
                    "dirty_canastas": 42, "red_threes": 14, "black_threes": 14, "went_out": None,
                    "table_points": 3920, "hand_points": 3920}
    assert all(type(value) is int for value in most.values() if value is not None)  # whole cards, for a form
    assert [f["name"] for f in describe_line() if f["part"] == "line"][:2] == ["base", "count"]
