"""The running arithmetic every @2 game of base and count shares (rules/sides/arithmetic.py), read directly
with a `say` that keeps what it is given: each link's message whole, the totals it carries on, and the
order of the game's checks. The games' own tests reach these through their sheets; these hold the shared
module to its word whatever game calls it."""

from types import SimpleNamespace

import pytest

from rules.language import speaking
from rules.sides import arithmetic as ar
from rules.words import naming_sides


def say(code, hand, side, field, text):
    return SimpleNamespace(code=code, hand=hand, side=side, field=field, message=text)


def said(out):
    return [(v.code, v.hand, v.side, v.field, v.message) for v in out]


@pytest.fixture(autouse=True)
def names():
    with naming_sides({"a": "Ana", "b": "Bo", "c": "Cy"}, every_side=True, checked=True):
        yield


def line(base, count, total=None, cumulative=None):
    return {"base": base, "count": count, "total": total, "cumulative": cumulative}


def sheet(hands=1, sides=("a", "b"), final=None, winner=None, over=0):
    return SimpleNamespace(hands=[{}] * hands, sides=sides, final=final, winner=winner, hands_over_cap=over,
                           options="the options")


# check_line: the total and the running total of one line


def test_a_line_of_base_and_count_alone_runs_on_from_both_readings():
    out = []
    assert ar.check_line(2, "a", line(100, 20), 120, (100, 20), 1_000, 1_010, say, out) == (1_120, 1_130)
    assert out == []


def test_a_written_total_that_is_neither_sum_quotes_the_recomputed_one_and_its_parts():
    out = []
    after = ar.check_line(2, "a", line(100, 20, total=1_300), 1_250, (1_200, 50), 1_000, 1_000, say, out)
    assert said(out) == [("total-mismatch", 2, "a", "total", "Hand 2, Ana: the total should be 1,250 (base "
                                                             "1,200 plus count 50), not 1,300.")]
    assert after == (2_300, 2_250)  # the written total carries the written chain on


def test_the_parts_of_a_message_are_worked_out_only_when_one_is_written():
    asked = []

    def parts():
        asked.append(1)
        return (7, 8)

    out = []
    ar.check_line(1, "b", line(10, 5, total=15), 15, parts, 0, 0, say, out)
    assert asked == [] and out == []
    ar.check_line(1, "b", line(10, 5, total=16), 15, parts, 0, 0, say, out)
    assert asked == [1]
    assert said(out)[0][4] == "Hand 1, Bo: the total should be 15 (base 7 plus count 8), not 16."


@pytest.mark.parametrize("total", [125, 130])
def test_a_total_that_follows_either_reading_is_not_reported(total):
    out = []  # 125 is the written base and count, 130 what the details add up to
    assert ar.check_line(1, "a", line(100, 25, total=total), 130, (100, 30), 0, 0, say, out) == (total, 130)
    assert out == []


def test_a_total_is_not_checked_against_a_recomputation_that_failed():
    out = []
    assert ar.check_line(1, "a", line(100, 25, total=999), None, (0, 0), 0, 0, say, out) == (999, 999)
    assert out == []


def test_a_running_total_that_is_neither_reading_quotes_the_recomputed_one():
    out = []
    after = ar.check_line(3, "a", line(100, 20, cumulative=5_000), 130, (110, 20), 1_000, 1_010, say, out)
    assert said(out) == [("cumulative-mismatch", 3, "a", "cumulative", "Hand 3, Ana: the running total should "
                          "be 1,140 (1,010 before this hand plus 130), not 5,000.")]
    assert after == (5_000, 1_140)


@pytest.mark.parametrize("written", [1_120, 1_140])
def test_a_running_total_that_follows_either_reading_is_not_reported(written):
    out = []  # 1,000 + 120 as written, 1,010 + 130 recomputed
    after = ar.check_line(3, "a", line(100, 20, cumulative=written), 130, (110, 20), 1_000, 1_010, say, out)
    assert out == [] and after == (written, 1_140)


def test_without_a_recomputed_total_the_running_total_follows_the_written_one():
    out = []
    assert ar.check_line(2, "b", line(100, 20), None, (0, 0), 500, 600, say, out) == (620, 620)
    assert ar.check_line(2, "b", line(100, 20, cumulative=620), None, (0, 0), 500, 600, say, out) == (620, 620)
    assert out == []
    assert ar.check_line(2, "b", line(100, 20, total=120, cumulative=700), None, (0, 0), 500, 600, say,
                         out) == (700, 700)
    assert said(out) == [("cumulative-mismatch", 2, "b", "cumulative", "Hand 2, Bo: the running total should be "
                          "620 (500 before this hand plus 120), not 700.")]


