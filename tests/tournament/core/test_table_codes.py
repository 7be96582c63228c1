"""A table's short code: read however a player types it, printed in two groups, distinct in its event,
and given to the tables of events made before codes existed."""

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournament.core.codes import TABLE_CODE_ALPHABET, new_table_codes, read_typed, shown_table_code
from tournament.core.models import Table


@pytest.mark.parametrize(("typed", "read"), [
    ("4kx7mp", ("4KX7MP", "")), (" 4KX-7MP ", ("4KX7MP", "")), ("4kx 7mp", ("4KX7MP", "")),
    ("http://192.0.2.10:8000/t/AbC_dEf-0123456789xy/", ("", "AbC_dEf-0123456789xy")),
    ("/t/AbC_dEf-0123456789xy", ("", "AbC_dEf-0123456789xy")),
    ("AbC_dEf-0123456789xy", ("", "AbC_dEf-0123456789xy")),
    ("<script>", ("SCRIPT", "")),
])
def test_what_a_player_types_is_read_as_a_code_or_a_pasted_link(typed, read):
    assert read_typed(typed) == read


def test_codes_avoid_the_characters_people_mix_up():
    assert not set("01OIL5SB8UV") & set(TABLE_CODE_ALPHABET)


def test_many_new_codes_are_distinct_and_avoid_those_taken():
    taken = set(new_table_codes(300, ()))
    fresh = new_table_codes(400, taken)
    assert len(set(fresh)) == 400 and not set(fresh) & taken


def test_a_code_is_printed_in_two_groups_of_three():
    assert shown_table_code("4KX7MP") == "4KX-7MP"


@pytest.mark.django_db(transaction=True)
def test_tables_made_before_codes_get_codes_distinct_within_their_event():
    executor = MigrationExecutor(connection)
    before = [("tournament", "0007_event_asks_opponent_code")]
    try:
        executor.migrate(before)
        apps = executor.loader.project_state(before).apps
        event_model = apps.get_model("tournament", "Event")
        table_model = apps.get_model("tournament", "Table")
        for name in ("One", "Two"):
            event = event_model.objects.create(name=name, date=dt.date(2026, 11, 20))
            for n in range(1, 41):
                table_model.objects.create(event=event, number=n, token=f"{name}-token-{n}")
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    for event_id in Table.objects.values_list("event_id", flat=True).distinct():
        codes = list(Table.objects.filter(event_id=event_id).values_list("code", flat=True))
        assert len(codes) == 40 and len(set(codes)) == 40
        assert all(len(c) == 6 and set(c) <= set(TABLE_CODE_ALPHABET) for c in codes)
