"""What the written base and count add up to, per player: each hand's own total and running total (as
most games), and beside them the credited running total, the player's own plus the partner's (source,
"Scoring": "each rentrap earns their partner's scores too"). The final and the winner follow the reading
of `game_end_counts`. These are the `computed` part of the answer (docs/rulesets/five_player.md).
"""

from rules.five_player.deck import partner
from rules.sides import RunningTotals
from rules.sides.fields import TIE, SidesSheet


class FivePlayerTotals:
    """Own totals (rules.sides.RunningTotals) and credited running totals, per side."""

    __slots__ = ("credited", "credited_reading", "own", "sides")

    def __init__(self, sheet: SidesSheet, credited_reading: bool):
        self.own = own = RunningTotals(sheet)
        self.sides = sides = sheet.sides
        self.credited_reading = credited_reading
        self.credited = {}
        for seat, side in enumerate(sides):
            theirs = own.cumulative[sides[partner(seat)]]
            self.credited[side] = [a + b for a, b in zip(own.cumulative[side], theirs, strict=True)]

    @classmethod
    def from_runs(cls, sides: tuple, credited_reading: bool, owns: list, runs: list) -> "FivePlayerTotals":
        """The totals from each seat's hand totals and running totals, already added up (fast.py)."""
        totals = cls.__new__(cls)
        own = totals.own = RunningTotals.__new__(RunningTotals)
        own.sides, own.fewest_wins = sides, False
        own.totals = dict(zip(sides, owns, strict=True))
        own.cumulative = dict(zip(sides, runs, strict=True))
        totals.sides, totals.credited_reading = sides, credited_reading
        totals.credited = {side: [a + b for a, b in zip(runs[seat], runs[partner(seat)], strict=True)]
                           for seat, side in enumerate(sides)}
        return totals

    def own_final(self) -> dict:
        return {side: self.own.final(side) for side in self.sides}

    def credited_final(self) -> dict:
        return {side: running[-1] if running else 0 for side, running in self.credited.items()}

    def final(self) -> dict:
        """Each player's final by the reading: credited (the default) or own."""
        return self.credited_final() if self.credited_reading else self.own_final()

    def winner(self) -> str | None:
        """The player with the highest final by the reading, `tie` when several share it, None before any
        hand."""
        if not self.sides or not self.own.cumulative[self.sides[0]]:
            return None
        finals = self.final()
        best = max(finals.values())
        leaders = [side for side, value in finals.items() if value == best]
        return leaders[0] if len(leaders) == 1 else TIE

    def as_dict(self) -> dict:
        """The `computed` object: @2's, with `credited` beside each hand's total and running total."""
        own = self.own
        hands = [{} for _ in own.totals[self.sides[0]]] if self.sides else []
        for side in self.sides:  # side by side, zipped: no index into the lists (built for every answer)
            for hand, total, cumulative, credited in zip(hands, own.totals[side], own.cumulative[side],
                                                         self.credited[side], strict=True):
                hand[side] = {"total": total, "cumulative": cumulative, "credited": credited}
        return {"hands": hands, "final": self.final(), "own_final": self.own_final(),
                "credited_final": self.credited_final(),
                "game_end_counts": "credited" if self.credited_reading else "own", "winner": self.winner()}