def test_without_a_recomputed_total_nor_a_written_one_a_running_total_is_taken_as_written():
    out = []  # nothing to hold it to: the line's total is not written and its base or count was impossible
    assert ar.check_line(2, "b", line(100, 20, cumulative=700), None, (0, 0), 500, 600, say, out) == (700, 700)
    assert out == []


def test_the_first_running_total_is_that_hands_total_in_the_games_words():
    out = []
    ar.check_line(1, "a", line(100, 20, cumulative=100), 120, (100, 20), 0, 0, say, out, unit="deal")
    assert said(out) == [("cumulative-mismatch", 1, "a", "cumulative", "Hand 1, Ana: the running total after "
                          "the first deal is that deal's total, 120, not 100.")]
    out = []
    ar.check_line(2, "a", line(100, 20, cumulative=100), 120, (100, 20), 5, 5, say, out, unit="deal")
    assert said(out)[0][4] == ("Hand 2, Ana: the running total should be 125 (5 before this deal plus 120), not "
                               "100.")


def test_cumulative_mismatch_words_a_hand_by_default():
    assert said([ar.cumulative_mismatch(1, "c", 3, 0, 1_500, say)]) == [
        ("cumulative-mismatch", 1, "c", "cumulative", "Hand 1, Cy: the running total after the first hand is "
                                                      "that hand's total, 1,500, not 3.")]


# the game: no hands, the target, the final totals, the winner, too many hands


def test_no_hands_is_one_violation_about_the_sheet():
    out = []
    assert ar.check_no_hands(sheet(hands=1), say, out) is True and out == []
    assert ar.check_no_hands(sheet(hands=0), say, out) is False
    assert said(out) == [("no-hands", None, None, "hands", "The sheet has no hands; a game needs at least one "
                                                           "hand.")]


def test_the_target_is_reached_when_both_readings_reach_it():
    sides = ("a", "b")
    assert ar.reached(sides, {"a": 5_000, "b": 5_000}, {"a": 5_000, "b": 5_000}, None) is None
    assert ar.reached(sides, {"a": 4_999, "b": 5_000}, {"a": 5_000, "b": 5_000}, 5_000) == "b"
    assert ar.reached(sides, {"a": 5_000, "b": 6_000}, {"a": 5_000, "b": 6_000}, 5_000) == "a"
    assert ar.reached(sides, {"a": 5_000, "b": 0}, {"a": 4_999, "b": 0}, 5_000) is None


def test_a_hand_after_the_target():
    assert said([ar.hand_after_target(4, "b", 5_120, 5_000, say)]) == [
        ("hand-after-target", 4, None, "hands", "Hand 4: the game was over after hand 3, when Bo reached 5,120 "
                                                "of the 5,000 needed, so no more hands are played.")]


def test_a_final_total_that_is_neither_reading_quotes_the_running_total():
    out = []
    final = {"a": 1_200, "b": 900, "c": 3}
    ar.check_final(sheet(final=final, sides=("a", "b", "c")), {"a": 1_100, "b": 900, "c": 0},
                   {"a": 1_200, "b": 950, "c": 7}, say, out, "deal")
    assert said(out) == [
        ("final-mismatch", None, "c", "final", "The final total for Cy should be 7, the running total after the "
                                               "last deal, not 3.")]
    out = []
    ar.check_final(sheet(final={"a": 5, "b": 0}), {"a": 0, "b": 0}, {"a": 1_000, "b": 0}, say, out)
    assert said(out)[0][4] == ("The final total for Ana should be 1,000, the running total after the last hand, "
                               "not 5.")
    out = []
    ar.check_final(sheet(final=None), {"a": 0, "b": 0}, {"a": 1_000, "b": 0}, say, out)
    assert out == []


@pytest.mark.parametrize(("totals", "expected"), [
    ({"a": 5, "b": 7, "c": 6}, "b"), ({"a": 7, "b": 7, "c": 6}, "tie"), ({"a": 7, "b": 6, "c": 6}, "a"),
    ({"a": -3}, "a"), ({"a": -3, "b": -5}, "a")])
def test_the_leader(totals, expected):
    assert ar.leader(totals) == expected


