"""What a withdrawal keeps and what it empties: one rule for the service that withdraws a team and for the
director's confirmation, which says it before anything changes."""

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .game_room import fewest_players
from .models import Game, Round, Seat, Team


def last_game_kept(current: Round | None, game: Game | None) -> int:
    """The last game a team withdrawing now keeps (0 for none): the current one if it has started or has a
    result or a sheet (`Game.seats_may_change`), else the one before."""
    if current is None:
        return 0
    if game.seats_may_change if game is not None else current.awaits_go_ahead:
        return current.number - 1
    return current.number


def withdrawal_preview(team: Team) -> dict:
    """What withdrawing `team` now would do, in a few queries: how many of their games are scored (kept),
    the first game whose seat is left empty, and the opponent who then sits out in the current game. A
    single player's says what becomes of their table instead (`table_now`, `tables_later`)."""
    # The team's own section's game, in an event with sections (None in one without, as every round's).
    current = team.event.rounds.filter(section=team.section_id).order_by("-number").first()
    if team.is_single_player:
        return _player_preview(team, current)
    game = (current.games.select_related("round", "ns_team", "ew_team")
            .filter(Q(ns_team=team) | Q(ew_team=team)).first() if current is not None else None)
    kept = last_game_kept(current, game)
    opponent = None
    if game is not None and kept < current.number:
        opponent = game.ew_team if game.ns_team_id == team.pk else game.ns_team
    scored = Game.objects.filter(Q(ns_team=team) | Q(ew_team=team), status=Game.Status.FINAL).count()
    return {"scored": scored, "empty_from": kept + 1, "opponent_now": opponent}


def _player_preview(team: Team, current: Round | None) -> dict:
    """A single player's withdrawal: the day's plan is not made again, so their table plays short, as the
    game allows; a table left with fewer than the game's fewest players sits the game out (the services'
    `sit_out_short_table`). Said before the director confirms, for this game and the ones to come."""
    fewest = fewest_players(team.event)
    seat = (current.seats.select_related("game__round", "game__table").filter(team=team).first()
            if current is not None else None)
    game = seat.game if seat is not None else None
    kept = last_game_kept(current, game)
    table_now = ""
    if game is not None and kept < current.number:
        others = [other.team.name for other in game.seats.select_related("team").exclude(team=team)
                  .order_by("position")]
        numbers = {"table": game.table.number, "game": current.number, "count": len(others), "fewest": fewest,
                   "players": ", ".join(others)}
        if len(others) >= fewest:
            table_now = _("Table %(table)s plays game %(game)s without them, %(count)s players.") % numbers
        elif others:
            table_now = ngettext(
                "Table %(table)s is left with %(count)s player, fewer than this game's %(fewest)s: %(players)s sits "
                "out game %(game)s (counted by the event's rule for a sit-out).",
                "Table %(table)s is left with %(count)s players, fewer than this game's %(fewest)s: %(players)s sit "
                "out game %(game)s (counted by the event's rule for a sit-out).", len(others)) % numbers
    scored = Seat.objects.filter(team=team, game__status=Game.Status.FINAL).count()
    later = (_("In the games to come, the table the day's plan gives them plays one player short; a table left "
               "with fewer than %(fewest)s players does not play that game, and its players sit out.")
             % {"fewest": fewest} if fewest > 1 else _("In the games to come, their table is left empty."))
    return {"scored": scored, "empty_from": kept + 1, "opponent_now": None, "players": True,
            "table_now": table_now, "tables_later": later}
