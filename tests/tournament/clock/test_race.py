"""The clock's controls at the same instant as a result at a table (PostgreSQL only: SQLite serialises every
writer, so it cannot show the race honestly, and it takes no row locks to look at)."""

import threading
import time

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from scoring import services as scoring
from tests.factories import make_event
from tournament.clock.facts import table_extras
from tournament.clock.services import extend_clock, pause_clock, start_clock
from tournament.core.models import Game
from tournament.core.services import record_game_result

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _in_thread(done: dict, name: str, work) -> threading.Thread:
    def run():
        try:
            work()
            done[name] = "ok"
        except Exception as error:
            done[name] = f"{type(error).__name__}: {error}"
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_extra_time_for_a_table_and_a_result_accepted_there_do_not_deadlock(director):
    """Scoring holds the game's lock and then logs the result against the round and the event (a key-share
    lock on both), while the extension holds the round and waits for that game: both must go through."""
    event = make_event(director, teams=4)
    round1 = event.rounds.get()
    start_clock(round1, director)
    game = round1.games.get(table__number=1)
    locked, done = threading.Event(), {}

    def accept():
        with transaction.atomic():
            held = scoring.locked_game(game)  # the lock every scoring write opens with
            locked.set()
            time.sleep(0.5)  # the extension now holds the round and waits for this game
            record_game_result(held, ns_total=3000, ew_total=2000, reason="Accepted at the table.")

    first = _in_thread(done, "accept", accept)
    assert locked.wait(timeout=10)
    second = _in_thread(done, "extend", lambda: extend_clock(round1, director, minutes=5, table=1))
    first.join(timeout=15)
    second.join(timeout=15)
    assert done == {"accept": "ok", "extend": "ok"}
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINAL
    assert table_extras(round1) == {1: 300}


def test_a_clock_control_locks_only_the_round_and_leaves_its_key_to_scoring(director):
    """No key update of the round alone (not its event, joined in): a result logged against them still goes
    through, and a second control still waits for the first (no key update excludes no key update)."""
    event = make_event(director, teams=4)
    round1 = event.rounds.get()
    start_clock(round1, director)
    with CaptureQueriesContext(connection) as queries:
        extend_clock(round1, director, minutes=5, table=1)
    locks = [q["sql"].rsplit(" FOR ", 1)[1] for q in queries.captured_queries
             if q["sql"].startswith("SELECT") and " FOR " in q["sql"]]
    assert locks == ['NO KEY UPDATE OF "tournament_round"']


def test_a_second_clock_control_waits_for_the_first(director):
    event = make_event(director, teams=4)
    round1 = event.rounds.get()
    start_clock(round1, director)
    paused, release, done = threading.Event(), threading.Event(), {}

    def pause():
        with transaction.atomic():
            pause_clock(round1, director)
            paused.set()
            release.wait(timeout=10)  # the pause not committed yet when the extension comes

    first = _in_thread(done, "pause", pause)
    assert paused.wait(timeout=10)
    second = _in_thread(done, "extend", lambda: extend_clock(round1, director, minutes=5))
    second.join(timeout=1)
    waited = second.is_alive()
    release.set()
    first.join(timeout=10)
    second.join(timeout=10)
    assert waited, "the extension waits for the pause's lock on the round"
    assert done == {"pause": "ok", "extend": "ok"}


def test_extra_time_for_a_table_and_the_result_that_ends_a_bracket_round_do_not_deadlock(director):
    """The last result of a knockout round seats the next round, which updates the round the extension
    holds, while the scoring lock on that table's game is held: the extension must not wait for the game."""
    from tests.tournament.knockout.test_play import draw, knockout, m, play

    event = knockout(director, teams=4)
    draw(event, director)
    semis = m(event, 1).game.round
    start_clock(semis, director)
    play(event, 1, 1, director)  # the other semi-final is decided: the next result ends the round
    game = m(event, 2).game
    locked, done = threading.Event(), {}

    def accept():
        with transaction.atomic():
            held = scoring.locked_game(game)
            locked.set()
            time.sleep(0.5)  # the extension now holds the round
            record_game_result(held, ns_total=5200, ew_total=3000, reason="Accepted at the table.")

    first = _in_thread(done, "accept", accept)
    assert locked.wait(timeout=10)
    second = _in_thread(done, "extend", lambda: extend_clock(semis, director, minutes=5,
                                                             table=game.table.number))
    first.join(timeout=15)
    second.join(timeout=15)
    assert done == {"accept": "ok", "extend": "ok"}
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINAL
    assert m(event, 3).game is not None, "the final is seated"
    assert table_extras(semis) == {game.table.number: 300}
