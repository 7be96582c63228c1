"""The page of each team (`/e/<event>/team/<team>/`): what its players need to know through the day.

Team ids are not secret and nothing on the page is private: what it shows follows the director's publish
switches (`scoring.team_pages`). The live part is published once per change (`scoring.team_publishing`)
and polled by static/js/team.js as `?partial=1`, answered 304 while the team's part is unchanged.
"""

from django.db.models import Exists, OuterRef
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe

from tournament.core import services
from tournament.core.errors import TournamentError
from tournament.core.models import Round, Team
from tournament.core.published import conditional

from .team_publishing import read_team_page
from .team_words import page_words


def team_page(request, event_id, team_id):
    """The page, or its live part; a post is the team checking itself in (`check_in`)."""
    found = read_team_page(request, event_id, team_id)
    if found is None:
        raise Http404("No such team in this event.")
    live, etag = found
    if request.method == "POST":
        return check_in(request, event_id, team_id, live)
    if request.GET.get("partial"):
        return conditional(request, etag[:-1] + '-p"',
                           lambda: HttpResponse(live, content_type="text/html; charset=utf-8"))
    team = _team(event_id, team_id)
    # The check-in box is drawn outside the live part: its state is part of the full page's ETag, or a
    # phone back from checking in would be answered 304 and show the form again.
    box = f'-c{int(team.is_checked_in)}{int(team.seated)}"'
    return conditional(request, etag[:-1] + box, lambda: full_page(request, team, live))


def _team(event_id, team_id) -> Team:
    seated = Round.objects.filter(event=OuterRef("event"))
    return get_object_or_404(Team.objects.select_related("event", "section").annotate(seated=Exists(seated)),
                             pk=team_id, event_id=event_id)


def full_page(request, team: Team, live: bytes, check_in_error: str = ""):
    event = team.event
    return render(request, "public/team.html", {
        "event": event, "team": team, "team_id": team.pk, "live": mark_safe(live.decode()),
        "words": page_words(event.ruleset),
        "poll": reverse("public-team", args=[event.pk, team.pk]) + "?partial=1",
        "standings": reverse("public-standings", args=[event.pk]) + "?partial=1",
        # Before game 1 the page asks the team whether it is here (the check-in); a wrong code says so.
        "check_in": team.is_active and not team.seated, "check_in_error": check_in_error,
    })


def check_in(request, event_id, team_id, live: bytes):
    """The team says it is here, with the code on its card; done, the page again (its new state), else the
    page with the reason and nothing changed."""
    team = _team(event_id, team_id)
    try:
        services.check_in_by_code(team, request.POST.get("code", ""))
    except TournamentError as error:
        return full_page(request, _team(event_id, team_id), live, check_in_error=error.message)
    return redirect(reverse("public-team", args=[event_id, team_id]) + "#check-in")
