"""The tournament's records: events, teams, tables, rounds and games, and the directors' log.

Who sits where is decided by plain functions (`movement`, `draw`) and stored here by the services; scores
and standings belong to the `scoring` app, which records a game's final result through
`tournament.core.services.record_game_result`. The clock's moments and the knockout's bracket are the
models of `tournament.clock` and `tournament.knockout`, which point at these; nothing here points at them."""

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.functional import cached_property

from .codes import new_table_code, new_table_codes, shown_table_code
from .questions import games_with_sheets
from .room import MAX_PER_ROW, ORDERS, PER_ROW_MESSAGE, ROWS


def validate_multiple_of_five(value: int) -> None:
    """Every card is worth a multiple of 5, so the rules only accept such a target score."""
    if value % 5:
        raise ValidationError(f"{value:,} is not a multiple of 5; every score in canasta is.")


def new_table_token() -> str:
    """A table's secret: long enough to be unguessable, URL-safe for the QR code."""
    return secrets.token_urlsafe(16)


def new_team_code() -> str:
    """Four digits printed on a team's card, asked for when opponents accept a sheet."""
    return f"{secrets.randbelow(10000):04d}"


class Side(models.TextChoices):
    NS = "ns", "North-South"
    EW = "ew", "East-West"


class Event(models.Model):
    class Format(models.TextChoices):
        ROTATION = "rotation", "Rotation games (NVSO movement)"
        KNOCKOUT = "knockout", "Single elimination"
        ROTATION_THEN_KNOCKOUT = "rotation_then_knockout", "Rotation games, then a knockout"

    class Status(models.TextChoices):
        SETUP = "setup", "Setting up"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    class SitOutRule(models.TextChoices):
        AVERAGE_WIN = "average_win", "A win, with the team's average points per game played"
        NOT_COUNTED = "not_counted", "Not counted: no game played"
        WIN_NO_POINTS = "win_no_points", "A win with no points"

    name = models.CharField(max_length=200)
    date = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    directors = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="directed_events", blank=True)
    ruleset = models.CharField(max_length=40, default="nvso", help_text="The rules app's rule set name.")
    rule_options = models.JSONField(
        default=dict, blank=True, help_text="Overrides of the rule set's documented options."
    )
    format = models.CharField(max_length=30, choices=Format.choices, default=Format.ROTATION)
    games = models.PositiveSmallIntegerField(
        default=3, validators=[MinValueValidator(1), MaxValueValidator(50)], help_text="Rotation games."
    )
    game_minutes = models.PositiveSmallIntegerField(
        default=50, validators=[MinValueValidator(1), MaxValueValidator(600)]
    )
    warning_minutes = models.PositiveSmallIntegerField(default=10, validators=[MaxValueValidator(600)])
    target_score = models.PositiveIntegerField(
        default=8500, validators=[MinValueValidator(5), MaxValueValidator(100_000), validate_multiple_of_five],
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.SETUP)
    playoff_size = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(2), MaxValueValidator(1024)],
        help_text="Top K of the standings who play the knockout after the rotation.",
    )
    third_place_game = models.BooleanField(default=False)
    require_opponent_code = models.BooleanField(
        default=True,
        help_text="Opponents type their 4-digit team code to accept a sheet, so that the scorekeeper cannot "
                  "accept their own.",
    )
    class StandingsOrder(models.TextChoices):
        # Keys of the metrics registered in scoring.standings, best first.
        WINS_POINTS = "wins,points,difference", "Wins, then total points, then point difference"
        WINS_DIFFERENCE = "wins,difference,points", "Wins, then point difference, then total points"
        MATCH_POINTS = "match_points,points,difference", "Match points (2 a win, 1 a tie), then total points"
        POINTS = "points,wins,difference", "Total points, then wins, then point difference"

    standings_order = models.CharField(
        max_length=100, choices=StandingsOrder.choices, default=StandingsOrder.WINS_POINTS,
        help_text="How the standings are ordered.",
    )
    sit_out_rule = models.CharField(max_length=20, choices=SitOutRule.choices, default=SitOutRule.AVERAGE_WIN)
    room_tables_per_row = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(MAX_PER_ROW, message=PER_ROW_MESSAGE)],
        help_text="Tables in each row of the room map, as they stand in the room; 0 lets the map choose.")
    room_order = models.CharField(max_length=10, choices=ORDERS, default=ROWS,
                                  help_text="How the table numbers run along the rows of the room map.")
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

    def latest_round(self) -> "Round | None":
        """The game being played or about to be: every page and control acts on the latest round."""
        return self.rounds.order_by("-number").first()

    def rotation_refusal(self) -> str:
        """Why this event plays no rotation game ("" when it does): a knockout seats its games itself."""
        if self.format == self.Format.KNOCKOUT:
            return "This event is a knockout: draw the bracket, which seats its games, instead of rotation games."
        return ""

    def next_game_refusal(self, current: "Round | None") -> str:
        """Why the next rotation game cannot be seated after `current`, the latest round ("" when it can).

        The one rule for the service that seats it and the page that offers it. Missing results are not
        part of it: the director may seat the next game anyway and enter them later.
        """
        if knockout := self.rotation_refusal():
            return knockout
        if current is None:
            return "Seat game 1 first."
        if current.phase != Round.Phase.ROTATION:  # a drawn bracket seats its first round at once
            return "The rotation games are over: the knockout bracket is drawn."
        if current.number >= self.games:
            return f"All {self.games} rotation games are seated."
        return ""


