"""Writes to the tournament: setting up an event, seating games, withdrawals, late teams and results.

Views, the API and the other apps call these functions and nothing else writes these models, so every
rule about who sits where lives in one place. Each function checks its input and raises
`TournamentError` with a sentence for the director before it changes anything. By what they change:

    directors.py  who may change an event, and the log of every change
    setup.py      the event and its settings, the tables, what is published
    teams.py      the CSV import, a team typed in or renamed, late teams, withdrawals
    checkin.py    check-in before game 1, and the teams that never came withdrawn in one step
    seating.py    game 1 placed and drawn for, the next games seated by the movement
    consolidate.py  the tables withdrawals emptied closed, the movement going on over the open ones
    sections.py   the teams divided into sections (rooms), each with its own tables, movement and clock
    results.py    a game's result made final, and announced
    seat_results.py  a game of single players made final: one score per seat
"""

from .checkin import check_in, check_in_by_code, no_show_refusal, withdraw_no_shows
from .consolidate import consolidate_tables, consolidation_preview, table_in_game
from .directors import log_action, require_director
from .results import record_game_result
from .seat_results import record_seat_results
from .seating import (
    SEATING_METHODS,
    advance_to_next_game,
    draw_seats,
    new_round,
    pairs_in_order,
    places_for_game,
    plays_in_game,
    record_draw,
    seat_first_game,
)
from .sections import divide_into_sections
from .setup import PUBLISHABLE, create_event, number_tables, publish, update_event
from .teams import add_team, import_teams, rename_team, withdraw_team

__all__ = [
    "PUBLISHABLE",
    "SEATING_METHODS",
    "add_team",
    "advance_to_next_game",
    "check_in",
    "check_in_by_code",
    "consolidate_tables",
    "consolidation_preview",
    "create_event",
    "divide_into_sections",
    "draw_seats",
    "import_teams",
    "log_action",
    "new_round",
    "no_show_refusal",
    "number_tables",
    "pairs_in_order",
    "places_for_game",
    "plays_in_game",
    "publish",
    "record_draw",
    "record_game_result",
    "record_seat_results",
    "rename_team",
    "require_director",
    "seat_first_game",
    "table_in_game",
    "update_event",
    "withdraw_no_shows",
    "withdraw_team",
]
