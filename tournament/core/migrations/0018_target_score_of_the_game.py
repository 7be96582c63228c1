from django.core.validators import MaxValueValidator
from django.db import migrations, models


def blank_where_never_applied(apps, schema_editor):
    """The 8,500 every event got by default was NVSO's and was applied to NVSO sheets only: for the other
    games it meant nothing, and kept would now replace their own target. Blank keeps the game's own."""
    Event = apps.get_model("tournament", "Event")
    Event.objects.exclude(ruleset="nvso").update(target_score=None)


def back_to_the_default(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    Event.objects.filter(target_score=None).update(target_score=8500)


class Migration(migrations.Migration):

    dependencies = [("tournament", "0017_paired_rounds")]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="target_score",
            field=models.PositiveIntegerField(
                blank=True, null=True, validators=[MaxValueValidator(1_000_000)],
                help_text="The score a game is played to; blank: the game's own (NVSO 8,500). The rule set judges it."),
        ),
        migrations.RunPython(blank_where_never_applied, back_to_the_default),
    ]
