"""The clock and the knockout moved out of the core app: a database of the old schema loses nothing.

The database is taken back to the schema before the move (the core's 0005, scoring's 0002), filled with
the old models as that schema knew them (the bracket and the clock's moments still the core's), and
migrated forward. Every row is found through the new models, the moved tables are the same tables with
the same columns and constraints, and the admin history and permissions that pointed at the moved
models still point at them.
"""

import datetime as dt

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring.models import SheetDecision, SheetDraft, SheetVersion
from tournament.clock.models import ClockEvent
from tournament.core.models import Event, Game, Round, Table
from tournament.knockout.models import Bracket, BracketMatch

BEFORE_THE_MOVE = [
    ("tournament", "0005_clock_time_up_per_deadline"), ("scoring", "0002_director_calls"),
    ("contenttypes", "0002_remove_content_type_name"), ("auth", "0012_alter_user_first_name_max_length"),
    ("admin", "0003_logentry_add_action_flag_choices"),
]
MOVED_TABLES = ("tournament_bracket", "tournament_bracketmatch", "tournament_clockevent")
AT = dt.datetime(2026, 11, 20, 10, 0, tzinfo=dt.UTC)


@pytest.fixture
def executor(transactional_db):
    executor = MigrationExecutor(connection)
    yield executor
    # Whatever happened, the tests that follow find the database at the latest schema.
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()


def migrate(executor: MigrationExecutor, targets) -> None:
    executor.loader.build_graph()
    executor.migrate(targets)
    ContentType.objects.clear_cache()


def schema_of(tables) -> dict:
    """Each table's columns and constraints as the database describes them."""
    with connection.cursor() as cursor:
        return {
            table: (
                [(column.name, column.null_ok) for column in connection.introspection.get_table_description(
                    cursor, table)],
                {name: (tuple(c["columns"] or ()), c["unique"], c["foreign_key"], c["primary_key"])
                 for name, c in connection.introspection.get_constraints(cursor, table).items()},
            )
            for table in tables
        }


def fill_the_old_schema(apps) -> dict:
    """One of everything, written with the models as the old schema knew them; their ids, by name."""
    user = apps.get_model("auth", "User").objects.create(username="director", is_staff=True)
    event = apps.get_model("tournament", "Event").objects.create(name="Before the move", date=AT.date(),
                                                                 format="rotation_then_knockout")
    event.directors.add(user)
    team_model = apps.get_model("tournament", "Team")
    teams = [team_model.objects.create(event=event, number=n, player1=f"Ann {n}", player2=f"Bob {n}", code="1234",
                                       start_table=(n + 1) // 2, start_side="ns" if n % 2 else "ew")
             for n in range(1, 5)]
    tables = [apps.get_model("tournament", "Table").objects.create(event=event, number=n, token=f"token-{n}")
              for n in (1, 2)]
    round_model = apps.get_model("tournament", "Round")
    rotation = round_model.objects.create(event=event, number=1, status="finished", started_at=AT,
                                          pauses=[[AT.isoformat(), AT.isoformat()]])
    knockout = round_model.objects.create(event=event, number=2, phase="knockout", status="playing", started_at=AT)
    game_model = apps.get_model("tournament", "Game")
    played = game_model.objects.create(round=rotation, table=tables[0], ns_team=teams[0], ew_team=teams[1],
                                       status="final", ns_total=5200, ew_total=3100, winner="ns", result_at=AT)
    semi = game_model.objects.create(round=knockout, table=tables[1], ns_team=teams[0], ew_team=teams[2])
    version = apps.get_model("scoring", "SheetVersion").objects.create(
        game=played, number=1, table=tables[0], document={"hands": []}, validation={"valid": True},
        status="accepted", ns_total=5200, ew_total=3100, client_key="key-1", wrong_codes=1)
    decision = apps.get_model("scoring", "SheetDecision").objects.create(version=version, kind="accept")
    draft = apps.get_model("scoring", "SheetDraft").objects.create(game=semi, data={"hands": [{"ns": {}}]})
    moment = apps.get_model("tournament", "ClockEvent").objects.create(
        round=rotation, kind="time_up", due_at=AT, recorded_at=AT + dt.timedelta(seconds=1))
    bracket = apps.get_model("tournament", "Bracket").objects.create(event=event, size=4, team_count=4,
                                                                     seeded_by="standings")
    match_model = apps.get_model("tournament", "BracketMatch")
    first = match_model.objects.create(bracket=bracket, number=1, round_index=1, seed_a=1, seed_b=4,
                                       team_a=teams[0], team_b=teams[2], game=semi)
    second = match_model.objects.create(bracket=bracket, number=2, round_index=1, seed_a=2, seed_b=3,
                                        team_a=teams[1], team_b=teams[3], winner=teams[1], decided_by="walkover")
    final = match_model.objects.create(bracket=bracket, number=3, round_index=2, from_a=first, from_b=second,
                                       team_b=teams[1], seed_b=2)
    # What post_migrate made for the old models, and what points at it: a permission and the admin's log.
    content_type, _ = apps.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="tournament", model="bracket")
    permission, _ = apps.get_model("auth", "Permission").objects.get_or_create(
        content_type=content_type, codename="change_bracket", defaults={"name": "Can change bracket"})
    user.user_permissions.add(permission)
    clock_type, _ = apps.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="tournament", model="clockevent")
    clock_permission, _ = apps.get_model("auth", "Permission").objects.get_or_create(
        content_type=clock_type, codename="view_clockevent", defaults={"name": "Can view clock event"})
    user.user_permissions.add(clock_permission)
    apps.get_model("admin", "LogEntry").objects.create(
        user=user, content_type=content_type, object_id=str(bracket.pk), object_repr="Bracket", action_flag=2)
    return {"user": user.pk, "event": event.pk, "teams": [t.pk for t in teams], "played": played.pk,
            "semi": semi.pk, "version": version.pk, "decision": decision.pk, "draft": draft.pk,
            "moment": moment.pk, "bracket": bracket.pk, "matches": [first.pk, second.pk, final.pk],
            "content_type": content_type.pk, "clock_content_type": clock_type.pk}