def test_a_tie_is_the_directors_to_resolve():
    out = []
    ar.check_winner(sheet(winner=None), {"a": 1_500, "b": 1_500}, {"a": 0, "b": 0}, say, out)
    ar.check_winner(sheet(winner="tie"), {"a": 1_500, "b": 1_500}, {"a": 0, "b": 0}, say, out)
    ar.check_winner(sheet(winner="b"), {"a": 1_500, "b": 1_500}, {"a": 0, "b": 0}, say, out)
    assert said(out) == [
        ("tie-for-director", None, None, "winner", "The game ended in a tie at 1,500, which the event director "
                                                   "resolves.")] * 2 + [
        ("tie-for-director", None, None, "winner", "The game ended in a tie at 1,500, which the event director "
                                                   "resolves; the sheet names Bo, so check that the director "
                                                   "decided so.")]


def test_a_tie_is_quoted_at_the_highest_total():
    out = []
    ar.check_winner(sheet(sides=("a", "b", "c")), {"a": 40, "b": 90, "c": 90}, {}, say, out)
    assert said(out)[0][4] == "The game ended in a tie at 90, which the event director resolves."


def test_a_wrong_winner_is_named_with_the_computed_one():
    out = []
    running = {"a": 1_500, "b": 1_400}
    ar.check_winner(sheet(winner="b"), running, running, say, out)
    ar.check_winner(sheet(winner="tie"), running, running, say, out)
    assert said(out) == [
        ("winner-mismatch", None, None, "winner", "The winner is Ana with the most points, 1,500, not Bo as "
                                                  "written."),
        ("winner-mismatch", None, None, "winner", "The winner is Ana with the most points, 1,500, not a tie as "
                                                  "written.")]


def test_a_winner_that_follows_the_written_totals_or_the_computed_ones_is_not_reported():
    out = []
    running = {"a": 1_500, "b": 1_400}
    ar.check_winner(sheet(winner="a"), running, {"a": 0, "b": 9}, say, out)  # the computed winner
    ar.check_winner(sheet(winner=None), running, running, say, out)  # none written
    ar.check_winner(sheet(winner="b"), running, {"a": 0, "b": 9}, say, out)  # the running totals as written
    ar.check_winner(sheet(winner="b", final={"a": 0, "b": 9}), running, running, say, out)  # the final as written
    ar.check_winner(sheet(hands=0, winner="b"), running, running, say, out)  # no hands: nothing to win
    assert out == []


def test_a_wrong_winner_beside_a_final_that_names_no_one_else():
    out = []
    running = {"a": 1_500, "b": 1_400}
    ar.check_winner(sheet(winner="b", final={"a": 1_500, "b": 1_400}), running, running, say, out)
    assert [v.code for v in out] == ["winner-mismatch"]


@pytest.mark.parametrize(("ceiling", "over", "text"), [
    (3, 1, "Hand 4: a sheet can list at most 3 hands, so hand 4 should not be on it; the hands were not checked."),
    (3, 3, "Hand 4: a sheet can list at most 3 hands, so hands 4 to 6 should not be on it; the hands were not "
           "checked."),
    (1_000, 2_000, "Hand 1001: a sheet can list at most 1,000 hands, so hands 1,001 to 3,000 should not be on "
                   "it; the hands were not checked.")])
def test_too_many_hands(ceiling, over, text):
    first = 1_001 if ceiling == 1_000 else 4
    assert said([ar.too_many_hands(sheet(over=over), ceiling, say)]) == [
        ("too-many-hands", first, None, "hands", text)]


def test_the_note_of_a_hand_without_details():
    assert said([ar.base_not_itemised(2, ["b"], 3, say, "player", "sets")]) == [
        ("base-not-itemised", 2, "b", "details", "Hand 2, Bo: only base and count are written, so the checks "
         "confirm the arithmetic and that the numbers are possible, but not the sets, going out and cards behind "
         "them.")]
    assert said([ar.base_not_itemised(2, ["a", "b", "c"], 3, say, "player", "sets")])[0][2:] == (
        None, "details", "Hand 2: only base and count are written for every player, so the checks confirm the "
        "arithmetic and that the numbers are possible, but not the sets, going out and cards behind them.")
    assert said([ar.base_not_itemised(1, ["a", "c"], 3, say, "side", "canastas")])[0][2:] == (
        None, "details", "Hand 1: only base and count are written for Ana and Cy, so the checks confirm the "
        "arithmetic and that the numbers are possible, but not the canastas, going out and cards behind them.")


