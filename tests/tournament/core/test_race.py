"""Seat changes (a withdrawal, a late team) at the same instant as the go-ahead or a result (PostgreSQL
only: SQLite serialises every writer, so it cannot show the race honestly, and it takes no row locks to
look at)."""

import threading
import time

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.factories import make_event
from tournament.clock.services import start_clock
from tournament.core import services
from tournament.core.models import Game, Team

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_withdrawal_waits_for_a_go_ahead_given_at_the_same_instant_and_keeps_the_started_game(director):
    event = make_event(director, teams=4)
    round1 = event.rounds.get()
    game = round1.games.select_related("ns_team__event").get(table__number=1)
    started, release = threading.Event(), threading.Event()
    withdrawn = []

    def go_ahead():
        try:
            with transaction.atomic():
                start_clock(round1, director)
                started.set()
                release.wait(timeout=10)  # the go-ahead not committed yet when the withdrawal comes
        finally:
            connection.close()

    def withdraw():
        try:
            withdrawn.append(services.withdraw_team(game.ns_team, director))
        finally:
            connection.close()

    clock = threading.Thread(target=go_ahead)
    clock.start()
    assert started.wait(timeout=10)
    leaving = threading.Thread(target=withdraw)
    leaving.start()
    leaving.join(timeout=1)
    waited = leaving.is_alive()
    release.set()
    clock.join(timeout=10)
    leaving.join(timeout=10)
    assert waited, "the withdrawal waits for the go-ahead's lock on the round"
    assert withdrawn, "then it goes through"
    kept = Game.objects.get(pk=game.pk)
    assert (kept.ns_team_id, kept.status) == (game.ns_team_id, Game.Status.SCHEDULED), "the game has started"
    assert Team.objects.get(pk=game.ns_team_id).withdrawn_after_game == 1


def test_a_withdrawal_locks_the_round_before_the_game_and_leaves_its_key_to_scoring(director):
    """The clock's order (round, then game); scoring, holding a game's lock, may still log against the round."""
    event = make_event(director, teams=4)
    team = event.rounds.get().games.select_related("ns_team__event").get(table__number=1).ns_team
    with CaptureQueriesContext(connection) as queries:
        services.withdraw_team(team, director)
    locks = [(q["sql"].split(" FROM ", 2)[1].split()[0], q["sql"].rsplit(" FOR ", 1)[1])
             for q in queries.captured_queries if " FOR " in q["sql"] and q["sql"].startswith("SELECT")]
    assert locks[:2] == [('"tournament_round"', "NO KEY UPDATE"),
                         ('"tournament_game"', 'UPDATE OF "tournament_game"')]


def test_a_withdrawal_and_a_result_logged_at_its_table_do_not_deadlock(director):
    """Scoring holds the game's lock, then logs the result against the round (`record_game_result`), while
    the withdrawal holds the round and waits for that game: the log must still go through."""
    event = make_event(director, teams=4)
    round1 = event.rounds.get()
    game = round1.games.select_related("ns_team__event").get(table__number=1)
    locked, done = threading.Event(), {}

    def scoring():
        try:
            with transaction.atomic():
                Game.objects.select_for_update(of=("self",)).get(pk=game.pk)  # as scoring locks the game
                locked.set()
                time.sleep(0.5)  # the withdrawal now holds the round and waits for this game
                services.log_action(event, director, "record_result", round=round1)
            done["scoring"] = "ok"
        except Exception as error:
            done["scoring"] = type(error).__name__
        finally:
            connection.close()

    def withdraw():
        try:
            services.withdraw_team(game.ns_team, director)
            done["withdrawal"] = "ok"
        except Exception as error:
            done["withdrawal"] = type(error).__name__
        finally:
            connection.close()

    first = threading.Thread(target=scoring)
    first.start()
    assert locked.wait(timeout=10)
    second = threading.Thread(target=withdraw)
    second.start()
    first.join(timeout=15)
    second.join(timeout=15)
    assert done == {"scoring": "ok", "withdrawal": "ok"}


