"""A table's own extra time now lives with the clock (`clock.TableExtraTime`), which has copied it: the
game's column goes. A clock control writing on the game's row waited for a game that scoring held, while
scoring waited for the round the control held, when a result ended a bracket round."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0009_table_code_unique"),
        ("clock", "0002_table_extra_time"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="game",
            name="extra_seconds",
        ),
    ]
