"""The event's entrants and its numbered tables."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy

from ..codes import new_table_code, new_table_codes, shown_table_code
from .event import Event, Side, new_table_token, new_team_code
from .section import Section


class TeamQuerySet(models.QuerySet):
    def active(self):
        return self.filter(status=Team.Status.ACTIVE)


class Team(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", gettext_lazy("Active")
        WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveIntegerField(help_text=gettext_lazy("Registration order, from 1."))
    player1 = models.CharField(max_length=100)
    # Blank for a single player: the games of single players enter players, not teams (rules.room), and a
    # player is an entrant like a team (imported, seeded, withdrawn, ranked), so the one model holds both.
    player2 = models.CharField(max_length=100, blank=True)
    club = models.CharField(max_length=100, blank=True)
    seed = models.PositiveIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(9999)]
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    code = models.CharField(max_length=4, default=new_team_code, help_text=gettext_lazy("Printed on the team's card."))
    # The room or half of the hall the team plays in (docs/sections.md); None in an event without sections.
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.PROTECT, related_name="teams")
    # The team's place in the movement: the table and side it started at. East-West places move up
    # one table a game; a withdrawal empties the place, a late team takes an empty place.
    start_table = models.PositiveIntegerField(null=True, blank=True)
    start_side = models.CharField(max_length=2, choices=Side.choices, blank=True)
    withdrawn_after_game = models.PositiveIntegerField(
        null=True, blank=True, help_text=gettext_lazy("The last game the team played before withdrawing.")
    )
    joined_at_game = models.PositiveIntegerField(default=1, help_text=gettext_lazy("The first game the team plays."))
    checked_in_at = models.DateTimeField(null=True, blank=True,
                                         help_text=gettext_lazy("When the team said it is here."))
    check_in_misses = models.PositiveSmallIntegerField(
        default=0,
        help_text=gettext_lazy("Wrong team codes typed to check in; past a few, only the director checks it in."))

    objects = TeamQuerySet.as_manager()

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="team_number_unique_in_event"),
        ]

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        return self.name_of(self.player1, self.player2)

    @staticmethod
    def name_of(player1: str, player2: str) -> str:
        """A team's name from its players' names (a single player's own), for a read of values rather than
        teams."""
        return f"{player1} / {player2}" if player2 else player1

    @property
    def is_single_player(self) -> bool:
        return not self.player2

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def is_checked_in(self) -> bool:
        return self.checked_in_at is not None


class TableQuerySet(models.QuerySet):
    def open(self):
        """The tables the movement seats from now on, in the room's order: a table closed by a consolidation
        (`services.consolidate`) keeps its number and its games, and seats nobody again."""
        return self.filter(closed_from_game=None).order_by("number")


class Table(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tables")
    # Numbers stay unique in the event (a section's tables are a run of them), so "table 9" is one table in
    # the hall whatever its section; None in an event without sections.
    number = models.PositiveIntegerField()
    closed_from_game = models.PositiveIntegerField(
        null=True, blank=True,
        help_text=gettext_lazy("The first game nobody plays at this table: the director consolidated the room "
                               "after withdrawals."))
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.PROTECT, related_name="tables")
    token = models.CharField(max_length=64, unique=True, default=new_table_token, editable=False)
    code = models.CharField(max_length=6, default=new_table_code, editable=False,
                            help_text=gettext_lazy("Typed on the front door when the card's QR code will not scan."))

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="table_number_unique_in_event"),
            models.UniqueConstraint(fields=["event", "code"], name="table_code_unique_in_event"),
        ]

    def __str__(self):
        return f"Table {self.number}"

    def get_absolute_url(self):
        return reverse("table-page", args=[self.token])

    @classmethod
    def unsaved(cls, event: "Event", numbers) -> list["Table"]:
        """New tables of the event, each with a code none of its tables has (for `bulk_create`)."""
        numbers = list(numbers)
        codes = new_table_codes(len(numbers), event.tables.values_list("code", flat=True)) if numbers else []
        return [cls(event=event, number=n, code=code) for n, code in zip(numbers, codes, strict=True)]

    @property
    def shown_code(self) -> str:
        return shown_table_code(self.code)
