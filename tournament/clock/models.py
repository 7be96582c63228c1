"""The clock's moments as they were noticed (one row per moment, however many tasks deliver it), and the
extra time a table has of its own."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class ClockEvent(models.Model):
    """A warning or a time up that has come, recorded once.

    `table` is None for the whole round; a table with its own extra time has its own moments. A warning
    is recorded once per round (or table); a time up once per deadline, since time added after it was up
    gives a new deadline and a new time up (`services.extend_clock`). The conditional unique
    constraints (NULLs are distinct in a plain unique index) make a second record of the same moment
    fail in the database, so two workers racing on it cannot both write it.
    """

    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        TIME_UP = "time_up", _("Time up")

    round = models.ForeignKey("tournament.Round", on_delete=models.CASCADE, related_name="clock_events")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    table = models.PositiveIntegerField(null=True, blank=True, help_text=_("Table number; empty for the round."))
    due_at = models.DateTimeField(help_text=_("When the clock reached the moment."))
    recorded_at = models.DateTimeField(help_text=_("When it was noticed and recorded."))

    class Meta:
        db_table = "tournament_clockevent"  # its table from before the clock had an app of its own
        ordering = ["round", "due_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "kind"], condition=Q(table__isnull=True, kind="warning"),
                name="clock_warning_once_per_round",
            ),
            models.UniqueConstraint(
                fields=["round", "kind", "table"], condition=Q(table__isnull=False, kind="warning"),
                name="clock_warning_once_per_table",
            ),
            models.UniqueConstraint(
                fields=["round", "kind", "due_at"], condition=Q(table__isnull=True, kind="time_up"),
                name="clock_time_up_once_per_round_deadline",
            ),
            models.UniqueConstraint(
                fields=["round", "kind", "table", "due_at"], condition=Q(table__isnull=False, kind="time_up"),
                name="clock_time_up_once_per_table_deadline",
            ),
        ]

    def __str__(self):
        where = f"table {self.table}" if self.table is not None else "all tables"
        return f"{self.get_kind_display()} ({where}) of {self.round}"

    @property
    def lateness_seconds(self) -> float:
        return (self.recorded_at - self.due_at).total_seconds()


class TableExtraTime(models.Model):
    """Extra time the director granted one table in one game, on top of the round's.

    It is the clock's, kept beside the round and not on the game's row: a control holds the round's lock
    and writes here, so it never waits for a game that scoring holds (scoring locks a game, then the round
    when a result ends a bracket round: extra time written on the game deadlocked with that).
    """

    round = models.ForeignKey("tournament.Round", on_delete=models.CASCADE, related_name="table_extra_times")
    table = models.ForeignKey("tournament.Table", on_delete=models.CASCADE, related_name="+")
    seconds = models.IntegerField(default=0)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="clock_extra_time_once_per_table"),
        ]

    def __str__(self):
        return f"{self.seconds} s more at {self.table} in {self.round}"
