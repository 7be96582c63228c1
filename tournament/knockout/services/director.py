"""The director's decisions in a bracket: a tie (or two withdrawn teams) decided, a correction carried
through, a result played before a correction kept, a team withdrawn; and what a correction would change,
shown first. Each says why it refuses, the bracket not drawn yet included, so the page only shows it."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.core.errors import TournamentError
from tournament.core.models import Event, Game, Team
from tournament.core.services import log_action, require_director, withdraw_team
from tournament.core.text import checked_reason

from ..models import Bracket, BracketMatch
from .carry import Decided, clear_attention, decide, preview, summary
from .saving import save
from .tree import Changes, tree_for


def drawn_bracket(event: Event) -> Bracket:
    """The event's bracket, for an action that needs one; the director's sentence before the draw."""
    bracket = Bracket.objects.filter(event=event).first()
    if bracket is None:
        raise TournamentError(_("Draw the bracket first."))
    return bracket


def match_in_bracket(event: Event, match_id: int | None) -> BracketMatch:
    """The match a director's decision is about, found in the event's bracket, or the sentence why not."""
    match = BracketMatch.objects.filter(bracket=drawn_bracket(event), pk=match_id).first()
    if match is None:
        raise TournamentError(_("That match is not in this bracket: reload the page and try again."))
    return match


def withdraw_from_bracket(event: Event, user, *, team_id: int | None) -> Team:
    """A team leaves the knockout: the core's withdrawal, whose announcement sends its opponent through
    (`results.on_team_withdrawn`). Before the draw a team withdraws from the event's page instead."""
    drawn_bracket(event)
    team = event.teams.filter(pk=team_id).first()
    if team is None:
        raise TournamentError(_("Choose the team that withdraws."))
    return withdraw_team(team, user)


@transaction.atomic
def decide_match(match: BracketMatch, user, *, winner_id: int | None, reason: str) -> Changes:
    """The director sends one team through a tied match (or one whose two teams both withdrew)."""
    tree, match = tree_for(match, lock="games")
    event = tree.bracket.event
    require_director(event, user)
    if winner_id is None:
        raise TournamentError(_("Choose the team that goes through %(match)s.") % {"match": tree.title(match)})
    reason = checked_reason(reason)
    if not reason:
        raise TournamentError(_("Give a reason for the decision: it is kept in the event's log."))
    game = match.game
    tied = game is not None and game.status == Game.Status.FINAL and game.winner == Game.Winner.TIE
    both_out = (match.team_a is not None and match.team_b is not None
                and not match.team_a.is_active and not match.team_b.is_active)
    if not (tied or both_out):
        raise TournamentError(
            _("%(match)s is not waiting for a decision: only a tie, or a match whose two teams both withdrew, is "
              "decided by the director. Enter or correct the game's score sheet instead.")
            % {"match": tree.title(match)}
        )
    if winner_id not in (match.team_a_id, match.team_b_id):
        raise TournamentError(_("Choose one of the two teams of %(match)s.") % {"match": tree.title(match)})
    winner = match.team_a if winner_id == match.team_a_id else match.team_b
    match.decision_note = reason
    match.pending_correction, match.pending_winner = False, None
    clear_attention(match)
    if match.winner_id != winner.pk:
        decide(tree, match, winner, Decided.DIRECTOR)
    else:
        match.decided_by = Decided.DIRECTOR
        tree.touch(match)
    save(tree, user)
    log_action(event, user, "bracket_decide", round=game.round if game else None, match=match.number,
               winner=winner.pk, reason=reason, **summary(tree.changes))
    return tree.changes


@transaction.atomic
def confirm_correction(match: BracketMatch, user) -> Changes:
    """Carry a corrected winner downstream: re-seat the games not yet played, flag those played."""
    tree, match = tree_for(match, lock="games")
    event = tree.bracket.event
    require_director(event, user)
    if not match.pending_correction:
        raise TournamentError(_("There is no correction of %(match)s waiting to be confirmed.")
                              % {"match": tree.title(match)})
    if match.pending_winner_id is None:
        raise TournamentError(
            _("The corrected result of %(match)s is a tie: choose the team that goes through, with a reason.")
            % {"match": tree.title(match)}
        )
    winner = match.pending_winner
    match.pending_correction, match.pending_winner = False, None
    clear_attention(match)
    decide(tree, match, winner, Decided.PLAYED)
    save(tree, user)
    log_action(event, user, "bracket_confirm_correction", match=match.number, winner=winner.pk,
               **summary(tree.changes))
    return tree.changes


@transaction.atomic
def keep_played_result(match: BracketMatch, user, *, reason: str) -> BracketMatch:
    """The director keeps a game played before a correction upstream changed who should have played it."""
    tree, match = tree_for(match, lock="games")
    event = tree.bracket.event
    require_director(event, user)
    if match.pending_correction or match.winner_id is None or not match.needs_attention:
        raise TournamentError(
            _("%(match)s has no played result waiting for you to keep: confirm its correction or decide it "
              "instead.") % {"match": tree.title(match)}
        )
    reason = checked_reason(reason)
    if not reason:
        raise TournamentError(_("Give a reason for keeping the result: it is kept in the event's log."))
    note = match.attention_note
    clear_attention(match)
    tree.touch(match)
    save(tree, user)
    log_action(event, user, "bracket_keep_result", match=match.number, reason=reason, note=note)
    return match


def correction_impact(match: BracketMatch, new_winner: Team | None) -> Changes:
    """What sending `new_winner` through `match` would change after it, computed without writing."""
    return preview(match, new_winner)[0]
