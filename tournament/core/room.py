"""The room map: the seating drawn as the tables stand in the room, as plain functions over plain data.

The director says how many tables stand in a row (`per_row`, 0 lets the map choose: about as wide as a
projector's screen) and how the numbers run along the rows: left to right in every row (`ROWS`), or
snaking (`SNAKE`: left to right, then right to left under it, the way a director walks the room). Each
table of the map carries where its East-West pair goes after this game, and an arrow that points there
on the map: East-West moves to the next higher table, and from the highest to the lowest (the NVSO
Mitchell movement, `movement.py`). A game after which nobody moves (the last rotation game, a knockout
game) has no arrows. No Django here: the publishing module turns a round's games into `rows`.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

ROWS, SNAKE = "rows", "snake"
ORDERS = ((ROWS, gettext_lazy("Left to right in every row")),
          (SNAKE, gettext_lazy("Snaking: left to right, then back right to left")))
MAX_PER_ROW = 30
PER_ROW_MESSAGE = lazy(lambda: gettext("Give the number of tables in each row of the room, from 1 to %(most)s, or 0 "
                                        "to let the map choose.") % {"most": MAX_PER_ROW}, str)()
AUTO_MAX_PER_ROW = 10   # chosen for the director: wider gets too small to read on a projector
SCREEN_SHAPE = 16 / 9   # a projector's width over its height

# (rows down, columns across) -> the arrow that points that way on the map
ARROWS = {(0, 1): "→", (0, -1): "←", (1, 0): "↓", (-1, 0): "↑",
          (1, 1): "↘", (1, -1): "↙", (-1, 1): "↗", (-1, -1): "↖", (0, 0): "↺"}


@dataclass(frozen=True)
class Spot:
    """Where a table stands on the map: its row and column, from 0 at the top left."""

    table: int
    row: int
    column: int


@dataclass(frozen=True)
class MapTable:
    """A table as the map draws it; `ns` and `ew` are whatever the caller seats there (None: empty), or, at
    a table of single players, `seats`: the players in seat order."""

    table: int
    ns: Any
    ew: Any
    sit_out: bool
    ew_to: int | None = None   # the table East-West goes to after this game; None: nobody moves
    arrow: str = ""
    seats: tuple = ()

    @property
    def is_empty(self) -> bool:
        return self.ns is None and self.ew is None and not self.seats


def automatic_per_row(count: int) -> int:
    """Tables a row when the director leaves it to the map: rows about as wide as a projector, balanced so
    that the last row is not a lone table (20 tables: 4 rows of 5, not 3 of 6 and one of 2)."""
    if count < 1:
        return 1
    wide = min(AUTO_MAX_PER_ROW, math.ceil(math.sqrt(count * SCREEN_SHAPE)))
    rows = math.ceil(count / wide)
    return math.ceil(count / rows)


def per_row_for(count: int, asked: int) -> int:
    """The tables of each row: what the director asked (0: automatic), never more than there are tables."""
    per_row = asked if asked > 0 else automatic_per_row(count)
    return max(1, min(per_row, count))


def place(numbers: Sequence[int], per_row: int, order: str = ROWS) -> list[Spot]:
    """Each table's spot, the tables taken in the order of their numbers. Snaking, every second row runs
    from right to left, so its first table stands under the last one of the row above."""
    if per_row < 1:
        raise ValueError("A row holds at least one table.")
    spots = []
    for index, table in enumerate(sorted(numbers)):
        row, along = divmod(index, per_row)
        column = per_row - 1 - along if order == SNAKE and row % 2 else along
        spots.append(Spot(table=table, row=row, column=column))
    return spots


def next_table(table: int, numbers: Sequence[int]) -> int:
    """Where East-West at `table` plays next: the next higher table, and from the highest, the lowest."""
    ordered = sorted(numbers)
    later = [number for number in ordered if number > table]
    return later[0] if later else ordered[0]


def arrow(start: Spot, end: Spot) -> str:
    """The arrow from one spot towards another on the map."""
    def sign(value: int) -> int:
        return (value > 0) - (value < 0)

    return ARROWS[(sign(end.row - start.row), sign(end.column - start.column))]


def room_map(rows: Sequence[dict], per_row: int, order: str = ROWS, moves: bool = True) -> list[list[MapTable | None]]:
    """The map, row by row, each row `per_row` cells wide from left to right; None is an aisle where no
    table stands (the end of a short last row). `rows` are the seating's rows: {"table", "ns", "ew",
    "sit_out"}, for single players "seats", and in an event with sections "section" (its letter: East-West
    moves within its own section's tables); `per_row` as the event asks (0: automatic). `moves`: East-West
    moves after this game."""
    by_number = {row["table"]: row for row in rows}
    numbers = sorted(by_number)
    if not numbers:
        return []
    width = per_row_for(len(numbers), per_row)
    spots = {spot.table: spot for spot in place(numbers, width, order)}
    grid: list[list[MapTable | None]] = [[None] * width for _ in range(max(s.row for s in spots.values()) + 1)]
    for number, spot in spots.items():
        seat = by_number[number]
        ring = [n for n in numbers if by_number[n].get("section") == seat.get("section")]
        ew_to = next_table(number, ring) if moves and seat["ew"] is not None else None
        grid[spot.row][spot.column] = MapTable(
            table=number, ns=seat["ns"], ew=seat["ew"], sit_out=bool(seat.get("sit_out")), ew_to=ew_to,
            arrow=arrow(spot, spots[ew_to]) if ew_to is not None else "", seats=tuple(seat.get("seats", ())),
        )
    return grid
