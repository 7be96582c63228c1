"""Where single players sit: the day's plan of the players' movement and each game's seats.

Teams of two keep `Game.ns_team` and `Game.ew_team`. A game of single players seats up to five at a table,
so a game's entrants there are its `Seat`s, one per player, numbered round the table in the order of the
high-card draw; a player sitting out has a seat of the round with no game, so sit-outs are recorded too.
A seat's result (`score`) is the player's own figure; what it is worth in the standings (the five-player
game credits the partner's too) is derived from the table's scores by rules.seat_results, never stored.
The `SeatingPlan` is the whole day's movement, made once when game 1 is seated: a plan for G games does
not begin with the plan for fewer, so each game is read from the plan for the event's games.
"""

from django.db import models
from django.utils.translation import gettext_lazy

from .event import Event
from .round import Game, Round
from .team import Team


class SeatingPlan(models.Model):
    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="seating_plan")
    seats = models.CharField(max_length=5,
                             help_text=gettext_lazy("The seats of a table the plan was made for: 5, 3-4."))
    entrants = models.JSONField(help_text=gettext_lazy("The entrants' ids in the plan's order: the plan's player k "
                                                       "is the k-th of them."))
    plan = models.JSONField(help_text='The players\' movement: {"tables": T, "games": [{"game", "tables": '
                                      '[{"table", "seats"}], "sitting_out"}]} (players_movement).')

    def __str__(self):
        return f"{self.event.name}: the day's seating plan"

    def game(self, number: int) -> dict | None:
        """The plan of game `number` ({"game", "tables", "sitting_out"}), or None past the plan's games."""
        games = self.plan.get("games", [])
        return games[number - 1] if 1 <= number <= len(games) else None

    def entrant_id(self, player: int) -> int:
        return self.entrants[player - 1]


class Seat(models.Model):
    """A single player's place in one game: a seat at a table's game, or sitting out (no game, no seat)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="seats")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("1 for the highest card of the draw, each next on the left."))
    card = models.CharField(max_length=2, blank=True, help_text=gettext_lazy("The card drawn for the seat, e.g. KS."))
    score = models.IntegerField(
        null=True, blank=True,
        help_text=gettext_lazy("The seat's own result as the rule set counts it: its points, or the solitaire's "
                               "cards in the discard pile; blank until entered."))

    class Meta:
        ordering = ["round", "game__table__number", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="one_seat_per_entrant_per_round"),
            models.UniqueConstraint(fields=["game", "position"], name="one_entrant_per_seat"),
            models.CheckConstraint(condition=models.Q(game__isnull=True, position__isnull=True)
                                   | models.Q(game__isnull=False, position__isnull=False),
                                   name="a_seat_at_a_game_or_sitting_out"),
        ]

    def __str__(self):
        where = f"seat {self.position} of table {self.game.table.number}" if self.game_id else "sitting out"
        return f"{self.team.name}, game {self.round.number}: {where}"

    @property
    def is_sit_out(self) -> bool:
        return self.game_id is None
