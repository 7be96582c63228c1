"""The standings' order and the sit-out rule, as plain computation; then over a real event."""

from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from scoring import services
from scoring.standings import (
    DEFAULT_SIT_OUT_RULE,
    METRICS,
    SIT_OUT_RULES,
    PlayedGame,
    SatOut,
    StandingRow,
    compute_standings,
    count_games,
    entrants_counted,
    entrants_of,
    parse_order,
    rank_teams,
)
from tests.factories import make_event
from tests.scoring.sheets import sheet
from tournament.core import services as tournament_services
from tournament.core.models import Event, Game, Round, Team
from tournament.core.tiebreaks import Entrant, Meeting


@dataclass(frozen=True)
class T:
    pk: str


A, B, C, D, E = (T(x) for x in "ABCDE")


def ranked(rows):
    return [(row.rank, row.team.pk) for row in rows]


def test_wins_then_points_then_difference():
    games = [
        PlayedGame("A", "B", 5000, 4000),   # A wins
        PlayedGame("C", "D", 6000, 2000),   # C wins
        PlayedGame("A", "C", 3000, 3500),   # C wins
        PlayedGame("B", "D", 4000, 1000),   # B wins
    ]
    rows = rank_teams([A, B, C, D], games, [])
    assert ranked(rows) == [(1, "C"), (2, "B"), (3, "A"), (4, "D")]
    c, b, a, _ = rows
    assert (c.played, c.wins, c.losses, c.ties, c.points, c.difference) == (2, 2, 0, 0, 9500, 4500)
    assert (a.wins, a.losses, a.points, a.difference) == (1, 1, 8000, 500)
    assert (b.wins, b.points, b.difference) == (1, 8000, 2000)
    # A and B: one win and 8,000 points each, so the difference decides: B above A.


def test_difference_breaks_a_tie_on_wins_and_points():
    games = [PlayedGame("A", "C", 5000, 4000), PlayedGame("B", "D", 5000, 1000)]
    assert ranked(rank_teams([A, B, C, D], games, [])) == [(1, "B"), (2, "A"), (3, "C"), (4, "D")]


def test_the_order_is_a_setting():
    games = [PlayedGame("A", "B", 2000, 1500), PlayedGame("C", "D", 9000, 8000)]
    assert ranked(rank_teams([A, B, C, D], games, [], order=["points"])) == [
        (1, "C"), (2, "D"), (3, "A"), (4, "B")]
    assert ranked(rank_teams([A, B, C, D], games, [], order=["difference", "points"])) == [
        (1, "C"), (2, "A"), (3, "B"), (4, "D")]  # +1,000, +500, -500, -1,000


def test_teams_equal_on_every_metric_share_a_rank():
    games = [PlayedGame("A", "B", 3000, 3000), PlayedGame("C", "D", 3000, 3000)]
    rows = rank_teams([A, B, C, D], games, [])
    assert [row.rank for row in rows] == [1, 1, 1, 1]
    assert all(row.ties == 1 and row.wins == 0 for row in rows)


def test_a_sit_out_counts_as_a_win_with_the_average_by_default():
    games = [PlayedGame("A", "B", 5000, 4000), PlayedGame("A", "C", 2000, 3000)]
    rows = {row.team.pk: row for row in rank_teams([A, B, C], games, ["B", "C"])}
    b, c = rows["B"], rows["C"]
    assert (b.played, b.wins, b.losses, b.sit_outs, b.points, b.difference) == (1, 1, 1, 1, 8000, -1000)
    assert (c.played, c.wins, c.sit_outs, c.points, c.difference) == (1, 2, 1, 6000, 1000)


def test_the_average_is_rounded_to_the_nearest_point():
    games = [PlayedGame("A", "B", 1001, 0), PlayedGame("A", "C", 1000, 0)]  # A averages 1000.5
    row = next(r for r in rank_teams([A, B, C], games, ["A"]) if r.team.pk == "A")
    assert row.points == 2001 + 1001


def test_other_sit_out_rules():
    games = [PlayedGame("A", "B", 5000, 4000)]
    no_points = {r.team.pk: r for r in rank_teams([A, B, C], games, ["B"], sit_out_rule="win_no_points")}
    assert (no_points["B"].wins, no_points["B"].points, no_points["B"].sit_outs) == (1, 4000, 1)
    ignored = {r.team.pk: r for r in rank_teams([A, B, C], games, ["B"], sit_out_rule="not_counted")}
    assert (ignored["B"].wins, ignored["B"].points, ignored["B"].sit_outs) == (0, 4000, 1)


