"""Check-in before game 1: the room as it really is, not as the entry list had it.

A team checks in at the director's desk (the director's list) or from its own page, with the code printed
on its card. Before game 1 is seated the teams that never came are withdrawn in one step and the tables
renumbered, so the movement is drawn for the teams in the room and nobody's first opponent is missing.
"""

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import TournamentError
from ..models import Event, Team
from ..withdrawal import last_game_kept
from .directors import log_action, require_director
from .setup import number_tables

MAX_MISSES = 5   # wrong codes a team may type before only the director can check it in


def _refuse_withdrawn(team: Team) -> None:
    if not team.is_active:
        raise TournamentError(_("%(team)s have withdrawn: ask the director to enter them again.") % {"team": team.name})


@transaction.atomic
def check_in(team: Team, user, here: bool = True) -> Team:
    """The director marks a team here (or, `here=False`, not here after all); marking twice changes nothing."""
    require_director(team.event, user)
    _refuse_withdrawn(team)
    if here == team.is_checked_in:
        return team
    team.checked_in_at = timezone.now() if here else None
    team.save(update_fields=["checked_in_at"])
    log_action(team.event, user, "check_in" if here else "undo_check_in", team=team.pk)
    return team


def check_in_by_code(team: Team, code: str) -> Team:
    """The team checks itself in from its page. The code on its card keeps others from doing it for them;
    a few wrong codes and only the director can, so the code cannot be found by trying them all."""
    try:
        return _check_in_by_code(team, code)
    except _WrongCode:
        # Counted after the refusal has rolled its own transaction back, so the count is kept.
        Team.objects.filter(pk=team.pk).update(check_in_misses=F("check_in_misses") + 1)
        raise


class _WrongCode(TournamentError):
    def __init__(self):
        super().__init__(_("That is not your team's code. It is the 4-digit code printed on your team card."))


@transaction.atomic
def _check_in_by_code(team: Team, code: str) -> Team:
    team = Team.objects.select_for_update().select_related("event").get(pk=team.pk)
    _refuse_withdrawn(team)
    if team.event.rounds.exists():
        raise TournamentError(_("Check-in is over: game 1 is seated. Your table is on this page."))
    if team.is_checked_in:
        return team
    if team.check_in_misses >= MAX_MISSES:
        raise TournamentError(_("Too many wrong codes: please check in at the director's desk."))
    if (code or "").strip() != team.code:
        raise _WrongCode()
    team.checked_in_at = timezone.now()
    team.save(update_fields=["checked_in_at"])
    log_action(team.event, None, "check_in", team=team.pk, by="team")
    return team


def no_show_refusal(event: Event, teams: list[Team]) -> str:
    """Why the teams not checked in cannot be withdrawn now ("" when they can): one rule for the page that
    offers it and the service that does it."""
    if event.rounds.exists():
        return _("Game 1 is seated: withdraw a team that did not come one by one, from the teams list "
                 "(their opponents sit out).")
    active = [team for team in teams if team.is_active]
    here = sum(team.is_checked_in for team in active)
    if here == 0:
        return _("No team has checked in yet: check the teams in first, so that nobody is withdrawn by mistake.")
    if here == len(active):
        return _("Every team is here: there is nobody to withdraw.")
    if here < 2:
        return _("Only 1 team has checked in: an event needs at least two.")
    return ""


@transaction.atomic
def withdraw_no_shows(event: Event, user) -> list[Team]:
    """Withdraw every active team that has not checked in, then number the tables again for the teams
    here (when they were numbered), so that game 1 is seated for the room as it is."""
    require_director(event, user)
    event = Event.objects.select_for_update().get(pk=event.pk)
    teams = list(event.teams.order_by("number"))
    if refusal := no_show_refusal(event, teams):
        raise TournamentError(refusal)
    gone = [team for team in teams if team.is_active and not team.is_checked_in]
    # Before game 1 a withdrawal empties no seat, keeps no game and meets no bracket (so nothing else needs
    # `signals.team_withdrawn`): one update, whatever the number of teams; the log below announces it.
    Team.objects.filter(pk__in=[team.pk for team in gone]).update(
        status=Team.Status.WITHDRAWN, withdrawn_after_game=last_game_kept(None, None))
    for team in gone:
        team.status, team.withdrawn_after_game = Team.Status.WITHDRAWN, last_game_kept(None, None)
    tables = event.tables.exists()
    if tables:
        number_tables(event, user)
    log_action(event, user, "withdraw_no_shows", teams=[team.pk for team in gone], renumbered=tables)
    return gone
