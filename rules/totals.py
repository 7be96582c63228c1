"""What the written base and count add up to: each hand's totals, the running totals, the final and the
winner. These are the `computed` part of the answer, and the numbers the game checks reason about.
"""

from rules.sheet import Sheet


class Totals:
    """Per hand, the team totals and running totals (base + count as written, summed hand by hand)."""

    __slots__ = ("ew_cumulative", "ew_total", "ns_cumulative", "ns_total")

    def __init__(self, sheet: Sheet):
        self.ns_total = ns_total = []
        self.ew_total = ew_total = []
        self.ns_cumulative = ns_cum = []
        self.ew_cumulative = ew_cum = []
        ns_running = ew_running = 0
        for hand in sheet.hands:
            ns, ew = hand.ns, hand.ew
            total = ns.base + ns.count
            ns_running += total
            ns_total.append(total)
            ns_cum.append(ns_running)
            total = ew.base + ew.count
            ew_running += total
            ew_total.append(total)
            ew_cum.append(ew_running)

    def final(self, team: str) -> int:
        """The team's total after the last hand (0 with no hands)."""
        running = self.ns_cumulative if team == "ns" else self.ew_cumulative
        return running[-1] if running else 0

    def before(self, team: str, index: int) -> int:
        """The team's running total before hand `index` (0-based)."""
        if index == 0:
            return 0
        return (self.ns_cumulative if team == "ns" else self.ew_cumulative)[index - 1]

    def winner(self) -> str | None:
        """`ns`, `ew` or `tie` by the final totals; None when no hand was played."""
        if not self.ns_cumulative:
            return None
        ns, ew = self.ns_cumulative[-1], self.ew_cumulative[-1]
        return "ns" if ns > ew else "ew" if ew > ns else "tie"

    def as_dict(self) -> dict:
        """The `computed` object of the answer (score-sheet-format.md)."""
        hands = [
            {"ns": {"total": nt, "cumulative": nc}, "ew": {"total": et, "cumulative": ec}}
            for nt, nc, et, ec in zip(self.ns_total, self.ns_cumulative, self.ew_total, self.ew_cumulative,
                                      strict=True)
        ]
        if not hands:
            return {"hands": hands, "final": {"ns": 0, "ew": 0}, "winner": None}
        # final(), read straight from the running totals (two calls fewer on every answer)
        return {"hands": hands, "final": {"ns": self.ns_cumulative[-1], "ew": self.ew_cumulative[-1]},
                "winner": self.winner()}