@pytest.mark.parametrize("rule", ["average", "", None, "AVERAGE_WIN"])
def test_an_unknown_sit_out_rule_is_refused_not_replaced(rule):
    """Standings by another rule than the event asked for would look right and be wrong."""
    with pytest.raises(ValueError, match=r"is unknown: choose average_win, not_counted or win_no_points\.$"):
        rank_teams([A, B, C], [PlayedGame("A", "B", 5000, 4000)], ["C"], sit_out_rule=rule)


def test_every_sit_out_rule_of_the_event_is_described_and_counted():
    assert set(SIT_OUT_RULES) == set(Event.SitOutRule.values)
    assert SIT_OUT_RULES["win_no_points"] == "A team that sits out a game scores a win, with no points."
    assert Event._meta.get_field("sit_out_rule").default == DEFAULT_SIT_OUT_RULE
    wins = {rule: next(r for r in rank_teams([A, B, C], [], ["C"], sit_out_rule=rule) if r.team.pk == "C").wins
            for rule in Event.SitOutRule}
    assert wins == {"average_win": 1, "win_no_points": 1, "not_counted": 0}


@pytest.mark.django_db
def test_the_event_s_sit_out_rule_decides_its_standings(director):
    event = make_event(director, teams=5, sit_out_rule=Event.SitOutRule.NOT_COUNTED)
    for game in Game.objects.filter(round__event=event, status=Game.Status.SCHEDULED):
        tournament_services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    sitting = Game.objects.get(round__event=event, status=Game.Status.SIT_OUT).ns_team_id
    row = next(r for r in compute_standings(event) if r.team.pk == sitting)
    assert (row.sit_outs, row.wins) == (1, 0)


def test_a_team_that_has_not_played_gets_no_average_points():
    rows = {r.team.pk: r for r in rank_teams([A, B, E], [PlayedGame("A", "B", 100, 50)], ["E"])}
    assert (rows["E"].wins, rows["E"].points) == (1, 0)


def test_unknown_order_keys_fall_back_to_the_default():
    assert parse_order("wins, nonsense ,points") == ["wins", "points"]
    assert parse_order("rubbish") == ["wins", "points", "difference"]
    assert {"wins", "points", "difference"} <= set(METRICS)


# --- What counts, from the rows the standings read (compute_standings' queries) -------------------------

FINAL, SCHEDULED, SIT_OUT = Game.Status.FINAL, Game.Status.SCHEDULED, Game.Status.SIT_OUT
PLAYING, FINISHED = Round.Status.PLAYING, Round.Status.FINISHED


def test_a_game_counts_once_final_a_seated_one_is_a_meeting_and_a_sit_out_once_its_round_is_over():
    """Game 1 (round 10) is still being played at C-D, so E's sit-out waits; game 2 (round 11) has every table
    final, so B's counts though the round is not closed; game 3's round (12) is finished, so A's counts
    beside a table never scored."""
    rows = [(1, PLAYING, FINAL, "A", "B", 300, 200, 10), (1, PLAYING, SCHEDULED, "C", "D", None, None, 10),
            (1, PLAYING, SIT_OUT, "E", None, None, None, 10),
            (2, PLAYING, FINAL, "A", "C", 150, 250, 11), (2, PLAYING, SIT_OUT, None, "B", None, None, 11),
            (3, FINISHED, SCHEDULED, "D", "E", None, None, 12), (3, FINISHED, SIT_OUT, "A", None, None, None, 12),
            (3, FINISHED, SCHEDULED, "B", None, None, None, 12)]
    played, sit_outs, unscored, counted = count_games(iter(rows))
    assert played == [PlayedGame("A", "B", 300, 200, 1), PlayedGame("A", "C", 150, 250, 2)]
    assert sit_outs == [SatOut("B", 2), SatOut("A", 3)]
    assert unscored == [("C", "D"), ("D", "E")]
    assert counted == {"A", "B", "C"}  # E's sit-out waits, and D has no result yet


