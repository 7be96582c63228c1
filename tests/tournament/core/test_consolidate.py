"""Consolidating the room after withdrawals, through the services and the director's page: the tables the
withdrawals emptied close, the fewest teams move, and the rest of the day is seated over the open tables."""

from collections import Counter

import pytest
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.urls import reverse

from scoring.standings import compute_standings
from tests.factories import make_event
from tests.scoring.test_query_counts import play_all
from tournament.clock import services as clock
from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.guide import guide
from tournament.core.models import Game, Team

pytestmark = pytest.mark.django_db


def seats(round_) -> dict[int, tuple]:
    return {g.table.number: (g.ns_team_id, g.ew_team_id)
            for g in round_.games.select_related("table").order_by("table__number")}


def withdraw(event, director, *numbers):
    for number in numbers:
        services.withdraw_team(event.teams.get(number=number), director)


def _game2_seated(director, teams=16, games=6, **fields):
    """Game 1 played, game 2 seated and not started."""
    event = make_event(director, teams=teams, games=games, **fields)
    play_all(event.rounds.get(number=1), director)
    services.advance_to_next_game(event, director)
    return event


def test_consolidating_a_seated_game_closes_the_emptied_tables_and_moves_the_fewest(director):
    event = _game2_seated(director)
    round_ = event.latest_round()
    before = seats(round_)
    # Empty the North-South seat of one table and the East-West seat of two others.
    ns_gone = Team.objects.get(pk=before[3][0])
    ew_gone = [Team.objects.get(pk=before[5][1]), Team.objects.get(pk=before[8][1])]
    withdraw(event, director, ns_gone.number, *(t.number for t in ew_gone))
    emptied = seats(round_)
    preview, refusal = services.consolidation_preview(event)
    assert refusal == ""
    # Tables 3 (East-West alone), 5 and 8 (North-South alone): one table closes, table 3, and its East-West
    # team sits at the free East-West seat of table 5; North-South teams do not move.
    assert preview.plan.closed == (3,)
    mover = Team.objects.get(pk=before[3][1])
    assert preview.sentences() == [f"{mover.name} (team {mover.number}) moves from table 3 East-West to "
                                   "table 5 East-West."]
    services.consolidate_tables(event, director)
    after = seats(round_)
    assert 3 not in after and after[5] == (before[5][0], mover.pk)
    assert {t: s for t, s in after.items() if t != 5} == {t: s for t, s in emptied.items() if t not in (3, 5)}
    assert event.tables.get(number=3).closed_from_game == 2
    assert list(event.tables.open().values_list("number", flat=True)) == [1, 2, 4, 5, 6, 7, 8]
    action = event.actions.get(action="consolidate_tables")
    assert action.details["closed"] == [3] and action.details["game"] == 2
    assert action.details["moves"] == [{"team": mover.pk, "from": [3, "ew"], "to": [5, "ew"]}]
    # Nothing more to do: a second try is refused and changes nothing.
    with pytest.raises(TournamentError, match="Nothing to consolidate in game 2"):
        services.consolidate_tables(event, director)


