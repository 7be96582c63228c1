"""A single player withdraws mid-event: the day's plan is not made again, their seat stays empty and their
table plays short, as the game allows; a table left with fewer than the game's fewest players sits that
game out (its players counted by the event's sit-out rule), and the director is told before confirming.
A late player, once game 1 is seated, is refused with the reason."""

import pytest
from django.urls import reverse

from scoring.standings import compute_standings
from tests.factories import make_players_event
from tournament.clock.services import start_clock
from tournament.core import selectors, services
from tournament.core.errors import TournamentError
from tournament.core.models import Game, Seat

pytestmark = pytest.mark.django_db


def table_of(team):
    return team.seats.get(round=team.event.latest_round()).game


def test_a_canasta21_table_of_three_plays_on_with_two(director):
    event = make_players_event(director, ruleset="canasta21", players=10, table_seats="3-4")
    game = next(g for g in event.latest_round().games.all() if g.seats.count() == 3)
    leaving, *staying = [seat.team for seat in game.seats.order_by("position")]
    services.withdraw_team(leaving, director)
    assert [seat.team for seat in game.seats.order_by("position")] == staying
    game.refresh_from_db()
    assert game.status == Game.Status.SCHEDULED  # the game allows two: the table plays short
    services.record_seat_results(game, {staying[0]: 300, staying[1]: 200}, director)
    rows = {row.team: row for row in compute_standings(event)}
    assert (rows[staying[0]].wins, rows[staying[0]].points, rows[staying[1]].losses) == (1, 300, 1)
    assert leaving not in rows  # withdrawn before playing a game: not ranked
    plan = event.seating_plan.plan
    services.advance_to_next_game(event, director, force=True)
    event.refresh_from_db()
    assert event.seating_plan.plan == plan  # not made again
    assert not Seat.objects.filter(team=leaving, round__number=2).exists()


def test_a_five_player_table_left_with_four_sits_game_one_out_and_the_director_is_told(client, director):
    event = make_players_event(director, ruleset="five_player", players=15)
    leaving = event.teams.get(number=4)
    game = table_of(leaving)
    others = [seat.team for seat in game.seats.select_related("team").order_by("position") if seat.team != leaving]
    client.force_login(director)
    url = reverse("director-team-withdraw", args=[event.pk, leaving.pk])
    told = (f"Table {game.table.number} is left with 4 players, fewer than this game&#x27;s 5: "
            f"{', '.join(t.name for t in others)} sit out game 1 (counted by the event&#x27;s rule for a sit-out).")
    assert told in client.get(url).content.decode()
    page = client.post(url, {"confirmed": "1"}, follow=True).content.decode()
    assert told in page
    game.refresh_from_db()
    assert game.status == Game.Status.SIT_OUT and not game.seats.exists()
    seating = selectors.players_seating(event.latest_round())
    assert sorted(out["name"] for out in seating["sitting_out"]) == sorted(t.name for t in others)
    assert selectors.day_of(event, event.latest_round()).games == 2
    for address in (f"/director/events/{event.pk}/", f"/director/events/{event.pk}/seating/"):
        assert (f'<tr><td class="num">{game.table.number}</td>\n      <td>Does not play this game: a withdrawal '
                "left it too few players, and they sit out.</td></tr>") in client.get(address).content.decode()
    with pytest.raises(TournamentError, match=f"Table {game.table.number} does not play this game: too few"):
        services.record_seat_results(game, {team: 100 for team in others}, director)
    # Every other table plays; the four who sat out are credited by the event's rule (a win, and their
    # average: none yet, so no points).
    for other in event.latest_round().games.exclude(pk=game.pk):
        services.record_seat_results(other, {seat: 100 * seat.position for seat in other.seats.all()}, director)
    rows = {row.team: row for row in compute_standings(event)}
    assert all((rows[team].sit_outs, rows[team].wins, rows[team].played) == (1, 1, 0) for team in others)


def test_in_the_games_to_come_a_planned_table_short_of_five_sits_out(director):
    event = make_players_event(director, ruleset="five_player", players=15)
    leaving = event.teams.get(number=4)
    round1 = event.latest_round()
    start_clock(round1, director)  # game 1 has started: the player keeps it
    services.withdraw_team(leaving, director)
    assert table_of(leaving).seats.count() == 5
    plan = event.seating_plan
    planned = next(t for t in plan.game(2)["tables"] if leaving.pk in [plan.entrant_id(p) for p in t["seats"]])
    round2 = services.advance_to_next_game(event, director, force=True)
    short = round2.games.get(table__number=planned["table"])
    assert short.status == Game.Status.SIT_OUT and not short.seats.exists()
    out = set(Seat.objects.filter(round=round2, game=None).values_list("team__number", flat=True))
    numbers = dict(event.teams.values_list("pk", "number"))
    assert out == {numbers[plan.entrant_id(p)] for p in planned["seats"]} - {4} and len(out) == 4
    assert [g.seats.count() for g in round2.games.exclude(pk=short.pk)] == [5, 5]


def test_a_solitaire_player_who_withdraws_leaves_their_table_empty(director):
    event = make_players_event(director, ruleset="fibonacci21_solitaire", players=3)
    leaving = event.teams.get(number=2)
    game = table_of(leaving)
    services.withdraw_team(leaving, director)
    game.refresh_from_db()
    assert game.status == Game.Status.EMPTY
    assert selectors.day_of(event, event.latest_round()).games == 2


def test_the_withdrawal_page_says_what_becomes_of_the_tables_to_come(client, director):
    event = make_players_event(director, ruleset="canasta21", players=10, table_seats="3-4")
    leaving = next(seat.team for seat in Seat.objects.filter(round=event.latest_round()).select_related("team")
                   if seat.game.seats.count() == 4)
    client.force_login(director)
    page = client.get(reverse("director-team-withdraw", args=[event.pk, leaving.pk])).content.decode()
    assert f"Table {table_of(leaving).table.number} plays game 1 without them, 3 players." in page
    assert ("In the games to come, the table the day&#x27;s plan gives them plays one player short; a table left "
            "with fewer than 2 players does not play that game, and its players sit out.") in page
    assert "their opponents sit out" not in page


LATE = ("Game 1 is already seated, and the day's seating plan of single players is made for the players it had: "
        "a late player cannot join it now.")


def test_a_late_player_is_refused_one_by_one_and_by_the_import(director):
    event = make_players_event(director, ruleset="canasta21", players=10, table_seats="3-4")
    with pytest.raises(TournamentError) as one:
        services.add_team(event, director, player1="Late Comer", player2="")
    with pytest.raises(TournamentError) as listed:
        services.import_teams(event, "player,club\nLate Comer,Club 1\n", director)
    assert one.value.message == listed.value.message == LATE
    assert event.teams.count() == 10 and not event.teams.filter(player1="Late Comer").exists()


def test_a_player_left_alone_at_a_table_of_two_sits_out_and_the_page_says_so(client, director):
    event = make_players_event(director, ruleset="fibonacci21", players=4, table_seats="2")
    leaving = event.teams.get(number=1)
    game = table_of(leaving)
    (alone,) = [seat.team for seat in game.seats.exclude(team=leaving)]
    client.force_login(director)
    page = client.get(reverse("director-team-withdraw", args=[event.pk, leaving.pk])).content.decode()
    assert (f"Table {game.table.number} is left with 1 player, fewer than this game&#x27;s 2: {alone.name} sits "
            "out game 1") in page
    services.withdraw_team(leaving, director)
    assert Seat.objects.get(team=alone, round=event.latest_round()).is_sit_out