def test_the_standings_list_the_active_entrants_and_the_withdrawn_ones_whose_games_count():
    active, counted, gone = (SimpleNamespace(pk=pk, status=status) for pk, status in (
        (1, Team.Status.ACTIVE), (2, Team.Status.WITHDRAWN), (3, Team.Status.WITHDRAWN)))
    assert entrants_counted([gone, counted, active], {2, 9}) == [counted, active]


def test_the_core_pairs_by_each_team_s_row_its_meetings_and_its_bye():
    team = SimpleNamespace(pk=7, name="Ana & Bo", club="Elm")
    rows = [StandingRow(team=team, wins=2, ties=1, points=5000, difference=300, sit_outs=1,
                        meetings=[(8, "win"), (9, None)]),
            StandingRow(team=SimpleNamespace(pk=8, name="Cy & Di", club=""), meetings=[(7, "loss")])]
    assert entrants_of(rows) == [
        Entrant(7, "Ana & Bo", "Elm", 2, 1, 5000, 300, (Meeting(8, "win"), Meeting(9, None)), True),
        Entrant(8, "Cy & Di", "", 0, 0, 0, 0, (Meeting(7, "loss"),), False)]


# --- Over a real event ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_another_event_s_unplayed_game_does_not_hold_back_a_sit_out(director):
    other = make_event(director, teams=4)  # its game 1 is seated and not played
    event = make_event(director, teams=5)
    for game in Game.objects.filter(round__event=event, status=Game.Status.SCHEDULED):
        tournament_services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    assert Game.objects.filter(round__event=other, round__number=1, status=Game.Status.SCHEDULED).exists()
    sitting = Game.objects.get(round__event=event, status=Game.Status.SIT_OUT).ns_team_id
    row = next(r for r in compute_standings(event) if r.team.pk == sitting)
    assert (row.sit_outs, row.wins, row.played) == (1, 1, 0)


def accept(game, ns, ew):
    hands = [((ns - 100, 100), (ew - 100, 100))]
    services.submit_sheet(game, sheet(hands=hands), f"k-{game.pk}")
    services.accept_sheet(game, code=game.ew_team.code)


@pytest.mark.django_db
def test_compute_standings_counts_rotation_games_and_sit_outs(director):
    event = make_event(director, teams=5)  # three tables, the third seats one team
    round1 = event.rounds.get()
    played = list(Game.objects.filter(round=round1, status=Game.Status.SCHEDULED).order_by("table__number"))
    sitting = Game.objects.get(round=round1, status=Game.Status.SIT_OUT).ns_team
    accept(played[0], 3000, 2000)
    rows = compute_standings(event)
    assert not any(r.sit_outs for r in rows)  # the sit-out counts once the game is over everywhere
    accept(played[1], 2500, 2600)
    rows = {r.team.pk: r for r in compute_standings(event)}
    assert (rows[sitting.pk].sit_outs, rows[sitting.pk].wins, rows[sitting.pk].points) == (1, 1, 0)
    winner = rows[played[0].ns_team_id]
    assert (winner.rank, winner.wins, winner.points, winner.difference) == (1, 1, 3000, 1000)
    assert rows[played[1].ns_team_id].losses == 1


@pytest.mark.django_db
def test_the_standings_list_the_active_teams_and_the_east_west_side_of_each_game(director):
    event = make_event(director, teams=5)  # tables 1 and 2 play, table 3's North-South sits out
    games = {g.table.number: g for g in Game.objects.filter(round__event=event).select_related("table")}
    assert [r.team.number for r in compute_standings(event)] == [1, 2, 3, 4, 5]  # nothing played yet
    withdrawn = games[2].ns_team
    tournament_services.withdraw_team(withdrawn, director)  # before the go-ahead: East-West sits out
    tournament_services.record_game_result(games[1], ns_total=3000, ew_total=2000, user=director)
    rows = {r.team.pk: r for r in compute_standings(event)}
    assert withdrawn.pk not in rows and len(rows) == 4
    loser = rows[games[1].ew_team_id]
    assert (loser.played, loser.losses, loser.points, loser.against) == (1, 1, 2000, 3000)
    east_west_alone = rows[games[2].ew_team_id]
    assert (east_west_alone.sit_outs, east_west_alone.wins, east_west_alone.played) == (1, 1, 0)


