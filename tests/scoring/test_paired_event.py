"""A whole event of 3 rotation games then 2 Danish games, through the services and pages a director uses.

7 teams at 4 tables. Game 1 is seated in registration order (table t: team t and team 4 + t; team 4 alone)
and each draw is recorded so that the lower number sits North-South, so the movement gives, worked out by
hand (North-South stays, East-West moves up a table, the empty East-West place with it):

    game 1: 1v5, 2v6, 3v7, 4 sits out      game 2: 1 sits out, 2v5, 3v6, 4v7      game 3: 1v7, 2 sits out, 3v5, 4v6

Every rotation game is won by North-South; team 4 wins by a long sheet (7,585 to 4,145), the others by a
one-hand sheet (2,525 to 2,075). A sit-out is a win with the team's average (the default rule). So after
game 3 (wins, points, difference):

    4: 3, 22,755, +6,880   3: 3, 7,575, +1,350   1 and 2: 3, 7,575, +900 (1 first: equal, by number)
    6 and 7: 0, 8,295, -4,340 (6 first)          5: 0, 6,225, -1,350

Game 4 (Danish): the bye to the lowest-ranked team that has not sat out (3, 5, 6, 7 have not): team 5.
Then 4v3, 1v2, 6v7 down the standings: none has met. Results: 4 beats 3 (long sheet), 1 and 2 tie,
6 beats 7 (one hand). After game 4:

    4: 4 wins, 30,340   3: 3, 11,720   1 and 2: 3 (and a tie), 10,100   6: 1, 10,820   5: 1 (the bye), 8,300
    7: 0, 10,370

Game 5 (Danish): the bye to 7 (3, 6 and 7 have not sat out; 7 is the lowest). Down the standings 4 would
meet 3 again, so 4 meets 1 (the next that keeps the rest free of rematches), then 3v2 and 6v5.
"""

import pytest
from django.db.models import Q
from django.urls import reverse

from scoring import services as scoring
from scoring.standings import compute_standings
from tests.factories import make_event
from tests.scoring.sheets import HANDS, sheet
from tournament.core import services
from tournament.core.models import Event, Game, Round

pytestmark = pytest.mark.django_db

LONG, SHORT = HANDS, HANDS[:1]      # North-South 7,585 v 4,145; 2,525 v 2,075
TIE = [((2200, 325), (2200, 325))]  # 2,525 each


def seats(round_: Round) -> list[tuple]:
    """(table, North-South number, East-West number) of each table with a team, None for an empty seat."""
    return [(g.table.number, g.ns_team.number if g.ns_team else None, g.ew_team.number if g.ew_team else None)
            for g in round_.games.select_related("table", "ns_team", "ew_team").order_by("table__number")
            if g.ns_team or g.ew_team]


def play(round_: Round, results: dict[frozenset, tuple[int | None, list]]) -> None:
    """Each table's sheet through the table's own services: submitted, then accepted by the opponents.
    `results` gives, for a pair of team numbers, the winner's number (None: a tie) and the hands."""
    for game in round_.games.select_related("ns_team", "ew_team", "table", "round__event"):
        if game.ns_team is None or game.ew_team is None:
            continue
        winner, hands = results[frozenset((game.ns_team.number, game.ew_team.number))]
        if winner == game.ew_team.number:
            hands = [(ew, ns) for ns, ew in hands]
        scoring.submit_sheet(game, sheet(hands), f"g{round_.number}-t{game.table.number}")
        scoring.accept_sheet(game, code=game.ew_team.code)


def ranking(event: Event) -> list[int]:
    return [row.team.number for row in compute_standings(event)]


def met_before(event: Event, number: int) -> set[frozenset]:
    return {frozenset((g.ns_team.number, g.ew_team.number)) for g in
            Game.objects.filter(round__event=event, round__number__lt=number, ns_team__isnull=False,
                                ew_team__isnull=False).select_related("ns_team", "ew_team")}


