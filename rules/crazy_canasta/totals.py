"""The totals the answer shows (`computed`): each deal's total as written (base + count) and the running
totals, per side. The same numbers as rules.sides.RunningTotals, gathered while the deals are checked,
already in the answer's shape, rather than in a second pass over the sheet (the validator's hot path)."""

from rules.sides.fields import TIE


class SideTotals:
    """Per deal, each side's total and running total (`hands`, as the answer shows them), and each side's
    total after the last deal; the side with the most points wins."""

    __slots__ = ("_finals", "hands", "sides")

    def __init__(self, sides: tuple, hands: list[dict], finals: dict[str, int]):
        self.sides = sides
        self.hands = hands
        self._finals = finals

    def final(self, side: str) -> int:
        """The side's total after the last deal (0 with none)."""
        return self._finals[side]

    def finals(self) -> dict[str, int]:
        """Every side's total after the last deal (a new dict)."""
        return dict(self._finals)

    def winner(self) -> str | None:
        """The side with the most points, `tie` when they are shared, None before any deal."""
        if not self.hands:
            return None
        best = max(self._finals.values())
        leaders = [side for side, value in self._finals.items() if value == best]
        return leaders[0] if len(leaders) == 1 else TIE

    def as_dict(self) -> dict:
        """The `computed` object of the answer (docs/score-sheet-format.md, @2)."""
        return {"hands": self.hands, "final": dict(self._finals), "winner": self.winner()}
