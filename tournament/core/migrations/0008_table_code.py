"""Every table gets a short code, typed on the front door when the card's QR code will not scan.

The column is added empty and each event's existing tables are given codes distinct within the event (a
callable default in AddField would give every row the same one); the next migration asks for uniqueness,
in a transaction of its own (PostgreSQL will not alter a table with row updates pending in the same one).
"""

from django.db import migrations, models

import tournament.core.codes


def give_codes(apps, schema_editor):
    Table = apps.get_model("tournament", "Table")
    events = Table.objects.values_list("event_id", flat=True).distinct()
    for event_id in events:
        tables = list(Table.objects.filter(event_id=event_id).only("pk"))
        codes = tournament.core.codes.new_table_codes(len(tables), ())
        for table, code in zip(tables, codes, strict=True):
            table.code = code
        Table.objects.bulk_update(tables, ["code"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0007_event_asks_opponent_code"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="code",
            field=models.CharField(default="", editable=False, max_length=6),
            preserve_default=False,
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
    ]