def test_three_rotation_games_then_two_danish_games(director, client):
    event = make_event(director, teams=7, games=3, paired_rounds=2, pairing_method="danish", seed=3)
    for game in event.rounds.get().games.select_related("ns_team", "ew_team", "table", "round__event"):
        if game.ew_team is not None:
            lower = min(game.ns_team, game.ew_team, key=lambda team: team.number)
            services.record_draw(game, director, winner_chose="ns" if game.draw["winner"] == lower.pk else "ew")

    rotation = {1: [(1, 1, 5), (2, 2, 6), (3, 3, 7), (4, 4, None)],
                2: [(1, 1, None), (2, 2, 5), (3, 3, 6), (4, 4, 7)],
                3: [(1, 1, 7), (2, 2, None), (3, 3, 5), (4, 4, 6)]}
    for number, expected in rotation.items():
        round_ = event.rounds.get(number=number)
        assert seats(round_) == expected and round_.pairing == ""
        play(round_, {frozenset((ns, ew)): (ns, LONG if ns == 4 else SHORT) for _, ns, ew in expected if ew})
        services.advance_to_next_game(event, director)

    # --- Game 4: paired by the standings after game 3 ------------------------------------------------
    game4 = event.rounds.get(number=4)
    assert game4.pairing == "danish" and event.rounds.get(number=3).status == Round.Status.FINISHED
    assert seats(game4) == [(1, 4, 3), (2, 1, 2), (3, 6, 7), (4, 5, None)]
    assert game4.games.get(table__number=4).status == Game.Status.SIT_OUT
    play(game4, {frozenset((4, 3)): (4, LONG), frozenset((1, 2)): (None, TIE), frozenset((6, 7)): (6, SHORT)})
    assert ranking(event) == [4, 3, 1, 2, 6, 5, 7]
    rows = {row.team.number: row for row in compute_standings(event)}
    assert (rows[4].wins, rows[4].points, rows[5].wins, rows[5].points, rows[5].sit_outs) == (4, 30340, 1, 8300, 1)

    # --- Game 5: the director's page pairs it ---------------------------------------------------------
    client.force_login(director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "Pair game 5 (Danish)" in page
    response = client.post(reverse("director-advance", args=[event.pk]))
    assert response.status_code == 302
    game5 = event.rounds.get(number=5)
    assert game5.pairing == "danish"
    assert seats(game5) == [(1, 4, 1), (2, 3, 2), (3, 6, 5), (4, 7, None)]
    for number in (4, 5):
        paired = {frozenset((ns, ew)) for _, ns, ew in seats(event.rounds.get(number=number)) if ew}
        assert not paired & met_before(event, number), f"game {number} repeats a meeting"
    play(game5, {frozenset((4, 1)): (4, SHORT), frozenset((3, 2)): (3, SHORT), frozenset((6, 5)): (5, SHORT)})
    assert event.next_game_refusal(game5) == ("All 5 games are seated: 3 rotation games and 2 paired by the "
                                              "standings.")
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "Pair game 6" not in page and "Game 5 of 5 (Danish)" in page


def test_a_paired_game_s_pages_predict_no_rotation_move(director, client):
    """The room map draws no arrows and the team page foretells no seat: the pairing decides the next one."""
    event = make_event(director, teams=8, games=1, paired_rounds=2, seating_published=True)
    round1 = event.rounds.get()
    for game in round1.games.all():
        services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    game1_room = client.get(reverse("public-room", args=[event.pk])).content.decode()
    assert "→" not in game1_room  # game 1 is the last rotation game: the next is paired
    services.advance_to_next_game(event, director)
    game2 = event.rounds.get(number=2)
    assert game2.pairing == "danish"
    game = game2.games.select_related("ns_team", "ew_team", "table").get(table__number=1)
    services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    for name, args in (("public-room", [event.pk]), ("public-seating", [event.pk]),
                       ("public-team", [event.pk, game.ew_team.pk]), ("director-seating", [event.pk])):
        client.force_login(director)
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, name
        text = response.content.decode()
        assert "as the rotation goes" not in text and "→" not in text, name
    table_page = client.get(game.table.get_absolute_url())
    assert table_page.status_code == 200 and game.ew_team.name in table_page.content.decode()


def test_pairing_a_game_costs_the_same_queries_whatever_the_event_s_size(director, django_assert_max_num_queries):
    for teams in (8, 120):
        event = make_event(director, teams=teams, games=1, paired_rounds=1, name=f"{teams} teams")
        for game in event.rounds.get().games.all():
            services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
        with django_assert_max_num_queries(14):  # one more since sections: which to move on
            services.advance_to_next_game(event, director)
        assert event.rounds.get(number=2).games.filter(status=Game.Status.SCHEDULED).count() == teams // 2


def test_two_teams_of_one_club_are_kept_apart_when_the_event_asks(director):
    """Game 1: 1 beats 3 (5,000 to 1,000), 2 beats 4 (3,000 to 2,000): the standings are 1, 2, 4, 3. Danish
    pairs 1v2 and 4v3; with 1 and 2 of one club (and 3 and 4 of another), 1 meets 4 instead (1v3 would be a
    rematch) and 2 meets 3."""
    for avoid, expected in ((False, [(1, 1, 2), (2, 4, 3)]), (True, [(1, 1, 4), (2, 2, 3)])):
        event = make_event(director, teams=4, games=1, paired_rounds=1, pairing_avoids_club=avoid,
                           name=f"clubs {avoid}")
        for team in event.teams.all():
            team.club = "Alkmaar" if team.number <= 2 else "Breda"
            team.save(update_fields=["club"])
        for game in event.rounds.get().games.select_related("ns_team", "ew_team"):
            first = 1 in (game.ns_team.number, game.ew_team.number)
            winner_ns = min(game.ns_team.number, game.ew_team.number) == game.ns_team.number
            win, lose = (5000, 1000) if first else (3000, 2000)
            services.record_game_result(game, ns_total=win if winner_ns else lose,
                                        ew_total=lose if winner_ns else win, user=director)
        assert ranking(event) == [1, 2, 4, 3]
        services.advance_to_next_game(event, director)
        assert seats(event.rounds.get(number=2)) == expected


def test_a_knockout_cannot_have_paired_games(director, client):
    client.force_login(director)
    response = client.post(reverse("director-event-create"), {
        "name": "Cup", "date": "2026-11-20", "format": "knockout", "games": 3, "game_minutes": 50,
        "warning_minutes": 10, "target_score": 8500, "standings_order": "wins,points,difference",
        "sit_out_rule": "average_win", "paired_rounds": 2, "pairing_method": "danish"})
    assert response.status_code == 200 and b"A knockout pairs its games by the bracket" in response.content
    assert not Event.objects.filter(name="Cup").exists()


def test_the_standings_export_is_the_pairing_command_s_standings_file(director, client):
    """The director's CSV carries each team's opponents and sit-outs, so `manage.py pairing --order listed`
    reads it as it is and pairs as the event does."""
    from tournament.core.pairing import pair_as_listed
    from tournament.core.standings_file import read_standings

    event = make_event(director, teams=5, games=1, paired_rounds=1)
    round1 = event.rounds.get()
    for game in round1.games.filter(status=Game.Status.SCHEDULED):
        services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    client.force_login(director)
    text = client.get(reverse("director-standings-csv", args=[event.pk])).content.decode("utf-8-sig")
    entrants, kind = read_standings(text)
    met = {frozenset((g.ns_team.number, g.ew_team.number)) for g in round1.games.select_related("ns_team", "ew_team")
           if g.ns_team and g.ew_team}
    assert kind == "csv" and {frozenset((e.number, m.opponent)) for e in entrants for m in e.meetings} == met
    assert [e.number for e in entrants if e.had_bye] == [g.ns_team.number for g in round1.games.select_related(
        "ns_team").filter(status=Game.Status.SIT_OUT)]
    planned = pair_as_listed(entrants, "danish")
    services.advance_to_next_game(event, director)
    assert [(t.table, t.ns, t.ew) for t in planned.tables] + [(len(planned.tables) + 1, planned.bye, None)] == \
        seats(event.rounds.get(number=2))


def _play_game(event, number, director):
    for game in event.rounds.get(number=number).games.filter(status=Game.Status.SCHEDULED):
        services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)


