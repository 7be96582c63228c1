"""The totals the answer shows (`computed`): each deal's total as written (base + count) and the running
totals, per side. The same numbers as rules.sides.RunningTotals, gathered while the deals are checked
rather than in a second pass over the sheet (the validator's hot path)."""

from rules.sides.fields import TIE


class SideTotals:
    """Per side, each deal's total and the running total after it; the side with the most points wins."""

    __slots__ = ("cumulative", "sides", "totals")

    def __init__(self, sides: tuple, totals: dict[str, list[int]], cumulative: dict[str, list[int]]):
        self.sides = sides
        self.totals = totals
        self.cumulative = cumulative

    def final(self, side: str) -> int:
        """The side's total after the last deal (0 with none)."""
        running = self.cumulative[side]
        return running[-1] if running else 0

    def finals(self) -> dict[str, int]:
        """Every side's total after the last deal."""
        return {side: running[-1] if running else 0 for side, running in self.cumulative.items()}

    def winner(self, finals: dict | None = None) -> str | None:
        """The side with the most points, `tie` when they are shared, None before any deal (`finals`:
        self.finals(), when the caller has them)."""
        if not self.cumulative[self.sides[0]]:
            return None
        finals = finals or self.finals()
        best = max(finals.values())
        leaders = [side for side, value in finals.items() if value == best]
        return leaders[0] if len(leaders) == 1 else TIE

    def as_dict(self) -> dict:
        """The `computed` object of the answer (docs/score-sheet-format.md, @2)."""
        if len(self.sides) == 2:  # the game's two sides, the common case, written out
            a, b = self.sides
            hands = [{a: {"total": ta, "cumulative": ca}, b: {"total": tb, "cumulative": cb}}
                     for ta, ca, tb, cb in zip(self.totals[a], self.cumulative[a], self.totals[b],
                                               self.cumulative[b], strict=True)]
        else:
            columns = [(side, self.totals[side], self.cumulative[side]) for side in self.sides]
            hands = [{side: {"total": totals[i], "cumulative": running[i]} for side, totals, running in columns}
                     for i in range(len(self.totals[self.sides[0]]))]
        finals = self.finals()
        return {"hands": hands, "final": finals, "winner": self.winner(finals)}