class TeamQuerySet(models.QuerySet):
    def active(self):
        return self.filter(status=Team.Status.ACTIVE)


class Team(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        WITHDRAWN = "withdrawn", "Withdrawn"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveIntegerField(help_text="Registration order, from 1.")
    player1 = models.CharField(max_length=100)
    player2 = models.CharField(max_length=100)
    club = models.CharField(max_length=100, blank=True)
    seed = models.PositiveIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(9999)]
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    code = models.CharField(max_length=4, default=new_team_code, help_text="Printed on the team's card.")
    # The team's place in the movement: the table and side it started at. East-West places move up
    # one table a game; a withdrawal empties the place, a late team takes an empty place.
    start_table = models.PositiveIntegerField(null=True, blank=True)
    start_side = models.CharField(max_length=2, choices=Side.choices, blank=True)
    withdrawn_after_game = models.PositiveIntegerField(
        null=True, blank=True, help_text="The last game the team played before withdrawing."
    )
    joined_at_game = models.PositiveIntegerField(default=1, help_text="The first game the team plays.")

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
        """A team's name from its players' names, for a read of values rather than teams."""
        return f"{player1} / {player2}"

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE


class Table(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    token = models.CharField(max_length=64, unique=True, default=new_table_token, editable=False)
    code = models.CharField(max_length=6, default=new_table_code, editable=False,
                            help_text="Typed on the front door when the card's QR code will not scan.")

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


class Round(models.Model):
    """One game of the event played at every table at once (the NVSO rules call it a game)."""

    class Phase(models.TextChoices):
        ROTATION = "rotation", "Rotation"
        KNOCKOUT = "knockout", "Knockout"

    class Status(models.TextChoices):
        SEATED = "seated", "Seated"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    phase = models.CharField(max_length=20, choices=Phase.choices, default=Phase.ROTATION)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.SEATED)
    # The clock, stored as facts from which its state is derived (tournament.clock.state).
    length_seconds = models.PositiveIntegerField(default=50 * 60)
    warning_seconds = models.PositiveIntegerField(default=10 * 60)
    started_at = models.DateTimeField(null=True, blank=True)
    pauses = models.JSONField(default=list, blank=True, help_text="[[paused_at, resumed_at or null], ...]")
    extra_seconds = models.IntegerField(default=0, help_text="Extra time granted to every table.")
    ended_at = models.DateTimeField(null=True, blank=True, help_text="Set when the director ends it early.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique_in_event"),
        ]

    def __str__(self):
        return f"{self.event.name}: game {self.number}"

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
            return "A knockout game's seats are drawn by the system when the bracket seats it."
        return "Seats can only be drawn for game 1, before the go-ahead."


class Game(models.Model):
    """A game at one table in one round. A sit-out is a game with one seat empty."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        FINAL = "final", "Final"
        SIT_OUT = "sit_out", "Sit-out"
        EMPTY = "empty", "Empty table"

    class Winner(models.TextChoices):
        NS = "ns", "North-South"
        EW = "ew", "East-West"
        TIE = "tie", "Tie"

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
            what = "its result" if self.status == self.Status.FINAL else "a score sheet"
            return f"Table {self.table.number} has {what}: its seats can no longer be drawn."
        return ""

    def draw_summary(self) -> str:
        """The draw in one sentence for the director, e.g. who drew which card and who chose what."""
        cards = self.draw.get("cards") or {}
        if not cards or self.ns_team is None or self.ew_team is None:
            return ""
        from .draw import card_name

        teams = {str(self.ns_team_id): self.ns_team, str(self.ew_team_id): self.ew_team}
        drawn = [f"{teams[key].name} drew the {card_name(card)}" for key, card in cards.items() if key in teams]
        winner = teams.get(str(self.draw.get("winner")))
        chose = "North-South" if self.draw.get("winner_chose") == Side.NS else "East-West"
        ending = f"; {winner.name} won and chose {chose}." if winner else "."
        return ", ".join(drawn) + ending


class DirectorAction(models.Model):
    """Who did what and when: every change a director makes to a running event is logged here."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="actions")
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.CASCADE, related_name="actions")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    action = models.CharField(max_length=40)
    details = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.action} by {self.user} at {self.at:%H:%M:%S}"

