"""A section of an event: a room, or half of a hall, that plays its own movement at its own tables to its
own clock, while the standings rank every section's teams together (docs/sections.md).

An event without sections has none, and its teams, tables and rounds point at no section: it runs exactly
as before. Once an event has sections every active team, every table and every rotation round belongs to
one of them."""

from django.db import models
from django.utils.translation import gettext_lazy

from .event import Event

MAX_SECTIONS = 26  # one letter each


def section_letter(index: int) -> str:
    """A, B, C ... for the sections in their order (from 0)."""
    return chr(ord("A") + index)


class Section(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    letter = models.CharField(max_length=1, help_text=gettext_lazy("A, B, C ...: shown beside its tables and teams."))
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["event", "order"]
        constraints = [
            models.UniqueConstraint(fields=["event", "letter"], name="section_letter_unique_in_event"),
        ]

    def __str__(self):
        return f"Section {self.letter}"