def test_a_whole_event_with_withdrawals_mid_event_played_to_the_end(director):
    """16 teams, 7 games: three withdraw after game 1, two more during game 3 (the room is consolidated for
    game 4 before it is seated); every game then seats each team once at the open tables, North-South stays,
    East-West moves up one open table, and the standings add up the games played."""
    event = _game2_seated(director, games=7, sit_out_rule="not_counted")
    withdraw(event, director, 2, 11, 13)
    services.consolidate_tables(event, director)
    clock.start_clock(event.latest_round(), director)
    play_all(event.latest_round(), director)
    services.advance_to_next_game(event, director)              # game 3
    clock.start_clock(event.latest_round(), director)
    withdraw(event, director, 5, 9)                             # they play game 3; their seats empty from 4
    done = services.consolidate_tables(event, director)         # planned for game 4, not seated yet
    assert done.round_ is None and done.game == 4
    play_all(event.latest_round(), director)
    previous = {}
    for number in range(4, 8):
        services.advance_to_next_game(event, director)
        round_ = event.latest_round()
        assert round_.number == number
        open_numbers = set(event.tables.open().values_list("number", flat=True))
        here = list(event.teams.active())
        games = list(round_.games.select_related("table"))
        assert {g.table.number for g in games} == open_numbers
        seated = Counter(t for g in games for t in (g.ns_team_id, g.ew_team_id) if t is not None)
        assert seated == Counter(t.pk for t in here)
        assert sum(g.status == Game.Status.SIT_OUT for g in games) == len(here) % 2
        if number > 4:
            # North-South stays; East-West moves up to the next open table, from the highest to the lowest.
            ordered = sorted(open_numbers)
            for g in games:
                assert previous[g.table.number][0] == g.ns_team_id
                before = ordered[ordered.index(g.table.number) - 1]
                assert previous[before][1] == g.ew_team_id
        previous.update(seats(round_))
        clock.start_clock(round_, director)
        play_all(round_, director)
    assert len(here) == 11 and len(open_numbers) == 6
    # The standings are the games as played: each team's games, wins and points.
    finals = Game.objects.filter(round__event=event, status=Game.Status.FINAL)
    expected = Counter()
    for g in finals:
        for team, mine, theirs in ((g.ns_team_id, g.ns_total, g.ew_total), (g.ew_team_id, g.ew_total, g.ns_total)):
            expected[team, "played"] += 1
            expected[team, "wins"] += mine > theirs
            expected[team, "points"] += mine
    for row in compute_standings(event):
        assert (row.played, row.wins, row.points) == tuple(expected[row.team.pk, k] for k in
                                                           ("played", "wins", "points"))
    assert sum(row.played for row in compute_standings(event)) == 2 * finals.count()
    # The guide cards print the physical numbers of the open tables only.
    stops = [stop for card in guide(event).cards for stop in card.stops.values() if stop.game >= 4]
    assert {stop.table for stop in stops} <= open_numbers


def test_a_late_team_takes_the_odd_seat_of_the_open_tables(director):
    event = _game2_seated(director, teams=12)
    withdraw(event, director, 1, 2, 3)
    services.consolidate_tables(event, director)
    late = services.add_team(event, director, player1="Late", player2="Comer")
    assert late.joined_at_game == 2
    game = event.latest_round().games.select_related("table").get(Q(ns_team=late) | Q(ew_team=late))
    assert game.table.closed_from_game is None
    assert game.status == Game.Status.SCHEDULED


@pytest.mark.parametrize("teams", [8, 120])
def test_the_queries_do_not_grow_with_the_event(director, teams, django_assert_max_num_queries):
    """5, 22 and 10 queries today at 8 teams and at 120; the bounds leave room for an app that adds a model
    a game's deletion cascades to."""
    event = _game2_seated(director, teams=teams)
    withdraw(event, director, 1, 2, 3, 4)
    with django_assert_max_num_queries(6):
        services.consolidation_preview(event)
    with django_assert_max_num_queries(28):
        services.consolidate_tables(event, director)          # the seated game 2
    clock.start_clock(event.latest_round(), director)
    withdraw(event, director, 5, 6, 7)
    with django_assert_max_num_queries(12):
        services.consolidate_tables(event, director)          # game 3, not seated yet


def test_refusals_say_why_and_change_nothing(director, other_user):
    event = make_event(director, teams=8, games=4)
    with pytest.raises(TournamentError, match="Game 1's seats come from the draw"):
        services.consolidate_tables(event, director)
    clock.start_clock(event.latest_round(), director)
    with pytest.raises(TournamentError, match="Nothing to consolidate in game 2"):
        services.consolidate_tables(event, director)
    withdraw(event, director, 1, 2)
    with pytest.raises(PermissionDenied):
        services.consolidate_tables(event, other_user)
    play_all(event.latest_round(), director)
    services.advance_to_next_game(event, director)
    clock.start_clock(event.latest_round(), director)
    _, refusal = services.consolidation_preview(event)
    assert refusal == ""            # game 3, the next to be seated
    first = event.latest_round().games.exclude(ns_team=None).exclude(ew_team=None).first()
    services.record_game_result(first, ns_total=3000, ew_total=2000, user=director)
    assert not event.tables.exclude(closed_from_game=None).exists()
    assert not event.actions.filter(action="consolidate_tables").exists()


