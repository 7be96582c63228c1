"""The clock's and the knockout's models move to apps of their own (`clock`, `knockout`).

Only Django's record of which app owns them changes: `database_operations` is empty, so their tables
(`tournament_clockevent`, `tournament_bracket`, `tournament_bracketmatch`) and every row in them stay
exactly as they are. The new apps' first migrations take the models over, with the same tables.
"""

from django.db import migrations

STATE_ONLY = [
    migrations.RemoveField(model_name="bracketmatch", name="bracket"),
    migrations.RemoveField(model_name="bracketmatch", name="from_a"),
    migrations.RemoveField(model_name="bracketmatch", name="from_b"),
    migrations.RemoveField(model_name="bracketmatch", name="game"),
    migrations.RemoveField(model_name="bracketmatch", name="pending_winner"),
    migrations.RemoveField(model_name="bracketmatch", name="team_a"),
    migrations.RemoveField(model_name="bracketmatch", name="team_b"),
    migrations.RemoveField(model_name="bracketmatch", name="winner"),
    migrations.RemoveField(model_name="clockevent", name="round"),
    migrations.DeleteModel(name="Bracket"),
    migrations.DeleteModel(name="BracketMatch"),
    migrations.DeleteModel(name="ClockEvent"),
]


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0005_clock_time_up_per_deadline"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=STATE_ONLY, database_operations=[]),
    ]
