from django.db import migrations, models


class Migration(migrations.Migration):
    """A table of single players: who kept the score, and which seat answered it."""

    dependencies = [
        ("scoring", "0005_table_calls"),
    ]

    operations = [
        migrations.AddField(
            model_name="sheetversion",
            name="keeper",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True,
                help_text="A table of single players: the seat (1, 2, ...) of the player who kept the score. "
                          "Another seat confirms it. Empty for two sides (North-South keeps the score)."),
        ),
        migrations.AddField(
            model_name="sheetdecision",
            name="seat",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True,
                help_text="A table of single players: the seat of the player who answered."),
        ),
    ]
