"""The room map's layout as plain functions: rows as the director sets them, snaking, and the arrow from
each table to where its East-West pair plays next (the highest table's to table 1, a sit-out shown)."""

import pytest

from tournament.core.room import (
    MAX_PER_ROW,
    ROWS,
    SNAKE,
    Spot,
    arrow,
    automatic_per_row,
    next_table,
    per_row_for,
    place,
    room_map,
)


def seating(count: int, **empty) -> list[dict]:
    """Tables 1..count with team names "N1"/"E1"...; `empty` names seats left empty, e.g. ew=[5]."""
    rows = []
    for table in range(1, count + 1):
        ns = None if table in empty.get("ns", ()) else f"N{table}"
        ew = None if table in empty.get("ew", ()) else f"E{table}"
        rows.append({"table": table, "ns": ns, "ew": ew, "sit_out": (ns is None) != (ew is None)})
    return rows


def numbers_by_row(grid) -> list[list[int | None]]:
    return [[cell.table if cell else None for cell in row] for row in grid]


def test_tables_run_left_to_right_in_every_row_and_the_last_row_is_short():
    grid = room_map(seating(10), per_row=4, order=ROWS)
    assert numbers_by_row(grid) == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, None, None]]


def test_snaking_every_second_row_runs_right_to_left_under_the_end_of_the_row_above():
    grid = room_map(seating(10), per_row=4, order=SNAKE)
    assert numbers_by_row(grid) == [[1, 2, 3, 4], [8, 7, 6, 5], [9, 10, None, None]]


def test_a_short_snaking_row_that_runs_right_to_left_leaves_its_aisle_on_the_left():
    grid = room_map(seating(7), per_row=4, order=SNAKE)
    assert numbers_by_row(grid) == [[1, 2, 3, 4], [None, 7, 6, 5]]


def test_tables_are_placed_by_their_numbers_whatever_the_order_they_come_in():
    spots = place([3, 1, 2], per_row=2)
    assert spots == [Spot(1, 0, 0), Spot(2, 0, 1), Spot(3, 1, 0)]


def test_east_west_moves_to_the_next_higher_table_and_from_the_highest_to_table_1():
    numbers = [1, 2, 3, 4, 5]
    assert [next_table(t, numbers) for t in numbers] == [2, 3, 4, 5, 1]


def test_the_highest_table_s_arrow_points_back_to_table_1():
    grid = room_map(seating(8), per_row=4, order=ROWS)
    last = grid[1][3]
    assert (last.table, last.ew_to, last.arrow) == (8, 1, "↖")


def test_arrows_point_along_the_row_and_down_at_its_end():
    grid = room_map(seating(8), per_row=4, order=ROWS)
    assert [(cell.table, cell.ew_to, cell.arrow) for cell in grid[0]] == [
        (1, 2, "→"), (2, 3, "→"), (3, 4, "→"), (4, 5, "↙")]


def test_snaking_the_arrows_turn_down_at_the_end_of_a_row_and_run_back_along_the_next():
    grid = room_map(seating(8), per_row=4, order=SNAKE)
    assert [(cell.table, cell.arrow) for cell in grid[0]] == [(1, "→"), (2, "→"), (3, "→"), (4, "↓")]
    assert [(cell.table, cell.arrow) for cell in grid[1]] == [(8, "↑"), (7, "←"), (6, "←"), (5, "←")]


def test_the_arrow_matches_the_movement_for_every_table():
    """Whatever the layout, each arrow names the table the NVSO movement sends East-West to next."""
    for count in range(1, 23):
        for per_row in (0, 1, 3, 5):
            for order in (ROWS, SNAKE):
                cells = [c for row in room_map(seating(count), per_row, order) for c in row if c]
                assert sorted(c.table for c in cells) == list(range(1, count + 1))
                assert all(c.ew_to == (c.table % count) + 1 for c in cells)


def test_a_sit_out_is_shown_and_an_empty_east_west_seat_has_no_arrow():
    grid = room_map(seating(5, ew=[5]), per_row=5)
    table_5 = grid[0][4]
    assert table_5.sit_out and table_5.ns == "N5" and table_5.ew is None
    assert table_5.ew_to is None and table_5.arrow == ""


def test_an_east_west_pair_without_an_opponent_still_has_its_arrow():
    table_2 = room_map(seating(3, ns=[2]), per_row=3)[0][1]
    assert table_2.sit_out and (table_2.ew_to, table_2.arrow) == (3, "→")


def test_after_the_last_game_nobody_moves_so_there_is_no_arrow():
    cells = [c for row in room_map(seating(6), per_row=3, moves=False) for c in row if c]
    assert all(c.ew_to is None and c.arrow == "" for c in cells)


def test_with_one_table_east_west_stays_at_it():
    cell = room_map(seating(1), per_row=0)[0][0]
    assert (cell.ew_to, cell.arrow) == (1, "↺")


def test_no_tables_make_no_map():
    assert room_map([], per_row=4) == []


@pytest.mark.parametrize("count, per_row", [(1, 1), (2, 2), (4, 2), (5, 3), (8, 4), (10, 5), (12, 4), (20, 5),
                                            (50, 10), (500, 10)])
def test_left_to_the_map_rows_are_about_as_wide_as_a_projector_and_balanced(count, per_row):
    assert automatic_per_row(count) == per_row


def test_a_row_never_holds_more_tables_than_there_are_and_0_means_automatic():
    assert per_row_for(3, 8) == 3
    assert per_row_for(20, 0) == automatic_per_row(20)
    assert per_row_for(20, MAX_PER_ROW) == 20


def test_a_row_of_no_table_is_refused():
    with pytest.raises(ValueError):
        place([1, 2], per_row=0)


def test_arrow_between_two_spots_in_every_direction():
    here = Spot(5, 1, 1)
    assert [arrow(here, Spot(0, r, c)) for r, c in [(1, 2), (1, 0), (2, 1), (0, 1), (2, 2), (0, 0)]] == [
        "→", "←", "↓", "↑", "↘", "↖"]
