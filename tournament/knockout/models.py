"""The knockout as played: a bracket of matches, each one a game at a table once both teams are known.

The plan (which seeds meet, how matches feed each other) comes from the pure `plan`; these
records hold what happened: who is in each slot, how each match was decided, and what needs the
director. A match's game is an ordinary `Game` in a knockout `Round`, so the clock, the table page and
the score sheets work unchanged.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.core.models import Event, Game, Team


class Bracket(models.Model):
    """One event has at most one bracket: the whole event (knockout) or the playoff after the rotation."""

    class SeededBy(models.TextChoices):
        STANDINGS = "standings", _("The standings")
        RANDOM = "random", _("A random draw")
        DIRECTOR = "director", _("The director's order")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="bracket")
    size = models.PositiveSmallIntegerField(help_text=_("The field padded to a power of two."))
    team_count = models.PositiveSmallIntegerField()
    third_place = models.BooleanField(default=False)
    seeded_by = models.CharField(max_length=20, choices=SeededBy.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournament_bracket"  # its table from before the knockout had an app of its own

    def __str__(self):
        return f"Bracket of {self.team_count} for {self.event}"


class BracketMatch(models.Model):
    """A match of the plan. Its two slots fill as the matches feeding it are decided."""

    class DecidedBy(models.TextChoices):
        PLAYED = "played", _("Played")
        BYE = "bye", _("Bye")
        WALKOVER = "walkover", _("Walkover")
        DIRECTOR = "director", _("Director's decision")

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField(help_text=_("The plan's match number (M1, M2, ...)."))
    round_index = models.PositiveSmallIntegerField(help_text=_("Bracket round from 1; the final's for third place."))
    is_third_place = models.BooleanField(default=False)
    # Round 1: the plan's seeds (None for a bye). Later rounds: the seed of the team in the slot, once known.
    seed_a = models.PositiveSmallIntegerField(null=True, blank=True)
    seed_b = models.PositiveSmallIntegerField(null=True, blank=True)
    team_a = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    team_b = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # The matches feeding the slots: their winners, or for the third-place game their losers.
    from_a = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    from_b = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="bracket_match"
    )
    winner = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    decided_by = models.CharField(max_length=20, choices=DecidedBy.choices, blank=True)
    decision_note = models.TextField(blank=True, help_text=_("The director's reason, for a decided tie."))
    needs_attention = models.BooleanField(default=False)
    attention_note = models.TextField(blank=True)
    # A corrected result whose new winner would change games already seated or played: held here until
    # the director confirms. pending_winner None with pending_correction set means a corrected tie.
    pending_correction = models.BooleanField(default=False)
    pending_winner = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        db_table = "tournament_bracketmatch"
        ordering = ["bracket", "number"]
        constraints = [
            models.UniqueConstraint(fields=["bracket", "number"], name="bracket_match_number_unique"),
        ]

    def __str__(self):
        return f"M{self.number}"

    @property
    def loser(self) -> Team | None:
        """The team that lost: the third-place game takes the semi-finals' losers. None for a bye."""
        if self.winner_id is None:
            return None
        if self.winner_id == self.team_a_id:
            return self.team_b
        return self.team_a
