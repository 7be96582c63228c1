"""The director's "seed the knockout from the standings" action; the bracket page itself is tournament's."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.core.access import director_event
from tournament.core.errors import TournamentError
from tournament.knockout.views import drawn_message, end_early_choice

from .playoff import start_playoff_from_standings


@login_required
@require_POST
def start_playoff(request, event_id: int):
    event = director_event(request, event_id)
    try:
        bracket = start_playoff_from_standings(event, request.user, **end_early_choice(request.POST))
    except TournamentError as error:
        messages.error(request, error.message)
    else:
        drawn = _("The bracket of %(teams)s teams is drawn from the standings.") % {"teams": bracket.team_count}
        messages.success(request, f"{drawn} {drawn_message(event)}".strip())
    return redirect("director-bracket", event_id=event.pk)
