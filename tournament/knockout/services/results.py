"""What the knockout does when the core announces a final result or a withdrawal (`tournament.core.signals`;
subscribed in `KnockoutConfig.ready`): the winner goes on, the withdrawn team's opponent goes through."""

from django.db import transaction

from tournament.core.models import Game, Round, Team
from tournament.core.services import log_action

from ..models import Bracket, BracketMatch
from .carry import (
    Decided,
    clear_attention,
    decide,
    flag_played,
    flag_tie,
    game_winner,
    pending_note,
    preview,
    settle,
    wrong_team,
)
from .saving import save
from .tree import Changes, locked_tree, tree_for


@transaction.atomic(savepoint=False)
def on_game_result(game: Game, *, previous=None, user=None) -> Changes | None:
    """A game's result, first or corrected, carried through the bracket (a rotation game is no match: None).

    Received from the core's announcement, inside the transaction that records the result (no savepoint of
    its own: a failure here undoes the result too). A game of a rotation round is answered without a query,
    since the bracket seats its games only in knockout rounds."""
    if game.round.phase != Round.Phase.KNOCKOUT:
        return None
    found = BracketMatch.objects.filter(game_id=game.pk).only("pk", "bracket_id").first()
    if found is None:
        return None
    tree, match = tree_for(found, lock="bracket")
    new = game_winner(match)
    if match.decided_by in (Decided.WALKOVER, Decided.BYE):
        return tree.changes  # a withdrawn team does not come back through a score sheet
    if match.winner_id is None:
        if new is None:
            flag_tie(tree, match)
        else:
            wrong = wrong_team(tree, match)
            if wrong is not None:
                flag_played(tree, match, *wrong)  # played by the pair seated before a correction upstream
            else:
                clear_attention(match)
            decide(tree, match, new, Decided.PLAYED)
    elif new is None and match.decided_by == Decided.DIRECTOR:
        pass  # still a tie: the director's decision stands
    elif new is not None and new.pk == match.winner_id:
        match.decided_by = Decided.PLAYED
        if match.pending_correction:
            match.pending_correction, match.pending_winner = False, None
            clear_attention(match)
        tree.touch(match)
    else:
        impact, _ = preview(match, new)
        if not impact.affected:
            if new is None:
                decide(tree, match, None, "")
                flag_tie(tree, match)
            else:
                decide(tree, match, new, Decided.PLAYED)
            log_action(tree.bracket.event, user, "bracket_correction", round=game.round,
                       match=match.number, winner=new.pk if new else None, previous=previous)
        else:
            match.pending_correction, match.pending_winner = True, new
            match.needs_attention = True
            match.attention_note = pending_note(tree, match, new, impact)
            tree.touch(match)
            log_action(tree.bracket.event, user, "bracket_correction_pending", round=game.round,
                       match=match.number, winner=new.pk if new else None, previous=previous,
                       affected=[m.number for m in impact.affected])
    save(tree, user)
    return tree.changes


@transaction.atomic
def on_team_withdrawn(team: Team, user) -> Changes | None:
    """A team withdrew (the core's announcement): the opponent in its next match goes through."""
    bracket_id = Bracket.objects.filter(event_id=team.event_id).values_list("pk", flat=True).first()
    if bracket_id is None:
        return None
    tree = locked_tree(bracket_id, lock="games")
    bracket = tree.bracket
    for match in tree.matches:
        if match.winner_id is None and team.pk in (match.team_a_id, match.team_b_id):
            settle(tree, match)
    save(tree, user)
    if tree.changes.walkovers:
        log_action(bracket.event, user, "bracket_walkover", team=team.pk,
                   matches=[m.number for m in tree.changes.walkovers])
    return tree.changes


def when_result_final(sender, *, game: Game, previous=None, user=None, **kwargs) -> None:
    """Receives `tournament.core.signals.game_result_final`."""
    on_game_result(game, previous=previous, user=user)


def when_team_withdrawn(sender, *, team: Team, user=None, **kwargs) -> None:
    """Receives `tournament.core.signals.team_withdrawn`."""
    on_team_withdrawn(team, user)
