"""Which game a table's request is about.

A table's token reaches every game seated at that table, and nothing else. A request names its game (the
game's id, or its round number): a sheet for game 1 that arrives after the director has seated game 2 is
about game 1, never game 2. A request that names no game (an older client) is about the table's open game,
the one in the latest round that seats it, as before games were named.
"""

from django.utils.translation import gettext as _

from tournament.core.game_room import plays_alone
from tournament.core.models import Game, Table

from .services import ScoringError


def table_for_token(token: str) -> Table:
    # A NUL in the URL would be a database error on PostgreSQL, not an unknown link. Unordered: the
    # model's ordering (by the event's date and name) would join the event to find one row by its key.
    found = list(Table.objects.filter(token=token).order_by()[:1]) if "\x00" not in token else []
    table = found[0] if found else None
    if table is None:
        raise ScoringError(_("This table link is not known. Scan the QR code on the table card again."),
                           "not_found")
    return table


def current_game(table: Table, *, with_teams: bool = True) -> Game | None:
    """The table's game in the latest round that seats one here (a knockout may leave tables empty)."""
    related = ("round__event", "ns_team", "ew_team") if with_teams else ("round__event",)
    game = Game.objects.select_related(*related).filter(table=table).order_by("-round__number").first()
    if game is not None:
        game.table = table
    return game


def has_sheet(game: Game) -> bool:
    """Whether the game is scored by a table's sheet: two teams face each other, or (an event of single
    players) players sit at it. A team alone at a table (a sit-out) has none, nor does an empty table."""
    if plays_alone(game.round.event):
        return game.status not in (Game.Status.SIT_OUT, Game.Status.EMPTY)
    return game.ns_team_id is not None and game.ew_team_id is not None


def open_game(table: Table) -> Game:
    game = current_game(table, with_teams=False)
    if game is None or not has_sheet(game):
        raise ScoringError(_("There is no game to score at this table right now."), "no_open_game")
    return game


def named_game(table: Table, *, game_id: int | None = None, round_number: int | None = None) -> Game:
    """The game of this table the request names (by id or by round number); the open game when it names
    none. A game that is not this table's is refused (409 `unknown_game`): it must never fall back on
    another game."""
    if game_id is None and round_number is None:
        return open_game(table)
    # Unordered: at most one game matches, and the model's ordering would join its table and round to sort it.
    games = Game.objects.select_related("round__event").filter(table=table).order_by()
    if game_id is not None:
        found = list(games.filter(pk=game_id)[:1])
        unknown = _("The game this page names is not one of this table's games: reload the page.")
    else:
        found = list(games.filter(round__number=round_number)[:1])
        unknown = (_("This table has no game %(game)s: reload the page to see the table's game.")
                   % {"game": round_number})
    game = found[0] if found else None
    if game is None:
        raise ScoringError(unknown, "unknown_game")
    if not has_sheet(game):
        raise ScoringError(_("Game %(game)s at this table seats one team: it has no sheet.")
                           % {"game": game.round.number}, "no_open_game")
    game.table = table
    return game
