"""What the written base and count add up to, per player: each hand's own total and running total (as
most games), and beside them the credited running total, the player's own plus the partner's (source,
"Scoring": "each rentrap earns their partner's scores too"). The final and the winner follow the reading
of `game_end_counts`. These are the `computed` part of the answer (docs/rulesets/five_player.md).

Both are kept deal by deal, as `runs`: after each deal, the players' own running totals and their credited
ones in seating order, the record the fast pass (fast.py) makes as it reads a deal. A sheet that the fast
pass read in part hands over its runs, so the deals it read are not added up a second time.

A sheet of this game lists five players (the rule set's `side_counts`; the parser and the usual pass refuse
any other number before these run), so the figures are spelt out for the table of five.
"""

from rules.five_player.deck import SEATS, partner
from rules.sides.fields import TIE, SidesSheet

MATES = tuple(map(partner, range(SEATS)))  # each seat's partner's seat: (2, 3, 4, 0, 1)


def credited_runs(own: list) -> list:
    """Each player's credited running total: the own running totals (`own`, in seating order) of the
    player and of the partner, two seats on (deck.partner), spelt out: a loop costs twice the sums."""
    a, b, c, d, e = own
    return [a + c, b + d, c + e, d + a, e + b]


class FivePlayerTotals:
    """Own and credited running totals per side, deal by deal (`runs`: (own, credited) lists in seating
    order after each hand). `carried`: the runs of the first deals as the fast pass found them (then None
    for a deal it doubted, which is added up here with the rest)."""

    __slots__ = ("credited_reading", "runs", "sides")

    def __init__(self, sheet: SidesSheet, credited_reading: bool, carried: list | None = None):
        self.sides = sides = sheet.sides
        self.credited_reading = credited_reading
        runs = [run for run in carried if run is not None] if carried else []
        before = runs[-1][0] if runs else [0] * len(sides)
        for hand in sheet.hands[len(runs):]:
            before = [running + hand[side]["base"] + hand[side]["count"]
                      for side, running in zip(sides, before, strict=True)]
            runs.append((before, credited_runs(before)))
        self.runs = runs

    def own_final(self) -> dict:
        return by_side(self.sides, self.runs[-1][0]) if self.runs else dict.fromkeys(self.sides, 0)

    def credited_final(self) -> dict:
        return by_side(self.sides, self.runs[-1][1]) if self.runs else dict.fromkeys(self.sides, 0)

    def final(self) -> dict:
        """Each player's final by the reading: credited (the default) or own."""
        return self.credited_final() if self.credited_reading else self.own_final()

    def winner(self, finals: dict) -> str | None:
        """The player with the highest of `finals` (the finals by the reading), `tie` when several share
        it, None before any hand."""
        if not self.runs:
            return None
        best = max(finals.values())
        leaders = [side for side, value in finals.items() if value == best]
        return leaders[0] if len(leaders) == 1 else TIE

    def as_dict(self) -> dict:
        """The `computed` object: @2's, with `credited` beside each hand's total and running total."""
        own_final, credited_final = self.own_final(), self.credited_final()
        winner = self.winner(credited_final if self.credited_reading else own_final)
        return computed(hand_entries(self.sides, self.runs), own_final, credited_final, self.credited_reading,
                        winner)


def hand_entries(sides: tuple, runs: list) -> list:
    """The hands of `computed`, from the runs: each side's total, running total and credited running
    total after each hand, the one shape both the full checks and the fast pass answer with. Spelt out for
    the table of five (every sheet's answer has these fifteen): a loop over the seats, zipped, costs half
    as much again."""
    s0, s1, s2, s3, s4 = sides
    p0 = p1 = p2 = p3 = p4 = 0
    entries = []
    for (a, b, c, d, e), (ca, cb, cc, cd, ce) in runs:
        entries.append({s0: {"total": a - p0, "cumulative": a, "credited": ca},
                        s1: {"total": b - p1, "cumulative": b, "credited": cb},
                        s2: {"total": c - p2, "cumulative": c, "credited": cc},
                        s3: {"total": d - p3, "cumulative": d, "credited": cd},
                        s4: {"total": e - p4, "cumulative": e, "credited": ce}})
        p0, p1, p2, p3, p4 = a, b, c, d, e
    return entries


def by_side(sides: tuple, values: list) -> dict:
    """{side: value} in seating order (dict(zip(...)) spelt out for the table of five, which every answer
    asks for twice)."""
    s0, s1, s2, s3, s4 = sides
    a, b, c, d, e = values
    return {s0: a, s1: b, s2: c, s3: d, s4: e}


def computed(hands: list, own_final: dict, credited_final: dict, credited_reading: bool, winner: str | None) -> dict:
    """The `computed` object from its hands (hand_entries), the finals and the winner."""
    return {"hands": hands, "final": dict(credited_final if credited_reading else own_final),
            "own_final": own_final, "credited_final": credited_final,
            "game_end_counts": "credited" if credited_reading else "own", "winner": winner}
