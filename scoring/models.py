"""Score sheets as the tables and the director write them.

A game's sheet is a chain of versions, never edited: a correction is a new version, and only a version's
status moves (submitted -> accepted, flagged -> superseded, ...). The game's sheet status is therefore the
status of its newest version (`SheetVersion.objects.latest_for`), or "draft"/"missing" when there is none.
What a table is typing lives in one `SheetDraft` per game, overwritten as they type: it is a convenience,
not a record. A sheet that arrives for a game whose result is already final, after the table has moved on
to its next game, is a `LateSheet`: kept apart from the versions, so it can never change the result, and
shown to the director until they settle it.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.core.models import Game, Table


class SheetStatus(models.TextChoices):
    SUBMITTED = "submitted", _("Submitted, waiting for the opponents")
    FLAGGED = "flagged", _("Sent to the director with errors")
    ACCEPTED = "accepted", _("Accepted: the result is final")
    DISPUTED = "disputed", _("Disputed by the opponents")
    SUPERSEDED = "superseded", _("Replaced by a later version")


# The states a table's board row can show; the first two have no version yet.
BOARD_STATES = ("missing", "draft", *SheetStatus.values)
OPEN_STATUSES = (SheetStatus.SUBMITTED, SheetStatus.FLAGGED, SheetStatus.DISPUTED)
# Wrong team codes one version may take before only the director can settle it: four digits are
# 10,000 guesses, and North holds the device.
MAX_WRONG_CODES = 5
# The same rule as `SheetVersion.is_locked`, as a filter over many versions.
LOCKED = Q(wrong_codes__gte=MAX_WRONG_CODES)


class SheetDraft(models.Model):
    """The latest thing typed at a table for a game, so a reload or another device starts from it.

    Two phones at one table share it: `revision` counts its saves, a phone saves with the revision it
    started from, and one that is behind gets the draft back to merge instead of overwriting it."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="sheet_draft")
    data = models.JSONField(default=dict, help_text=_("The form as typed (the client's own shape)."))
    validation = models.JSONField(null=True, blank=True, help_text=_("The rules app's answer for the draft."))
    revision = models.PositiveIntegerField(default=0, help_text=_("1, 2, ...: how many times it has been saved."))
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"Draft for {self.game_id}"


class SheetVersionQuerySet(models.QuerySet):
    def for_game(self, game):
        return self.filter(game=game).order_by("-number")


class SheetVersion(models.Model):
    class Source(models.TextChoices):
        TABLE = "table", _("At the table")
        DIRECTOR = "director", _("By the director")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sheet_versions")
    number = models.PositiveIntegerField(help_text=_("1, 2, ... within the game."))
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="sheet_versions",
                              help_text=_("The table the sheet was written for."))
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.TABLE)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+", help_text=_("The director; empty for a table device."))
    document = models.JSONField(help_text=_("The sheet as submitted (score-sheet format)."))
    validation = models.JSONField(help_text=_("The rules app's answer when it was submitted."))
    status = models.CharField(max_length=12, choices=SheetStatus.choices)
    ns_total = models.IntegerField(null=True, blank=True)
    ew_total = models.IntegerField(null=True, blank=True)
    client_key = models.CharField(max_length=100, blank=True,
                                  help_text=_("The Idempotency-Key: a retry with it is answered, not stored."))
    fingerprint = models.CharField(max_length=64, blank=True, help_text=_("Hash of the submitted document."))
    wrong_codes = models.PositiveSmallIntegerField(
        default=0, help_text=_("Wrong team codes typed to accept this version: too many and only the director can."))
    director_called = models.BooleanField(
        default=False, help_text=_("An earlier version went to the director, who has not settled the sheet yet: "
                                 "the board keeps the game under 'Needs you' until it is accepted."))
    reason = models.TextField(blank=True, help_text=_("Why it went to the director, or why it was corrected."))
    keeper = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text=_("A table of single players: the seat (1, 2, ...) of the player who kept the score. "
                  "Another seat confirms it. Empty for two sides (North-South keeps the score)."))
    created_at = models.DateTimeField(auto_now_add=True)
    status_changed_at = models.DateTimeField(null=True, blank=True)

    objects = SheetVersionQuerySet.as_manager()

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="sheet_version_number_unique"),
            models.UniqueConstraint(fields=["table", "client_key"], condition=~Q(client_key=""),
                                    name="sheet_client_key_unique_per_table"),
        ]
        indexes = [models.Index(fields=["game", "-number"], name="sheet_version_latest")]

    def __str__(self):
        return f"Sheet v{self.number} for game {self.game_id} ({self.status})"

    @property
    def is_locked(self) -> bool:
        """Too many wrong team codes: only the director can settle the sheet now."""
        return self.wrong_codes >= MAX_WRONG_CODES

    @property
    def winner(self) -> str:
        if self.ns_total is None or self.ew_total is None:
            return ""
        if self.ns_total == self.ew_total:
            return "tie"
        return "ns" if self.ns_total > self.ew_total else "ew"


class SheetDecision(models.Model):
    """The opponents' answer to one version: accepted, or disputed with what they said."""

    class Kind(models.TextChoices):
        ACCEPT = "accept", _("Accepted")
        DISPUTE = "dispute", _("Disputed")

    version = models.ForeignKey(SheetVersion, on_delete=models.CASCADE, related_name="decisions")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    reason = models.TextField(blank=True)
    code_checked = models.BooleanField(default=False, help_text=_("The opponents typed their team code."))
    seat = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("A table of single players: the seat of the player who answered."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self):
        return f"{self.get_kind_display()} v{self.version.number}"


