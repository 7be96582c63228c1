"""The standings' computation row by row (scoring/standings.py, no database): every figure of a row,
every metric, the sit-out rules' effect, the shared ranks and the refusal of an unknown rule, whole."""

from dataclasses import dataclass

import pytest

from scoring.standings import METRICS, PlayedGame, StandingRow, order_labels, parse_order, rank_teams


@dataclass(frozen=True)
class T:
    pk: str


A, B, C, D = (T(x) for x in "ABCD")


def _rows(teams, games, sit_outs=(), **kwargs) -> dict[str, StandingRow]:
    return {row.team.pk: row for row in rank_teams(teams, games, sit_outs, **kwargs)}


def _figures(row: StandingRow) -> tuple:
    return (row.rank, row.played, row.wins, row.losses, row.ties, row.points, row.against, row.difference,
            row.sit_outs)


def test_every_figure_of_a_row():
    games = [PlayedGame("A", "B", 3000, 2000), PlayedGame("C", "A", 2500, 2500), PlayedGame("B", "C", 100, 400)]
    rows = _rows([A, B, C], games)
    #                       rank played wins losses ties points against difference sit-outs
    assert _figures(rows["A"]) == (1, 2, 1, 0, 1, 5500, 4500, 1000, 0)
    assert _figures(rows["C"]) == (2, 2, 1, 0, 1, 2900, 2600, 300, 0)
    assert _figures(rows["B"]) == (3, 2, 0, 2, 0, 2100, 3400, -1300, 0)


def test_a_game_with_a_team_not_in_the_standings_counts_only_for_the_other():
    rows = _rows([A], [PlayedGame("A", "X", 500, 100), PlayedGame("Y", "A", 200, 100)])
    assert _figures(rows["A"]) == (1, 2, 1, 1, 0, 600, 300, 300, 0)


@pytest.mark.parametrize(("order", "expected"), [
    (["wins"], [(1, "B"), (2, "C"), (3, "A")]),
    (["points"], [(1, "A"), (2, "B"), (3, "C")]),
    (["difference"], [(1, "B"), (1, "C"), (3, "A")]),
    (["losses"], [(1, "B"), (1, "C"), (3, "A")]),
    (["average"], [(1, "A"), (2, "B"), (3, "C")]),
    (["match_points"], [(1, "B"), (2, "C"), (3, "A")]),
    (["difference", "points"], [(1, "B"), (2, "C"), (3, "A")]),
])
def test_each_metric_ranks_by_its_own_figure(order, expected):
    # A: two big games lost (7,000 points, -300); B: two won (4,300, +200); C: one won, one tied (3,300, +200).
    games = [PlayedGame("A", "B", 4000, 4100), PlayedGame("A", "C", 3000, 3200), PlayedGame("C", "D", 100, 100),
             PlayedGame("B", "D", 200, 100)]
    rows = rank_teams([A, B, C], games, [], order=order)
    assert [(row.rank, row.team.pk) for row in rows] == expected


def test_match_points_are_two_a_win_and_one_a_tie():
    row = StandingRow(team=A, wins=3, ties=1)
    assert METRICS["match_points"].value(row) == 7
    assert METRICS["losses"].value(StandingRow(team=A, losses=2)) == -2
    assert StandingRow(team=A, points=250, played=2).average == 125
    assert StandingRow(team=A).average == 0.0


def test_an_unknown_order_falls_back_to_wins_points_difference():
    games = [PlayedGame("A", "B", 100, 50), PlayedGame("B", "C", 900, 50)]
    by_default = rank_teams([A, B, C], games, [])
    assert [r.team.pk for r in rank_teams([A, B, C], games, [], order=["nonsense"])] == [
        r.team.pk for r in by_default] == ["B", "A", "C"]


@pytest.mark.parametrize(("rule", "figures"), [
    # played, wins, points, difference, sit-outs: the average (2,755 / 2 = 1,377.5) rounds up to 1,378
    ("average_win", (2, 3, 4133, 755, 1)),
    ("win_no_points", (2, 3, 2755, 755, 1)),
    ("not_counted", (2, 2, 2755, 755, 1)),
])
def test_a_sit_out_counts_by_the_rule(rule, figures):
    games = [PlayedGame("A", "B", 1500, 1000), PlayedGame("B", "A", 1000, 1255)]
    row = _rows([A, B], games, ["A"], sit_out_rule=rule)["A"]
    assert (row.played, row.wins, row.points, row.difference, row.sit_outs) == figures


def test_the_average_added_for_a_sit_out_is_rounded_half_up():
    rows = _rows([A, B], [PlayedGame("A", "B", 101, 0), PlayedGame("A", "B", 100, 0)], ["A"])
    assert rows["A"].points == 201 + 101  # 100.5 rounds up
    rows = _rows([A, B], [PlayedGame("A", "B", 101, 0), PlayedGame("A", "B", 99, 0)], ["A"])
    assert rows["A"].points == 200 + 100


