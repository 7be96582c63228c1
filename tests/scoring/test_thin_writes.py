"""A submission and an accept do the least work that keeps their guarantees: rows found by their keys
without the models' ordering joins, one look for a replayed key, the game's row locked alone, no savepoint
that nothing rolls back to, and no bracket lookup in a rotation game."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_event
from tests.scoring.sheets import sheet
from tournament.core.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(director):
    event = make_event(director, teams=8, require_opponent_code=True)
    return Game.objects.select_related("ew_team", "table").filter(round__event=event).first()


def sent(client, game, path, body, **headers):
    """The statements one table request ran (the test's own transaction makes the request's outermost
    atomic block a savepoint: that one is not the request's doing)."""
    url = f"/api/v1/tables/{game.table.token}/sheet/{path}?game={game.pk}"
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, data=json.dumps(body), content_type="application/json", **headers)
    assert response.status_code in (200, 201), response.content
    return [query["sql"] for query in queries.captured_queries]


def submitted(client, game, key="k1"):
    return sent(client, game, "", sheet(), HTTP_IDEMPOTENCY_KEY=key)


def game_locks(statements: list[str]) -> list[str]:
    """The statements that read the game's row, and on PostgreSQL only those that lock it (SQLite has no
    row locks: there, any read of the game)."""
    reads = [sql for sql in statements if sql.startswith('SELECT "tournament_game"')]
    return [sql for sql in reads if sql.endswith("FOR UPDATE")] if connection.vendor == "postgresql" else reads


def test_a_submission_finds_its_rows_by_key_without_ordering_joins(client, seated):
    statements = submitted(client, seated)
    table_lookups = [sql for sql in statements if sql.startswith('SELECT "tournament_table"')]
    assert len(table_lookups) == 1 and "JOIN" not in table_lookups[0] and "ORDER BY" not in table_lookups[0]
    ordered = [sql for sql in statements if "ORDER BY" in sql]
    assert len(ordered) == 1 and "scoring_sheetversion" in ordered[0]  # the latest version, by its number


def test_a_submission_looks_for_its_key_once(client, seated):
    statements = submitted(client, seated)
    assert sum("scoring_latesheet" in sql for sql in statements) == 1  # versions and late sheets, one query
    assert len(statements) <= 8


def test_the_game_row_is_locked_alone(client, seated):
    statements = submitted(client, seated)
    game_reads = [sql for sql in statements if sql.startswith('SELECT "tournament_game"')]
    lock = game_reads[-1]
    assert "JOIN" not in lock and "ORDER BY" not in lock
    if connection.vendor == "postgresql":
        assert lock.endswith("FOR UPDATE")
    assert "scoring_penalty" not in lock  # a table's sheet never makes the result final: no penalties read


def test_an_accept_reads_the_penalties_with_its_lock(client, seated):
    """The accept makes the result final, less the game's penalties: read in the locking statement, with
    no statement of their own."""
    submitted(client, seated)
    statements = sent(client, seated, "accept/", {"code": seated.ew_team.code})
    penalties = [sql for sql in statements if "scoring_penalty" in sql]
    assert len(penalties) == 1 and penalties[0].startswith('SELECT "tournament_game"')
    if connection.vendor == "postgresql":
        assert penalties[0].endswith("FOR UPDATE")


def test_a_dispute_locks_the_game_without_its_penalties(client, seated):
    """A dispute only calls the director: it never makes the result final, so it reads no penalty."""
    submitted(client, seated)
    statements = sent(client, seated, "dispute/", {"reason": "We counted a red three."})
    assert game_locks(statements)
    assert not any("scoring_penalty" in sql for sql in statements)


@pytest.fixture
def players_game(director):
    from tests.factories import make_players_event

    event = make_players_event(director, ruleset="five_player", players=10, require_opponent_code=False)
    return Game.objects.select_related("round__event", "table").filter(round__event=event).first()