@pytest.mark.parametrize("side_word, groups", [("side", "sets"), ("partnership", "melds")])
def test_the_note_for_every_side_says_the_game_s_word_for_a_side_and_for_its_groups(side_word, groups):
    assert said([ar.base_not_itemised(2, ["a", "b"], 2, say, side_word, groups)])[0][2:] == (
        None, "details", f"Hand 2: only base and count are written for every {side_word}, so the checks confirm "
        f"the arithmetic and that the numbers are possible, but not the {groups}, going out and cards behind them.")


def test_in_spanish_and_portuguese_the_note_reads_for_canastas_and_for_sets_alike():
    """The groups' gender once broke the sentence ("no las juegos"): the groups now follow a colon."""
    with speaking("es"):
        assert ar.base_not_itemised(2, ["a", "b", "c"], 3, say, "player", "canastas").message == (
            "Mano 2: solo están anotados la base y el conteo de cada jugador, así que se comprueban las cuentas y "
            "que los números son posibles, pero no lo que hay detrás: canastas, el cierre y las cartas.")
        assert ar.base_not_itemised(2, ["a", "b"], 2, say, "side", "sets").message == (
            "Mano 2: solo están anotados la base y el conteo de cada lado, así que se comprueban las cuentas y que "
            "los números son posibles, pero no lo que hay detrás: juegos, el cierre y las cartas.")
    with speaking("pt-br"):
        assert ar.base_not_itemised(2, ["a", "b"], 2, say, "side", "sets").message == (
            "Mão 2: só a base e a contagem estão anotadas para cada lado, então as verificações confirmam as contas "
            "e que os números são possíveis, mas não o que está por trás: jogos, a batida e as cartas.")


# check_game: the order of the checks


def test_a_sheet_over_the_ceiling_is_that_one_violation():
    called = []
    found = ar.check_game(sheet(over=2), 3, say, lambda *a: called.append("hands"), lambda *a: called.append("s"))
    assert said(found) == [("too-many-hands", 4, None, "hands", "Hand 4: a sheet can list at most 3 hands, so "
                            "hands 4 to 5 should not be on it; the hands were not checked.")]
    assert called == []


def test_a_game_runs_its_sides_its_hands_then_the_final_and_the_winner_sheet_checks_last():
    seen = []

    def check_sides(sides, options, out):
        seen.append(("sides", sides, options))
        out.append(say("side-check", None, None, "sides", "about the sides"))

    def check_hands(s, options, out):
        seen.append(("hands", options))
        out.append(say("late", 2, "a", "total", "hand 2"))
        out.append(say("early", 1, "b", "total", "hand 1"))
        return {"a": 10, "b": 20}, {"a": 10, "b": 30}

    found = ar.check_game(sheet(hands=2, final={"a": 10, "b": 25}, winner="a"), 3, say, check_hands, check_sides)
    assert seen == [("sides", ("a", "b"), "the options"), ("hands", "the options")]
    assert [(v.code, v.hand) for v in found] == [("early", 1), ("late", 2), ("side-check", None),
                                                 ("final-mismatch", None), ("winner-mismatch", None)]
    assert found[-1].message == "The winner is Bo with the most points, 30, not Ana as written."


def test_a_game_without_hands_has_only_its_side_checks_and_the_no_hands_violation():
    found = ar.check_game(sheet(hands=0, winner="a"), 3, say, lambda *a: pytest.fail("no hands to check"))
    assert [(v.code, v.hand) for v in found] == [("no-hands", None)]
    assert ar.check_game(sheet(hands=1), 3, say, lambda s, o, out: ({"a": 1, "b": 0}, {"a": 1, "b": 0})) == []


def test_the_sheets_own_violations_sort_after_any_hand():
    assert ar.hand_order(SimpleNamespace(hand=None)) == 1_000_000
    assert ar.hand_order(SimpleNamespace(hand=999_999)) == 999_999


def test_a_running_total_beside_a_total_that_was_not_recomputed_is_worded_in_the_games_unit():
    out = []
    ar.check_line(2, "b", line(100, 20, total=120, cumulative=700), None, (0, 0), 500, 600, say, out, "deal")
    assert said(out)[0][4] == "Hand 2, Bo: the running total should be 620 (500 before this deal plus 120), not 700."
