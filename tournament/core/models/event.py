"""An event: its game, format, settings and the switches of what players see."""

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import victory
from ..game_room import (
    PLAYERS,
    game_target_score,
    knockout_refusal,
    room_for,
    table_seats_refusal,
    target_score_refusal,
)
from ..room import MAX_PER_ROW, ORDERS, PER_ROW_MESSAGE, ROWS


def validate_multiple_of_five(value: int) -> None:
    """Every card is worth a multiple of 5, so the rules only accept such a target score."""
    if value % 5:
        raise ValidationError(_("%(value)s is not a multiple of 5; every score in canasta is.")
                              % {"value": number_format(value, force_grouping=True)})


def new_table_token() -> str:
    """A table's secret: long enough to be unguessable, URL-safe for the QR code."""
    return secrets.token_urlsafe(16)


def new_team_code() -> str:
    """Four digits printed on a team's card, asked for when opponents accept a sheet."""
    return f"{secrets.randbelow(10000):04d}"


class Side(models.TextChoices):
    NS = "ns", gettext_lazy("North-South")
    EW = "ew", gettext_lazy("East-West")


class Event(models.Model):
    class Format(models.TextChoices):
        ROTATION = "rotation", gettext_lazy("Rotation games (NVSO movement)")
        KNOCKOUT = "knockout", gettext_lazy("Single elimination")
        ROTATION_THEN_KNOCKOUT = "rotation_then_knockout", gettext_lazy("Rotation games, then a knockout")

    class Status(models.TextChoices):
        SETUP = "setup", gettext_lazy("Setting up")
        RUNNING = "running", gettext_lazy("Running")
        FINISHED = "finished", gettext_lazy("Finished")

    class SitOutRule(models.TextChoices):
        AVERAGE_WIN = "average_win", gettext_lazy("A win, with the team's average points per game played")
        NOT_COUNTED = "not_counted", gettext_lazy("Not counted: no game played")
        WIN_NO_POINTS = "win_no_points", gettext_lazy("A win with no points")

    name = models.CharField(max_length=200)
    date = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    directors = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="directed_events", blank=True)
    ruleset = models.CharField(max_length=40, default="nvso", help_text=gettext_lazy("The rules app's rule set name."))
    rule_options = models.JSONField(
        default=dict, blank=True, help_text=gettext_lazy("Overrides of the rule set's documented options.")
    )
    format = models.CharField(max_length=30, choices=Format.choices, default=Format.ROTATION)
    games = models.PositiveSmallIntegerField(
        default=3, validators=[MinValueValidator(1), MaxValueValidator(50)], help_text=gettext_lazy("Rotation games.")
    )
    game_minutes = models.PositiveSmallIntegerField(
        default=50, validators=[MinValueValidator(1), MaxValueValidator(600)]
    )
    warning_minutes = models.PositiveSmallIntegerField(default=10, validators=[MaxValueValidator(600)])
    target_score = models.PositiveIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(1_000_000)],
        help_text=gettext_lazy("The score a game is played to; blank: the game's own (NVSO 8,500). The rule set "
                              "judges it."),
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.SETUP)
    playoff_size = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(2), MaxValueValidator(1024)],
        help_text=gettext_lazy("Top K of the standings who play the knockout after the rotation."),
    )
    third_place_game = models.BooleanField(default=False)
    require_opponent_code = models.BooleanField(
        default=True,
        help_text=gettext_lazy("Opponents type their 4-digit team code to accept a sheet, so that the "
                               "scorekeeper cannot accept their own."),
    )
    class StandingsOrder(models.TextChoices):
        # Keys of the metrics registered in scoring.standings, best first.
        WINS_POINTS = "wins,points,difference", gettext_lazy("Wins, then total points, then point difference")
        WINS_DIFFERENCE = "wins,difference,points", gettext_lazy("Wins, then point difference, then total points")
        MATCH_POINTS = ("match_points,points,difference",
                        gettext_lazy("Match points (2 a win, 1 a tie), then total points"))
        POINTS = "points,wins,difference", gettext_lazy("Total points, then wins, then point difference")
        WINS_BUCHHOLZ = ("wins,buchholz,median_buchholz,points,difference",
                         gettext_lazy("Wins, then Buchholz, then median-Buchholz, then total points"))
        WINS_HEAD_TO_HEAD = ("wins,head_to_head,points,difference",
                             gettext_lazy("Wins, then head-to-head, then total points"))

    standings_order = models.CharField(
        max_length=100, choices=StandingsOrder.choices, default=StandingsOrder.WINS_POINTS,
        help_text=gettext_lazy("How the standings are ordered."),
    )
    sit_out_rule = models.CharField(max_length=20, choices=SitOutRule.choices, default=SitOutRule.AVERAGE_WIN)
    table_seats = models.CharField(
        max_length=5, blank=True,
        help_text=gettext_lazy("For a game of single players: the seats of a table, e.g. 4 or 3-4, within the "
                               "game's own (blank: the game's own)."))
    # Rulings (docs/rulings.md): what an adjusted score and a late arrival are worth at this event.
    adjusted_percent = models.PositiveSmallIntegerField(
        default=20, validators=[MaxValueValidator(100)],
        help_text=gettext_lazy("Average plus is the event's average game total this much per cent above it, "
                               "average minus this much below (20: 120% and 80%, bridge's 60% and 40% of a 50% "
                               "average)."))
    late_penalty_points = models.PositiveIntegerField(
        default=100, validators=[MaxValueValidator(10_000), validate_multiple_of_five],
        help_text=gettext_lazy("Points a late team loses from its game's total for each started period of "
                               "lateness."))
    late_penalty_minutes = models.PositiveSmallIntegerField(
        default=5, validators=[MinValueValidator(1), MaxValueValidator(60)],
        help_text=gettext_lazy("The period of lateness, in minutes, each of which costs the points above."))
    rank_by_vp = models.BooleanField(
        default=False, help_text=gettext_lazy("Rank by victory points first, then by the order of the standings."))
    vp_preset = models.CharField(
        max_length=20, blank=True, default=victory.DEFAULT_PRESET,
        choices=[(key, preset.label) for key, preset in victory.PRESETS.items()],
        help_text=gettext_lazy("The published scale the victory points come from; empty: the director's own."))
    vp_scale = models.JSONField(
        default=victory.default_scale, blank=True,
        help_text=gettext_lazy("The victory point scale: [from, to or null, winner's VP, loser's VP] a band."))

    class Pairing(models.TextChoices):
        # The methods of tournament.core.pairing.
        DANISH = "danish", gettext_lazy("Danish: 1st v 2nd, 3rd v 4th, ...")
        SWISS = "swiss", gettext_lazy("Swiss: teams of the same score meet, top half v bottom half")

    paired_rounds = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(50)],
        help_text=gettext_lazy("Games paired by the standings after the rotation games (0: none)."))
    pairing_method = models.CharField(max_length=10, choices=Pairing.choices, default=Pairing.DANISH)
    pairing_avoids_club = models.BooleanField(
        default=False,
        help_text=gettext_lazy("In a paired game, two teams of the same club do not meet while it can be avoided."))
    room_tables_per_row = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(MAX_PER_ROW, message=PER_ROW_MESSAGE)],
        help_text=gettext_lazy("Tables in each row of the room map, as they stand in the room; 0 lets the "
                               "map choose."))
    room_order = models.CharField(max_length=10, choices=ORDERS, default=ROWS,
                                  help_text=gettext_lazy("How the table numbers run along the rows of the room map."))
    language = models.CharField(
        max_length=8, blank=True, choices=settings.LANGUAGES,
        help_text=gettext_lazy("The language of the event's pages for a reader who has not chosen one (blank: "
                               "each reader's browser decides)."))
    seating_published = models.BooleanField(default=False)
    standings_published = models.BooleanField(default=False)
    bracket_published = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self):
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def get_absolute_url(self):
        return reverse("director-event", args=[self.pk])

    def clean(self):
        super().clean()
        if refusal := table_seats_refusal(self.ruleset, self.rule_options, self.table_seats):
            raise ValidationError({"table_seats": refusal})
        if refusal := target_score_refusal(self.ruleset, self.target_score):
            raise ValidationError({"target_score": refusal})
        if refusal := self.knockout_refusal():
            raise ValidationError({"format": refusal})
        if self.format == self.Format.KNOCKOUT and self.paired_rounds:
            raise ValidationError(_("A knockout pairs its games by the bracket: set the paired games to 0, or "
                                    "choose rotation games."))
        if room_for(self.ruleset, self.rule_options).entrants == PLAYERS:
            if self.paired_rounds:
                raise ValidationError(_("Games paired by the standings are for teams of two: single players "
                                        "are seated by their own movement in every game."))
            if self.rank_by_vp:
                raise ValidationError(_("Victory points rank teams of two: single players are ranked by their "
                                        "game's own measure."))
        try:
            victory.checked_data(self.vp_scale)
        except victory.ScaleError as error:
            raise ValidationError({"vp_scale": str(error)}) from None

    @property
    def target(self) -> int | None:
        """The score a game is played to: the event's own, else its game's; None for a game without one."""
        return game_target_score(self)

    @property
    def vp_bands(self) -> list | None:
        """The victory point scale the standings rank by; None when they do not rank by victory points."""
        return victory.from_data(self.vp_scale) if self.rank_by_vp else None

    def is_director(self, user) -> bool:
        """Directors change an event; superusers may too, so a lost director never locks an event."""
        if not user or not user.is_authenticated:
            return False
        if user.is_superuser:
            return True
        return self.directors.filter(pk=user.pk).exists()

    @property
    def seats_public(self) -> bool:
        """Whether players may see who sits where: the seating, or a knockout's bracket (it names each table)."""
        return self.seating_published or (self.format == self.Format.KNOCKOUT and self.bracket_published)

    def latest_round(self):
        """The game being played or about to be (a `Round`, or None): every page and control acts on it.

        In an event with sections, the latest game of the section furthest behind (the first such in the
        sections' order): the one the director's "next game" moves on (docs/sections.md)."""
        current = self.rounds.order_by("-number").first()
        if current is None or current.section_id is None:
            return current
        return min(self.section_rounds(), key=lambda round_: (round_.number, round_.section.order))

    def section_rounds(self) -> list:
        """Each section's latest round, in the sections' order: each room's game and clock now ([] for an
        event without sections, whose one game is `latest_round`'s)."""
        latest = {}
        for round_ in self.rounds.exclude(section=None).select_related("section").order_by("number"):
            latest[round_.section_id] = round_
        return sorted(latest.values(), key=lambda round_: round_.section.order)

    @property
    def total_games(self) -> int:
        """The games that count for the standings: the rotation games, then the paired ones."""
        return self.games + self.paired_rounds

    def pairing_of(self, number: int) -> str:
        """How game `number` is seated: "" by the movement, else the pairing method ("danish", "swiss")."""
        return self.pairing_method if self.games < number <= self.total_games else ""

    def knockout_refusal(self) -> str:
        """Why this event cannot play a knockout or a playoff ("" when it can, or has none): the one rule for
        its settings and the draw of its bracket."""
        if self.format == self.Format.ROTATION and not self.playoff_size:
            return ""
        return knockout_refusal(self.ruleset, self.rule_options, self.table_seats)

    def rotation_refusal(self) -> str:
        """Why this event plays no rotation game ("" when it does): a knockout seats its games itself."""
        if self.format == self.Format.KNOCKOUT:
            return _("This event is a knockout: draw the bracket, which seats its games, instead of rotation games.")
        return ""

    def next_game_refusal(self, current) -> str:
        """Why the next rotation game cannot be seated after `current`, the latest round ("" when it can).

        The one rule for the service that seats it and the page that offers it. Missing results are not
        part of it: the director may seat the next game anyway and enter them later.
        """
        if knockout := self.rotation_refusal():
            return knockout
        if current is None:
            return _("Seat game 1 first.")
        if current.phase != current.Phase.ROTATION:  # a drawn bracket seats its first round at once
            return _("The rotation games are over: the knockout bracket is drawn.")
        if current.number >= self.total_games:
            if self.paired_rounds:
                return (_("All %(total)s games are seated: %(rotation)s rotation games and %(paired)s paired by "
                          "the standings.")
                        % {"total": self.total_games, "rotation": self.games, "paired": self.paired_rounds})
            return _("All %(games)s rotation games are seated.") % {"games": self.games}
        return ""
