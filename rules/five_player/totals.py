"""What the written base and count add up to, per player: each hand's own total and running total (as
most games), and beside them the credited running total, the player's own plus the partner's (source,
"Scoring": "each rentrap earns their partner's scores too"). The final and the winner follow the reading
of `game_end_counts`. These are the `computed` part of the answer (docs/rulesets/five_player.md).
"""

from operator import add

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
        cumulative = own.cumulative
        self.credited = {side: list(map(add, cumulative[side], cumulative[sides[partner(seat)]]))
                         for seat, side in enumerate(sides)}

    def own_final(self) -> dict:
        return {side: self.own.final(side) for side in self.sides}

    def credited_final(self) -> dict:
        return {side: running[-1] if running else 0 for side, running in self.credited.items()}

    def final(self) -> dict:
        """Each player's final by the reading: credited (the default) or own."""
        return self.credited_final() if self.credited_reading else self.own_final()

    def winner(self, finals: dict | None = None) -> str | None:
        """The player with the highest final by the reading (`finals`, when already made), `tie` when
        several share it, None before any hand."""
        if not self.sides or not self.own.cumulative[self.sides[0]]:
            return None
        if finals is None:
            finals = self.final()
        best = max(finals.values())
        leaders = [side for side, value in finals.items() if value == best]
        return leaders[0] if len(leaders) == 1 else TIE

    def as_dict(self) -> dict:
        """The `computed` object: @2's, with `credited` beside each hand's total and running total."""
        own, sides = self.own, self.sides
        by_hand = [zip(*(figures[side] for side in sides), strict=True)
                   for figures in (own.totals, own.cumulative, self.credited)]
        hands = [hand_entry(sides, *figures) for figures in zip(*by_hand, strict=True)] if sides else []
        own_final, credited_final = self.own_final(), self.credited_final()
        winner = self.winner(credited_final if self.credited_reading else own_final)
        return computed(hands, own_final, credited_final, self.credited_reading, winner)


def hand_entry(sides: tuple, totals, runs, credited) -> dict:
    """One hand of `computed`, from each side's total, running total and credited running total in seating
    order: the one shape both the full checks and the fast pass (fast.py) answer with."""
    return {side: {"total": total, "cumulative": run, "credited": mates}
            for side, total, run, mates in zip(sides, totals, runs, credited, strict=True)}


def computed(hands: list, own_final: dict, credited_final: dict, credited_reading: bool, winner: str | None) -> dict:
    """The `computed` object from its hands (hand_entry), the finals and the winner."""
    return {"hands": hands, "final": dict(credited_final if credited_reading else own_final),
            "own_final": own_final, "credited_final": credited_final,
            "game_end_counts": "credited" if credited_reading else "own", "winner": winner}