def test_moving_the_clock_and_the_knockout_out_of_the_core_loses_no_row(executor):
    migrate(executor, BEFORE_THE_MOVE)
    old_apps = executor.loader.project_state(BEFORE_THE_MOVE).apps
    ids = fill_the_old_schema(old_apps)
    before = schema_of(MOVED_TABLES)

    migrate(executor, executor.loader.graph.leaf_nodes())

    assert schema_of(MOVED_TABLES) == before  # the same tables, columns and constraints
    event = Event.objects.get(pk=ids["event"])
    assert list(event.teams.values_list("pk", flat=True)) == ids["teams"]
    assert Table.objects.filter(event=event).count() == 2 and Round.objects.filter(event=event).count() == 2
    played = Game.objects.get(pk=ids["played"])
    assert (played.ns_total, played.ew_total, played.winner) == (5200, 3100, "ns")
    version = SheetVersion.objects.get(pk=ids["version"])
    assert (version.game_id, version.client_key, version.wrong_codes) == (played.pk, "key-1", 1)
    assert SheetDecision.objects.get(pk=ids["decision"]).version_id == version.pk
    assert SheetDraft.objects.get(pk=ids["draft"]).game_id == ids["semi"]
    moment = ClockEvent.objects.get(pk=ids["moment"])
    assert (moment.round.number, moment.kind, moment.due_at) == (1, "time_up", AT)
    bracket = Bracket.objects.get(pk=ids["bracket"])
    assert bracket.event == event and event.bracket == bracket
    first, second, final = (BracketMatch.objects.get(pk=pk) for pk in ids["matches"])
    assert first.game_id == ids["semi"] and Game.objects.get(pk=ids["semi"]).bracket_match == first
    assert (second.winner_id, second.decided_by) == (ids["teams"][1], "walkover")
    assert (final.from_a, final.from_b, final.team_b_id) == (first, second, ids["teams"][1])
    assert list(bracket.matches.values_list("pk", flat=True)) == ids["matches"]


def test_the_admin_history_and_permissions_of_a_moved_model_follow_it(executor):
    from django.contrib.admin.models import LogEntry
    from django.contrib.auth.models import User

    migrate(executor, BEFORE_THE_MOVE)
    ids = fill_the_old_schema(executor.loader.project_state(BEFORE_THE_MOVE).apps)

    migrate(executor, executor.loader.graph.leaf_nodes())

    content_type = ContentType.objects.get(pk=ids["content_type"])
    assert (content_type.app_label, content_type.model) == ("knockout", "bracket")
    assert ContentType.objects.get_for_model(Bracket) == content_type
    assert User.objects.get(pk=ids["user"]).has_perm("knockout.change_bracket")
    assert ContentType.objects.get_for_model(ClockEvent).pk == ids["clock_content_type"]
    assert User.objects.get(pk=ids["user"]).has_perm("clock.view_clockevent")
    assert LogEntry.objects.get(content_type=content_type).get_edited_object() == Bracket.objects.get(
        pk=ids["bracket"])


def test_the_move_can_be_undone_without_losing_a_row(executor):
    """Migrating back (a rollback of the release) keeps the rows, and gives the content types back."""
    migrate(executor, BEFORE_THE_MOVE)
    ids = fill_the_old_schema(executor.loader.project_state(BEFORE_THE_MOVE).apps)
    migrate(executor, executor.loader.graph.leaf_nodes())

    migrate(executor, BEFORE_THE_MOVE)

    old_apps = executor.loader.project_state(BEFORE_THE_MOVE).apps
    assert old_apps.get_model("tournament", "Bracket").objects.filter(pk=ids["bracket"]).exists()
    assert old_apps.get_model("tournament", "BracketMatch").objects.count() == 3
    assert old_apps.get_model("tournament", "ClockEvent").objects.filter(pk=ids["moment"]).exists()
    content_type = old_apps.get_model("contenttypes", "ContentType").objects.get(pk=ids["content_type"])
    assert content_type.app_label == "tournament"
