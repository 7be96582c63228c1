"""Running totals per side: what most games' `computed` answer shows and their game checks reason about."""

from itertools import accumulate
from operator import itemgetter

from rules.sides.fields import TIE, SidesSheet


def base_plus_count(line: dict) -> int:
    """A hand's total in a game whose line is written as base and count, as on the @1 sheet."""
    return line["base"] + line["count"]


class RunningTotals:
    """Per side: each hand's total (by `hand_total`) and the running total after it. The winner has the
    highest final total, or the lowest when `fewest_wins` (a solitaire's discards)."""

    __slots__ = ("cumulative", "fewest_wins", "sides", "totals")

    def __init__(self, sheet: SidesSheet, hand_total=base_plus_count, fewest_wins: bool = False):
        self.sides = sheet.sides
        self.fewest_wins = fewest_wins
        self.totals, self.cumulative = {}, {}
        hands = sheet.hands
        for side in sheet.sides:  # built for every answer with a slip: mapped, not looped line by line
            lines = map(itemgetter(side), hands)
            if hand_total is base_plus_count:
                totals = [line["base"] + line["count"] for line in lines]
            else:
                totals = list(map(hand_total, lines))
            self.totals[side] = totals
            self.cumulative[side] = list(accumulate(totals))

    def final(self, side: str) -> int:
        """The side's total after the last hand (0 with no hands)."""
        running = self.cumulative[side]
        return running[-1] if running else 0

    def before(self, side: str, index: int) -> int:
        """The side's running total before hand `index` (0-based)."""
        return self.cumulative[side][index - 1] if index else 0

    def winner(self) -> str | None:
        """The side with the best final total, `tie` when several share it, None before any hand."""
        if not self.sides or not self.cumulative[self.sides[0]]:
            return None
        finals = {side: self.final(side) for side in self.sides}
        best = (min if self.fewest_wins else max)(finals.values())
        leaders = [side for side, value in finals.items() if value == best]
        return leaders[0] if len(leaders) == 1 else TIE

    def as_dict(self) -> dict:
        """The `computed` object of the answer (docs/score-sheet-format.md, @2)."""
        hands = [{} for _ in self.totals[self.sides[0]]] if self.sides else []
        for side in self.sides:  # side by side, zipped: no index into the lists (built for every answer)
            for hand, total, cumulative in zip(hands, self.totals[side], self.cumulative[side], strict=True):
                hand[side] = {"total": total, "cumulative": cumulative}
        return {"hands": hands, "final": {side: self.final(side) for side in self.sides},
                "winner": self.winner()}
