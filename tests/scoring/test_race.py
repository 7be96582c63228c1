"""Two requests with the same client key at the same moment store one version (PostgreSQL only:
SQLite serialises every writer, so it cannot show the race honestly)."""

import json
import threading

import pytest
from django.db import connection
from django.test import Client

from scoring import services
from scoring.models import LateSheet, SheetVersion
from tests.factories import make_event
from tests.scoring.sheets import sheet
from tournament.core import services as tournament_services
from tournament.core.models import Game


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_two_requests_racing_with_the_same_key_store_one_version(director, attempt):
    event = make_event(director, teams=4)
    game = Game.objects.get(round__event=event, table__number=1)
    url = f"/api/v1/tables/{game.table.token}/sheet/"
    body = json.dumps(sheet())
    start = threading.Barrier(4)
    answers = []

    def submit():
        try:
            start.wait(timeout=10)
            response = Client().post(url, data=body, content_type="application/json",
                                     HTTP_IDEMPOTENCY_KEY="the-same-key")
            answers.append((response.status_code, response.json()))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(answers) == 4
    assert {status for status, _ in answers} == {201}
    assert len({json.dumps(body, sort_keys=True) for _, body in answers}) == 1  # the same answer
    assert SheetVersion.objects.filter(game=game).count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_racing_different_keys_get_consecutive_versions(director):
    event = make_event(director, teams=4)
    game = Game.objects.get(round__event=event, table__number=1)
    url = f"/api/v1/tables/{game.table.token}/sheet/"
    start = threading.Barrier(3)
    codes = []

    def submit(n):
        try:
            start.wait(timeout=10)
            hands = [((2200, 325), (1800, 275))] * 1 + [((100, 5 * n), (100, 0))]
            response = Client().post(url, data=json.dumps(sheet(hands=hands)), content_type="application/json",
                                     HTTP_IDEMPOTENCY_KEY=f"key-{n}")
            codes.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert codes == [201, 201, 201]
    rows = list(SheetVersion.objects.filter(game=game).order_by("number").values_list("number", "status"))
    assert rows == [(1, "superseded"), (2, "superseded"), (3, "submitted")]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_late_sheet_racing_with_its_own_retries_is_kept_once(director):
    event = make_event(director, teams=4)
    game = Game.objects.select_related("round__event", "table").get(round__event=event, table__number=1)
    services.director_enter_paper_sheet(game, sheet(), director)
    tournament_services.advance_to_next_game(event, director, force=True)
    url = f"/api/v1/tables/{game.table.token}/sheet/?game={game.pk}"
    body = json.dumps(sheet(hands=[((2200, 325), (1800, 275))]))
    start = threading.Barrier(4)
    answers = []

    def submit():
        try:
            start.wait(timeout=10)
            response = Client().post(url, data=body, content_type="application/json",
                                     HTTP_IDEMPOTENCY_KEY="late-key")
            answers.append((response.status_code, response.json()))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(answers) == 4 and {status for status, _ in answers} == {202}
    assert len({json.dumps(answer, sort_keys=True) for _, answer in answers}) == 1
    assert LateSheet.objects.filter(game=game).count() == 1
    assert not SheetVersion.objects.filter(game__round__number=2).exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_two_phones_calling_the_director_at_the_same_moment_make_one_call(director, attempt):
    from scoring.models import DirectorCall

    event = make_event(director, teams=4)
    table = event.tables.get(number=1)
    url = f"/api/v1/tables/{table.token}/call/"
    start = threading.Barrier(4)
    answers = []

    def press():
        try:
            start.wait(timeout=10)
            response = Client().post(url, data="{}", content_type="application/json")
            answers.append((response.status_code, response.json()["call"]["id"]))
        finally:
            connection.close()

    threads = [threading.Thread(target=press) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(answers) == 4
    assert sorted(status for status, _ in answers) == [200, 200, 200, 201]
    assert len({call for _, call in answers}) == 1
    assert DirectorCall.objects.filter(table=table).count() == 1
