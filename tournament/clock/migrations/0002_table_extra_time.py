"""A table's own extra time moves from the game's row to the clock's own table, copied row for row; the
core's next migration drops the game's column once it is copied."""

import django.db.models.deletion
from django.db import migrations, models


def copy_from_games(apps, schema_editor):
    Game = apps.get_model("tournament", "Game")
    TableExtraTime = apps.get_model("clock", "TableExtraTime")
    extras = Game.objects.exclude(extra_seconds=0).values_list("round_id", "table_id", "extra_seconds")
    TableExtraTime.objects.bulk_create(
        (TableExtraTime(round_id=round_id, table_id=table_id, seconds=seconds)
         for round_id, table_id, seconds in extras.iterator()),
        batch_size=1000,
    )


def copy_back_to_games(apps, schema_editor):
    Game = apps.get_model("tournament", "Game")
    TableExtraTime = apps.get_model("clock", "TableExtraTime")
    for extra in TableExtraTime.objects.iterator():
        Game.objects.filter(round_id=extra.round_id, table_id=extra.table_id).update(extra_seconds=extra.seconds)


class Migration(migrations.Migration):

    dependencies = [
        ("clock", "0001_initial"),
        ("tournament", "0009_table_code_unique"),
    ]

    operations = [
        migrations.CreateModel(
            name="TableExtraTime",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("seconds", models.IntegerField(default=0)),
                ("round", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                            related_name="table_extra_times", to="tournament.round")),
                ("table", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+",
                                            to="tournament.table")),
            ],
            options={
                "ordering": ["round", "table"],
                "constraints": [models.UniqueConstraint(fields=("round", "table"),
                                                        name="clock_extra_time_once_per_table")],
            },
        ),
        migrations.RunPython(copy_from_games, copy_back_to_games),
    ]
