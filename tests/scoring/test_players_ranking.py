"""The ranking of single players as plain computation (rank_players over seat scores), and what an event's
game asks of its standings (the order, the columns' words, the games counted), worked out by hand; then
one game of five players and one of teams over a real event, the light way (one game each)."""

from types import SimpleNamespace

import pytest

from rules.room import CREDITED_POINTS, FEWEST_CARDS, MOST_POINTS
from scoring.standings import (
    PlayedTable,
    StandingRow,
    column_words,
    compute_standings,
    count_tables,
    event_order,
    games_counted,
    players_order,
    rank_players,
    ranks_by_vp,
    standings_entrants,
)
from tests.factories import make_event, make_players_event
from tournament.core import services
from tournament.core.models import Game, Round


def _rows(players, tables, sit_outs=(), **options) -> dict:
    return {row.team: row for row in rank_players(players, tables, sit_outs, key=lambda p: p, **options)}


def _figures(row: StandingRow) -> tuple:
    return row.rank, row.played, row.wins, row.ties, row.losses, row.points, row.difference


def test_a_sit_out_counts_by_the_event_s_rule():
    tables = [PlayedTable((1, 2, 3), (300, 200, 100)), PlayedTable((1, 2, 4), (500, 600, 100))]
    by_rule = {rule: {row.team: (row.wins, row.points, row.sit_outs) for row in
                      rank_players([1, 2, 3, 4], tables, [3], ranking=MOST_POINTS, sit_out_rule=rule,
                                   key=lambda p: p)}
               for rule in ("average_win", "win_no_points", "not_counted")}
    assert by_rule["average_win"][3] == (1, 200, 1)  # 100 played, and its average, 100, for the sit-out
    assert by_rule["win_no_points"][3] == (1, 100, 1)
    assert by_rule["not_counted"][3] == (0, 100, 1)
    assert by_rule["average_win"][2] == (1, 800, 0)


def test_the_credited_score_takes_the_partner_two_seats_on():
    rows = rank_players(list("abcde"), [PlayedTable(tuple("abcde"), (500, 400, 300, 200, 100))], [],
                        ranking=CREDITED_POINTS, key=lambda p: p)
    assert {row.team: row.points for row in rows} == {"a": 800, "b": 600, "c": 400, "d": 700, "e": 500}
    assert [row.team for row in rows] == list("adbec")


def test_a_table_gives_a_win_a_shared_first_place_ties_and_every_other_place_loses():
    """Three players: a wins alone (by 100 over b); then b and c share first at 400, a last. The margins
    add up: a +100 then -100; b -100 then 0; c 0 at its one table; d sat at neither. Points rank first
    (the game's measure), then wins: a and b have 800 each, and a the win."""
    tables = [PlayedTable(("a", "b"), (500, 400)), PlayedTable(("a", "b", "c"), (300, 400, 400))]
    rows = _rows("abcd", tables, ranking=MOST_POINTS, sit_out_rule="not_counted")
    assert _figures(rows["a"]) == (1, 2, 1, 0, 1, 800, 0)
    assert _figures(rows["b"]) == (2, 2, 0, 1, 1, 800, -100)
    assert _figures(rows["c"]) == (3, 1, 0, 1, 0, 400, 0)
    assert _figures(rows["d"]) == (4, 0, 0, 0, 0, 0, 0)


def test_a_player_alone_at_a_table_neither_wins_nor_loses_and_fewer_cards_rank_first():
    """The solitaire: one player a table; the result is the cards left, fewer first; a table naming a
    player not in the event is left out."""
    tables = [PlayedTable(("a",), (12,)), PlayedTable(("b",), (7,)), PlayedTable(("stranger",), (1,))]
    rows = rank_players(["a", "b"], tables, [], ranking=FEWEST_CARDS, key=lambda p: p)
    assert [row.team for row in rows] == ["b", "a"]
    assert [(row.played, row.wins, row.ties, row.losses, row.points) for row in rows] == [
        (1, 0, 0, 0, 7), (1, 0, 0, 0, 12)]


