"""The tournament's records: events, teams, tables, rounds and games, and the directors' log; for a game of
single players (a team whose second player is blank is a player), each game's seats and the day's plan.

Who sits where is decided by plain functions (`movement`, `draw`) and stored here by the services; scores
and standings belong to the `scoring` app, which records a game's final result through
`tournament.core.services.record_game_result`. The clock's moments and the knockout's bracket are the
models of `tournament.clock` and `tournament.knockout`, which point at these; nothing here points at them."""

from .event import Event, Side, new_table_token, new_team_code, validate_multiple_of_five
from .log import DirectorAction
from .round import Game, Round
from .seat import Seat, SeatingPlan
from .section import MAX_SECTIONS, Section, section_letter
from .team import Table, TableQuerySet, Team, TeamQuerySet

__all__ = [
    "MAX_SECTIONS", "DirectorAction", "Event", "Game", "Round", "Seat", "SeatingPlan", "Section", "Side", "Table",
    "TableQuerySet", "Team", "TeamQuerySet", "new_table_token", "new_team_code", "section_letter",
    "validate_multiple_of_five",
]