def _started(round_):
    round_.started_at = round_.created_at
    round_.save()
    return round_


def test_a_late_team_joins_the_next_paired_game_and_is_not_sent_out_of_it(director):
    """8 teams at 4 tables, 1 rotation game then 2 paired; two withdraw after game 1. A team arriving during
    game 2 (paired, started) joins game 3, paired by the standings: the game it missed counts nothing, and
    the bye of game 3 (7 teams) goes to a team that has played every game, not to the newcomer."""
    event = make_event(director, teams=8, games=1, paired_rounds=2)
    _play_game(event, 1, director)
    for number in (7, 8):
        services.withdraw_team(event.teams.get(number=number), director)
    _started(services.advance_to_next_game(event, director))
    late = services.add_team(event, director, player1="Late", player2="Comer")
    assert (late.joined_at_game, late.start_table) == (3, None)
    assert not Game.objects.filter(Q(ns_team=late) | Q(ew_team=late)).exists()
    _play_game(event, 2, director)
    row = next(row for row in compute_standings(event) if row.team.pk == late.pk)
    assert (row.wins, row.points) == (0, 0) and row.rank == max(r.rank for r in compute_standings(event))
    services.advance_to_next_game(event, director)
    game3 = event.rounds.get(number=3).games
    assert game3.get(Q(ns_team=late) | Q(ew_team=late)).status == Game.Status.SCHEDULED
    assert game3.get(status=Game.Status.SIT_OUT).ns_team != late


def test_a_late_team_arriving_before_a_paired_game_starts_takes_the_seat_opposite_the_bye(director):
    event = make_event(director, teams=5, games=1, paired_rounds=1)
    _play_game(event, 1, director)
    services.advance_to_next_game(event, director)
    bye = event.rounds.get(number=2).games.get(status=Game.Status.SIT_OUT)
    late = services.add_team(event, director, player1="Late", player2="Comer")
    bye.refresh_from_db()
    assert (bye.ew_team, bye.status, late.joined_at_game) == (late, Game.Status.SCHEDULED, 2)