def test_a_seat_of_someone_not_in_the_event_is_passed_over_and_shared_first_places_add_up():
    tables = [PlayedTable(("stranger", "a", "b"), (900, 100, 100)), *[PlayedTable(("a", "b"), (250, 250))] * 2]
    rows = _rows("ab", tables, ranking=MOST_POINTS)
    assert [_figures(rows[p]) for p in "ab"] == [(1, 3, 0, 2, 1, 600, -800), (1, 3, 0, 2, 1, 600, -800)]


def test_players_are_ranked_by_the_pk_of_their_records_unless_told():
    players = [SimpleNamespace(pk=1), SimpleNamespace(pk=2)]
    rows = rank_players(players, [PlayedTable((1, 2), (100, 300))], [], ranking=MOST_POINTS)
    assert [(row.team.pk, row.wins, row.losses) for row in rows] == [(2, 1, 0), (1, 0, 1)]


def test_an_unknown_sit_out_rule_is_refused_with_the_rules_there_are():
    with pytest.raises(ValueError) as refused:
        rank_players([], [], [], ranking=MOST_POINTS, sit_out_rule="half_a_win")
    assert str(refused.value) == (
        "The sit-out rule 'half_a_win' is unknown: choose average_win, not_counted or win_no_points.")


def test_the_game_s_measure_comes_first_and_what_contradicts_it_is_dropped():
    order = ["wins", "points", "average", "difference", "cards"]
    assert players_order(MOST_POINTS, order) == ["points", "wins", "average", "difference", "cards"]
    assert players_order(CREDITED_POINTS, order) == ["points", "wins", "average", "difference", "cards"]
    assert players_order(FEWEST_CARDS, order) == ["cards", "wins", "difference"]


def _event(ruleset: str, **fields) -> SimpleNamespace:
    fields.setdefault("standings_order", "wins,points,difference")
    fields.setdefault("rank_by_vp", False)
    fields.setdefault("rule_options", None)
    return SimpleNamespace(ruleset=ruleset, **fields)


def test_an_event_s_order_and_columns_follow_its_game():
    assert event_order(_event("nvso")) == ["wins", "points", "difference"]
    assert event_order(_event("nvso", rank_by_vp=True)) == ["vp", "wins", "points", "difference"]
    assert event_order(_event("nvso", standings_order="vp,points")) == ["points"]  # vp only by rank_by_vp
    assert event_order(_event("five_player")) == ["points", "wins", "difference"]
    assert event_order(_event("fibonacci21_solitaire")) == ["cards", "wins", "difference"]
    assert event_order(_event("canasta21")) == ["points", "wins", "difference"]  # single players by default
    assert event_order(_event("canasta21", rule_options={"partnerships": True})) == ["wins", "points", "difference"]
    assert column_words(_event("nvso")) == {"entrant": "Team", "points": "Points"}
    assert column_words(_event("five_player")) == {"entrant": "Player", "points": "Credited points"}
    assert column_words(_event("fibonacci21_solitaire")) == {"entrant": "Player", "points": "Cards"}
    assert column_words(_event("fibonacci21")) == {"entrant": "Player", "points": "Points"}


def test_only_teams_rank_by_victory_points():
    assert ranks_by_vp(_event("nvso", rank_by_vp=True)) is True
    assert ranks_by_vp(_event("nvso")) is False
    assert ranks_by_vp(_event("five_player", rank_by_vp=True)) is False


def test_the_games_counted_are_results_between_two_teams_or_rounds_of_players():
    rows = [StandingRow(team="a", played=3), StandingRow(team="b", played=2, sit_outs=2),
            StandingRow(team="c", played=1)]
    counted = games_counted(_event("nvso"), rows)  # six team-games: three results, a whole number
    assert type(counted) is int and counted == 3
    assert games_counted(_event("five_player"), rows) == 4  # the most rounds any player has played or sat out
    assert games_counted(_event("five_player"), []) == 0
    assert games_counted(_event("nvso"), []) == 0


