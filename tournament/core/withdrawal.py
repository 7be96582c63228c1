"""What a withdrawal keeps and what it empties: one rule for the service that withdraws a team and for the
director's confirmation, which says it before anything changes."""

from django.db.models import Q

from .models import Game, Round, Team


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
    the first game whose seat is left empty, and the opponent who then sits out in the current game."""
    # The team's own section's game, in an event with sections (None in one without, as every round's).
    current = team.event.rounds.filter(section=team.section_id).order_by("-number").first()
    game = (current.games.select_related("round", "ns_team", "ew_team")
            .filter(Q(ns_team=team) | Q(ew_team=team)).first() if current is not None else None)
    kept = last_game_kept(current, game)
    opponent = None
    if game is not None and kept < current.number:
        opponent = game.ew_team if game.ns_team_id == team.pk else game.ns_team
    scored = Game.objects.filter(Q(ns_team=team) | Q(ew_team=team), status=Game.Status.FINAL).count()
    return {"scored": scored, "empty_from": kept + 1, "opponent_now": opponent}