def test_a_late_team_with_no_game_left_is_told_so(director):
    from tournament.core.errors import TournamentError

    event = make_event(director, teams=5, games=1, paired_rounds=1)
    _play_game(event, 1, director)
    _started(services.advance_to_next_game(event, director))
    with pytest.raises(TournamentError, match="The games are over: the event has no game left"):
        services.add_team(event, director, player1="Late", player2="Comer")
    assert event.teams.count() == 5


def test_a_late_team_needs_a_table_in_the_paired_game(director):
    from tournament.core.errors import TournamentError

    event = make_event(director, teams=4, games=1, paired_rounds=1)
    with pytest.raises(TournamentError, match="Every table is taken in game 2: 5 teams would need 3 tables, "
                                              "and 2 are open"):
        services.add_team(event, director, player1="Late", player2="Comer")
    assert event.teams.count() == 4


def test_a_late_team_for_a_paired_game_counts_only_the_open_tables(director):
    """Table 2 closed by a consolidation: the paired game is played at 3 tables, so a seventh team is refused
    (it would leave the next pairing short of a table) and nothing changes."""
    from tournament.core.errors import TournamentError

    event = make_event(director, teams=8, games=3, paired_rounds=1)
    _play_game(event, 1, director)
    services.advance_to_next_game(event, director)
    _play_game(event, 2, director)
    third = services.advance_to_next_game(event, director)
    for team in event.teams.filter(number__in=(2, 3)):
        services.withdraw_team(team, director)
    services.consolidate_tables(event, director)    # game 3, seated and not started
    _started(third)
    assert event.tables.open().count() == 3
    with pytest.raises(TournamentError, match="7 teams would need 4 tables, and 3 are open"):
        services.add_team(event, director, player1="Late", player2="Comer")
    assert event.teams.count() == 8


def test_the_director_is_told_where_a_late_team_plays(client, director):
    event = make_event(director, teams=5, games=1, paired_rounds=2)
    _play_game(event, 1, director)
    _started(services.advance_to_next_game(event, director))
    client.force_login(director)
    response = client.post(reverse("director-team-add", args=[event.pk]), {"player1": "Late", "player2": "Comer"},
                           follow=True)
    text = response.content.decode().replace("&#x27;", "'")
    assert "joins at game 3, paired by the standings: its table is given when the game is paired." in text


def test_the_knockout_waits_for_the_paired_games(director):
    """Rotation then knockout, 1 rotation game and 1 paired: after game 1 the playoff is refused (game 2 is not
    seated); after game 2 it is drawn from the standings."""
    from scoring.playoff import start_playoff_from_standings
    from tournament.core.errors import TournamentError

    event = make_event(director, teams=8, games=1, paired_rounds=1, format="rotation_then_knockout",
                       playoff_size=4)
    for game in event.rounds.get().games.all():
        services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    with pytest.raises(TournamentError, match="Only 1 of the 2 rotation games has been played: game 2 is not"):
        start_playoff_from_standings(event, director)
    services.advance_to_next_game(event, director)
    for game in event.rounds.get(number=2).games.all():
        services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    bracket = start_playoff_from_standings(event, director)
    assert bracket.team_count == 4 and event.rounds.get(number=2).status == Round.Status.FINISHED


def test_a_team_withdrawn_before_a_paired_game_starts_leaves_its_opponent_a_sit_out(director):
    """Withdrawn before the go-ahead of game 2 (paired), the team's opponent sits out game 2; game 3 pairs the
    three teams left, and the bye goes to a team that has not sat out."""
    event = make_event(director, teams=4, games=1, paired_rounds=2)
    for game in event.rounds.get().games.all():
        services.record_game_result(game, ns_total=3000, ew_total=2000, user=director)
    services.advance_to_next_game(event, director)
    game2 = event.rounds.get(number=2).games.select_related("ns_team", "ew_team").get(table__number=1)
    leaving, staying = game2.ew_team, game2.ns_team
    services.withdraw_team(leaving, director)
    game2.refresh_from_db()
    assert (game2.ns_team, game2.ew_team, game2.status) == (staying, None, Game.Status.SIT_OUT)
    other = event.rounds.get(number=2).games.get(table__number=2)
    services.record_game_result(other, ns_total=3000, ew_total=2000, user=director)
    services.advance_to_next_game(event, director)
    game3 = seats(event.rounds.get(number=3))
    seated = [team for _, ns, ew in game3 for team in (ns, ew) if team]
    assert sorted(seated) == sorted(t.number for t in event.teams.active())
    bye = [ns for _, ns, ew in game3 if ew is None]
    assert len(bye) == 1 and bye[0] != staying.number