def test_two_sit_outs_count_twice_and_a_sit_out_of_an_unknown_team_not_at_all():
    rows = _rows([A, B], [PlayedGame("A", "B", 300, 100)], ["A", "A", "X"])
    assert (rows["A"].wins, rows["A"].points, rows["A"].sit_outs, rows["A"].played) == (3, 900, 2, 1)
    assert rows["B"].sit_outs == 0


def test_an_unknown_sit_out_rule_is_refused_in_plain_words():
    with pytest.raises(ValueError) as refused:
        rank_teams([A], [], [], sit_out_rule="half")
    assert str(refused.value) == ("The sit-out rule 'half' is unknown: choose average_win, not_counted or "
                                  "win_no_points.")


def test_equal_teams_share_a_rank_and_the_next_skips():
    rows = rank_teams([A, B, C, D], [PlayedGame("A", "B", 100, 100), PlayedGame("C", "D", 300, 0)], [])
    assert [(row.rank, row.team.pk) for row in rows] == [(1, "C"), (2, "A"), (2, "B"), (4, "D")]


def test_the_order_keeps_each_known_key_once():
    assert parse_order(" points ,wins,points, wins") == ["points", "wins"]
    assert parse_order(None) == ["wins", "points", "difference"]
    assert parse_order("") == ["wins", "points", "difference"]


def test_the_order_s_labels():
    @dataclass
    class Event:
        standings_order: str
        rank_by_vp: bool = False
        ruleset: str = ""
        rule_options: dict | None = None

    assert order_labels(Event("match_points,losses,average")) == [
        "Match points (2 a win, 1 a tie)", "Fewest losses", "Average points per game"]
    assert order_labels(Event("")) == ["Wins", "Total points", "Point difference"]


def test_teams_equal_at_the_top_share_the_first_rank():
    rows = rank_teams([A, B, C], [PlayedGame("A", "B", 100, 100)], [])
    assert [(row.rank, row.team.pk) for row in rows] == [(1, "A"), (1, "B"), (3, "C")]


def test_a_registered_metric_ranks_the_teams_under_its_key_and_label(monkeypatch):
    from scoring import metrics

    monkeypatch.setattr(metrics, "METRICS", dict(metrics.METRICS))  # the registry as it was, after

    @metrics.register_metric("sit_outs", "Most sit-outs")
    def most_sit_outs(row: StandingRow) -> float:
        return row.sit_outs

    metric = metrics.METRICS["sit_outs"]
    assert (metric.key, metric.label, metric.value) == ("sit_outs", "Most sit-outs", most_sit_outs)
    rows = rank_teams([A, B], [PlayedGame("A", "B", 300, 100)], ["B"], order=["sit_outs"])
    assert [(row.rank, row.team.pk) for row in rows] == [(1, "B"), (2, "A")]

    @dataclass
    class Event:
        standings_order: str
        rank_by_vp: bool = False
        ruleset: str = ""
        rule_options: dict | None = None

    assert order_labels(Event("sit_outs,wins")) == ["Most sit-outs", "Wins"]


def test_every_sit_out_is_shown_when_sit_outs_do_not_count():
    rows = _rows([A, B, C], [], ["A", "B", "B"], sit_out_rule="not_counted")
    assert [(rows[t].sit_outs, rows[t].wins) for t in "ABC"] == [(1, 0), (2, 0), (0, 0)]


def test_each_tie_is_counted():
    rows = _rows([A, B], [PlayedGame("A", "B", 500, 500), PlayedGame("B", "A", 700, 700)])
    assert _figures(rows["A"]) == _figures(rows["B"]) == (1, 2, 0, 0, 2, 1200, 1200, 0, 0)


def test_a_tied_game_is_a_meeting_tied_and_a_meeting_with_a_team_not_ranked_is_left_out():
    rows = {row.team.pk: row for row in rank_teams([T("A"), T("B")], [PlayedGame("A", "B", 500, 500)], [],
                                                   unscored=[("A", "Z"), ("Z", "B")])}
    assert rows["A"].meetings == [("B", "tie")] and rows["B"].meetings == [("A", "tie")]
    assert (rows["A"].ties, rows["A"].rank, rows["B"].rank) == (1, 1, 1)


def test_with_head_to_head_last_the_ranks_still_follow_every_metric_before_it():
    """A beat B: each is alone in its group of wins, so each has head-to-head 0; A is still 1st, B 2nd."""
    rows = rank_teams([T("B"), T("A")], [PlayedGame("A", "B", 500, 400)], [], order=["wins", "head_to_head"])
    assert [(row.team.pk, row.rank, row.head_to_head) for row in rows] == [("A", 1, 0), ("B", 2, 0)]
    assert rank_teams([], [], [], order=["wins", "head_to_head"]) == []


def test_median_buchholz_alone_in_the_order_is_filled_in():
    """With two meetings each, the median keeps both: every value is the plain Buchholz, here 1."""
    games = [PlayedGame("A", "B", 500, 400), PlayedGame("C", "A", 500, 400)]
    rows = {row.team.pk: row for row in rank_teams([T("A"), T("B"), T("C")], games, [],
                                                   order=["wins", "median_buchholz"])}
    assert {key: row.median_buchholz for key, row in rows.items()} == {"A": 1, "B": 1, "C": 1}
