"""The clock's model, taken over from the core with its table (`tournament_clockevent`) and rows."""

import django.db.models.deletion
from django.db import migrations, models

from tournament.core.migrations._moved import content_types_mover

move_content_types, move_them_back = content_types_mover(("clockevent",), old="tournament", new="clock")

TAKEN_OVER = [
    migrations.CreateModel(
        name='ClockEvent',
        fields=[
            ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
            ('kind', models.CharField(choices=[('warning', 'Warning'), ('time_up', 'Time up')], max_length=10)),
            ('table', models.PositiveIntegerField(blank=True, help_text='Table number; empty for the round.', null=True)),
            ('due_at', models.DateTimeField(help_text='When the clock reached the moment.')),
            ('recorded_at', models.DateTimeField(help_text='When it was noticed and recorded.')),
            ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='clock_events', to='tournament.round')),
        ],
        options={
            'db_table': 'tournament_clockevent',
            'ordering': ['round', 'due_at', 'id'],
            'constraints': [models.UniqueConstraint(condition=models.Q(('kind', 'warning'), ('table__isnull', True)), fields=('round', 'kind'), name='clock_warning_once_per_round'), models.UniqueConstraint(condition=models.Q(('kind', 'warning'), ('table__isnull', False)), fields=('round', 'kind', 'table'), name='clock_warning_once_per_table'), models.UniqueConstraint(condition=models.Q(('kind', 'time_up'), ('table__isnull', True)), fields=('round', 'kind', 'due_at'), name='clock_time_up_once_per_round_deadline'), models.UniqueConstraint(condition=models.Q(('kind', 'time_up'), ('table__isnull', False)), fields=('round', 'kind', 'table', 'due_at'), name='clock_time_up_once_per_table_deadline')],
        },
    ),
]


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("tournament", "0006_clock_and_knockout_move_out"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        # The tables exist (made by the core's migrations 0002 to 0005) and keep their names and rows.
        migrations.SeparateDatabaseAndState(state_operations=TAKEN_OVER, database_operations=[]),
        migrations.RunPython(move_content_types, move_them_back),
    ]
