"""New events ask for East-West's team code before a sheet is accepted (issue 10, point 10).

Only the default changes: Django keeps defaults in Python, not in the database, so no row is written and
every existing event keeps the setting its director chose (or the old default of not asking).
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0006_clock_and_knockout_move_out"),
    ]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="require_opponent_code",
            field=models.BooleanField(
                default=True,
                help_text="Opponents type their 4-digit team code to accept a sheet, so that the scorekeeper "
                          "cannot accept their own.",
            ),
        ),
    ]
