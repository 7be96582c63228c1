"""A table's own extra time moved from the game's row to the clock's: a database from before keeps every
table's minutes, and taking the migration back puts them on the games again."""

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournament.clock.facts import table_extras
from tournament.core.models import Round

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournament", "0009_table_code_unique"), ("clock", "0001_initial")]


def fill(apps) -> None:
    event = apps.get_model("tournament", "Event").objects.create(name="Before", date=dt.date(2026, 11, 20))
    team_model = apps.get_model("tournament", "Team")
    teams = [team_model.objects.create(event=event, number=n, player1=f"A{n}", player2=f"B{n}", code="1234")
             for n in range(1, 7)]
    round_ = apps.get_model("tournament", "Round").objects.create(event=event, number=1)
    game_model = apps.get_model("tournament", "Game")
    for n, extra in ((1, 0), (2, 300), (3, 90)):
        table = apps.get_model("tournament", "Table").objects.create(event=event, number=n, token=f"t-{n}",
                                                                     code=f"ACD23{n}")
        game_model.objects.create(round=round_, table=table, ns_team=teams[2 * n - 2], ew_team=teams[2 * n - 1],
                                  extra_seconds=extra)


def test_the_tables_extra_time_is_carried_over_and_back():
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        fill(executor.loader.project_state(BEFORE).apps)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
        assert table_extras(Round.objects.get()) == {2: 300, 3: 90}
        executor.loader.build_graph()
        executor.migrate(BEFORE)
        apps = executor.loader.project_state(BEFORE).apps
        back = apps.get_model("tournament", "Game").objects.order_by("table__number")
        assert list(back.values_list("table__number", "extra_seconds")) == [(1, 0), (2, 300), (3, 90)]
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