@pytest.mark.parametrize("decision", ["accept", "dispute", "director"])
def test_a_table_of_single_players_locks_its_game_without_penalties(players_game, director, decision):
    """Penalties are given to two teams only (`rulings`): a table of single players has none to read, and
    its sheet still becomes every seat's result."""
    from scoring import seat_sheets
    from tests.scoring.test_table_of_any_game import seat_sheet

    document = seat_sheet(players_game, "five_player")
    if decision != "director":
        seat_sheets.submit_seat_sheet(players_game, document, "k1")
    with CaptureQueriesContext(connection) as queries:
        if decision == "accept":
            seat_sheets.accept_seat_sheet(players_game, seat=2)
        elif decision == "dispute":
            seat_sheets.dispute_seat_sheet(players_game, reason="A red three was left out.", seat=2)
        else:
            seat_sheets.director_correct_seats(players_game, document, director, reason="From the paper sheet.")
    statements = [query["sql"] for query in queries.captured_queries]
    assert game_locks(statements)
    assert not any("scoring_penalty" in sql for sql in statements)
    players_game.refresh_from_db()
    assert players_game.status == (Game.Status.SCHEDULED if decision == "dispute" else Game.Status.FINAL)


def test_an_accept_makes_no_savepoint_of_its_own_and_never_reads_the_bracket(client, seated):
    submitted(client, seated)
    statements = sent(client, seated, "accept/", {"code": seated.ew_team.code})
    assert sum(sql.startswith("SAVEPOINT") for sql in statements) == 1  # the test's, for the outermost block
    assert not any("tournament_bracket" in sql for sql in statements)
    assert len(statements) <= 11


def test_a_replay_answers_from_its_one_look(client, seated):
    submitted(client, seated)
    statements = submitted(client, seated)
    assert not any(sql.startswith(("SAVEPOINT", "INSERT", "UPDATE")) for sql in statements)
    assert len(statements) == 4  # table, game, the key's look, the version it found


@pytest.fixture
def first_look_misses(monkeypatch):
    """The look before the lock misses, as when a twin request stores its sheet just after it."""
    from scoring import services

    real, calls = services._replay, []

    def looked(*args):
        calls.append(args)
        return None if len(calls) == 1 else real(*args)

    monkeypatch.setattr(services, "_replay", looked)


@pytest.mark.parametrize("accepted", [False, True], ids=["waiting", "accepted since"])
def test_a_twin_whose_first_look_missed_gets_the_first_answer_and_stores_nothing(seated, accepted, request):
    from scoring import services
    from scoring.models import SheetVersion

    first = services.submit_sheet(seated, sheet(), "twin")
    if accepted:
        services.accept_sheet(seated, code=seated.ew_team.code)
    request.getfixturevalue("first_look_misses")
    again = services.submit_sheet(Game.objects.select_related("round__event", "table").get(pk=seated.pk),
                                  sheet(), "twin")
    assert again.replayed and again.version.pk == first.version.pk
    assert list(SheetVersion.objects.filter(game=seated).values_list("status", flat=True)) == [
        "accepted" if accepted else "submitted"]


def test_the_locked_game_never_keeps_a_team_the_row_no_longer_seats(seated):
    """A late team took East-West's seat after the request read the game: the lock reads the row again and
    carries over only what still matches it."""
    from scoring.services import locked_game
    from tournament.core.models import Team

    other = Team.objects.filter(event=seated.round.event).exclude(
        pk__in=[seated.ns_team_id, seated.ew_team_id]).first()
    Game.objects.filter(pk=seated.pk).update(ew_team=other)
    locked = locked_game(seated)
    assert locked.ew_team_id == other.pk and locked.ew_team == other
    assert locked.round is seated.round and locked.table is seated.table  # these never change


def test_a_draft_locks_the_game_without_its_penalties(seated):
    """Two devices saving a draft at once take turns on the game's row; a draft never makes a result final."""
    from scoring import drafts

    with CaptureQueriesContext(connection) as queries:
        drafts.save_draft(seated, {"hands": []})
    game_reads = [query["sql"] for query in queries.captured_queries
                  if query["sql"].startswith('SELECT "tournament_game"')]
    assert game_reads and not any("scoring_penalty" in sql for sql in game_reads)
    if connection.vendor == "postgresql":
        assert game_reads[-1].endswith("FOR UPDATE")
