"""Opponents confirm by default: a new event asks for East-West's team code, an old one keeps its choice.

Without the code, the scorekeeper could accept their own sheet and no one from East-West would have
confirmed anything (issue 10, point 10). The director can still turn it off, on the event's form.
"""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from tournament.core.models import Event

BEFORE = [("tournament", "0006_clock_and_knockout_move_out")]
FIELDS = {
    "name": "Spring cup", "date": "2026-11-21", "format": "rotation", "games": 3, "game_minutes": 50,
    "warning_minutes": 10, "target_score": 8500, "sit_out_rule": "average_win",
    "standings_order": "wins,points,difference",
}


@pytest.mark.django_db
def test_the_new_event_form_starts_with_the_team_code_asked(client, director):
    client.force_login(director)
    page = client.get(reverse("director-event-create")).content.decode()
    assert 'id="id_require_opponent_code" checked>' in page


@pytest.mark.django_db
def test_the_director_turns_the_team_code_on_or_off_on_the_form(client, director):
    client.force_login(director)
    client.post(reverse("director-event-create"), {**FIELDS, "require_opponent_code": "on"})
    client.post(reverse("director-event-create"), {**FIELDS, "name": "Club night"})  # the box left empty
    asks = dict(Event.objects.values_list("name", "require_opponent_code"))
    assert asks == {"Spring cup": True, "Club night": False}


@pytest.fixture
def executor(transactional_db):
    executor = MigrationExecutor(connection)
    yield executor
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_events_made_before_the_change_keep_their_setting(executor, director):
    executor.migrate(BEFORE)
    OldEvent = executor.loader.project_state(BEFORE).apps.get_model("tournament", "Event")
    OldEvent.objects.create(name="Old club night", date="2026-01-10")
    OldEvent.objects.create(name="Old cup", date="2026-01-11", require_opponent_code=True)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    asks = dict(Event.objects.values_list("name", "require_opponent_code"))
    assert asks == {"Old club night": False, "Old cup": True}