@pytest.mark.django_db
def test_the_event_s_order_ranks_its_standings(director):
    event = make_event(director, teams=4, standings_order=Event.StandingsOrder.WINS_DIFFERENCE)
    close, wide = Game.objects.filter(round__event=event).order_by("table__number")
    tournament_services.record_game_result(close, ns_total=3000, ew_total=2900, user=director)
    tournament_services.record_game_result(wide, ns_total=2000, ew_total=500, user=director)
    ranked = [r.team.pk for r in compute_standings(event)]
    assert ranked == [wide.ns_team_id, close.ns_team_id, close.ew_team_id, wide.ew_team_id]


@pytest.mark.django_db
def test_a_team_that_withdrew_after_playing_keeps_its_row(director):
    from tournament.clock.services import start_clock

    event = make_event(director, teams=4)
    start_clock(event.rounds.get(), director)  # the go-ahead: a withdrawal now counts from the next game
    first, second = Game.objects.filter(round__event=event).order_by("table__number")
    tournament_services.record_game_result(first, ns_total=3000, ew_total=2000, user=director)
    tournament_services.record_game_result(second, ns_total=2500, ew_total=2400, user=director)
    tournament_services.withdraw_team(first.ns_team, director)
    rows = {r.team.pk: r for r in compute_standings(event)}
    assert len(rows) == 4
    assert (rows[first.ns_team_id].rank, rows[first.ns_team_id].points) == (1, 3000)


@pytest.mark.django_db
def test_a_game_accepted_before_the_go_ahead_counts_for_both_teams_after_a_withdrawal(director):
    """An event run without the clock: game 1 is scored while it awaits the go-ahead, then a team leaves."""
    event = make_event(director, teams=4)
    first, second = Game.objects.filter(round__event=event).select_related("ns_team", "ew_team") \
        .order_by("table__number")
    for game in (first, second):
        services.submit_sheet(game, sheet(), f"k{game.pk}")
        services.accept_sheet(game, code=game.ew_team.code)
    before = {r.team.pk: (r.rank, r.played, r.wins, r.losses, r.points, r.against) for r in compute_standings(event)}
    assert event.rounds.get().awaits_go_ahead
    tournament_services.withdraw_team(first.ew_team, director)
    rows = {r.team.pk: r for r in compute_standings(event)}
    assert {pk: (r.rank, r.played, r.wins, r.losses, r.points, r.against) for pk, r in rows.items()} == before
    assert (rows[first.ew_team_id].played, rows[first.ew_team_id].points) == (1, 4145)
    assert (rows[first.ns_team_id].wins, rows[first.ns_team_id].sit_outs) == (1, 0), "a win played, no sit-out"


@pytest.mark.django_db
def test_a_sheet_submitted_before_the_go_ahead_is_accepted_and_counted_after_a_withdrawal(director):
    """The table sent its sheet, the opponents have not confirmed yet, and the scorekeeping team withdraws:
    the game was played, so it keeps both teams and the opponents can still accept the sheet."""
    event = make_event(director, teams=4)
    game = Game.objects.select_related("ns_team", "ew_team").get(round__event=event, table__number=1)
    services.submit_sheet(game, sheet(), "k1")
    assert event.rounds.get().awaits_go_ahead
    tournament_services.withdraw_team(game.ns_team, director)
    kept = Game.objects.get(pk=game.pk)
    assert (kept.ns_team_id, kept.ew_team_id, kept.status) == (game.ns_team_id, game.ew_team_id,
                                                               Game.Status.SCHEDULED)
    services.accept_sheet(kept, code=game.ew_team.code)
    rows = {r.team.pk: r for r in compute_standings(event)}
    assert (rows[game.ns_team_id].played, rows[game.ns_team_id].wins, rows[game.ns_team_id].points) == (1, 1, 7585)
    assert (rows[game.ew_team_id].played, rows[game.ew_team_id].losses, rows[game.ew_team_id].points) == (1, 1, 4145)
    assert rows[game.ew_team_id].sit_outs == 0, "the opponents played the game: no sit-out"


@pytest.mark.django_db
def test_knockout_games_do_not_count(director):
    from tournament.core.models import Round

    event = make_event(director, teams=4)
    round1 = event.rounds.get()
    round1.phase = Round.Phase.KNOCKOUT
    round1.save()
    game = Game.objects.filter(round=round1).first()
    tournament_services.record_game_result(game, ns_total=3000, ew_total=100, user=director)
    assert all(r.played == 0 for r in compute_standings(event))
