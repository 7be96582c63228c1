"""Score sheets of any number of sides (`canasta-td/score-sheet@2`, docs/score-sheet-format.md): the
typed sheet a rule set receives, the parser, and the running totals most games share.

@1 (rules/sheet.py) is the NVSO table of two fixed sides, North-South and East-West. @2 lists its sides
(one to five, each a partnership or a single player, in seating order) and the rule set declares what a
side's line holds (its LineSpec), so a new game is a new rule set, not a new parser.
"""

from rules.sides.fields import FORMAT2, SIDES_MOST, LineSpec, SidesSheet
from rules.sides.totals import RunningTotals

__all__ = ["FORMAT2", "SIDES_MOST", "LineSpec", "RunningTotals", "SidesSheet"]