def test_the_director_sees_the_moves_and_confirms_them(client, director):
    event = _game2_seated(director, teams=8, seating_published=True)
    withdraw(event, director, 1, 2, 3)
    client.force_login(director)
    url = reverse("director-consolidate", args=[event.pk])
    seating = client.get(reverse("director-seating", args=[event.pk])).content.decode()
    assert url in seating
    page = client.get(url).content.decode()
    preview, _ = services.consolidation_preview(event)
    for sentence in preview.sentences():
        assert sentence in page
    assert preview.closed_sentence in page
    # A post without the box ticked changes nothing.
    client.post(url, {})
    assert not event.tables.exclude(closed_from_game=None).exists()
    # A plan changed since the page was read (another team withdrew meanwhile) is refused, unchanged.
    withdraw(event, director, 4)
    client.post(url, {"confirmed": "1", "plan": preview.fingerprint})
    assert not event.tables.exclude(closed_from_game=None).exists()
    page = client.get(url).content.decode()
    preview, _ = services.consolidation_preview(event)
    assert f'value="{preview.fingerprint}"' in page
    response = client.post(url, {"confirmed": "1", "plan": preview.fingerprint})
    assert response.status_code == 302
    assert list(event.tables.exclude(closed_from_game=None).values_list("number", flat=True)) == list(
        preview.plan.closed)
    page = client.get(url).content.decode()
    assert "Nothing to consolidate" in page
    seating = client.get(reverse("director-seating", args=[event.pk])).content.decode()
    closed = "; ".join(f"table {n} from game 2" for n in preview.plan.closed)
    assert f"Closed after withdrawals (they keep their numbers): {closed}." in seating


def test_the_room_map_draws_no_arrows_once_the_next_game_is_consolidated(director):
    """While game 2 is played and game 3 is consolidated, "East-West moves up one table" no longer tells
    every team where it goes next: the map leaves the arrows out until game 3 is seated."""
    from tournament.core.publishing import room_answer

    event = _game2_seated(director, teams=10, seating_published=True)
    clock.start_clock(event.latest_round(), director)
    assert "East-West moves after this game" in room_answer(event.pk)[0]["live"].decode()
    withdraw(event, director, 1, 2, 3)
    services.consolidate_tables(event, director)
    assert "East-West moves after this game" not in room_answer(event.pk)[0]["live"].decode()
    play_all(event.latest_round(), director)
    services.advance_to_next_game(event, director)
    assert "East-West moves after this game" in room_answer(event.pk)[0]["live"].decode()


def test_a_paired_game_and_single_players_have_nothing_to_consolidate(director):
    from tests.factories import make_players_event

    event = make_event(director, teams=8, games=1, paired_rounds=2, pairing_method="danish")
    clock.start_clock(event.latest_round(), director)
    withdraw(event, director, 1, 2)
    with pytest.raises(TournamentError, match="Game 2 is paired by the standings"):
        services.consolidate_tables(event, director)
    players = make_players_event(director, ruleset="five_player", players=10)
    _, refusal = services.consolidation_preview(players)
    assert refusal.startswith("An event of single players is seated by the day's plan")


def test_a_withdrawal_that_frees_a_table_says_it_can_close(client, director):
    event = _game2_seated(director, teams=8)
    before = seats(event.latest_round())
    first = Team.objects.get(pk=before[4][1])
    client.force_login(director)
    url = reverse("director-team-withdraw", args=[event.pk, first.pk])
    page = client.post(url, {"confirmed": "1"}, follow=True).content.decode()
    assert "can close" not in page                  # one empty seat: nothing to close yet
    second = Team.objects.get(pk=before[3][0])
    url = reverse("director-team-withdraw", args=[event.pk, second.pk])
    page = client.post(url, {"confirmed": "1"}, follow=True).content.decode()
    assert "Table 3 can close from game 2 (1 team moves): consolidate the tables from the seating page." in page


def test_a_late_team_is_told_its_physical_table_after_a_consolidation(client, director):
    event = _game2_seated(director, teams=12)
    withdraw(event, director, 1, 2, 3)
    services.consolidate_tables(event, director)
    client.force_login(director)
    page = client.post(reverse("director-team-add", args=[event.pk]),
                       {"player1": "Late", "player2": "Comer"}, follow=True).content.decode()
    late = event.teams.get(player1="Late")
    game = event.latest_round().games.select_related("table").get(Q(ns_team=late) | Q(ew_team=late))
    side = "North-South" if game.ns_team_id == late.pk else "East-West"
    assert f"Late / Comer joins at game 2, {side} at table {game.table.number}." in page
    assert services.table_in_game(late, 2) == game.table.number


def test_the_event_page_warns_of_meetings_again_by_the_open_tables(client, director):
    event = _game2_seated(director, teams=10, games=4)
    client.force_login(director)
    assert "teams meet again" not in client.get(reverse("director-event", args=[event.pk])).content.decode()
    withdraw(event, director, 1, 2, 3, 4)
    services.consolidate_tables(event, director)
    page = client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "With 3 tables, teams meet again from game 4 on" in page
