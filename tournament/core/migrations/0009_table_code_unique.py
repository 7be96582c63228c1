"""A table's code is unique within its event, now that every table has one (0008)."""

from django.db import migrations, models

import tournament.core.codes


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0008_table_code"),
    ]

    operations = [
        migrations.AlterField(
            model_name="table",
            name="code",
            field=models.CharField(
                default=tournament.core.codes.new_table_code, editable=False, max_length=6,
                help_text="Typed on the front door when the card's QR code will not scan.",
            ),
        ),
        migrations.AddConstraint(
            model_name="table",
            constraint=models.UniqueConstraint(fields=("event", "code"), name="table_code_unique_in_event"),
        ),
    ]