def test_a_final_table_counts_with_every_score_and_a_sit_out_once_its_game_is_over():
    """Game 1: table 5 final, table 6 still playing, so d's sit-out waits; game 2: its one table final, so
    e's sit-out counts; game 3's round is finished, so f's counts beside a table never scored; a seat of a
    final table without a score (a withdrawn player's) is left out."""
    playing, finished = Round.Status.PLAYING, Round.Status.FINISHED
    final, scheduled = Game.Status.FINAL, Game.Status.SCHEDULED
    rows = [(1, playing, 5, final, "a", 300), (1, playing, 5, final, "b", 100), (1, playing, 6, scheduled, "c", None),
            (1, playing, None, None, "d", None),
            (2, playing, 7, final, "a", 20), (2, playing, 7, final, "d", 40), (2, playing, 7, final, "x", None),
            (2, playing, None, None, "e", None),
            (3, finished, 8, scheduled, "a", None), (3, finished, None, None, "f", None)]
    played, sit_outs, counted = count_tables(iter(rows))
    assert played == [PlayedTable(("a", "b"), (300, 100)), PlayedTable(("a", "d"), (20, 40))]
    assert sit_outs == ["e", "f"]
    assert counted == {"a", "b", "d", "e", "f"}  # c's table is not final, x has no score

# --- Over a real event, one game each ---------------------------------------------------------------------


@pytest.mark.django_db
def test_six_players_of_the_five_player_game_one_table_and_a_sit_out(director):
    """Six players: five at the table, one sitting out, whose game counts once the table is final."""
    event = make_players_event(director, ruleset="five_player", players=6)
    game = event.latest_round().games.get()
    seats = list(game.seats.order_by("position"))
    sitting = event.teams.exclude(pk__in=[seat.team_id for seat in seats]).get()
    assert not next(r for r in compute_standings(event) if r.team.pk == sitting.pk).sit_outs
    services.record_seat_results(game, {seat: 100 * (5 - n) for n, seat in enumerate(seats)}, director)
    rows = {row.team.pk: row for row in compute_standings(event)}
    credited = [rows[seat.team_id].points for seat in seats]
    assert credited == [800, 600, 400, 700, 500]  # 500 + 300, 400 + 200, 300 + 100, 200 + 500, 100 + 400
    assert rows[seats[0].team_id].rank == 1 and rows[seats[0].team_id].wins == 1
    assert [rows[seat.team_id].losses for seat in seats] == [0, 1, 1, 1, 1]
    assert (rows[sitting.pk].sit_outs, rows[sitting.pk].wins, rows[sitting.pk].played) == (1, 1, 0)


@pytest.mark.django_db
def test_the_entrants_the_core_pairs_carry_the_standings_meetings_and_byes(director):
    event = make_event(director, teams=5)  # tables 1 and 2 play, table 3's North-South sits out
    played = list(Game.objects.filter(round__event=event, status=Game.Status.SCHEDULED).order_by("table__number"))
    services.record_game_result(played[0], ns_total=3000, ew_total=2000, user=director)
    services.record_game_result(played[1], ns_total=2500, ew_total=2500, user=director)
    entrants = {entrant.number: entrant for entrant in standings_entrants(event)}
    winner, loser = entrants[played[0].ns_team_id], entrants[played[0].ew_team_id]
    assert (winner.name, winner.wins, winner.ties, winner.points, winner.difference) == (
        played[0].ns_team.name, 1, 0, 3000, 1000)
    assert [(m.opponent, m.result) for m in winner.meetings] == [(loser.number, "win")]
    assert [(m.opponent, m.result) for m in loser.meetings] == [(winner.number, "loss")]
    tied = entrants[played[1].ns_team_id]
    assert (tied.ties, tied.club, tied.had_bye) == (1, played[1].ns_team.club, False)
    sitting = Game.objects.get(round__event=event, status=Game.Status.SIT_OUT).ns_team_id
    assert entrants[sitting].had_bye is True and entrants[sitting].meetings == ()