def _held_open(work, done: threading.Event, release: threading.Event) -> threading.Thread:
    """`work` in a transaction left uncommitted until `release`: what the other request meets."""

    def run():
        try:
            with transaction.atomic():
                work()
                done.set()
                release.wait(timeout=10)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def _waits_then_runs(work, held: threading.Thread, release: threading.Event) -> bool:
    """Run `work` while `held` is uncommitted; whether it waited for it. Both are over when this returns."""
    failed = []

    def run():
        try:
            work()
        except Exception as error:
            failed.append(error)
        finally:
            connection.close()

    second = threading.Thread(target=run)
    second.start()
    second.join(timeout=1)
    waited = second.is_alive()
    release.set()
    held.join(timeout=10)
    second.join(timeout=10)
    assert not failed, failed
    return waited


def _seated_in(event, number: int) -> set[int]:
    games = Game.objects.filter(round__event=event, round__number=number)
    return {pk for g in games for pk in (g.ns_team_id, g.ew_team_id) if pk is not None}


def test_the_next_game_seated_while_a_withdrawal_is_committed_leaves_the_team_out(director):
    event = make_event(director, teams=4)
    round1 = event.rounds.get()
    start_clock(round1, director)
    team = round1.games.select_related("ns_team__event").get(table__number=1).ns_team
    withdrawn, release = threading.Event(), threading.Event()
    held = _held_open(lambda: services.withdraw_team(team, director), withdrawn, release)
    assert withdrawn.wait(timeout=10)
    waited = _waits_then_runs(lambda: services.advance_to_next_game(event, director, force=True), held, release)
    assert waited, "the seating waits for the withdrawal's lock on the round"
    assert team.pk not in _seated_in(event, 2)
    assert len(_seated_in(event, 2)) == 3


def test_a_withdrawal_while_the_next_game_is_seated_empties_the_seat_in_that_game(director):
    """The withdrawal waits on game 1's round, which the seating finishes: it judges game 2, the latest."""
    event = make_event(director, teams=4)
    round1 = event.rounds.get()
    start_clock(round1, director)
    team = round1.games.select_related("ns_team__event").get(table__number=1).ns_team
    seated, release = threading.Event(), threading.Event()
    held = _held_open(lambda: services.advance_to_next_game(event, director, force=True), seated, release)
    assert seated.wait(timeout=10)
    waited = _waits_then_runs(lambda: services.withdraw_team(team, director), held, release)
    assert waited, "the withdrawal waits for the seating's lock on the round"
    assert team.pk not in _seated_in(event, 2)
    assert Team.objects.get(pk=team.pk).withdrawn_after_game == 1


def test_the_next_game_seated_while_a_late_team_joins_seats_it(director):
    """Three teams leave one seat empty: the late team takes it from game 2 (game 1 has started)."""
    event = make_event(director, teams=3)
    start_clock(event.rounds.get(), director)
    joined, release = threading.Event(), threading.Event()
    late = []
    held = _held_open(lambda: late.append(services.add_team(event, director, player1="Cas", player2="Dee")),
                      joined, release)
    assert joined.wait(timeout=10)
    waited = _waits_then_runs(lambda: services.advance_to_next_game(event, director, force=True), held, release)
    assert waited, "the seating waits for the late team's lock on the round"
    assert late[0].joined_at_game == 2
    assert late[0].pk in _seated_in(event, 2)


def test_a_late_team_locks_the_round_before_the_game_whose_empty_seat_it_takes(director):
    """Before the go-ahead a late team sits down in game 1 itself: that game is locked as a withdrawal and
    scoring lock it, after the round (the clock's order), so no sheet or seat change slips in between."""
    event = make_event(director, teams=3)
    with CaptureQueriesContext(connection) as queries:
        late = services.add_team(event, director, player1="Cas", player2="Dee")
    locks = [(q["sql"].split(" FROM ", 2)[1].split()[0], q["sql"].rsplit(" FOR ", 1)[1])
             for q in queries.captured_queries if " FOR " in q["sql"] and q["sql"].startswith("SELECT")]
    assert locks == [('"tournament_round"', "NO KEY UPDATE"), ('"tournament_game"', 'UPDATE OF "tournament_game"')]
    assert late.joined_at_game == 1 and late.pk in _seated_in(event, 1)