class LateSheet(models.Model):
    """A sheet a table sent for an earlier game whose result was already final (a retry after a dropped
    connection, a slow scorekeeper): no score is lost, and the result stays until the director decides."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="late_sheets")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="late_sheets")
    document = models.JSONField(help_text=_("The sheet as submitted (score-sheet format)."))
    validation = models.JSONField(help_text=_("The rules app's answer when it arrived."))
    ns_total = models.IntegerField(null=True, blank=True)
    ew_total = models.IntegerField(null=True, blank=True)
    client_key = models.CharField(max_length=100, help_text=_("The Idempotency-Key: a retry is answered, not stored."))
    fingerprint = models.CharField(max_length=64, help_text=_("Hash of the submitted document."))
    reason = models.TextField(blank=True, help_text=_("The scorekeeper's reason, for a sheet sent with errors."))
    created_at = models.DateTimeField(auto_now_add=True)
    settled_at = models.DateTimeField(null=True, blank=True, help_text=_("When the director settled it."))
    settled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "client_key"], name="late_sheet_client_key_unique_per_table"),
        ]

    def __str__(self):
        return f"Late sheet for game {self.game_id}"

    @property
    def told(self) -> str:
        """What the table is told when its sheet arrives late."""
        return gettext("Game %(game)s's result was already final, so this sheet did not change it: it has been "
                       "kept and sent to the director, who will compare the two. Play on with your table's next "
                       "game.") % {"game": self.game.round.number}

    @property
    def agrees(self) -> bool:
        """The late sheet's totals are the game's result: nothing to correct."""
        return (self.ns_total, self.ew_total) == (self.game.ns_total, self.game.ew_total)


class DirectorCall(models.Model):
    """A table asks for the director (a ruling, help with the sheet, ...): not a dispute of a sheet, and
    about no sheet at all. At most one call of a table is open at a time (`one_open_call_per_table`): a
    second press answers the open call. It stays on the board until the director clears it, or the table
    takes it back (`cleared_by` empty then)."""

    class Reason(models.TextChoices):
        RULING = "ruling", _("A ruling")
        SHEET = "sheet", _("Score sheet help")
        OTHER = "other", _("Other")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="director_calls")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="director_calls",
                             help_text=_("The table's game when it called; empty at a table without one."))
    reason = models.CharField(max_length=10, choices=Reason.choices, blank=True)
    called_at = models.DateTimeField(auto_now_add=True)
    cleared_at = models.DateTimeField(null=True, blank=True)
    cleared_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+", help_text=_("The director who cleared it; empty when the "
                                                               "table took it back."))

    class Meta:
        ordering = ["called_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table"], condition=Q(cleared_at=None), name="one_open_call_per_table"),
        ]

    def __str__(self):
        return f"Call from table {self.table_id}"

    @property
    def is_open(self) -> bool:
        return self.cleared_at is None

    @property
    def taken_back(self) -> bool:
        """Cleared by the table itself, not the director."""
        return self.cleared_at is not None and self.cleared_by_id is None


class Withdrawable(models.Model):
    """A ruling the director may withdraw when it was given in error (`scoring.withdrawals`): it is kept,
    marked withdrawn with who, when and why, and counts no more; the event's log keeps both steps."""

    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    withdrawal_reason = models.TextField(blank=True)

    class Meta:
        abstract = True

    @property
    def is_withdrawn(self) -> bool:
        return self.withdrawn_at is not None


class Penalty(Withdrawable):
    """Points taken from one team's total in one game by the director (a late arrival: `minutes` late), kept
    apart from the sheet: every result recorded for the game, before or after, is the sheet's (or the
    director's) totals less the game's penalties not withdrawn (`scoring.rulings`)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="penalties")
    side = models.CharField(max_length=2, choices=(("ns", _("North-South")), ("ew", _("East-West"))))
    points = models.PositiveIntegerField(help_text=_("Taken from the side's total."))
    minutes = models.PositiveSmallIntegerField(null=True, blank=True, help_text=_("Minutes late, for a lateness."))
    reason = models.TextField(blank=True)
    given_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self):
        return f"-{self.points} to {self.side} in game {self.game_id}"


class ScoreRuling(Withdrawable):
    """An adjusted or an assigned score (`scoring.rulings`): the totals the director gave the game, and the
    result they replaced, so that withdrawing the ruling puts that result back (`scoring.withdrawals`).

    Totals are before penalties (the result is them less the game's penalties, as for a sheet). `replaced`
    is the ruling whose result this one replaced, when the game's result was a ruling's: withdrawn in its
    turn, the result to put back is the one before it."""

    class Kind(models.TextChoices):
        ADJUSTED = "adjusted_score", _("Adjusted score")
        ASSIGNED = "assigned_score", _("Assigned score")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="score_rulings")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    ns_total = models.IntegerField(help_text=_("Before penalties."))
    ew_total = models.IntegerField(help_text=_("Before penalties."))
    before_ns_total = models.IntegerField(null=True, blank=True,
                                          help_text=_("The result it replaced, before penalties; empty for none."))
    before_ew_total = models.IntegerField(null=True, blank=True)
    replaced = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    set_aside = models.ForeignKey(SheetVersion, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                                  help_text=_("The sheet's open version the ruling set aside."))
    details = models.JSONField(default=dict, blank=True, help_text=_("An adjusted score's choices and average."))
    reason = models.TextField()
    given_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self):
        return f"{self.get_kind_display()} {self.ns_total}-{self.ew_total} in game {self.game_id}"
