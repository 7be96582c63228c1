"""The knockout's models, taken over from the core with their tables (`tournament_bracket`,
`tournament_bracketmatch`) and rows."""

import django.db.models.deletion
from django.db import migrations, models

from tournament.core.migrations._moved import content_types_mover

move_content_types, move_them_back = content_types_mover(("bracket", "bracketmatch"), old="tournament", new="knockout")

TAKEN_OVER = [
    migrations.CreateModel(
        name='Bracket',
        fields=[
            ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
            ('size', models.PositiveSmallIntegerField(help_text='The field padded to a power of two.')),
            ('team_count', models.PositiveSmallIntegerField()),
            ('third_place', models.BooleanField(default=False)),
            ('seeded_by', models.CharField(choices=[('standings', 'The standings'), ('random', 'A random draw'), ('director', "The director's order")], max_length=20)),
            ('created_at', models.DateTimeField(auto_now_add=True)),
            ('updated_at', models.DateTimeField(auto_now=True)),
            ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='bracket', to='tournament.event')),
        ],
        options={
            'db_table': 'tournament_bracket',
        },
    ),
    migrations.CreateModel(
        name='BracketMatch',
        fields=[
            ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
            ('number', models.PositiveSmallIntegerField(help_text="The plan's match number (M1, M2, ...).")),
            ('round_index', models.PositiveSmallIntegerField(help_text="Bracket round from 1; the final's for third place.")),
            ('is_third_place', models.BooleanField(default=False)),
            ('seed_a', models.PositiveSmallIntegerField(blank=True, null=True)),
            ('seed_b', models.PositiveSmallIntegerField(blank=True, null=True)),
            ('decided_by', models.CharField(blank=True, choices=[('played', 'Played'), ('bye', 'Bye'), ('walkover', 'Walkover'), ('director', "Director's decision")], max_length=20)),
            ('decision_note', models.TextField(blank=True, help_text="The director's reason, for a decided tie.")),
            ('needs_attention', models.BooleanField(default=False)),
            ('attention_note', models.TextField(blank=True)),
            ('pending_correction', models.BooleanField(default=False)),
            ('bracket', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='matches', to='knockout.bracket')),
            ('from_a', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='knockout.bracketmatch')),
            ('from_b', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='knockout.bracketmatch')),
            ('game', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='bracket_match', to='tournament.game')),
            ('pending_winner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournament.team')),
            ('team_a', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournament.team')),
            ('team_b', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournament.team')),
            ('winner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournament.team')),
        ],
        options={
            'db_table': 'tournament_bracketmatch',
            'ordering': ['bracket', 'number'],
            'constraints': [models.UniqueConstraint(fields=('bracket', 'number'), name='bracket_match_number_unique')],
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
