"""The event's games (rounds) and each table's game in them."""

from django.db import models
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from ..questions import games_with_sheets
from .event import Event, Side
from .section import Section
from .team import Table, Team


class Round(models.Model):
    """One game of the event played at every table at once (the NVSO rules call it a game)."""

    class Phase(models.TextChoices):
        ROTATION = "rotation", gettext_lazy("Rotation")
        KNOCKOUT = "knockout", gettext_lazy("Knockout")

    class Status(models.TextChoices):
        SEATED = "seated", pgettext_lazy("game status", "Seated")
        PLAYING = "playing", pgettext_lazy("game status", "Playing")
        FINISHED = "finished", pgettext_lazy("game status", "Finished")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    # In an event with sections, each section plays each game as its own round, with its own clock.
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.PROTECT, related_name="rounds")
    phase = models.CharField(max_length=20, choices=Phase.choices, default=Phase.ROTATION)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.SEATED)
    # "" for a game seated by the movement (or a knockout game); "danish" or "swiss" (Event.Pairing) for a
    # game paired by the standings: nobody moves by the movement after it.
    pairing = models.CharField(max_length=10, blank=True, default="")
    # The clock, stored as facts from which its state is derived (tournament.clock.state).
    length_seconds = models.PositiveIntegerField(default=50 * 60)
    warning_seconds = models.PositiveIntegerField(default=10 * 60)
    started_at = models.DateTimeField(null=True, blank=True)
    pauses = models.JSONField(default=list, blank=True, help_text="[[paused_at, resumed_at or null], ...]")
    extra_seconds = models.IntegerField(default=0, help_text=gettext_lazy("Extra time granted to every table."))
    ended_at = models.DateTimeField(null=True, blank=True,
                                    help_text=gettext_lazy("Set when the director ends it early."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], condition=models.Q(section=None),
                                    name="round_number_unique_in_event"),
            models.UniqueConstraint(fields=["event", "section", "number"], condition=~models.Q(section=None),
                                    name="round_number_unique_in_section"),
        ]

    def __str__(self):
        where = f", section {self.section.letter}" if self.section_id else ""
        return f"{self.event.name}: game {self.number}{where}"

    @property
    def is_paired(self) -> bool:
        return bool(self.pairing)

    @property
    def awaits_go_ahead(self) -> bool:
        """Seated and not started: until the go-ahead, a seat may still change in this very game."""
        return self.started_at is None and self.status == self.Status.SEATED

    @property
    def takes_seat_draws(self) -> bool:
        """Game 1 of the rotation before its go-ahead: the draw at each table fixes both teams' places in
        the movement, so it can change only then. A knockout game is drawn for when the bracket seats it."""
        return self.phase == self.Phase.ROTATION and self.number == 1 and self.awaits_go_ahead

    def seat_draw_refusal(self) -> str:
        """Why the director cannot record a draw for this game's seats ("" when they can)."""
        if self.takes_seat_draws:
            return ""
        if self.phase == self.Phase.KNOCKOUT:
            return _("A knockout game's seats are drawn by the system when the bracket seats it.")
        return _("Seats can only be drawn for game 1, before the go-ahead.")


class Game(models.Model):
    """A game at one table in one round. A sit-out is a game with one seat empty."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", pgettext_lazy("table status", "Scheduled")
        FINAL = "final", pgettext_lazy("table status", "Final")
        SIT_OUT = "sit_out", pgettext_lazy("table status", "Sit-out")
        EMPTY = "empty", gettext_lazy("Empty table")

    class Winner(models.TextChoices):
        NS = "ns", gettext_lazy("North-South")
        EW = "ew", gettext_lazy("East-West")
        TIE = "tie", gettext_lazy("Tie")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="games")
    ns_team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="ns_games")
    ew_team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="ew_games")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.SCHEDULED)
    ns_total = models.IntegerField(null=True, blank=True)
    ew_total = models.IntegerField(null=True, blank=True)
    winner = models.CharField(max_length=3, choices=Winner.choices, blank=True)
    # The high-card draw that decided North-South for game 1 (or a knockout game):
    # {"method": "system"|"cards"|"director", "cards": {"<team id>": "KS", ...}, "winner": team id,
    #  "winner_chose": "ns"|"ew"}.
    draw = models.JSONField(default=dict, blank=True)
    result_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "table__number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="one_game_per_table_per_round"),
        ]

    def __str__(self):
        return f"{self.round}, table {self.table.number}"

    @property
    def is_sit_out(self) -> bool:
        return (self.ns_team_id is None) != (self.ew_team_id is None)

    @cached_property
    def has_sheet(self) -> bool:
        """A score sheet was entered for this game, even one the opponents have not accepted yet or have
        disputed: asked of the apps that keep sheets (`questions.games_with_sheets`, one query). A page that
        lists games sets it for all of them at once (`selectors.seating_rows`)."""
        return self.pk in games_with_sheets([self.pk])

    @property
    def seats_may_change(self) -> bool:
        """Not started: a withdrawal or a late team may still change who sits here in this very game.

        Until the round's go-ahead, unless the game already has its result or a score sheet: a game scored
        before the go-ahead (an event run without the clock) was played all the same, a sheet sent from the
        table says so too (the opponents must still be able to accept it), and neither a result nor a sheet
        is ever taken from the two teams that played it. The sheet is asked for last, only when the rest
        would allow the change."""
        return self.round.awaits_go_ahead and self.status != self.Status.FINAL and not self.has_sheet

    def seat_draw_refusal(self) -> str:
        """Why the director cannot record a draw for this game's seats ("" when they can): the round's rule,
        then the game's own, since swapping North-South and East-West under a result would give each team
        the other's score."""
        if refusal := self.round.seat_draw_refusal():
            return refusal
        if not self.seats_may_change:
            if self.status == self.Status.FINAL:
                return _("Table %(table)s has its result: its seats can no longer be drawn.") % {
                    "table": self.table.number}
            return _("Table %(table)s has a score sheet: its seats can no longer be drawn.") % {
                "table": self.table.number}
        return ""

    def draw_summary(self) -> str:
        """The draw in one sentence for the director, e.g. who drew which card and who chose what."""
        cards = self.draw.get("cards") or {}
        if not cards or self.ns_team is None or self.ew_team is None:
            return ""
        from ..draw import card_name

        teams = {str(self.ns_team_id): self.ns_team, str(self.ew_team_id): self.ew_team}
        drawn = [_("%(team)s drew the %(card)s") % {"team": teams[key].name, "card": card_name(card)}
                 for key, card in cards.items() if key in teams]
        winner = teams.get(str(self.draw.get("winner")))
        chose = _("North-South") if self.draw.get("winner_chose") == Side.NS else _("East-West")
        ending = _("; %(team)s won and chose %(side)s.") % {"team": winner.name, "side": chose} if winner else "."
        return ", ".join(drawn) + ending
